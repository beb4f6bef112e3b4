/** The part of fontkit (pdfkit's own font reader) the PDFs use: which characters a font can print. */
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Buffer): Font;
}
