import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import type { ZipEntry } from './zip-entries';

const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
/** Packed bytes are fed to zlib this many at a time, so one write never unpacks far past the cap. */
const FEED = 16 * 1024;
/** zlib's output chunk: larger than its 16 KB default, fewer turns of the loop per megabyte. */
const OUTPUT_CHUNK = 64 * 1024;

/** Why an archive's entries could not all be unpacked within the cap. */
export type InflateRefusal = 'tooLarge' | 'unreadable';

/** The packed bytes of an entry, found the way a zip reader finds them (local header, then the directory's compressed size). */
function packedBytes(bytes: Buffer, entry: ZipEntry): Buffer | null {
  const at = entry.offset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_HEADER) return null;
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + entry.compressedSize > bytes.length) return null;
  return bytes.subarray(start, start + entry.compressedSize);
}

function* slices(packed: Buffer): Generator<Buffer> {
  for (let at = 0; at < packed.length; at += FEED) yield packed.subarray(at, at + FEED);
}

/** Inflates a deflated entry, counting and dropping what comes out; stops as soon as it passes `budget`. */
async function inflatedLength(packed: Buffer, budget: number): Promise<number> {
  let length = 0;
  // leaving the loop early destroys both streams: nothing more is inflated
  for await (const chunk of Readable.from(slices(packed)).pipe(createInflateRaw({ chunkSize: OUTPUT_CHUNK }))) {
    length += (chunk as Buffer).length;
    if (length > budget) break;
  }
  return length;
}

/**
 * Unpacks every entry the directory lists and counts the bytes that really come out — the sizes a
 * zip declares are whatever its maker wrote, so a 1 MB archive may say 1 KB and unpack to 1 GB.
 * Nothing is kept: memory stays at zlib's window and one chunk. 'tooLarge' once the total passes
 * `cap`, 'unreadable' for an entry that cannot be found or inflated; null when all fit.
 */
export async function checkUnpackedSize(
  bytes: Buffer,
  entries: ZipEntry[],
  cap: number,
): Promise<InflateRefusal | null> {
  let total = 0;
  for (const entry of entries) {
    const packed = packedBytes(bytes, entry);
    if (!packed || (entry.method !== STORED && entry.method !== DEFLATED)) return 'unreadable';
    try {
      total += entry.method === STORED ? packed.length : await inflatedLength(packed, cap - total);
    } catch {
      return 'unreadable';
    }
    if (total > cap) return 'tooLarge';
  }
  return null;
}
