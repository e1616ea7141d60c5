import type { Filter, FilterValue } from './filter.types';

/**
 * The list contract's aggregate query (issue 23 'Aggregates as documents'): what a stat card or a
 * chart asks of a list endpoint instead of a page. Data, never code, so PostgreSQL computes it in SQL
 * (server/store/pg/sql-aggregate.ts) and the embedded store with runAggregate (core/query/aggregate.ts),
 * over the same rows the list would page through — same endpoint, same guard, same scope.
 */

export const AGGREGATE_OPS = ['count', 'sum', 'avg', 'min', 'max'] as const;
export type AggregateOp = (typeof AGGREGATE_OPS)[number];

export const DATE_BUCKETS = ['day', 'week', 'month'] as const;
export type DateBucket = (typeof DATE_BUCKETS)[number];

/**
 * One figure: `count` of rows, or `sum`/`avg`/`min`/`max` of the numbers at `field` (other values are
 * skipped). `where` narrows the rows this measure reads (the list filter language), so one answer can
 * hold "open" and "resolved" side by side. `as` names it in the answer.
 */
export interface Measure {
  op: AggregateOp;
  field?: string;
  as: string;
  where?: Filter;
}

/**
 * Groups by the value at `field` (strings, numbers and booleans; anything else, absent included, is
 * the group `null`), or with `bucket` by the day, ISO week (its Monday) or month of a date written
 * `YYYY-MM-DD…` (the text's own date: the app writes UTC), as `2026-03-02` or `2026-03`.
 */
export interface GroupBy {
  field: string;
  bucket?: DateBucket;
}

export interface AggregateQuery {
  measures: Measure[];
  groupBy?: GroupBy;
}

/** A measure's value: a number, or null for avg/min/max over no numbers (a sum of none is 0). */
export type MeasureValue = number | null;

export type AggregateGroup = { key: FilterValue } & Record<string, MeasureValue | FilterValue>;

export interface AggregateResult {
  /** Every measure over all matching rows. */
  totals: Record<string, MeasureValue>;
  /** One entry per group in the list's sort order of the key (null last); empty without groupBy. */
  groups: AggregateGroup[];
  /** Present when there were more than MAX_GROUPS groups: `groups` holds the first MAX_GROUPS. */
  groupsCapped?: true;
}

/** Bounds of one aggregate: its measures, and the groups one answer carries. */
export const MAX_MEASURES = 12;
export const MAX_GROUPS = 500;

/**
 * What one group's rows add up to before the measures are finished (sums exact, as decimal text).
 * Both stores produce these, so the finishing arithmetic (finishMeasure) is one code path.
 */
export interface MeasurePartial {
  count: number;
  /** sum of the numbers, exact, as decimal text ('0' when none) */
  sum: string;
  /** min and max as the numbers' own text; null when none */
  min: string | null;
  max: string | null;
}
