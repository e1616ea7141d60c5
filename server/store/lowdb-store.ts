import { mkdir, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Low } from 'lowdb';
import type { ListQuery, ListResult } from '../../core/query/query.types';
import { runQuery } from '../../core/query/query.utils';
import { DurableJsonFile, isTempFile } from './durable-json-file';
import { KeyedLocks } from './keyed-locks';
import {
  COLLECTION_NAMES,
  type Collection,
  type CollectionName,
  type DynamicCollectionName,
  isDynamicCollectionName,
  type Store,
  type StoredRecord,
} from './store.types';
import { WriteQueue } from './write-queue';

/** Records are copied in and out so callers never mutate the stored state by accident. */
const copy = <T>(value: T): T => structuredClone(value);

/**
 * One collection file. Each collection has its own write queue: writes to one file never wait
 * for another file's fsync, and within a file they still run one at a time.
 */
class LowdbCollection<T extends StoredRecord> implements Collection<T> {
  private readonly index = new Map<string, number>();
  private readonly queue = new WriteQueue();

  constructor(private readonly db: Low<T[]>) {
    this.reindex();
  }

  private reindex(): void {
    this.index.clear();
    this.db.data.forEach((record, position) => {
      this.index.set(record.id, position);
    });
  }

  async all(): Promise<T[]> {
    return this.db.data.map(copy);
  }

  async get(id: string): Promise<T | undefined> {
    const position = this.index.get(id);
    return position === undefined ? undefined : copy(this.db.data[position]);
  }

  async find(predicate: (record: T) => boolean): Promise<T[]> {
    return this.db.data.filter((record) => predicate(record)).map(copy);
  }

  async query(query: ListQuery): Promise<ListResult<T>> {
    const result = runQuery(this.db.data, query);
    return { ...result, items: result.items.map(copy) }; // only the page is copied
  }

  insert(record: T): Promise<T> {
    return this.commit(() => {
      if (this.index.has(record.id)) throw new Error(`Duplicate id ${record.id}`);
      return { next: [...this.db.data, copy(record)], result: copy(record) };
    });
  }

  insertMany(records: readonly T[]): Promise<T[]> {
    return this.commit(() => {
      const ids = new Set<string>();
      for (const record of records) {
        if (this.index.has(record.id) || ids.has(record.id)) throw new Error(`Duplicate id ${record.id}`);
        ids.add(record.id);
      }
      if (records.length === 0) return { next: null, result: [] };
      return { next: [...this.db.data, ...records.map(copy)], result: records.map(copy) };
    });
  }

  update(id: string, patch: Partial<T>): Promise<T> {
    return this.commit(() => {
      const position = this.index.get(id);
      if (position === undefined) throw new Error(`No record ${id}`);
      return this.put(position, { ...this.db.data[position], ...copy(patch), id } as T);
    });
  }

  replace(id: string, record: T): Promise<T> {
    return this.commit(() => {
      const position = this.index.get(id);
      if (position === undefined) throw new Error(`No record ${id}`);
      return this.put(position, { ...copy(record), id });
    });
  }

  remove(id: string): Promise<boolean> {
    return this.commit(() => {
      if (!this.index.has(id)) return { next: null, result: false };
      return { next: this.db.data.filter((record) => record.id !== id), result: true };
    });
  }

  upsertWith(id: string, next: (current: T | undefined) => T | undefined): Promise<T | undefined> {
    // computed inside the file's write queue: no other write to this collection runs in between
    return this.commit(() => {
      const position = this.index.get(id);
      const current = position === undefined ? undefined : copy(this.db.data[position]);
      const wanted = next(current);
      if (wanted === undefined) return { next: null, result: current };
      const record = { ...copy(wanted), id };
      if (position === undefined) return { next: [...this.db.data, record], result: copy(record) };
      return this.put(position, record);
    });
  }

  /** Resolves once every write queued so far is on disk. */
  drain(): Promise<void> {
    return this.queue.drain();
  }

  private put(position: number, updated: T): { next: T[]; result: T } {
    const next = [...this.db.data];
    next[position] = updated;
    return { next, result: copy(updated) };
  }

