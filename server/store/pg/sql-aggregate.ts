import type { AggregateQuery, AggregateResult, MeasurePartial } from '../../../core/query/aggregate.types';
import { MAX_GROUPS } from '../../../core/query/aggregate.types';
import { finishMeasure, orderGroups } from '../../../core/query/aggregate';
import type { Filter, FilterValue } from '../../../core/query/query.types';
import { filterSql, jsonPath, Parameters, type SqlText } from './sql-query';

/**
 * The list contract's aggregate (core/query/aggregate.types.ts) as one statement over `records`,
 * answering as runAggregate (core/query/aggregate.ts) does — tests/integration/pg/aggregate-differential
 * compares the two. The totals and the groups come from one scan: GROUPING SETS ((key), ()), the
 * totals' row first. Sums stay exact (numeric, read back as text) and every measure is finished by
 * the same finishMeasure as in memory, so both stores round alike. Groups come in the list's order of
 * their key (the sort columns of sql-query.ts), at most `groupCap` + 1, so a cut is the same cut.
 */

const NUMBER = (path: string) => `CASE WHEN jsonb_typeof(${path}) = 'number' THEN (${path})::numeric END`;

/** A scalar's own value, a date's bucket (migrations/0005_aggregate.sql); NULL for anything else. */
function keySql(aggregate: AggregateQuery, params: Parameters): string {
  const { groupBy } = aggregate;
  if (!groupBy) return 'NULL::jsonb';
  const path = jsonPath(groupBy.field);
  if (groupBy.bucket) return `to_jsonb(query_bucket(${path}, ${params.add(groupBy.bucket)}::text))`;
  return `CASE WHEN jsonb_typeof(${path}) IN ('string', 'number', 'boolean') THEN ${path} END`;
}

/** The columns of measure i: rows for count; for the others, how many numbers, their sum, min, max. */
function measureSql(aggregate: AggregateQuery, params: Parameters): string[] {
  return aggregate.measures.flatMap((measure, i) => {
    const where = (filter: Filter | undefined) => (filter ? ` FILTER (WHERE ${filterSql(filter, params)})` : '');
    const only = where(measure.where);
    if (measure.field === undefined) return [`count(*)${only}::integer AS n${i}`];
    const value = NUMBER(jsonPath(measure.field));
    return [
      `count(${value})${only}::integer AS n${i}`,
      `sum(${value})${only}::text AS s${i}`,
      `min(${value})${only}::text AS lo${i}`,
      `max(${value})${only}::text AS hi${i}`,
    ];
  });
}

/** The statement: rows `{ whole, key, matched, n0, s0, lo0, hi0, … }`, the totals' (whole = 1) first. */
export function aggregateSql(
  collection: string,
  filter: Filter | undefined,
  aggregate: AggregateQuery,
  groupCap = MAX_GROUPS,
): SqlText {
  const params = new Parameters();
  const where = `collection = ${params.add(collection)}${filter ? ` AND ${filterSql(filter, params)}` : ''}`;
  const key = keySql(aggregate, params);
  // the measures read `data` of the rows below, their key as k
  const columns = ['count(*)::integer AS matched', ...measureSql(aggregate, params)].join(', ');
  if (!aggregate.groupBy) {
    return {
      text: `SELECT 1 AS whole, NULL::jsonb AS key, ${columns} FROM records WHERE ${where}`,
      values: params.values,
    };
  }
  const order = [
    'GROUPING(k) DESC',
    'query_rank(k) NULLS LAST',
    'query_num(k)',
    'query_fold(k) COLLATE "C"',
    'query_text(k) COLLATE "C"',
  ].join(', ');
  const limit = params.add(groupCap + 2);
  return {
    text: `SELECT GROUPING(k) AS whole, k AS key, ${columns} FROM (SELECT ${key} AS k, data FROM records WHERE ${where}) AS matches GROUP BY GROUPING SETS ((k), ()) ORDER BY ${order} LIMIT ${limit}`,
    values: params.values,
  };
}

export interface AggregateRow {
  whole: number;
  key: FilterValue;
  matched: number;
  [column: string]: unknown;
}

/** The rows of aggregateSql as the store answers: the matches counted, the totals, the groups. */
export function aggregateResult(
  rows: AggregateRow[],
  aggregate: AggregateQuery,
  groupCap = MAX_GROUPS,
): { matched: number; aggregate: AggregateResult } {
  const measures = (row: AggregateRow) =>
    Object.fromEntries(
      aggregate.measures.map((measure, i) => {
        const partial: MeasurePartial = {
          count: Number(row[`n${i}`] ?? 0),
          sum: (row[`s${i}`] as string | null) ?? '0',
          min: (row[`lo${i}`] as string | null) ?? null,
          max: (row[`hi${i}`] as string | null) ?? null,
        };
        return [measure.as, finishMeasure(measure.op, partial)];
      }),
    );
  // an empty match still has its totals' row (an aggregate without GROUP BY always answers one)
  const whole = rows.find((row) => Number(row.whole) === 1);
  const groups = rows.filter((row) => Number(row.whole) !== 1).map((row) => ({ ...measures(row), key: row.key }));
  return {
    matched: Number(whole?.matched ?? 0),
    aggregate: {
      totals: whole ? measures(whole) : measures({ whole: 1, key: null, matched: 0 }),
      ...orderGroups(groups, groupCap),
    },
  };
}
