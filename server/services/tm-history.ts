import {
  type CountedTransaction,
  HistoryWindows,
  type SeriesNeed,
  seriesOf,
} from '../../core/transaction-monitoring/history-windows';
import {
  type FeatureNeeds,
  type Features,
  MAX_WINDOW_MINUTES,
  MERCHANT_AVERAGE_DAYS,
  VELOCITY_KEYS,
  type VelocitySpec,
} from '../../core/transaction-monitoring/operators';
import type { TransactionFacts } from '../../core/transaction-monitoring/tm.types';
import { ExactSum } from '../../core/query/exact-decimal';
import type { Filter } from '../../core/query/filter.types';
import type { ListQuery, ListResult } from '../../core/query/query.types';
import type { HistoryRead, HistoryTotal, Store } from '../store/store.types';
import type { TmTransactionRecord } from './tm-records';

const MINUTE = 60_000;

export const PRUNE_HISTORY_JOB = 'tm-history.prune';
export const PRUNE_HISTORY_CRON = '41 * * * *';

/** How far back a figure reads: the longest velocity window a rule may name, or the merchant's average. */
export const HISTORY_REACH_MINUTES = Math.max(MAX_WINDOW_MINUTES, MERCHANT_AVERAGE_DAYS * 24 * 60);

/**
 * PostgreSQL's history table (migrations/0007_tm_history.sql) without the rows no figure reaches any
 * more: it grows by a row per transaction and key, and only the ingest reads it (the backtest and
 * the preview read the transactions). The embedded store keeps no such table.
 */
export async function pruneHistory(store: Store, now: Date): Promise<number> {
  return (await store.pruneHistory?.(new Date(now.getTime() - HISTORY_REACH_MINUTES * MINUTE).toISOString())) ?? 0;
}

/** The history figures one scoring reads: the velocities (the transaction itself counted) and the merchant's average. */
export type HistoryFigures = Pick<Features, 'velocities' | 'merchantAverage'>;

/** Where the history figures are read: the store, or the records a seed or a replay holds in memory. */
export type HistoryQuery = (query: ListQuery) => Promise<ListResult<TmTransactionRecord>>;

async function totals(read: HistoryQuery, filter: Filter, measures: 'velocity' | 'average') {
  const { aggregate } = await read({
    filter,
    sort: [],
    page: 1,
    pageSize: 1,
    aggregate: {
      measures:
        measures === 'velocity'
          ? [
              { op: 'count', as: 'count' },
              { op: 'sum', field: 'amount', as: 'sum' },
            ]
          : [{ op: 'avg', field: 'amount', as: 'avg' }],
    },
  });
  return aggregate?.totals ?? {};
}

/**
 * The figures for one transaction at `now` from aggregate queries over `read`: each velocity over
 * the organisation's transactions with its key's value scored within its window, plus the
 * transaction itself; the merchant's average over MERCHANT_AVERAGE_DAYS.
 */
export async function queriedFigures(
  read: HistoryQuery,
  organizationId: string,
  facts: TransactionFacts,
  needs: FeatureNeeds,
  now: Date,
): Promise<HistoryFigures> {
  const org = { field: 'organizationId', op: 'eq', value: organizationId } as const;
  const specs: Array<[string, VelocitySpec]> = [...needs.velocities];
  // keys in the rule set's order, not in the order the reads answer: one hidden class per rule set
  const velocities: Record<string, number> = Object.fromEntries(specs.map(([name]) => [name, 0]));
  await Promise.all(
    specs.map(async ([name, spec]) => {
      const value = facts[spec.key];
      const own = spec.measure === 'count' ? 1 : facts.amount;
      if (value === undefined || value === '') {
        velocities[name] = own;
        return;
      }
      const since = new Date(now.getTime() - spec.minutes * MINUTE).toISOString();
      const found = await totals(
        read,
        { and: [org, { field: spec.key, op: 'eq', value }, { field: 'scoredAt', op: 'gte', value: since }] },
        'velocity',
      );
      velocities[name] = Number(found[spec.measure] ?? 0) + own;
    }),
  );
  let merchantAverage: number | null = null;
  if (needs.merchantAverage) {
    const since = new Date(now.getTime() - MERCHANT_AVERAGE_DAYS * 24 * 60 * MINUTE).toISOString();
    const found = await totals(
      read,
      {
        and: [
          org,
          { field: 'merchantId', op: 'eq', value: facts.merchantId },
          { field: 'scoredAt', op: 'gte', value: since },
        ],
      },
      'average',
    );
    merchantAverage = typeof found.avg === 'number' ? found.avg : null;
  }
  return { velocities, merchantAverage };
}

