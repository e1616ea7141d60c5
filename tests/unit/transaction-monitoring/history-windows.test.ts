import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runQuery } from '../../../core/query/run-query';
import { HistoryWindows, seriesOf } from '../../../core/transaction-monitoring/history-windows';
import type { FeatureNeeds } from '../../../core/transaction-monitoring/operators';
import type { TransactionFacts } from '../../../core/transaction-monitoring/tm.types';
import { ExactSum } from '../../../core/query/exact-decimal';
import {
  groupFigures,
  type HistoryQuery,
  type HistoryTotals,
  queriedFigures,
} from '../../../server/services/tm-history';
import type { TmTransactionRecord } from '../../../server/services/tm-records';

const MINUTE = 60_000;
const START = Date.parse('2026-03-01T00:00:00.000Z');

/** The bench's figures: card counts over 10 and 60 minutes, a card's daily sum, an IP's hourly count, the merchant's average. */
const needs: FeatureNeeds = {
  lists: new Set(),
  velocities: new Map([
    ['cardHash:count:10', { key: 'cardHash', measure: 'count', minutes: 10 }],
    ['cardHash:count:60', { key: 'cardHash', measure: 'count', minutes: 60 }],
    ['cardHash:sum:1440', { key: 'cardHash', measure: 'sum', minutes: 1440 }],
    ['ip:count:60', { key: 'ip', measure: 'count', minutes: 60 }],
  ]),
  merchantAverage: true,
};

interface Step {
  /** minutes after the previous transaction (0: the same millisecond; a clock may also step back a little) */
  gap: number;
  card: number;
  ip: number | null;
  merchant: number;
  cents: number;
  /** another organisation's transaction, which no figure may count */
  other: boolean;
}

const step = fc.record({
  // window lengths exactly, so a transaction falls right on a window's edge
  gap: fc.oneof(
    fc.constantFrom(0, 5, 10, 60, 24 * 60, 30 * 24 * 60),
    fc.integer({ min: -2, max: 90 }),
    fc.constant(60 * 24 * 20),
  ),
  card: fc.integer({ min: 0, max: 2 }),
  ip: fc.option(fc.integer({ min: 0, max: 2 })),
  merchant: fc.integer({ min: 0, max: 2 }),
  // tenths and hundredths, so doubles would drift where an exact sum does not
  cents: fc.oneof(fc.constantFrom(10, 20, 30, 1, 7), fc.integer({ min: 1, max: 10_000_000 })),
  other: fc.boolean(),
});

const record = (i: number, s: Step, at: number): TmTransactionRecord =>
  ({
    id: `r${i}`,
    organizationId: s.other ? 'org-b' : 'org-a',
    transactionId: `t${i}`,
    merchantId: `m${s.merchant}`,
    amount: s.cents / 100,
    currency: 'EUR',
    ...(s.ip === null ? {} : { ip: `10.0.0.${s.ip}` }),
    bin: '411111',
    last4: '1111',
    cardHash: `card${s.card}`,
    scoredAt: new Date(at).toISOString(),
  }) as unknown as TmTransactionRecord;

/**
 * The windows kept in memory (the embedded store's ingest) against the aggregate queries (what
 * PostgreSQL's ingest and the rules preview run), over the same stored transactions: every figure
 * of every transaction equal, the exact sums included.
 */
