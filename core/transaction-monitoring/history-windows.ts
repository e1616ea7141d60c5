import { ExactSum } from '../query/exact-decimal';
import { type FeatureNeeds, MERCHANT_AVERAGE_DAYS } from './operators';

const MINUTE = 60_000;
const MERCHANT_MINUTES = MERCHANT_AVERAGE_DAYS * 24 * 60;

/** A transaction as the windows count it: its id (a load and the adds made meanwhile are merged by it), when, how much. */
export interface CountedTransaction {
  id: string;
  at: number;
  /** The transaction's facts (a stored record will do): its amount and key fields are read. */
  facts: { readonly amount?: unknown };
}

/** One key value's transactions in a look-back: times ascending, amounts, their count and exact sum. */
class Window {
  private readonly times: number[] = [];
  private readonly amounts: number[] = [];
  private head = 0;
  private readonly exact = new ExactSum();
  /** Number(exact.text()), worked out when asked and kept until the window changes. */
  private total: number | null = 0;

  get count(): number {
    return this.times.length - this.head;
  }

  get sum(): number {
    this.total ??= Number(this.exact.text());
    return this.total;
  }

  add(at: number, amount: number): void {
    // in time order, almost always at the end (a clock may step back a little between two calls)
    let position = this.times.length;
    while (position > this.head && this.times[position - 1] > at) position -= 1;
    this.times.splice(position, 0, at);
    this.amounts.splice(position, 0, amount);
    this.exact.add(amount);
    this.total = null;
  }

  /** Drops what is older than `since` (ms). */
  trim(since: number): void {
    const start = this.head;
    while (this.head < this.times.length && this.times[this.head] < since) {
      this.exact.subtract(this.amounts[this.head]);
      this.head += 1;
    }
    if (this.head === start) return;
    this.total = null;
    // the dropped part is cut off once it is most of the arrays
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times.splice(0, this.head);
      this.amounts.splice(0, this.head);
      this.head = 0;
    }
  }
}

/** The transactions of one key field within one look-back, per key value. */
interface Series {
  field: string;
  minutes: number;
  byValue: Map<string, Window>;
  /** The earliest `since` it was trimmed to: an instant before it can no longer be answered from it. */
  trimmedTo: number;
  /** While it is loaded from the store: the transactions counted meanwhile, merged when it arrives. */
  pending: CountedTransaction[] | null;
}

/** A series the figures need: a key field and its look-back in minutes. */
export interface SeriesNeed {
  field: string;
  minutes: number;
}

const seriesKey = ({ field, minutes }: SeriesNeed) => `${field}|${minutes}`;
const amountOf = (facts: CountedTransaction['facts']) => (typeof facts.amount === 'number' ? facts.amount : 0);
const keyValueOf = (facts: CountedTransaction['facts'], field: string): string | null => {
  const value = (facts as Record<string, unknown>)[field];
  return value === undefined || value === null || value === '' ? null : String(value);
};

/** Every series a rule set's figures read: each velocity's key and window, the merchant's average. */
export function seriesOf(needs: FeatureNeeds): SeriesNeed[] {
  const all = [...needs.velocities.values()].map(({ key, minutes }) => ({ field: key, minutes }));
  if (needs.merchantAverage) all.push({ field: 'merchantId', minutes: MERCHANT_MINUTES });
  return [...new Map(all.map((need) => [seriesKey(need), need])).values()];
}

/**
 * One organisation's history figures kept in memory as transactions are scored, instead of an
 * aggregate query per figure and transaction (the embedded store's ingest: its one process writes
 * every transaction, so nothing it does not see can be stored). Per key field and look-back (a
 * velocity's, or MERCHANT_AVERAGE_DAYS for the merchant's average) and per key value: the times and
 * amounts of the transactions scored since, their count and their exact sum (ExactSum, as both
 * stores add). So `figures` answers what the store's queries answer — the transactions with a
 * scoredAt at or after `at` less the window, later ones included; velocity plus the transaction
 * itself — as long as every transaction stored is `add`ed. A series is loaded from the store when
 * first needed (`missing` names it, `loading` and `loaded` bracket the read), and again when asked
 * for an instant earlier than it was trimmed to.
 */
export class HistoryWindows {
  private readonly series = new Map<string, Series>();

