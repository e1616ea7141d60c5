import { mkdir, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Low } from 'lowdb';
import type { ListQuery, ListResult } from '../../core/query/query.types';
import { runQuery } from '../../core/query/query.utils';
import { DurableJsonFile, isTempFile } from './durable-json-file';
import { COLLECTION_NAMES, type Collection, type CollectionName, type Store, type StoredRecord } from './store.types';
import { WriteQueue } from './write-queue';

/** Records are copied in and out so callers never mutate the stored state by accident. */
const copy = <T>(value: T): T => structuredClone(value);

class LowdbCollection<T extends StoredRecord> implements Collection<T> {
  private readonly index = new Map<string, number>();

  constructor(
    private readonly db: Low<T[]>,
    private readonly queue: WriteQueue,
  ) {
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
    const { items, total } = runQuery(this.db.data, query);
    return { items: items.map(copy), total }; // only the page is copied
  }

  insert(record: T): Promise<T> {
    return this.commit(() => {
      if (this.index.has(record.id)) throw new Error(`Duplicate id ${record.id}`);
      return { next: [...this.db.data, copy(record)], result: copy(record) };
    });
  }

  update(id: string, patch: Partial<T>): Promise<T> {
    return this.commit(() => {
      const position = this.index.get(id);
      if (position === undefined) throw new Error(`No record ${id}`);
      const updated = { ...this.db.data[position], ...copy(patch), id } as T;
      const next = [...this.db.data];
      next[position] = updated;
      return { next, result: copy(updated) };
    });
  }

  remove(id: string): Promise<boolean> {
    return this.commit(() => {
      if (!this.index.has(id)) return { next: null, result: false };
      return { next: this.db.data.filter((record) => record.id !== id), result: true };
    });
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
 * Opens (or creates) DATA_DIR with one JSON file per collection. Every file is read before
 * anything is written, so a corrupt file stops start-up without being overwritten. Temp files a
 * crash left behind mid-write are removed first (the target file is complete either way).
 */
export async function openLowdbStore(dataDir: string): Promise<Store> {
  await mkdir(dataDir, { recursive: true });
  for (const name of await readdir(dataDir)) {
    if (isTempFile(name)) await unlink(join(dataDir, name));
  }
  // one queue per collection: a large file's slow writes never hold up another collection's
  const queues: WriteQueue[] = [];
  const collections = new Map<CollectionName, LowdbCollection<StoredRecord>>();
  for (const name of COLLECTION_NAMES) {
    const db = new Low<StoredRecord[]>(new DurableJsonFile<StoredRecord>(join(dataDir, `${name}.json`)), []);
    await db.read();
    const queue = new WriteQueue();
    queues.push(queue);
    collections.set(name, new LowdbCollection(db, queue));
  }
  let closed = false;
  const collection = <T extends StoredRecord>(name: CollectionName): Collection<T> => {
    if (closed) throw new Error('Store is closed');
    const found = collections.get(name);
    if (!found) throw new Error(`Unknown collection ${name}`);
    return found as unknown as Collection<T>;
  };
  return {
    collection,
    query: <T extends StoredRecord>(name: CollectionName, query: ListQuery): Promise<ListResult<T>> =>
      collection<T>(name).query(query),
    async close() {
      closed = true;
      await Promise.all(queues.map((queue) => queue.drain()));
    },
  };
}
