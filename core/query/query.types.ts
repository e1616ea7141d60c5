import type { AggregateQuery, AggregateResult } from './aggregate.types';
import type { Filter } from './filter.types';

/**
 * The one list contract every collection endpoint speaks (issue 5 'One query contract'):
 * page, pageSize, sort and a declarative filter in; `{ items, total, totalCapped? }` out. The filter is
 * data, never a predicate, so a SQL adapter can translate it as the in-memory one evaluates it.
 */

// the filter language, shared with the aggregate query's measures
export {
  FILTER_OPERATORS,
  type FieldCondition,
  type Filter,
  type FilterOperator,
  type FilterValue,
} from './filter.types';

export type SortDirection = 'asc' | 'desc';

export interface SortKey {
  field: string;
  direction: SortDirection;
}

/** A parsed, checked query: what a store's `query` takes. */
export interface ListQuery {
  filter?: Filter;
  sort: SortKey[];
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Asked instead of a page: the figures of every matching record (core/query/aggregate.types.ts). */
  aggregate?: AggregateQuery;
  /**
   * A query of fixed shape run on every request (ingest's snoozes), values aside: PostgreSQL plans
   * its aggregate once per connection over the collection's own partition, instead of per call
   * (1–2 ms on a partition of many indexes). The embedded store has nothing to plan.
   */
  prepared?: boolean;
}

/**
 * Totals are exact up to this many matches and a lower bound beyond ("10,000+"): an exact count costs
 * time in proportion to the matches (seconds over a million rows on PostgreSQL), a capped one stops early.
 */
export const COUNT_CAP = 10_000;

export interface ListResult<T> {
  items: T[];
  /** The number of matches, exact when `totalCapped` is absent; COUNT_CAP when more match. */
  total: number;
  /** Present when more than COUNT_CAP records match: `total` is then a lower bound. */
  totalCapped?: true;
  /** The answer to the query's `aggregate` (then `items` is empty). */
  aggregate?: AggregateResult;
}

/** The fields a collection lets callers filter and sort on (a resource declares them). */
export interface QueryableFields {
  filterable: readonly string[];
  sortable: readonly string[];
  /** Filterable fields holding free text that `contains` searches (a trigram index each on PostgreSQL). */
  searchable?: readonly string[];
  /** Filterable fields of text compared by range, such as ISO dates (an index of the exact text each on PostgreSQL). */
  ranged?: readonly string[];
  /** Sorts of two or more keys a collection's lists use (a composite index each on PostgreSQL). */
  sorts?: readonly (readonly SortKey[])[];
  /**
   * Pairs of filterable fields a collection's lists filter by range together (a date span and an amount):
   * a composite index each on PostgreSQL, the second field checked in the index rather than in the rows.
   */
  rangePairs?: readonly (readonly [string, string])[];
  /**
   * PostgreSQL: the fields that get an index of their own — sort indexes, and trigram for the searchable
   * (absent: every sortable, filterable and searchable field). A collection written far more than it
   * is read (scored transactions) names only the fields its large reads order or bound by; the others
   * are still filtered (equality through the collection's GIN index), searched and sorted, by reading
   * the rows the other conditions leave. Each index costs every insert.
   */
  indexed?: readonly string[];
  /**
   * Top-level members no query reads (a scored transaction's trace): PostgreSQL keeps them out of the
   * indexed `data`, so inserts do not index their every value, and reads them back from the stored
   * document as before. A filter on one would match nothing there.
   */
  unqueried?: readonly string[];
}

export const DEFAULT_PAGE_SIZE = 25;
/** A list screen may show 10,000 rows on one page (virtualised); more is a paging job. */
export const MAX_PAGE_SIZE = 10_000;
/** Nesting of and/or a filter may have, and conditions in total: bounds the work of one query. */
export const MAX_FILTER_DEPTH = 8;
export const MAX_FILTER_CONDITIONS = 100;

/** A problem with a query, named by the parameter (and field) it concerns; the gateway answers 400. */
export interface QueryProblem {
  parameter: 'page' | 'pageSize' | 'sort' | 'filter' | 'aggregate';
  field?: string;
  message: string;
}
