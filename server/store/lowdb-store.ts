import { mkdir, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Low } from 'lowdb';
import type { ListQuery, ListResult } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import { CollectionFiles, collectionNameOf, type JournalEntry } from './collection-journal';
import { isTempFile } from './durable-json-file';
import { copyRecord } from './copy-record';
import { durableUnit, once } from './durable-units';
import { GroupCommit } from './group-commit';
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

/** Records are copied in and out so callers never mutate the stored state by accident. */
const copy = copyRecord;

/** One change applied in memory and waiting for its group commit: its journal lines and how to take it back. */
interface Applied {
  entries: JournalEntry[];
  undo: (() => void)[];
}

/** Below this many records a query reads the whole collection: an index would cost more than it saves. */
const INDEX_FROM = 500;

/**
 * One collection: its records in memory, its changes appended to its journal (collection-journal.ts)
 * by group commit (group-commit.ts). A write is checked and applied in memory at once, in call
 * order, then waits for the fsync of the batch it joined: writes that arrive while an fsync is in
 * flight share the next one. Each collection commits on its own, so one never waits for another's
 * fsync. Readers see a change once applied; its writer is answered once it is on disk (or, inside a
 * lock or transaction, that unit is: durable-units.ts). A failed append takes its changes, and those
 * applied after them, back out of memory.
 */
class LowdbCollection<T extends StoredRecord> implements Collection<T> {
  private readonly index = new Map<string, number>();
  private readonly commits: GroupCommit<Applied>;
  /** Field indexes, made when a large collection is first queried by a field's value, kept up to date after. */
  private readonly fieldIndexes = new Map<string, PrefixIndex>();

  constructor(
    private readonly db: Low<T[]>,
    private readonly files: CollectionFiles,
  ) {
    this.indexFrom(0);
    this.commits = new GroupCommit<Applied>({
      write: (batch) => this.files.append(batch.flatMap((applied) => applied.entries)),
      failed: (changes) => {
        for (const applied of changes.reverse()) for (const undo of applied.undo.reverse()) undo();
      },
      // a due fold starts between two appends (the snapshot is written while appends go on); if it
      // fails the journals still hold every change
      between: async () => {
        if (this.files.due(this.db.data.length)) await this.files.fold(this.db.data.slice());
      },
    });
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
    // the narrowest condition, equalities (counted by binary search) first: the prefixes are then
    // counted no further than the narrowest equality
    const conditions = indexableConditions(filter).sort((a, b) => Number(a.prefix) - Number(b.prefix));
    let narrowest: { index: PrefixIndex; value: string; prefix: boolean } | null = null;
    let fewest = Number.POSITIVE_INFINITY;
    for (const { field, value, prefix } of conditions) {
      let index = this.fieldIndexes.get(field);
      if (!index) {
        index = new PrefixIndex(field, this.db.data);
        this.fieldIndexes.set(field, index);
      }
      const size = index.size(value, prefix, fewest);
      if (size !== null && size < fewest) {
        narrowest = { index, value, prefix };
        fewest = size;
      }
    }
    if (narrowest === null) return null;
    const ids = narrowest.index.candidates(narrowest.value, narrowest.prefix);
    const positions = ids.map((id) => this.index.get(id)).filter((at): at is number => at !== undefined);
    return positions.sort((a, b) => a - b).map((at) => this.db.data[at]);
  }

  insert(record: T): Promise<T> {
    if (this.index.has(record.id)) return Promise.reject(new Error(`Duplicate id ${record.id}`));
    return this.commit([copy(record)], copy(record));
  }

  insertMany(records: readonly T[]): Promise<T[]> {
    const ids = new Set<string>();
    for (const record of records) {
      if (this.index.has(record.id) || ids.has(record.id))
        return Promise.reject(new Error(`Duplicate id ${record.id}`));
      ids.add(record.id);
    }
    return this.commit(records.map(copy), records.map(copy));
  }

  update(id: string, patch: Partial<T>): Promise<T> {
    const position = this.index.get(id);
    if (position === undefined) return Promise.reject(new Error(`No record ${id}`));
    const updated = { ...this.db.data[position], ...copy(patch), id } as T;
    return this.commit([updated], copy(updated));
  }

  replace(id: string, record: T): Promise<T> {
    if (!this.index.has(id)) return Promise.reject(new Error(`No record ${id}`));
    const updated = { ...copy(record), id };
    return this.commit([updated], copy(updated));
  }

  remove(id: string): Promise<boolean> {
    if (!this.index.has(id)) return Promise.resolve(false);
    return this.commit([id], true);
  }

  upsertWith(id: string, next: (current: T | undefined) => T | undefined): Promise<T | undefined> {
    // computed and applied in one synchronous step: no other write to the collection runs in between
    const position = this.index.get(id);
    const current = position === undefined ? undefined : copy(this.db.data[position]);
    let wanted: T | undefined;
    try {
      wanted = next(current);
    } catch (error) {
      return Promise.reject(error);
    }
    if (wanted === undefined) return Promise.resolve(current);
    const record = { ...copy(wanted), id };
    return this.commit([record], copy(record));
  }

  /**
   * Resolves once every write made so far is on disk, then folds the journal into the snapshot
   * (if that fails, the journal still holds it all and the next start folds it) and closes it.
   */
  async close(): Promise<void> {
    await this.commits.idle();
    if (this.files.pending) await this.db.write().catch(() => undefined);
    await this.files.close();
  }

  /**
   * Applies the changes (a record to put, or an id to delete) in memory at once and hands them to
   * the group commit; the answer comes once they are on disk (see `once`).
   */
  private commit<R>(changes: Array<T | string>, result: R): Promise<R> {
    if (changes.length === 0) return Promise.resolve(result);
    const applied: Applied = { entries: [], undo: [] };
    for (const change of changes) {
      if (typeof change === 'string') {
        applied.entries.push({ del: change });
        applied.undo.push(this.removeAt(change));
      } else {
        applied.entries.push({ put: change });
        applied.undo.push(this.putRecord(change));
      }
    }
    return once(this.commits.add(applied), result);
  }

  /** Puts a record in memory (replacing one with its id, else at the end); answers how to undo it. */
  private putRecord(record: T): () => void {
    const position = this.index.get(record.id);
    if (position === undefined) {
      this.db.data.push(record);
      this.index.set(record.id, this.db.data.length - 1);
      this.indexFields(record);
      return () => {
        this.db.data.pop();
        this.index.delete(record.id);
        for (const fieldIndex of this.fieldIndexes.values()) fieldIndex.remove(record.id);
      };
    }
    const before = this.db.data[position];
    this.db.data[position] = record;
    this.indexFields(record);
    return () => {
      this.db.data[position] = before;
      this.indexFields(before);
    };
  }

  /** Removes a record from memory; answers how to put it back where it was. */
  private removeAt(id: string): () => void {
    const position = this.index.get(id) as number;
    const [before] = this.db.data.splice(position, 1);
    this.index.delete(id);
    this.indexFrom(position);
    for (const fieldIndex of this.fieldIndexes.values()) fieldIndex.remove(id);
    return () => {
      this.db.data.splice(position, 0, before);
      this.indexFrom(position);
      this.indexFields(before);
    };
  }

  private indexFields(record: T): void {
    for (const fieldIndex of this.fieldIndexes.values()) fieldIndex.put(record);
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
    // a unit each: the lock goes once its writes are applied, the caller is answered once they are on disk
    transaction: (work) => durableUnit(() => work(store)),
    withLock: (key, work) => durableUnit(() => locks.run(key, work)),
    durably: durableUnit,
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
