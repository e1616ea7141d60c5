/** The kinds of file an answer may carry (domain §5 'Uploads'), judged by the bytes, never by the name. */
export const FILE_KINDS = ['pdf', 'png', 'jpeg', 'xlsx', 'docx', 'csv', 'txt'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** The media type each kind is served with. */
export const FILE_MEDIA_TYPES: Record<FileKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  csv: 'text/csv',
  txt: 'text/plain',
};

/** Largest file answer (bytes): 10 MB, like the PCI document uploads. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

const startsWith = (bytes: Uint8Array, signature: number[], at = 0): boolean =>
  signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** Whether the zip's local file headers name an entry starting with `prefix` (an OOXML package's part). */
function zipHasEntry(bytes: Uint8Array, prefix: string): boolean {
  const wanted = ascii(prefix);
  // local file header: PK\3\4, name length at 26, extra length at 28, name at 30
  let offset = 0;
  let entries = 0;
  while (offset + 30 <= bytes.length && startsWith(bytes, [0x50, 0x4b, 0x03, 0x04], offset) && entries < 10_000) {
    const nameLength = bytes[offset + 26] | (bytes[offset + 27] << 8);
    const extraLength = bytes[offset + 28] | (bytes[offset + 29] << 8);
    const compressed =
      (bytes[offset + 18] | (bytes[offset + 19] << 8) | (bytes[offset + 20] << 16) | (bytes[offset + 21] << 24)) >>> 0;
    if (startsWith(bytes, wanted, offset + 30) && nameLength >= wanted.length) return true;
    const flags = bytes[offset + 6] | (bytes[offset + 7] << 8);
    // with a data descriptor the size is not in the header: look for the name anywhere instead
    if (flags & 0x08) return indexOf(bytes, wanted, offset + 30) >= 0;
    offset += 30 + nameLength + extraLength + compressed;
    entries += 1;
  }
  return false;
}

function indexOf(bytes: Uint8Array, needle: number[], from: number): number {
  outer: for (let i = from; i + needle.length <= bytes.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** Text we accept: valid UTF-8 without control characters other than tab, line feed, carriage return and form feed. */
function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

/** A CSV: plain text whose first lines split into the same number (> 1) of comma or semicolon separated cells. */
function looksLikeCsv(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 4096));
  const lines = head.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length === 0) return false;
  const complete = lines.length > 1 && bytes.length > 4096 ? lines.slice(0, -1) : lines;
  for (const separator of [',', ';']) {
    const counts = complete.map((line) => line.split(separator).length);
    if (counts[0] > 1 && counts.every((count) => count === counts[0])) return true;
  }
  return false;
}

/**
 * What a file is, by its content: PDF, PNG and JPEG by their signatures, XLSX and DOCX as zip
 * packages holding their main part, CSV and TXT as clean UTF-8 text (CSV when its lines split into
 * equal cells). Null for anything else, whatever its name says.
 */
export function sniffFile(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    if (zipHasEntry(bytes, 'xl/')) return 'xlsx';
    if (zipHasEntry(bytes, 'word/')) return 'docx';
    return null;
  }
  if (!isPlainText(bytes)) return null;
  return looksLikeCsv(bytes) ? 'csv' : 'txt';
}
