import { constants, statSync, writeSync } from 'node:fs';
import { type FileHandle, open, readFile, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Adapter } from 'lowdb';
import { DurableJsonFile, syncDirectory } from './durable-json-file';
import { StoreCorruptError, type StoredRecord } from './store.types';

/** One change to a collection, as a journal line holds it. */
export type JournalEntry = { put: StoredRecord } | { del: string };

/**
 * A collection on disk: the snapshot `<name>.json` (a JSON array, written whole through
 * DurableJsonFile) and the journal `<name>.journal` beside it, one JSON line per change since the
 * snapshot. A write appends its lines and fsyncs the journal before it is acknowledged, so it costs
 * the same at 10,000 records as at 10; once the journal holds as many lines as the snapshot has
 * records (and at least COMPACT_AFTER), it is folded into the snapshot: set aside as
 * `<name>.folding` and a new journal begun at once, then, while appends go on, the snapshot
 * rewritten from the records as they were when it was set aside and the set-aside journal removed.
 * At start, at close, and after a fold that failed, the fold is made in one step instead (the
 * snapshot rewritten, then both journals emptied).
 *
 * Replay (the snapshot, then `.folding`, then the journal) is idempotent (a put replaces, a delete
 * of a missing id does nothing), so a crash anywhere in a fold loses nothing. A last line without
 * its newline was never acknowledged (a crash mid-append) and is dropped; any other bad line is
 * corruption.
 */
export class CollectionFiles implements Adapter<StoredRecord[]> {
  private readonly snapshot: DurableJsonFile<StoredRecord>;
  private readonly journalFile: string;
  /** The journal a fold set aside, until the snapshot holds what it held. */
  private readonly foldingFile: string;
  /** Whether that file may exist (a fold under way, or one that failed or a crash cut short). */
  private setAside = false;
  /** The fold under way in the background, if any. */
  private folding: Promise<void> | null = null;
  /** Lines in the journal now. */
  private lines = 0;
  /** Whether the journals hold anything (lines, or a cut-short append a crash left) to fold in. */
  pending = false;
  /** The journal, open for appending between batches (opening and closing it per batch cost 11 % of an ingest). */
  private journal: OpenJournal | null = null;

  constructor(
    readonly file: string,
    /** Lines after which the journal is folded, whatever the size (tests); by default as many as records, at least 1,000. */
    private readonly compactAfter?: number,
  ) {
    this.snapshot = new DurableJsonFile<StoredRecord>(file);
    this.journalFile = journalFileOf(file);
    this.foldingFile = file.replace(/\.json$/, '.folding');
  }

  /** The records: the snapshot with the journals replayed over it (null when no file exists). */
  async read(): Promise<StoredRecord[] | null> {
    const records = await this.snapshot.read();
    const setAside = await readJournal(this.foldingFile);
    const { entries, bytes } = await readJournal(this.journalFile);
    this.lines = entries.length;
    this.setAside = setAside.exists;
    this.pending = bytes > 0 || setAside.exists;
    return records === null && bytes === 0 && !setAside.exists
      ? null
      : replay(records ?? [], [...setAside.entries, ...entries]);
  }

  /** lowdb's write: the whole collection as the snapshot, the journal emptied. */
  write(records: StoredRecord[]): Promise<void> {
    return this.compact(records);
  }

