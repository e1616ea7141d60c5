/** A zip archive's table of contents: where each entry's packed bytes are and how they are packed. */
export interface ZipEntry {
  name: string;
  /** The size the entry says it unpacks to: a claim, never a bound (see zip-inflate.ts). */
  size: number;
  /** 0 stored, 8 deflated; anything else is no xlsx we read. */
  method: number;
  compressedSize: number;
  /** Where the entry's local header starts. */
  offset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const END_SEARCH = 22 + 0xffff;
/** What a Zip64 archive writes where the real value lives in its extra fields. */
const ZIP64_MARK = 0xffffffff;

/**
 * The entries a zip's central directory lists, read without unpacking anything. Null when the
 * bytes are no zip (not starting with `PK`, no readable directory) or a Zip64 one (sizes or
 * offsets beyond 4 GB, which no 5 MB workbook needs).
 */
export function zipEntries(bytes: Buffer): ZipEntry[] | null {
  if (bytes.length < 22 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) return null;
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - END_SEARCH); at -= 1) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || at === ZIP64_MARK) return null;
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) return null;
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const offset = bytes.readUInt32LE(at + 42);
    if ([size, compressedSize, offset].includes(ZIP64_MARK) || at + 46 + nameLength > bytes.length) return null;
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    entries.push({ name, size, method, compressedSize, offset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
