import PDFDocument from 'pdfkit';
import { drawLine, type Face, registerFonts, widthOf } from '../../core/pdf.ts';

/**
 * A flowing document on US Letter for the personal-data file: headings, 'Label: value' lines and
 * paragraphs that wrap, new pages as the text runs down, and a foot numbering the pages. Names and
 * notes print in any script through core/pdf.ts's fonts.
 */

const inch = 72;
const page = { width: 8.5 * inch, height: 11 * inch, margin: 0.75 * inch, footer: 0.4 * inch };
const lineGap = 1.35;
const body = 10;

export type PdfWriter = {
  title: (text: string) => void;
  heading: (text: string) => void;
  subheading: (text: string) => void;
  /** 'Label: value', the value wrapping under itself; an empty value reads '-'. */
  field: (label: string, value: string | number | null | undefined, indent?: number) => void;
  /** `keepWithNext`: a label of what follows, never left alone at the foot of a page. */
  paragraph: (text: string, options?: { indent?: number; face?: Face; size?: number; dimmed?: boolean; keepWithNext?: boolean }) => void;
  space: (points?: number) => void;
  /** The document, each page's foot as `footer` words it ('… · page 2 of 5'). */
  finish: (footer: (page: number, pages: number) => string) => Promise<Buffer>;
};

/** The longest lines of `text` that fit `width` at that face and size, breaking at spaces, else anywhere. */
function wrap(doc: PDFKit.PDFDocument, text: string, width: number, face: Face, size: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (widthOf(doc, candidate, face, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      // A word wider than the line (a long address, an email) is cut where it must be.
      let rest = word;
      while (widthOf(doc, rest, face, size) > width) {
        const characters = [...rest];
        let fit = 1;
        while (fit < characters.length && widthOf(doc, characters.slice(0, fit + 1).join(''), face, size) <= width) fit += 1;
        lines.push(characters.slice(0, fit).join(''));
        rest = characters.slice(fit).join('');
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

export function pdfWriter(info: { title: string }): PdfWriter {
  const doc = new PDFDocument({ size: 'LETTER', margin: 0, bufferPages: true, info: { Title: info.title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerFonts(doc);

  const left = page.margin;
  const width = page.width - 2 * page.margin;
  const bottom = page.height - page.margin;
  let y = page.margin;

  /** Room for `height` more points on this page, else a new page. */
  const room = (height: number) => {
    if (y + height <= bottom) return;
    doc.addPage({ size: 'LETTER', margin: 0 });
    y = page.margin;
  };
  const colour = (dimmed: boolean) => doc.fillColor(dimmed ? '#555555' : '#000000');

  const paragraph: PdfWriter['paragraph'] = (text, options = {}) => {
    const { indent = 0, face = 'regular', size = body, dimmed = false, keepWithNext = false } = options;
    colour(dimmed);
    const lines = wrap(doc, text, width - indent, face, size);
    if (keepWithNext) room((lines.length + 1) * size * lineGap);
    for (const line of lines) {
      room(size * lineGap);
      drawLine(doc, line, left + indent, y, face, size);
      y += size * lineGap;
    }
    colour(false);
  };

  const headingOf = (size: number, before: number) => (text: string) => {
    // A heading never ends a page: it keeps a line of what follows with it.
    y += before;
    room(size * lineGap + body * lineGap);
    paragraph(text, { face: 'bold', size });
    y += 2;
  };

  return {
    title: headingOf(16, 0),
    heading: headingOf(13, 10),
    subheading: headingOf(11, 6),
    paragraph,
    field: (label, value, indent = 0) => {
      const shown = value === null || value === undefined || value === '' ? '-' : String(value);
      const labelText = `${label}: `;
      const labelWidth = Math.min(widthOf(doc, labelText, 'bold', body), width / 3);
      const lines = wrap(doc, shown, width - indent - labelWidth, 'regular', body);
      lines.forEach((line, index) => {
        room(body * lineGap);
        if (index === 0) drawLine(doc, labelText.trimEnd(), left + indent, y, 'bold', body);
        drawLine(doc, line, left + indent + labelWidth, y, 'regular', body);
        y += body * lineGap;
      });
    },
    space: (points = body / 2) => {
      y += points;
    },
    finish: (footer) => {
      const range = doc.bufferedPageRange();
      for (let index = 0; index < range.count; index += 1) {
        doc.switchToPage(range.start + index);
        colour(true);
        drawLine(doc, footer(index + 1, range.count), left, page.height - page.footer - 8, 'regular', 8);
      }
      colour(false);
      doc.end();
      return done;
    },
  };
}