/** Reads the history totals of one organisation (Store.historyTotals). */
export type HistoryTotals = (organizationId: string, reads: readonly HistoryRead[]) => Promise<HistoryTotal[]>;

/** One transaction's reads of the history totals and where each lands in its figures. */
interface Reads {
  velocities: Record<string, number>;
  /** The velocity read at each position of `reads` (the merchant's, if needed, comes last). */
  read: Array<[name: string, measure: 'count' | 'sum']>;
  reads: HistoryRead[];
}

function readsOf(facts: TransactionFacts, needs: FeatureNeeds, at: number): Reads {
  const reads: HistoryRead[] = [];
  const velocities: Record<string, number> = {};
  const read: Reads['read'] = [];
  for (const [name, spec] of needs.velocities) {
    const value = facts[spec.key];
    velocities[name] = spec.measure === 'count' ? 1 : facts.amount;
    if (value === undefined || value === '') continue;
    if (typeof value !== 'string') throw new TypeError(`${spec.key} is not text`); // the ingest schema's
    read.push([name, spec.measure]);
    reads.push({ key: spec.key, value, since: new Date(at - spec.minutes * MINUTE).toISOString() });
  }
  if (needs.merchantAverage) {
    if (typeof facts.merchantId !== 'string') throw new TypeError('merchantId is not text');
    const since = new Date(at - MERCHANT_AVERAGE_DAYS * 24 * 60 * MINUTE).toISOString();
    reads.push({ key: 'merchantId', value: facts.merchantId, since });
  }
  return { velocities, read, reads };
}

/** What the group's earlier transactions add to a key's value: they are scored at the same instant, so inside every window. */
interface Earlier {
  count: number;
  amounts: number;
  sum: ExactSum;
}

const valueKey = (key: string, value: string) => `${key}\u0000${value}`;

/**
 * The figures queriedFigures answers, for transactions of one organisation scored together at
 * `now` (one group commit of the ingest), in their order: the reads of all of them from history
 * totals in one call (PostgreSQL's `tm_history`), and each also counts the group's transactions
 * before it, which are not stored yet — as if each had been stored before the next was scored.
 * The same sums and average (an amount that is not a number counts, but adds nothing). A key's
 * value is text (the ingest schema allows no other).
 */
export async function groupFigures(
  totalsOf: HistoryTotals,
  organizationId: string,
  group: readonly TransactionFacts[],
  needs: FeatureNeeds,
  now: Date,
): Promise<HistoryFigures[]> {
  const at = now.getTime();
  const all = group.map((facts) => readsOf(facts, needs, at));
  const totals = await totalsOf(
    organizationId,
    all.flatMap((reads) => reads.reads),
  );
  const earlier = new Map<string, Earlier>();
  const figures: HistoryFigures[] = [];
  let offset = 0;
  for (const [index, { velocities, read, reads }] of all.entries()) {
    const facts = group[index];
    const total = (position: number) => {
      const { count, amounts, sum } = totals[offset + position];
      const before = earlier.get(valueKey(reads[position].key, reads[position].value));
      if (!before) return { count, amounts, sum: Number(sum) };
      // added exactly, as the database would had they been stored (0.1 + 0.2 is 0.3)
      const exact = new ExactSum();
      exact.addText(sum);
      exact.addText(before.sum.text());
      return { count: count + before.count, amounts: amounts + before.amounts, sum: Number(exact.text()) };
    };
    for (const [position, [name, measure]] of read.entries()) {
      const { count, sum } = total(position);
      velocities[name] += measure === 'count' ? count : sum;
    }
    const merchant = needs.merchantAverage ? total(read.length) : undefined;
    const merchantAverage = merchant && merchant.amounts > 0 ? merchant.sum / merchant.amounts : null;
    figures.push({ velocities, merchantAverage });
    offset += reads.length;
    // what tm_history holds of it once stored (migrations/0007_tm_history.sql): its keys that hold a text
    const amount = typeof facts.amount === 'number' ? facts.amount : undefined;
    for (const key of VELOCITY_KEYS) {
      const value = facts[key];
      if (typeof value !== 'string' || value === '') continue;
      const entry = earlier.get(valueKey(key, value)) ?? { count: 0, amounts: 0, sum: new ExactSum() };
      entry.count += 1;
      if (amount !== undefined) {
        entry.amounts += 1;
        entry.sum.add(amount);
      }
      earlier.set(valueKey(key, value), entry);
    }
  }
  return figures;
}

