import { describe, expect, it } from 'vitest';
import type { FeatureNeeds } from '../../../core/transaction-monitoring/operators';
import { ReplayWindows } from '../../../core/transaction-monitoring/replay-windows';
import type { TransactionFacts } from '../../../core/transaction-monitoring/tm.types';

const MINUTE = 60_000;
const needsOf = (velocities: Array<[string, number, 'count' | 'sum']>, merchantAverage: boolean): FeatureNeeds => ({
  lists: new Set(),
  velocities: new Map(
    velocities.map(([key, minutes, measure]) => [
      `${key}:${measure}:${minutes}`,
      { key: key as 'cardHash' | 'ip', measure, minutes },
    ]),
  ),
  merchantAverage,
});
// two rule sets replayed together: the card's windows of several lengths, one of them in both
const replayed = needsOf(
  [
    ['cardHash', 10, 'count'],
    ['cardHash', 1440, 'sum'],
    ['ip', 60, 'count'],
  ],
  false,
);
const live = needsOf(
  [
    ['cardHash', 60, 'sum'],
    ['cardHash', 10, 'count'],
  ],
  true,
);

describe('ReplayWindows', () => {
  it('answers every rule set’s figures as a scan of the transactions before each would', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const windows = new ReplayWindows([replayed, live]);
    expect(windows.lookback()).toBe(30 * 24 * 60 * MINUTE);
    const seen: Array<{ at: number; facts: TransactionFacts }> = [];
    let at = Date.parse('2026-03-01T00:00:00.000Z');
    for (let i = 0; i < 3000; i += 1) {
      // whole minutes, so transactions fall exactly on a window's edge; some in the same millisecond
      at += next() < 0.2 ? 0 : Math.floor(next() * 20) * MINUTE;
      const facts = {
        cardHash: `card-${Math.floor(next() ** 2 * 30)}`,
        ip: next() < 0.1 ? '' : `10.0.0.${Math.floor(next() * 20)}`,
        merchantId: `M-${Math.floor(next() * 5)}`,
        amount: Math.round(next() * 100_000) / 100,
      } as unknown as TransactionFacts;
      const figures = windows.figures(facts, at);
      const within = (minutes: number, key: 'cardHash' | 'ip') =>
        seen.filter((earlier) => earlier.at >= at - minutes * MINUTE && earlier.facts[key] === facts[key]);
      const sum = (rows: typeof seen) => rows.reduce((total, row) => total + (row.facts.amount as number), 0);
      expect(figures.velocities['cardHash:count:10']).toBe(within(10, 'cardHash').length + 1);
      expect(figures.velocities['cardHash:sum:60']).toBeCloseTo(sum(within(60, 'cardHash')) + facts.amount, 6);
      expect(figures.velocities['cardHash:sum:1440']).toBeCloseTo(sum(within(1440, 'cardHash')) + facts.amount, 6);
      expect(figures.velocities['ip:count:60']).toBe(facts.ip === '' ? 1 : within(60, 'ip').length + 1);
      const merchant = seen.filter((earlier) => earlier.facts.merchantId === facts.merchantId);
      if (merchant.length === 0) expect(figures.merchantAverage).toBeNull();
      else expect(figures.merchantAverage).toBeCloseTo(sum(merchant) / merchant.length, 6);
      windows.add(facts, at);
      seen.push({ at, facts });
    }
  });
});