  /** The series of `needs` that must be read from the store before `figures` can answer at `at`. */
  missing(needs: readonly SeriesNeed[], at: number): SeriesNeed[] {
    return needs.filter((need) => {
      const series = this.series.get(seriesKey(need));
      return !series || series.pending !== null || at - need.minutes * MINUTE < series.trimmedTo;
    });
  }

  /** A series is being read from the store from now on: what is counted meanwhile waits for it. */
  loading(need: SeriesNeed): void {
    this.series.set(seriesKey(need), { ...need, byValue: new Map(), trimmedTo: 0, pending: [] });
  }

  /**
   * The store's transactions of the series' look-back at `since` (ms), read after `loading`; those
   * counted meanwhile that the read did not hold are added after them.
   */
  loaded(need: SeriesNeed, since: number, stored: readonly CountedTransaction[]): void {
    const series = this.series.get(seriesKey(need));
    if (!series || series.pending === null) return;
    const pending = series.pending;
    series.pending = null;
    series.trimmedTo = since;
    const seen = new Set<string>();
    for (const transaction of stored) {
      seen.add(transaction.id);
      this.count(series, transaction);
    }
    for (const transaction of pending) if (!seen.has(transaction.id)) this.count(series, transaction);
  }

  /** A load that failed: the series is read again next time. */
  failed(need: SeriesNeed): void {
    this.series.delete(seriesKey(need));
  }

  /**
   * The velocities (the transaction itself included) and the merchant's average for a transaction
   * scored at `at`. Every series of `needs` must be loaded (`missing` is empty).
   */
  figures(
    needs: FeatureNeeds,
    facts: CountedTransaction['facts'],
    at: number,
  ): { velocities: Record<string, number>; merchantAverage: number | null } {
    const velocities: Record<string, number> = {};
    for (const [name, spec] of needs.velocities) {
      const own = spec.measure === 'count' ? 1 : amountOf(facts);
      const recent = this.window({ field: spec.key, minutes: spec.minutes }, facts, at);
      velocities[name] = (recent ? (spec.measure === 'count' ? recent.count : recent.sum) : 0) + own;
    }
    let merchantAverage: number | null = null;
    if (needs.merchantAverage) {
      const recent = this.window({ field: 'merchantId', minutes: MERCHANT_MINUTES }, facts, at);
      if (recent && recent.count > 0) merchantAverage = recent.sum / recent.count;
    }
    return { velocities, merchantAverage };
  }

  private added = 0;

  /** Counts a transaction in every series (one being loaded keeps it until the read arrives). */
  add(transaction: CountedTransaction): void {
    this.added += 1;
    if (this.added % 65_536 === 0) this.sweep();
    for (const series of this.series.values()) {
      if (series.pending) series.pending.push(transaction);
      else this.count(series, transaction);
    }
  }

  /** Forgets the key values (cards, IPs…) with nothing left in their window, now and then: memory stays bounded. */
  private sweep(): void {
    for (const series of this.series.values()) {
      if (series.pending) continue;
      for (const [value, recent] of series.byValue) {
        recent.trim(series.trimmedTo);
        if (recent.count === 0) series.byValue.delete(value);
      }
    }
  }

  private window(need: SeriesNeed, facts: CountedTransaction['facts'], at: number): Window | undefined {
    const series = this.series.get(seriesKey(need));
    if (!series || series.pending) throw new Error(`History series ${seriesKey(need)} is not loaded`);
    const value = keyValueOf(facts, need.field);
    if (value === null) return undefined;
    const recent = series.byValue.get(value);
    const since = at - need.minutes * MINUTE;
    if (since > series.trimmedTo) series.trimmedTo = since;
    if (!recent) return undefined;
    recent.trim(since);
    if (recent.count === 0) series.byValue.delete(value);
    return recent;
  }

  private count(series: Series, { at, facts }: CountedTransaction): void {
    const value = keyValueOf(facts, series.field);
    // one the series no longer reaches would be trimmed at once
    if (value === null || at < series.trimmedTo) return;
    let recent = series.byValue.get(value);
    if (!recent) {
      recent = new Window();
      series.byValue.set(value, recent);
    }
    recent.add(at, amountOf(facts));
  }
}