const counted = (record: TmTransactionRecord): CountedTransaction => ({
  id: record.id,
  at: Date.parse(record.scoredAt),
  facts: record as unknown as CountedTransaction['facts'],
});

/** One organisation's windows and the series being read for them. */
interface Kept {
  windows: HistoryWindows;
  loads: Map<string, Promise<void>>;
}

/**
 * The embedded store's history figures, kept in memory per organisation as transactions are stored
 * (core/transaction-monitoring/history-windows.ts) instead of five aggregate queries per transaction.
 * Exact because the embedded store is one process's: every transaction it stores is stored by this
 * service, which tells `stored` in the same step as the store's insert (both apply in memory at
 * once), so the windows hold what the store holds. A series is read from the store when first
 * needed. A failed write (`forget`) drops the organisation's windows: the store took its change back,
 * and the next transaction reads them again. On PostgreSQL instances store each other's
 * transactions, so the figures are queried there (queriedFigures).
 */
export class KeptHistory {
  private readonly kept = new Map<string, Kept>();

  constructor(private readonly store: Store) {}

  async figures(organizationId: string, facts: TransactionFacts, needs: FeatureNeeds, now: Date) {
    let state = this.kept.get(organizationId);
    if (!state) {
      state = { windows: new HistoryWindows(), loads: new Map() };
      this.kept.set(organizationId, state);
    }
    const at = now.getTime();
    const series = seriesOf(needs);
    for (let missing = state.windows.missing(series, at); missing.length > 0; ) {
      await this.load(organizationId, state, missing, at);
      missing = state.windows.missing(series, at);
    }
    return state.windows.figures(needs, facts as unknown as CountedTransaction['facts'], at);
  }

  /** Transactions the store has just applied (call in the same step as the insert). */
  stored(organizationId: string, records: readonly TmTransactionRecord[]): void {
    const state = this.kept.get(organizationId);
    if (state) for (const record of records) state.windows.add(counted(record));
  }

  /** A write of the organisation's transactions failed: its windows are read from the store again. */
  forget(organizationId: string): void {
    this.kept.delete(organizationId);
  }

  /** Reads the series not being read yet in one query over the longest of their windows; waits for the others. */
  private async load(organizationId: string, state: Kept, needs: readonly SeriesNeed[], at: number): Promise<void> {
    const keyOf = (need: SeriesNeed) => `${need.field}|${need.minutes}`;
    const waits = needs.flatMap((need) => state.loads.get(keyOf(need)) ?? []);
    const fresh = needs.filter((need) => !state.loads.has(keyOf(need)));
    if (fresh.length > 0) {
      const sinceOf = (need: SeriesNeed) => at - need.minutes * MINUTE;
      const since = Math.min(...fresh.map(sinceOf));
      for (const need of fresh) state.windows.loading(need);
      const reading = this.store
        .query<TmTransactionRecord>('tmTransactions', {
          filter: {
            and: [
              { field: 'organizationId', op: 'eq', value: organizationId },
              { field: 'scoredAt', op: 'gte', value: new Date(since).toISOString() },
            ],
          },
          sort: [],
          page: 1,
          pageSize: Number.MAX_SAFE_INTEGER,
        })
        .then(
          ({ items }) => {
            const stored = items.map(counted);
            for (const need of fresh) {
              const from = sinceOf(need);
              state.windows.loaded(
                need,
                from,
                stored.filter((transaction) => transaction.at >= from),
              );
            }
          },
          (error: unknown) => {
            for (const need of fresh) state.windows.failed(need);
            throw error;
          },
        )
        .finally(() => {
          for (const need of fresh) if (state.loads.get(keyOf(need)) === reading) state.loads.delete(keyOf(need));
        });
      for (const need of fresh) state.loads.set(keyOf(need), reading);
      waits.push(reading);
    }
    await Promise.all(waits);
  }
}
