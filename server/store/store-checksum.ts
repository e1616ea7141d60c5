import { createHash } from 'node:crypto';
import type { StoredRecord } from './store.types';

/**
 * JSON with every object's keys sorted, so the same record gives the same text whichever store
 * it came from: PostgreSQL's jsonb does not keep the key order a JSON file had.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value))
    return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const entries = Object.keys(value)
    .sort()
    .flatMap((key) => {
      const item = (value as Record<string, unknown>)[key];
      // JSON.stringify drops undefined members (and functions) too
      return item === undefined || typeof item === 'function' ? [] : [`${JSON.stringify(key)}:${canonicalJson(item)}`];
    });
  return `{${entries.join(',')}}`;
}

/**
 * Adds records one at a time (any order) and gives a count and a sha256 over the records sorted
 * by id: only one digest per record is kept, so a collection of a million records fits.
 */
export class CollectionChecksum {
  private readonly digests: [string, string][] = [];

  add(record: StoredRecord): void {
    this.digests.push([record.id, createHash('sha256').update(canonicalJson(record)).digest('hex')]);
  }

  get count(): number {
    return this.digests.length;
  }

  /** Ids compared by UTF-16 code units (JS `<`), never a database collation, on both sides. */
  digest(): string {
    const hash = createHash('sha256');
    const sorted = [...this.digests].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [id, digest] of sorted) hash.update(`${JSON.stringify(id)} ${digest}\n`);
    return hash.digest('hex');
  }
}

export function checksumOf(records: Iterable<StoredRecord>): { count: number; checksum: string } {
  const sum = new CollectionChecksum();
  for (const record of records) sum.add(record);
  return { count: sum.count, checksum: sum.digest() };
}
