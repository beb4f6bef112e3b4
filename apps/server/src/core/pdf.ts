import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * What every PDF of the product (Avery labels, seminar tickets) prints with. DejaVu Sans prints
 * names in Latin, Greek, Cyrillic, Hebrew, Arabic… where pdfkit's built-in Helvetica garbles them
 * (STACK-NOTES.md). Each face is read once per process.
 */
const faces: { regular?: Buffer; bold?: Buffer } = {};
export function dejaVuSans(kind: 'regular' | 'bold' = 'regular'): Buffer {
  const loaded = faces[kind];
  if (loaded) return loaded;
  const packageJson = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json');
  const file = kind === 'bold' ? 'DejaVuSans-Bold.ttf' : 'DejaVuSans.ttf';
  const data = readFileSync(path.join(path.dirname(packageJson), 'ttf', file));
  faces[kind] = data;
  return data;
}

/** The longest start of `text` that fits `width` at the document's current font and size, with an ellipsis. */
export function fitWithEllipsis(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  const characters = [...text];
  let low = 0;
  let high = characters.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${characters.slice(0, middle).join('')}…`) <= width) low = middle;
    else high = middle - 1;
  }
  return `${characters.slice(0, low).join('').trimEnd()}…`;
}
