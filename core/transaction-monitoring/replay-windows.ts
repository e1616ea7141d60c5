import { type FeatureNeeds, MERCHANT_AVERAGE_DAYS, type VelocitySpec } from './operators';
import type { TransactionFacts } from './tm.types';

const MINUTE = 60_000;

/** One key value's transactions within a window, oldest first: times and amounts, and their sum. */
class Window {
  private readonly times: number[] = [];
  private readonly amounts: number[] = [];
  private head = 0;
  sum = 0;

  /** Drops what is older than `since` (ms). */
  trim(since: number): void {
    while (this.head < this.times.length && this.times[this.head] < since) {
      this.sum -= this.amounts[this.head];
      this.head += 1;
    }
    // the dropped part is cut off once it is most of the arrays
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times.splice(0, this.head);
      this.amounts.splice(0, this.head);
      this.head = 0;
    }
    if (this.head === this.times.length) this.sum = 0; // no drift left over once empty
  }

  get count(): number {
    return this.times.length - this.head;
  }

  add(at: number, amount: number): void {
    this.times.push(at);
    this.amounts.push(amount);
    this.sum += amount;
  }
}

const amountOf = (facts: TransactionFacts) => (typeof facts.amount === 'number' ? facts.amount : 0);

/**
 * The history figures of a replay (the backtest), kept as it goes instead of queried per
 * transaction: per velocity spec and key value, and per merchant, the transactions of the window
 * before the one scored. Transactions are given in the order they were scored; `figures` answers
 * as the scoring's store queries would (velocity counts the transaction itself; the merchant's
 * average is over the ones before it only, null without any), then `add` counts it in.
 */
export class ReplayWindows {
  private readonly velocities: Array<{ name: string; spec: VelocitySpec; byValue: Map<string, Window> }>;
  private readonly merchants = new Map<string, Window>();

  constructor(private readonly needs: FeatureNeeds) {
    this.velocities = [...needs.velocities].map(([name, spec]) => ({ name, spec, byValue: new Map() }));
  }

  /** The longest look-back (ms) the figures need: a replay starts reading that long before its period. */
  lookback(): number {
    const windows = this.velocities.map(({ spec }) => spec.minutes * MINUTE);
    return Math.max(0, ...windows, this.needs.merchantAverage ? MERCHANT_AVERAGE_DAYS * 24 * 60 * MINUTE : 0);
  }

  figures(facts: TransactionFacts, at: number): { velocities: Record<string, number>; merchantAverage: number | null } {
    const velocities: Record<string, number> = {};
    const amount = amountOf(facts);
    for (const { name, spec, byValue } of this.velocities) {
      const own = spec.measure === 'count' ? 1 : amount;
      const value = facts[spec.key];
      const recent = value === undefined || value === '' ? undefined : byValue.get(String(value));
      recent?.trim(at - spec.minutes * MINUTE);
      velocities[name] = (recent ? (spec.measure === 'count' ? recent.count : recent.sum) : 0) + own;
    }
    let merchantAverage: number | null = null;
    if (this.needs.merchantAverage) {
      const recent = this.merchants.get(facts.merchantId);
      recent?.trim(at - MERCHANT_AVERAGE_DAYS * 24 * 60 * MINUTE);
      if (recent && recent.count > 0) merchantAverage = recent.sum / recent.count;
    }
    return { velocities, merchantAverage };
  }

  private added = 0;

  /** Forgets the key values (cards, IPs…) with nothing left in their window, now and then: memory stays bounded. */
  private sweep(at: number): void {
    for (const { spec, byValue } of this.velocities)
      for (const [key, recent] of byValue) {
        recent.trim(at - spec.minutes * MINUTE);
        if (recent.count === 0) byValue.delete(key);
      }
  }

  add(facts: TransactionFacts, at: number): void {
    this.added += 1;
    if (this.added % 65_536 === 0) this.sweep(at);
    const amount = amountOf(facts);
    for (const { spec, byValue } of this.velocities) {
      const value = facts[spec.key];
      if (value === undefined || value === '') continue;
      const key = String(value);
      let recent = byValue.get(key);
      if (!recent) {
        recent = new Window();
        byValue.set(key, recent);
      }
      recent.add(at, amount);
    }
    if (this.needs.merchantAverage) {
      let recent = this.merchants.get(facts.merchantId);
      if (!recent) {
        recent = new Window();
        this.merchants.set(facts.merchantId, recent);
      }
      recent.add(at, amount);
    }
  }
}
