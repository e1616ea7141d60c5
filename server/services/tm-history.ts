import {
  type CountedTransaction,
  HistoryWindows,
  type SeriesNeed,
  seriesOf,
} from '../../core/transaction-monitoring/history-windows';
import {
  type FeatureNeeds,
  type Features,
  MERCHANT_AVERAGE_DAYS,
  type VelocitySpec,
} from '../../core/transaction-monitoring/operators';
import type { TransactionFacts } from '../../core/transaction-monitoring/tm.types';
import type { Filter } from '../../core/query/filter.types';
import type { ListQuery, ListResult } from '../../core/query/query.types';
import type { HistoryRead, HistoryTotal, Store } from '../store/store.types';
import type { TmTransactionRecord } from './tm-records';

const MINUTE = 60_000;

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

/**
 * The figures queriedFigures answers, from history totals read in one call (PostgreSQL's
 * `tm_history`): each velocity's key and window, then the merchant's 30 days; the same sums and
 * average (an amount that is not a number counts, but adds nothing). Null when a key's value is not
 * a string (the ingest schema allows no other): queriedFigures then answers as before.
 */
export async function totalledFigures(
  totalsOf: HistoryTotals,
  organizationId: string,
  facts: TransactionFacts,
  needs: FeatureNeeds,
  now: Date,
): Promise<HistoryFigures | null> {
  const at = now.getTime();
  const reads: HistoryRead[] = [];
  const velocities: Record<string, number> = {};
  const read: Array<[string, 'count' | 'sum', number]> = [];
  for (const [name, spec] of needs.velocities) {
    const value = facts[spec.key];
    const own = spec.measure === 'count' ? 1 : facts.amount;
    velocities[name] = own;
    if (value === undefined || value === '') continue;
    if (typeof value !== 'string') return null;
    read.push([name, spec.measure, own]);
    reads.push({ key: spec.key, value, since: new Date(at - spec.minutes * MINUTE).toISOString() });
  }
  if (needs.merchantAverage) {
    if (typeof facts.merchantId !== 'string') return null;
    const since = new Date(at - MERCHANT_AVERAGE_DAYS * 24 * 60 * MINUTE).toISOString();
    reads.push({ key: 'merchantId', value: facts.merchantId, since });
  }
  const totals = await totalsOf(organizationId, reads);
  for (const [i, [name, measure, own]] of read.entries())
    velocities[name] = (measure === 'count' ? totals[i].count : Number(totals[i].sum)) + own;
  const merchant = needs.merchantAverage ? totals[read.length] : undefined;
  const merchantAverage = merchant && merchant.amounts > 0 ? Number(merchant.sum) / merchant.amounts : null;
  return { velocities, merchantAverage };
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
