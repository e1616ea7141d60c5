import { type FeatureNeeds, MERCHANT_AVERAGE_DAYS, type VelocityKey, type VelocitySpec } from './operators';
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

  /** Count or sum of the part from `since` on (a shorter window over the same values), newest first. */
  since(since: number, measure: VelocitySpec['measure']): number {
    let figure = 0;
    for (let i = this.times.length - 1; i >= this.head && this.times[i] >= since; i -= 1)
      figure += measure === 'count' ? 1 : this.amounts[i];
    return figure;
  }

  add(at: number, amount: number): void {
    this.times.push(at);
    this.amounts.push(amount);
    this.sum += amount;
  }
}

const amountOf = (facts: TransactionFacts) => (typeof facts.amount === 'number' ? facts.amount : 0);

/**
 * The velocity specs over one fact (cardHash, ip…): one window per value, as long as the longest
 * spec; a shorter one counts back from the newest. One map lookup per fact and transaction, not
 * one per spec: the lookups were most of the replay's own time.
 */
interface KeyWindows {
  key: VelocityKey;
  span: number;
  specs: Array<{ name: string; measure: VelocitySpec['measure']; span: number }>;
  byValue: Map<string, Window>;
}

/**
 * The history figures of a replay (the backtest), kept as it goes instead of queried per
 * transaction: per velocity key and value, and per merchant, the transactions of the window
 * before the one scored. Transactions are given in the order they were scored; `figures` answers
 * as the scoring's store queries would (velocity counts the transaction itself; the merchant's
 * average is over the ones before it only, null without any), then `add` counts it in.
 */
export class ReplayWindows {
  private readonly keys: KeyWindows[] = [];
  private readonly merchants = new Map<string, Window>();
  private readonly merchantAverage: boolean;

  /** Over what all of these rule sets need: the figures are the same whichever set reads them. */
  constructor(needs: readonly FeatureNeeds[]) {
    this.merchantAverage = needs.some((one) => one.merchantAverage);
    const velocities = new Map(needs.flatMap((one) => [...one.velocities]));
    for (const [name, spec] of velocities) {
      let group = this.keys.find(({ key }) => key === spec.key);
      if (!group) {
        group = { key: spec.key, span: 0, specs: [], byValue: new Map() };
        this.keys.push(group);
      }
      const span = spec.minutes * MINUTE;
      group.specs.push({ name, measure: spec.measure, span });
      group.span = Math.max(group.span, span);
    }
  }

  /** The longest look-back (ms) the figures need: a replay starts reading that long before its period. */
  lookback(): number {
    const windows = this.keys.map(({ span }) => span);
    return Math.max(0, ...windows, this.merchantAverage ? MERCHANT_AVERAGE_DAYS * 24 * 60 * MINUTE : 0);
  }

  figures(facts: TransactionFacts, at: number): { velocities: Record<string, number>; merchantAverage: number | null } {
    const velocities: Record<string, number> = {};
    const amount = amountOf(facts);
    for (const { key, span, specs, byValue } of this.keys) {
      const value = facts[key];
      const recent = value === undefined || value === '' ? undefined : byValue.get(String(value));
      recent?.trim(at - span);
      for (const spec of specs) {
        const own = spec.measure === 'count' ? 1 : amount;
        let before = 0;
        if (recent)
          before =
            spec.span === span
              ? spec.measure === 'count'
                ? recent.count
                : recent.sum
              : recent.since(at - spec.span, spec.measure);
        velocities[spec.name] = before + own;
      }
    }
    let merchantAverage: number | null = null;
    if (this.merchantAverage) {
      const recent = this.merchants.get(facts.merchantId);
      recent?.trim(at - MERCHANT_AVERAGE_DAYS * 24 * 60 * MINUTE);
      if (recent && recent.count > 0) merchantAverage = recent.sum / recent.count;
    }
    return { velocities, merchantAverage };
  }

  private added = 0;

  /** Forgets the key values (cards, IPs…) with nothing left in their window, now and then: memory stays bounded. */
  private sweep(at: number): void {
    for (const { span, byValue } of this.keys)
      for (const [key, recent] of byValue) {
        recent.trim(at - span);
        if (recent.count === 0) byValue.delete(key);
      }
  }

  add(facts: TransactionFacts, at: number): void {
    this.added += 1;
    if (this.added % 65_536 === 0) this.sweep(at);
    const amount = amountOf(facts);
    for (const { key, byValue } of this.keys) {
      const value = facts[key];
      if (value === undefined || value === '') continue;
      const text = String(value);
      let recent = byValue.get(text);
      if (!recent) {
        recent = new Window();
        byValue.set(text, recent);
      }
      recent.add(at, amount);
    }
    if (this.merchantAverage) {
      let recent = this.merchants.get(facts.merchantId);
      if (!recent) {
        recent = new Window();
        this.merchants.set(facts.merchantId, recent);
      }
      recent.add(at, amount);
    }
  }
}