  /** Appends the entries and fdatasyncs them: once this resolves they survive a crash. */
  async append(entries: readonly JournalEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const bytes = Buffer.from(entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
    await this.onJournal(async (journal) => {
      await reserve(journal, bytes.length);
      // a small batch goes into the page cache at once, sparing a thread-pool round trip; a large
      // one through the pool, so the copy holds up no other collection
      if (bytes.length > WRITE_AT_ONCE) await journal.handle.write(bytes, 0, bytes.length, journal.end);
      else
        for (let done = 0; done < bytes.length; )
          done += writeSync(journal.handle.fd, bytes, done, bytes.length - done, journal.end + done);
      journal.end += bytes.length;
    });
    this.lines += entries.length;
    this.pending = true;
  }

  /** Whether the journal has grown enough to fold into the snapshot (and no fold is under way). */
  due(records: number): boolean {
    return this.folding === null && this.lines >= (this.compactAfter ?? Math.max(COMPACT_AFTER, records));
  }

  /** Writes `records` as the snapshot, then empties the journals: the fold in one step. */
  async compact(records: StoredRecord[]): Promise<void> {
    await this.settled();
    // copied: the snapshot is written a slice at a time, and the collection's array changes meanwhile
    await this.snapshot.write(records.slice());
    if (this.setAside) await removeFile(this.foldingFile);
    this.setAside = false;
    await this.onJournal(async (journal) => {
      await journal.handle.truncate(0);
      journal.end = 0;
      journal.size = 0;
    });
    this.lines = 0;
    this.pending = false;
  }

  /**
   * Folds the journal into the snapshot without holding up appends. Called with no append in
   * flight and `records` the collection as the journal has it (its array copied: records are
   * replaced, never changed in place): the journal is set aside and a new one begun (both names
   * made durable before anything is appended), then the snapshot is written in the background and
   * the set-aside journal removed. Should that fail, the next fold is made in one step.
   */
  async fold(records: readonly StoredRecord[]): Promise<void> {
    if (this.setAside) return this.compact(records as StoredRecord[]);
    await this.close();
    await rename(this.journalFile, this.foldingFile);
    this.setAside = true;
    this.lines = 0;
    await this.openJournal();
    await syncDirectory(dirname(this.file));
    this.folding = (async () => {
      try {
        await this.snapshot.write(records);
        await removeFile(this.foldingFile);
        this.setAside = false;
      } catch {
        // the set-aside journal still holds every change; the next fold is made in one step
      } finally {
        this.folding = null;
      }
    })();
  }

  /** Resolves once no fold is under way. */
  async settled(): Promise<void> {
    await this.folding;
  }

  /** Closes the journal (the store closing); the next append would open it again. */
  async close(): Promise<void> {
    const kept = this.journal;
    this.journal = null;
    await kept?.handle.close();
  }

  /** Runs `work` on the journal opened for appending, then fdatasyncs it; a failure closes it. */
  private async onJournal(work: (journal: OpenJournal) => Promise<unknown>): Promise<void> {
    try {
      const journal = await this.openJournal();
      await work(journal);
      await journal.handle.datasync();
    } catch (error) {
      await this.close().catch(() => undefined);
      throw error;
    }
  }

  /**
   * The journal kept open, as long as its path still names it: a data directory removed (or the file
   * replaced) under the app must fail the write, or reach the file now there, not go on into a file no
   * one can find. One stat of the path per batch; opened again when it names another file or none
   * (where the open then fails with ENOENT, as it did when the file was opened per append).
   */
  private async openJournal(): Promise<OpenJournal> {
    if (this.journal) {
      // a cached path's stat takes microseconds: done at once, it spares a thread-pool round trip
      const now = statSync(this.journalFile, { throwIfNoEntry: false });
      if (now?.dev === this.journal.dev && now.ino === this.journal.ino) return this.journal;
      await this.close();
    }
    // not O_APPEND: appends are written at the end of the lines, inside the zeros reserved after them
    const handle = await open(this.journalFile, constants.O_RDWR | constants.O_CREAT, 0o600);
    try {
      const { dev, ino, size } = await handle.stat();
      const end = size === 0 ? 0 : linesEnd(await handle.readFile());
      this.journal = { handle, dev, ino, end, size };
      return this.journal;
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
}

/** Bytes of a batch written without the thread pool (an ingested transaction and its trace: a few kilobytes). */
const WRITE_AT_ONCE = 64 * 1024;

/** The journal open for appending: where its lines end, and how far zeros are reserved after them. */
interface OpenJournal {
  handle: FileHandle;
  dev: number;
  ino: number;
  end: number;
  size: number;
}

/** Zeros reserved after the journal's lines at a time: 64 KiB, doubling with the file up to 1 MiB (a collection written seldom keeps a small file). */
const RESERVE = { least: 64 * 1024, most: 1024 * 1024 };

/**
 * Makes room for `length` bytes after the journal's lines: zeros written ahead (RESERVE), so
 * that an append changes neither the file's size nor its blocks and its fdatasync flushes the data
 * alone, without a file-system journal commit (measured on this ext4, 300-byte and 4 KB batches: 66–101
 * µs of CPU and 0.2–1.4 ms per append and fdatasync, against 97–227 µs and 0.6–3.0 ms at the file's end). The
 * fdatasync after the append that reserved makes the new size durable too.
 */
async function reserve(journal: OpenJournal, length: number): Promise<void> {
  if (journal.end + length <= journal.size) return;
  const grow = Math.max(Math.min(Math.max(RESERVE.least, journal.size), RESERVE.most), length);
  await journal.handle.write(Buffer.alloc(grow), 0, grow, journal.size);
  journal.size += grow;
}

/** Where a journal's lines end: at its first zero byte (JSON escapes U+0000, so no line holds one), else its length. */
function linesEnd(bytes: Buffer): number {
  const zero = bytes.indexOf(0);
  return zero < 0 ? bytes.length : zero;
}

/** A journal shorter than this is not folded: a small collection's snapshot would be rewritten often. */
const COMPACT_AFTER = 1000;

/** The collection a data-directory file belongs to (`<name>.json`, `.journal` or `.folding`), else null. */
export function collectionNameOf(file: string): string | null {
  return /^(?!\.)(.+)\.(json|journal|folding)$/.exec(file)?.[1] ?? null;
}

async function removeFile(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

const journalFileOf = (snapshotFile: string): string => snapshotFile.replace(/\.json$/, '.journal');

function replay(records: StoredRecord[], entries: readonly JournalEntry[]): StoredRecord[] {
  if (entries.length === 0) return records;
  const byId = new Map(records.map((record) => [record.id, record]));
  for (const entry of entries) {
    if ('put' in entry) byId.set(entry.put.id, entry.put);
    else byId.delete(entry.del);
  }
  return [...byId.values()];
}

async function readJournal(file: string): Promise<{ entries: JournalEntry[]; bytes: number; exists: boolean }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], bytes: 0, exists: false };
    throw error;
  }
  // the zeros reserved after the lines are no part of them
  const zero = text.indexOf('\0');
  if (zero >= 0) text = text.slice(0, zero);
  const lines = text.split('\n');
  // the part after the last newline: empty, or an append the crash cut short (never acknowledged)
  lines.pop();
  const entries = lines.map((line, index) => {
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch (error) {
      throw new StoreCorruptError(file, `line ${index + 1}: ${(error as Error).message}`);
    }
    if (!isEntry(entry)) throw new StoreCorruptError(file, `line ${index + 1} is not a put or a delete`);
    return entry;
  });
  return { entries, bytes: text.length, exists: true };
}

function isEntry(value: unknown): value is JournalEntry {
  if (value === null || typeof value !== 'object') return false;
  const entry = value as { put?: { id?: unknown }; del?: unknown };
  if (typeof entry.del === 'string') return true;
  return entry.put !== null && typeof entry.put === 'object' && typeof entry.put.id === 'string';
}

/** A collection's records straight from its files (the migration's source side reads them this way). */
export async function readCollectionFiles(snapshotFile: string): Promise<StoredRecord[]> {
  return (await new CollectionFiles(snapshotFile).read()) ?? [];
}
