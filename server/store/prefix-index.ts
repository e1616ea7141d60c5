import type { Filter } from '../../core/query/query.types';
import type { StoredRecord } from './store.types';

/**
 * The embedded store's index of one top-level field: record ids sorted by the field's string value
 * in lower case, so an `eq` or `startsWith` condition on a string finds its candidates by binary
 * search instead of reading every record (a unique rule's check before each create is such a query).
 * Records whose value is not a string (an array an `eq` may match, a number) are always candidates.
 * It only narrows: the query's whole filter still runs on the candidates.
 */
export class PrefixIndex {
  /** [lower-case value, id], sorted by value then id. */
  private readonly sorted: [string, string][] = [];
  private readonly keyOf = new Map<string, string>();
  private readonly others = new Set<string>();

  /** Built with one sort: inserting record by record would move the array once per record. */
  constructor(
    readonly field: string,
    records: readonly StoredRecord[],
  ) {
    for (const record of records) {
      const key = this.keyFor(record);
      if (key !== null) this.sorted.push([key, record.id]);
    }
    this.sorted.sort(byKeyThenId);
  }

  put(record: StoredRecord): void {
    this.remove(record.id);
    const key = this.keyFor(record);
    if (key !== null) this.sorted.splice(this.lowerBound(key, record.id), 0, [key, record.id]);
  }

  /** The record's key in `sorted` (noted in `keyOf`), or null: absent, or not a string (then in `others`). */
  private keyFor(record: StoredRecord): string | null {
    const value = (record as unknown as Record<string, unknown>)[this.field];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') {
      this.others.add(record.id);
      return null;
    }
    const key = value.toLowerCase();
    this.keyOf.set(record.id, key);
    return key;
  }

  remove(id: string): void {
    this.others.delete(id);
    const key = this.keyOf.get(id);
    if (key === undefined) return;
    this.sorted.splice(this.lowerBound(key, id), 1);
    this.keyOf.delete(id);
  }

  /** Ids that may hold a string equal to, or starting with, `value` (any case), and the non-strings. */
  candidates(value: string, prefix: boolean): string[] {
    const key = value.toLowerCase();
    const found: string[] = [...this.others];
    for (let at = this.lowerBound(key, ''); at < this.sorted.length; at++) {
      const [candidate, id] = this.sorted[at];
      if (prefix ? !candidate.startsWith(key) : candidate !== key) break;
      found.push(id);
    }
    return found;
  }

  /**
   * How many `candidates` would answer, or null when more than `limit`: an equality is counted by
   * binary search, a prefix read no further than `limit`, so a value most records hold (the
   * organisation) costs nothing when another condition is narrower.
   */
  size(value: string, prefix: boolean, limit: number): number | null {
    const key = value.toLowerCase();
    const from = this.lowerBound(key, '');
    let size = this.others.size;
    if (!prefix) size += this.upperBound(key) - from;
    else
      for (let at = from; at < this.sorted.length && size <= limit && this.sorted[at][0].startsWith(key); at++) size++;
    return size > limit ? null : size;
  }

  /** The first position whose key is above `key`. */
  private upperBound(key: string): number {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.sorted[middle][0] <= key) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private lowerBound(key: string, id: string): number {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const [k, i] = this.sorted[middle];
      if (k < key || (k === key && i < id)) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** The order of `sorted`, the one `lowerBound` searches. */
function byKeyThenId([keyA, idA]: [string, string], [keyB, idB]: [string, string]): number {
  if (keyA !== keyB) return keyA < keyB ? -1 : 1;
  return idA < idB ? -1 : idA > idB ? 1 : 0;
}

/** The `eq`/`startsWith` conditions on a top-level field with a string value that every match must meet. */
export function indexableConditions(filter: Filter | undefined): { field: string; value: string; prefix: boolean }[] {
  if (!filter) return [];
  if ('and' in filter) return filter.and.flatMap(indexableConditions);
  if ('or' in filter) return [];
  const { field, op, value } = filter;
  if ((op !== 'eq' && op !== 'startsWith') || typeof value !== 'string' || field.includes('.')) return [];
  return [{ field, value, prefix: op === 'startsWith' }];
}
