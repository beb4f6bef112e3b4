import zlib from 'node:zlib';

/**
 * The text of a PDF the product made (pdfkit, fonts embedded as Identity-H with a ToUnicode map),
 * read back for a test: each line drawn, in the order drawn, its runs joined (core/pdf.ts draws a
 * line in runs, one per font). Enough for pdfkit's own output, not a PDF reader.
 */
type PdfObject = { id: string; dict: string; stream: Buffer | null };

function objectsOf(pdf: Buffer): PdfObject[] {
  const text = pdf.toString('latin1');
  const objects: PdfObject[] = [];
  for (const match of text.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = match[2]!;
    const at = body.indexOf('stream');
    if (at < 0) {
      objects.push({ id: match[1]!, dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, at);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
    // The stream starts after 'stream' and its line end.
    const start = match.index + match[0].indexOf('stream') + 'stream'.length + (text[match.index + match[0].indexOf('stream') + 6] === '\r' ? 2 : 1);
    const raw = pdf.subarray(start, start + length);
    objects.push({ id: match[1]!, dict, stream: /FlateDecode/.test(dict) ? zlib.inflateSync(raw) : raw });
  }
  return objects;
}

const utf16 = (hex: string) => {
  let out = '';
  for (let i = 0; i + 4 <= hex.length; i += 4) out += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
  return out;
};

/** A ToUnicode CMap: glyph code (4 hex digits) to its text. */
function cmapOf(text: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const pair of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(pair[1]!, 16), utf16(pair[2]!));
  }
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const range of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const low = parseInt(range[1]!, 16);
      const high = parseInt(range[2]!, 16);
      const target = range[3]!;
      if (target.startsWith('[')) {
        // A ligature maps to several characters: <0066 0069> is 'fi'.
        const each = [...target.matchAll(/<([0-9a-fA-F\s]+)>/g)].map((m) => utf16(m[1]!.replace(/\s/g, '')));
        each.forEach((value, i) => map.set(low + i, value));
      } else {
        const first = parseInt(target.slice(1, -1), 16);
        for (let code = low; code <= high; code++) map.set(code, String.fromCharCode(first + code - low));
      }
    }
  }
  return map;
}

/** The lines of text the PDF draws, page after page. */
export function pdfText(pdf: Buffer): string {
  const objects = objectsOf(pdf);
  const byId = new Map(objects.map((object) => [object.id, object]));
  // Resource names (/F2) to their font's ToUnicode map.
  const fonts = new Map<string, Map<number, string>>();
  for (const object of objects) {
    for (const fontDict of object.dict.matchAll(/\/Font\s*<<([\s\S]*?)>>/g)) {
      for (const ref of fontDict[1]!.matchAll(/\/(\w+) (\d+) 0 R/g)) {
        const font = byId.get(ref[2]!);
        const toUnicode = font && /\/ToUnicode (\d+) 0 R/.exec(font.dict)?.[1];
        const cmap = toUnicode ? byId.get(toUnicode)?.stream : null;
        if (cmap) fonts.set(ref[1]!, cmapOf(cmap.toString('latin1')));
      }
    }
  }
  const pages = objects.filter((object) => /\/Type \/Page\b/.test(object.dict));
  const lines: string[] = [];
  for (const page of pages) {
    const contents = /\/Contents (\d+) 0 R/.exec(page.dict)?.[1];
    const content = contents ? byId.get(contents)?.stream?.toString('latin1') : undefined;
    if (!content) continue;
    let lastY: string | null = null;
    for (const block of content.matchAll(/BT([\s\S]*?)ET/g)) {
      const y = /[\d.-]+ [\d.-]+ [\d.-]+ [\d.-]+ [\d.-]+ ([\d.-]+) Tm/.exec(block[1]!)?.[1] ?? null;
      let text = '';
      let font: Map<number, string> | undefined;
      for (const op of block[1]!.matchAll(/\/(\w+) [\d.]+ Tf|\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
        if (op[1]) font = fonts.get(op[1]);
        const strings = op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]!) : op[3] !== undefined ? [op[3]] : [];
        for (const hex of strings) {
          for (let i = 0; i + 4 <= hex.length; i += 4) text += font?.get(parseInt(hex.slice(i, i + 4), 16)) ?? '\uFFFD';
        }
      }
      // A run on the line of the one before it continues that line (another font sits a little higher or lower).
      if (y !== null && lastY !== null && Math.abs(Number(y) - Number(lastY)) < 5 && lines.length > 0) lines[lines.length - 1] += text;
      else lines.push(text);
      lastY = y;
    }
  }
  return lines.join('\n');
}

/** The document's title (its Info dictionary's /Title). */
export function pdfTitle(pdf: Buffer): string | null {
  const objects = objectsOf(pdf);
  const info = objects.find((object) => /\/Title (\d+) 0 R/.test(object.dict));
  const id = info && /\/Title (\d+) 0 R/.exec(info.dict)?.[1];
  const value = objects.find((object) => object.id === id)?.dict.trim();
  if (!value) return null;
  if (value.startsWith('<')) return utf16(value.slice(1, -1).replace(/^feff/i, ''));
  return value.slice(1, -1).replace(/\\([()\\])/g, '$1');
}
