import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

/**
 * How every PDF of the product (Avery labels, seminar tickets) prints a person's name in any
 * script. DejaVu Sans prints Latin, Greek, Cyrillic, Hebrew, Arabic… where pdfkit's built-in
 * Helvetica garbles them (STACK-NOTES.md); what it lacks comes from Noto Sans SC (Chinese and
 * Japanese) or Noto Sans KR (Korean), character by character. Each file is read once per process,
 * and a PDF embeds only the characters it prints.
 */
export type Face = 'regular' | 'bold';

const require = createRequire(import.meta.url);
const fileOf = (pkg: string, file: string) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);
const families = [
  { name: 'dejavu', regular: ['dejavu-fonts-ttf', 'ttf/DejaVuSans.ttf'], bold: ['dejavu-fonts-ttf', 'ttf/DejaVuSans-Bold.ttf'] },
  {
    name: 'cjk',
    regular: ['@expo-google-fonts/noto-sans-sc', '400Regular/NotoSansSC_400Regular.ttf'],
    bold: ['@expo-google-fonts/noto-sans-sc', '700Bold/NotoSansSC_700Bold.ttf'],
  },
  {
    name: 'hangul',
    regular: ['@expo-google-fonts/noto-sans-kr', '400Regular/NotoSansKR_400Regular.ttf'],
    bold: ['@expo-google-fonts/noto-sans-kr', '700Bold/NotoSansKR_700Bold.ttf'],
  },
] as const;
type Family = (typeof families)[number];

const loaded = new Map<string, { data: Buffer; font: fontkit.Font }>();
function load(family: Family, face: Face) {
  const key = `${family.name}-${face}`;
  let entry = loaded.get(key);
  if (!entry) {
    const [pkg, file] = family[face];
    const data = readFileSync(fileOf(pkg, file));
    entry = { data, font: fontkit.create(data) };
    loaded.set(key, entry);
  }
  return entry;
}

type Run = { font: string; text: string };
const rightToLeft = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
const letter = /\p{L}/u;

/** The text cut into runs each printed by the first font that has its characters. */
function runsOf(text: string, face: Face): Run[] {
  const runs: Run[] = [];
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    const last = runs.at(-1);
    // Spaces and combining marks go with the run they follow.
    if (last && /^(?:\s|\p{M})$/u.test(character)) {
      last.text += character;
      continue;
    }
    const family = families.find((candidate) => load(candidate, face).font.hasGlyphForCodePoint(codePoint)) ?? families[0];
    const font = `${family.name}-${face}`;
    if (last?.font === font) last.text += character;
    else runs.push({ font, text: character });
  }
  return runs;
}

/** Registers the fonts with the document: call once before `widthOf` and `drawLine`. */
export function registerFonts(doc: PDFKit.PDFDocument) {
  for (const family of families) {
    for (const face of ['regular', 'bold'] as const) {
      const [pkg, file] = family[face];
      doc.registerFont(`${family.name}-${face}`, fileOf(pkg, file));
    }
  }
}

/** The width of the text at that face and size. */
export function widthOf(doc: PDFKit.PDFDocument, text: string, face: Face, size: number): number {
  return runsOf(text, face).reduce((sum, run) => sum + doc.font(run.font).fontSize(size).widthOfString(run.text), 0);
}

function drawRuns(doc: PDFKit.PDFDocument, text: string, x: number, y: number, face: Face, size: number) {
  let left = x;
  for (const run of runsOf(text, face)) {
    doc.font(run.font).fontSize(size);
    doc.text(run.text, left, y, { lineBreak: false });
    left += doc.widthOfString(run.text);
  }
}

/**
 * One line at (x, y), no wrapping. A name written right to left (Hebrew, Arabic) is set word by
 * word from the right: the font orders and shapes each word's letters, and the words keep their
 * spaces (one run with spaces lost them).
 */
export function drawLine(doc: PDFKit.PDFDocument, text: string, x: number, y: number, face: Face, size: number) {
  const firstLetter = [...text].find((character) => letter.test(character));
  if (!firstLetter || !rightToLeft.test(firstLetter)) {
    drawRuns(doc, text, x, y, face, size);
    return;
  }
  const words = text.trim().split(/\s+/);
  const space = widthOf(doc, ' ', face, size);
  let right = x + widthOf(doc, words.join(' '), face, size);
  for (const word of words) {
    right -= widthOf(doc, word, face, size);
    drawRuns(doc, word, right, y, face, size);
    right -= space;
  }
}

/** The longest start of `text` that fits `width` at that face and size, with an ellipsis. */
export function fitWithEllipsis(doc: PDFKit.PDFDocument, text: string, width: number, face: Face, size: number): string {
  if (widthOf(doc, text, face, size) <= width) return text;
  const characters = [...text];
  let low = 0;
  let high = characters.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (widthOf(doc, `${characters.slice(0, middle).join('')}…`, face, size) <= width) low = middle;
    else high = middle - 1;
  }
  return `${characters.slice(0, low).join('').trimEnd()}…`;
}
