import { randomBytes } from 'node:crypto';
import { open, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';
import { StoreCorruptError } from './store.types';

/**
 * lowdb adapter for one JSON array file. lowdb's own JSONFile neither fsyncs nor survives a crash
 * mid-write; this one writes a temp file, fsyncs it, renames it over the target and fsyncs the
 * directory, so the file is always either the old or the new complete version.
 */
export class DurableJsonFile<T> implements Adapter<T[]> {
  constructor(readonly file: string) {}

  async read(): Promise<T[] | null> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new StoreCorruptError(this.file, (error as Error).message);
    }
    if (!Array.isArray(parsed)) throw new StoreCorruptError(this.file, 'expected a JSON array of records');
    const bad = parsed.findIndex((record) => !isRecord(record));
    if (bad >= 0) throw new StoreCorruptError(this.file, `record ${bad} is not an object with a string id`);
    return parsed as T[];
  }

  async write(data: readonly T[]): Promise<void> {
    const dir = dirname(this.file);
    const temp = join(dir, `.${basename(this.file)}.${randomBytes(6).toString('hex')}.tmp`);
    const handle = await open(temp, 'w', 0o600);
    try {
      // the array as JSON.stringify(data) would write it (compact: indentation made a deeply nested
      // value hundreds of times larger on disk), made and written a slice of records at a time, so a
      // large collection never holds the event loop for the whole of it
      for (let start = 0; start === 0 || start < data.length; start += WRITE_SLICE) {
        const slice = data.slice(start, start + WRITE_SLICE).map((record) => JSON.stringify(record));
        const end = start + WRITE_SLICE >= data.length ? ']' : ',';
        await handle.write(`${start === 0 ? '[' : ''}${slice.join(',')}${end}`);
      }
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(temp, this.file);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
    await syncDirectory(dir);
  }
}

/** Records serialised and written in one step (a scored transaction with its trace: about 4 KB). */
const WRITE_SLICE = 256;

const isRecord = (value: unknown): boolean =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  typeof (value as { id?: unknown }).id === 'string';

/** Whether a file name is one of the temp files `write` makes (`.<file>.<hex>.tmp`). */
export function isTempFile(name: string): boolean {
  return /^\..+\.[0-9a-f]{12}\.tmp$/.test(name);
}

/** fsync of the directory makes a rename or a new file's name durable (not supported on every platform). */
export async function syncDirectory(dir: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EINVAL' && code !== 'EPERM') throw error;
  } finally {
    await handle?.close();
  }
}
