// The built client's pre-compressed files (vite.config.ts runs this after every build): each
// compressible file over 1 KiB (a script or stylesheet over 256 bytes) gets a .br (brotli, best
// quality) and a .gz (gzip, best level) sibling, which server/http/spa.ts sends to a client that accepts the coding — so a file is
// compressed once per build instead of once per request, and harder than a request could afford.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Kept in step with PRECOMPRESSED_EXTENSIONS in server/http/spa.ts. */
export const PRECOMPRESSED_EXTENSIONS = ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt'];
export const PRECOMPRESS_THRESHOLD = 1024;
/**
 * Scripts and stylesheets from a quarter of that: a page loads a score of chunks under 1 KiB (shared
 * Blueprint parts, small screens' modules), and brotli still takes a third to a half off each.
 */
export const CHUNK_THRESHOLD = 256;
const CHUNK = /\.(m?js|css)$/i;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes the .br and .gz siblings of every compressible file over the threshold under `dir`.
 * Returns how many files got them and their bytes before and after brotli.
 */
export async function precompressDir(dir) {
  const files = [];
  for await (const file of filesUnder(dir)) {
    if (!PRECOMPRESSED_EXTENSIONS.includes(extname(file).toLowerCase())) continue;
    if ((await stat(file)).size <= (CHUNK.test(file) ? CHUNK_THRESHOLD : PRECOMPRESS_THRESHOLD)) continue;
    files.push(file);
  }
  const totals = { files: files.length, bytes: 0, brotliBytes: 0 };
  // zlib's work runs on libuv's threads: a few files at a time keep them busy
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++];
      const bytes = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gz(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      // a coding that would not make a small file smaller is left out: the plain file goes instead
      await Promise.all([
        br.length < bytes.length ? writeFile(`${file}.br`, br) : undefined,
        gzipped.length < bytes.length ? writeFile(`${file}.gz`, gzipped) : undefined,
      ]);
      totals.bytes += bytes.length;
      totals.brotliBytes += br.length;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(4, availableParallelism())) }, worker));
  return totals;
}
