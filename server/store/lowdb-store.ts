import { mkdir, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Low } from 'lowdb';
import type { ListQuery, ListResult } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import { CollectionFiles, collectionNameOf, type JournalEntry } from './collection-journal';
import { isTempFile } from './durable-json-file';
import { indexableConditions, PrefixIndex } from './prefix-index';
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

/** What a change computed inside the queue: the next records, its journal lines and the answer. */
interface Change<T, R> {
  next: T[] | null;
  entries: JournalEntry[];
  result: R;
}

/** Below this many records a query reads the whole collection: an index would cost more than it saves. */
const INDEX_FROM = 500;

const unchanged = <T, R>(result: R): Change<T, R> => ({ next: null, entries: [], result });

/**
 * One collection: its records in memory, its changes appended to its journal (collection-journal.ts).
 * Each collection has its own write queue: writes to one collection never wait for another's fsync,
 * and within a collection they still run one at a time.
 */
class LowdbCollection<T extends StoredRecord> implements Collection<T> {
  private readonly index = new Map<string, number>();
  private readonly queue = new WriteQueue();
  /** Field indexes, made when a large collection is first queried by a field's value, kept up to date after. */
  private readonly fieldIndexes = new Map<string, PrefixIndex>();

  constructor(
    private readonly db: Low<T[]>,
    private readonly files: CollectionFiles,
  ) {
    this.indexFrom(0);
  }

  private indexFrom(start: number): void {
    if (start === 0) this.index.clear();
    for (let position = start; position < this.db.data.length; position++) {
      this.index.set(this.db.data[position].id, position);
    }
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
    const result = runQuery(this.candidates(query.filter) ?? this.db.data, query);
    return { ...result, items: result.items.map(copy) }; // only the page is copied
  }

  /**
   * The records a filter can match, in stored order, when one of its `eq`/`startsWith` conditions
   * narrows them through a field index; null when none does (small collections are read whole).
   */
  private candidates(filter: ListQuery['filter']): T[] | null {
    if (this.db.data.length < INDEX_FROM) return null;
    let fewest: string[] | null = null;
    for (const { field, value, prefix } of indexableConditions(filter)) {
      let fieldIndex = this.fieldIndexes.get(field);
      if (!fieldIndex) {
        fieldIndex = new PrefixIndex(field, this.db.data);
        this.fieldIndexes.set(field, fieldIndex);
      }
      const ids = fieldIndex.candidates(value, prefix);
      if (fewest === null || ids.length < fewest.length) fewest = ids;
    }
    if (fewest === null) return null;
    const positions = fewest.map((id) => this.index.get(id)).filter((at): at is number => at !== undefined);
    return positions.sort((a, b) => a - b).map((at) => this.db.data[at]);
  }

  insert(record: T): Promise<T> {
    return this.commit(() => {
      if (this.index.has(record.id)) throw new Error(`Duplicate id ${record.id}`);
      const stored = copy(record);
      return { next: [...this.db.data, stored], entries: [{ put: stored }], result: copy(record) };
    });
  }

  insertMany(records: readonly T[]): Promise<T[]> {
    return this.commit(() => {
      const ids = new Set<string>();
      for (const record of records) {
        if (this.index.has(record.id) || ids.has(record.id)) throw new Error(`Duplicate id ${record.id}`);
        ids.add(record.id);
      }
      if (records.length === 0) return unchanged([]);
      const stored = records.map(copy);
      return { next: [...this.db.data, ...stored], entries: stored.map((put) => ({ put })), result: records.map(copy) };
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
      if (!this.index.has(id)) return unchanged(false);
      return { next: this.db.data.filter((record) => record.id !== id), entries: [{ del: id }], result: true };
    });
  }

  upsertWith(id: string, next: (current: T | undefined) => T | undefined): Promise<T | undefined> {
    // computed inside the collection's write queue: no other write to it runs in between
    return this.commit(() => {
      const position = this.index.get(id);
      const current = position === undefined ? undefined : copy(this.db.data[position]);
      const wanted = next(current);
      if (wanted === undefined) return unchanged(current);
      const record = { ...copy(wanted), id };
      if (position === undefined)
        return { next: [...this.db.data, record], entries: [{ put: record }], result: copy(record) };
      return this.put(position, record);
    });
  }

  /**
   * Resolves once every write queued so far is on disk, then folds the journal into the snapshot
   * (if that fails, the journal still holds it all and the next start folds it).
   */
  async close(): Promise<void> {
    await this.queue.drain();
    await this.queue.run(async () => {
      if (this.files.pending) await this.db.write().catch(() => undefined);
    });
  }

  private put(position: number, updated: T): Change<T, T> {
    const next = [...this.db.data];
    next[position] = updated;
    return { next, entries: [{ put: updated }], result: copy(updated) };
  }

  /**
   * Computes the change inside the queue, appends it to the journal and only then makes it
   * visible: a failed append leaves memory as it is on disk. A due compaction runs after the answer
   * is settled; if it fails the journal still holds every change and the next write tries again.
   */
  private commit<R>(change: () => Change<T, R>): Promise<R> {
    return this.queue.run(async () => {
      const { next, entries, result } = change();
      if (next === null) return result;
      await this.files.append(entries);
      const before = this.db.data.length;
      this.db.data = next;
      // an insert only adds positions at the end; an update keeps them; a removal moves those after it
      this.indexFrom(next.length > before ? before : next.length === before ? next.length : 0);
      for (const fieldIndex of this.fieldIndexes.values()) {
        for (const entry of entries) {
          if ('put' in entry) fieldIndex.put(entry.put);
          else fieldIndex.remove(entry.del);
        }
      }
      if (this.files.due(next.length)) await this.db.write().catch(() => undefined);
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

async function openFile(dataDir: string, name: string, compactAfter?: number): Promise<LowdbCollection<StoredRecord>> {
  const files = new CollectionFiles(join(dataDir, `${name}.json`), compactAfter);
  const db = new Low<StoredRecord[]>(files, []);
  await db.read();
  // what the last run left in the journal (a crash's, or a cut-short append) folded in now
  if (files.pending) await db.write();
  return new LowdbCollection(db, files);
}

export interface LowdbStoreOptions {
  /** Journal lines after which a collection is folded into its snapshot (by default its record count, at least 1,000). */
  compactAfter?: number;
}

/**
 * Opens (or creates) DATA_DIR with one JSON file per collection: the fixed ones, and every dynamic
 * collection that has a file already. Every file is read before anything is written, so a corrupt
 * file stops start-up without being overwritten. Other dynamic collections open on first use. Temp
 * files a crash left behind mid-write are removed first (the target file is complete either way).
 */
export async function openLowdbStore(dataDir: string, options: LowdbStoreOptions = {}): Promise<Store> {
  const { compactAfter } = options;
  await mkdir(dataDir, { recursive: true });
  for (const name of await readdir(dataDir)) {
    if (isTempFile(name)) await unlink(join(dataDir, name));
  }
  const fixed = new Map<string, LowdbCollection<StoredRecord>>();
  for (const name of COLLECTION_NAMES) fixed.set(name, await openFile(dataDir, name, compactAfter));
  const dynamic = new Map<string, OpeningCollection<StoredRecord>>();
  for (const file of await readdir(dataDir)) {
    const name = collectionNameOf(file);
    if (name && isDynamicCollectionName(name) && !dynamic.has(name)) {
      const opened = await openFile(dataDir, name, compactAfter);
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
    const opening = new OpeningCollection(openFile(dataDir, name, compactAfter));
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
      await Promise.all(all.map((c) => c.close()));
    },
  };
  return store;
}
