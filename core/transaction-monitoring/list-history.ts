import type { ListEntry } from './list-match';

/** What a list change did (the history keeps every one, append-only). */
export const LIST_CHANGE_ACTIONS = ['add', 'edit', 'remove', 'expire'] as const;
export type ListChangeAction = (typeof LIST_CHANGE_ACTIONS)[number];

/** One change of one entry as the replay reads it: when, and the entry after it (null once removed). */
export interface ListChange {
  entryId: string;
  at: string;
  after: ListEntry | null;
}

/**
 * The lists as they were at each instant of a replay (the point-in-time backtest): the history's
 * changes applied in time order, up to the instant asked, never beyond — a transaction never sees
 * an entry added after it. Instants must be asked in rising order. Expiry needs no change: a
 * prepared entry stops matching at its `expiresAt` (list-match.ts).
 */
export class ListsAtTime {
  private readonly entries = new Map<string, ListEntry>();
  private next = 0;
  /** Rises each time the entries change, so a caller re-prepares its lists only then. */
  revision = 0;

  /** `changes` oldest first (an entry's own changes in the order they were made). */
  constructor(private readonly changes: readonly ListChange[]) {}

  /** Applies every change made at or before `at` (ISO). */
  advanceTo(at: string): void {
    while (this.next < this.changes.length && this.changes[this.next].at <= at) {
      const { entryId, after } = this.changes[this.next];
      if (after) this.entries.set(entryId, after);
      else this.entries.delete(entryId);
      this.next += 1;
      this.revision += 1;
    }
  }

  current(): ListEntry[] {
    return [...this.entries.values()];
  }
}
