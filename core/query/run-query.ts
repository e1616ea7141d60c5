import { runAggregate } from './aggregate';
import { COUNT_CAP, type ListQuery, type ListResult } from './query.types';
import { cappedTotal, compileFilter, firstInOrder } from './query.utils';

/**
 * The in-memory query: filter, sort, then the requested page; the total as cappedTotal gives it. With
 * an `aggregate`, its figures over every match instead of a page — so every list served from memory
 * answers aggregates over exactly the rows (and the scope) it lists.
 */
export function runQuery<T>(records: readonly T[], query: ListQuery, countCap = COUNT_CAP): ListResult<T> {
  const matches = compileFilter(query.filter);
  const matched: T[] = [];
  for (const record of records) if (matches(record)) matched.push(record);
  if (query.aggregate) {
    return { items: [], ...cappedTotal(matched.length, countCap), aggregate: runAggregate(matched, query.aggregate) };
  }
  const start = (query.page - 1) * query.pageSize;
  const page = firstInOrder(matched, start + query.pageSize, query.sort).slice(start);
  return { items: page, ...cappedTotal(matched.length, countCap) };
}