  /**
   * Computes the next state inside the queue, flushes it, and only then makes it visible;
   * a failed flush leaves memory as it was on disk.
   */
  private commit<R>(change: () => { next: T[] | null; result: R }): Promise<R> {
    return this.queue.run(async () => {
      const { next, result } = change();
      if (next === null) return result;
      const previous = this.db.data;
      this.db.data = next;
      try {
        await this.db.write();
      } catch (error) {
        this.db.data = previous;
        throw error;
      }
      this.reindex();
      return result;
    });
  }
}

/**
 * A dynamic collection until its file is read: every call waits for the first read, so the
 * collection can be handed out synchronously and opened lazily on first use.
 */
class OpeningCollection<T extends StoredRecord> implements Collection<T> {
  constructor(readonly opened: Promise<LowdbCollection<T>>) {}

  all = () => this.opened.then((c) => c.all());
  get = (id: string) => this.opened.then((c) => c.get(id));
  find = (predicate: (record: T) => boolean) => this.opened.then((c) => c.find(predicate));
  query = (query: ListQuery) => this.opened.then((c) => c.query(query));
  insert = (record: T) => this.opened.then((c) => c.insert(record));
  insertMany = (records: readonly T[]) => this.opened.then((c) => c.insertMany(records));
  update = (id: string, patch: Partial<T>) => this.opened.then((c) => c.update(id, patch));
  replace = (id: string, record: T) => this.opened.then((c) => c.replace(id, record));
  remove = (id: string) => this.opened.then((c) => c.remove(id));
  upsertWith = (id: string, next: (current: T | undefined) => T | undefined) =>
    this.opened.then((c) => c.upsertWith(id, next));
}

async function openFile(dataDir: string, name: string): Promise<LowdbCollection<StoredRecord>> {
  const db = new Low<StoredRecord[]>(new DurableJsonFile<StoredRecord>(join(dataDir, `${name}.json`)), []);
  await db.read();
  return new LowdbCollection(db);
}

/**
 * Opens (or creates) DATA_DIR with one JSON file per collection: the fixed ones, and every dynamic
 * collection that has a file already. Every file is read before anything is written, so a corrupt
 * file stops start-up without being overwritten. Other dynamic collections open on first use. Temp
 * files a crash left behind mid-write are removed first (the target file is complete either way).
 */
export async function openLowdbStore(dataDir: string): Promise<Store> {
  await mkdir(dataDir, { recursive: true });
  for (const name of await readdir(dataDir)) {
    if (isTempFile(name)) await unlink(join(dataDir, name));
  }
  const fixed = new Map<string, LowdbCollection<StoredRecord>>();
  for (const name of COLLECTION_NAMES) fixed.set(name, await openFile(dataDir, name));
  const dynamic = new Map<string, OpeningCollection<StoredRecord>>();
  for (const file of await readdir(dataDir)) {
    const name = file.replace(/\.json$/, '');
    if (file.endsWith('.json') && isDynamicCollectionName(name)) {
      const opened = await openFile(dataDir, name);
      dynamic.set(name, new OpeningCollection(Promise.resolve(opened)));
    }
  }

  let closed = false;
  // one process owns the files: its own queue per key is the whole lock
  const locks = new KeyedLocks();
  const collection = <T extends StoredRecord>(name: CollectionName | DynamicCollectionName): Collection<T> => {
    if (closed) throw new Error('Store is closed');
    const found = fixed.get(name) ?? dynamic.get(name);
    if (found) return found as unknown as Collection<T>;
    if (!isDynamicCollectionName(name)) throw new Error(`Unknown collection ${name}`);
    const opening = new OpeningCollection(openFile(dataDir, name));
    dynamic.set(name, opening);
    return opening as unknown as Collection<T>;
  };
  const store: Store = {
    engine: 'lowdb',
    collection,
    transaction: (work) => work(store),
    withLock: (key, work) => locks.run(key, work),
    declareQueryable: async () => {},
    query: <T extends StoredRecord>(name: CollectionName | DynamicCollectionName, query: ListQuery) =>
      collection<T>(name).query(query),
    async close() {
      closed = true;
      const opened = await Promise.allSettled([...dynamic.values()].map((c) => c.opened));
      const all = [...fixed.values(), ...opened.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []))];
      await Promise.all(all.map((c) => c.drain()));
    },
  };
  return store;
}
