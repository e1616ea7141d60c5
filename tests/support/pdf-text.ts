import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';

/**
 * The text a PDF draws, as Unicode: each page's content stream read operator by operator, the
 * string of every `Tj` decoded through the current font's ToUnicode map (pdf-lib embeds one for
 * every TrueType font it subsets, and writes glyph ids as 4-digit hex) — so a letter that does not
 * print would be missing here.
 */
export async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of pdf.getPages()) {
    const fonts = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
    const maps = new Map<string, Map<string, string>>();
    for (const [name, ref] of fonts?.entries() ?? []) {
      const font = pdf.context.lookup(ref, PDFDict);
      const toUnicode = font.lookup(PDFName.of('ToUnicode'));
      maps.set(name.asString(), toUnicode instanceof PDFRawStream ? unicodeMap(streamText(toUnicode)) : new Map());
    }
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    let map = new Map<string, string>();
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      for (const op of streamText(stream).matchAll(/(\/[^\s/]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
        if (op[1]) map = maps.get(op[1]) ?? new Map();
        else lines.push((op[2].match(/.{4}/g) ?? []).map((code) => map.get(code.toUpperCase()) ?? '\uFFFD').join(''));
      }
    }
  }
  return lines.join('\n');
}

function streamText(stream: PDFRawStream): string {
  return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
}

/** A ToUnicode CMap's `bfchar` entries: glyph code (4 hex digits) → the text it stands for. */
function unicodeMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const [, code, unicode] of cmap.matchAll(/<([0-9A-Fa-f]{4})>\s*<([0-9A-Fa-f]+)>/g)) {
    const units = (unicode.match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16));
    map.set(code.toUpperCase(), String.fromCharCode(...units));
  }
  return map;
}