describe('history figures: the windows give what the queries give', () => {
  it('agree on random histories, with a window loaded midway and transactions counted while it loads', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 60 }), fc.nat(60), async (steps, loadAt) => {
        const stored: TmTransactionRecord[] = [];
        const read: HistoryQuery = async (query) => runQuery(stored, query);
        let windows = new HistoryWindows();
        const series = seriesOf(needs);
        let at = START;
        for (const [i, s] of steps.entries()) {
          at += s.gap * MINUTE;
          const now = new Date(at);
          const current = record(i, s, at);
          const facts = current as unknown as TransactionFacts;
          if (i === loadAt % steps.length) {
            // a fresh set of windows read from the store, one transaction counted while the read is under way
            windows = new HistoryWindows();
            for (const need of series) windows.loading(need);
            const snapshot = stored.slice(0, -1);
            const meanwhile = stored.at(-1);
            if (meanwhile?.organizationId === 'org-a')
              windows.add({ id: meanwhile.id, at: Date.parse(meanwhile.scoredAt), facts: meanwhile });
            for (const need of series) {
              const since = at - need.minutes * MINUTE;
              const rows = snapshot.filter(
                (row) => row.organizationId === 'org-a' && Date.parse(row.scoredAt) >= since,
              );
              windows.loaded(
                need,
                since,
                rows.map((row) => ({ id: row.id, at: Date.parse(row.scoredAt), facts: row })),
              );
            }
          }
          if (!s.other) {
            if (windows.missing(series, at).length > 0) {
              // asked for an instant before what was trimmed: read again, as KeptHistory does
              windows = new HistoryWindows();
              for (const need of series) {
                const since = at - need.minutes * MINUTE;
                windows.loading(need);
                windows.loaded(
                  need,
                  since,
                  stored
                    .filter((row) => row.organizationId === 'org-a' && Date.parse(row.scoredAt) >= since)
                    .map((row) => ({ id: row.id, at: Date.parse(row.scoredAt), facts: row })),
                );
              }
            }
            const expected = await queriedFigures(read, 'org-a', facts, needs, now);
            expect(windows.figures(needs, current, at)).toEqual(expected);
          }
          stored.push(current);
          if (!s.other) windows.add({ id: current.id, at, facts: current });
        }
      }),
      { numRuns: 150 },
    );
  });

  it('sums exactly: 0.1 + 0.2 is 0.3, and 0.2 once the 0.1 left the window', () => {
    const windows = new HistoryWindows();
    const series = seriesOf(needs);
    for (const need of series) {
      windows.loading(need);
      windows.loaded(need, START - need.minutes * MINUTE, []);
    }
    const add = (id: string, minutes: number, amount: number) => {
      const facts = { amount, cardHash: 'c', merchantId: 'm' };
      windows.add({ id, at: START + minutes * MINUTE, facts });
    };
    add('a', 0, 0.1);
    add('b', 1, 0.2);
    const at = (minutes: number) => START + minutes * MINUTE;
    // a transaction of 0 adds nothing of its own to the sum
    const facts = { amount: 0, cardHash: 'c', merchantId: 'm' };
    expect(windows.figures(needs, facts, at(2)).velocities['cardHash:sum:1440']).toBe(0.3);
    expect(windows.figures(needs, facts, at(2)).merchantAverage).toBe(0.15);
    expect(windows.figures(needs, facts, at(24 * 60 + 0.5)).velocities['cardHash:sum:1440']).toBe(0.2);
  });

  it('a group scored at one instant gives what scoring its transactions one after another would, each stored before the next', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ step, grouped: fc.boolean() }), { minLength: 1, maxLength: 60 }),
        async (steps) => {
          const stored: TmTransactionRecord[] = [];
          const read: HistoryQuery = async (query) => runQuery(stored, query);
          // what tm_history answers, over what is stored
          const totalsOf: HistoryTotals = async (organizationId, reads) =>
            reads.map(({ key, value, since }) => {
              const rows = stored.filter(
                (row) =>
                  row.organizationId === organizationId &&
                  (row as unknown as Record<string, unknown>)[key] === value &&
                  row.scoredAt >= since,
              );
              const sum = new ExactSum();
              for (const row of rows) sum.add(row.amount);
              return { count: rows.length, amounts: rows.length, sum: sum.text() };
            });
          let at = START;
          let group: TmTransactionRecord[] = [];
          const scoreGroup = async () => {
            if (group.length === 0) return;
            const now = new Date(Date.parse(group[0].scoredAt));
            const facts = group.map((row) => row as unknown as TransactionFacts);
            const together = await groupFigures(totalsOf, 'org-a', facts, needs, now);
            for (const [i, row] of group.entries()) {
              expect(together[i]).toEqual(await queriedFigures(read, 'org-a', facts[i], needs, now));
              stored.push(row);
            }
            group = [];
          };
          for (const [i, { step: s, grouped }] of steps.entries()) {
            // a transaction of the same instant joins the group; another starts the next one
            if (!grouped || s.other) {
              await scoreGroup();
              at += s.gap * MINUTE;
            }
            const current = record(i, s, at);
            if (s.other) stored.push(current);
            else group.push(current);
          }
          await scoreGroup();
        },
      ),
      { numRuns: 150 },
    );
  });
});
