/** The list contract's filter language: data, never a predicate (core/query/query.types.ts). */

export const FILTER_OPERATORS = [
  'eq',
  'ne',
  'in',
  'lt',
  'lte',
  'gt',
  'gte',
  'between',
  'contains',
  'startsWith',
  'isNull',
] as const;

export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** A scalar a filter may compare with: JSON values only. */
export type FilterValue = string | number | boolean | null;

/**
 * One condition on one field (a dotted path such as `profile.name`). `value` is a scalar for
 * eq … startsWith, a list for `in`, a `[low, high]` pair for `between` (inclusive), and a boolean
 * for `isNull` (true: the field is null or absent).
 */
export interface FieldCondition {
  field: string;
  op: FilterOperator;
  value?: FilterValue | FilterValue[];
}

export type Filter = FieldCondition | { and: Filter[] } | { or: Filter[] };
