import PDFDocument from 'pdfkit';
import type { Language } from '../../core/i18n.ts';
import { drawLine, fitWithEllipsis, registerFonts, widthOf } from '../../core/pdf.ts';
import { printingText as t } from '../file-words/public.ts';

/** A student as a mailing label prints them. */
export type LabelAddress = {
  first_name: string;
  middle_name: string | null;
  last_name: string;
  address: string | null;
  address_2: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  country: string | null;
};

const inch = 72;
/** Avery 5160 on US Letter: 3 columns × 10 rows of 2.625 × 1 in labels. */
export const avery5160 = {
  pageWidth: 8.5 * inch,
  pageHeight: 11 * inch,
  columns: 3,
  rows: 10,
  labelWidth: 2.625 * inch,
  labelHeight: 1 * inch,
  topMargin: 0.5 * inch,
  sideMargin: 0.1875 * inch,
  horizontalGap: 0.125 * inch,
} as const;
export const labelsPerSheet = avery5160.columns * avery5160.rows;

// Inside a label: room for the printer's drift, so that text never runs onto the next label.
const padX = 0.125 * inch;
const padY = 0.0625 * inch;
const maxFontSize = 10;
const readableFontSize = 7;
const minFontSize = 5;
const lineGap = 1.15;

const isUnitedStates = (country: string) =>
  ['united states', 'united states of america', 'usa', 'us'].includes(country.trim().toLowerCase());

/** The lines of one label: name, address, address 2, 'City, ST ZIP', and a country outside the US. */
export function labelLines(student: LabelAddress): string[] {
  const present = (value: string | null | undefined): value is string => Boolean(value && value.trim() !== '');
  const name = [student.first_name, student.middle_name, student.last_name].filter(present).join(' ');
  const stateZip = [student.state, student.zip_code].filter(present).join(' ');
  const place = [student.city, stateZip].filter(present).join(', ');
  const country = present(student.country) && !isUnitedStates(student.country) ? student.country : null;
  return [name, student.address, student.address_2, place, country].filter(present).map((line) => line.trim());
}

/** Position of the n-th label of a sheet (0-based, row by row). */
function labelOrigin(slot: number) {
  const column = slot % avery5160.columns;
  const row = Math.floor(slot / avery5160.columns);
  return {
    x: avery5160.sideMargin + column * (avery5160.labelWidth + avery5160.horizontalGap),
    y: avery5160.topMargin + row * avery5160.labelHeight,
  };
}

/**
 * The PDF of Avery 5160 sheets. `startPosition` (1–30) is the first free label of a partly
 * used first sheet. Text shrinks to fit its label; a line still too wide at the smallest size is
 * cut with an ellipsis, so nothing ever prints onto a neighbouring label. The document's title is
 * in the language of who prints it.
 */
export async function averyLabelsPdf(students: LabelAddress[], startPosition: number, language: Language = 'en'): Promise<Buffer> {
  const info = { Title: t(language, 'labels.title') };
  const doc = new PDFDocument({ size: 'LETTER', margin: 0, autoFirstPage: false, info });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerFonts(doc);

  const innerWidth = avery5160.labelWidth - 2 * padX;
  const innerHeight = avery5160.labelHeight - 2 * padY;
  students.forEach((student, index) => {
    const slot = (index + startPosition - 1) % labelsPerSheet;
    if (index === 0 || slot === 0) doc.addPage({ size: 'LETTER', margin: 0 });
    const lines = labelLines(student);
    // Width grows linearly with the font size: measure once at size 1.
    const unitWidths = lines.map((line) => widthOf(doc, line, 'regular', 1));
    // One size for the whole label, shrunk until its widest line fits, but not below a
    // readable size: a line still too wide (a very long name) shrinks on its own, then is cut.
    const heightFit = innerHeight / (lines.length * lineGap);
    const labelSize = Math.min(maxFontSize, heightFit, Math.max(readableFontSize, innerWidth / Math.max(...unitWidths)));
    const origin = labelOrigin(slot);
    let y = origin.y + padY + Math.max(0, (innerHeight - lines.length * labelSize * lineGap) / 2);
    lines.forEach((line, i) => {
      const unitWidth = unitWidths[i] ?? 0;
      const size = Math.max(minFontSize, Math.min(labelSize, innerWidth / unitWidth));
      const text = unitWidth * size > innerWidth ? fitWithEllipsis(doc, line, innerWidth, 'regular', size) : line;
      // A line set smaller keeps the baseline of its slot.
      drawLine(doc, text, origin.x + padX, y + (labelSize - size) * 0.8, 'regular', size);
      y += labelSize * lineGap;
    });
  });
  doc.end();
  return done;
}

