import { type Query, useQuery } from '@tanstack/react-query';
import type { ColumnFilterValue, ListBody } from '../../../core/lists/list.types';
import { listFilter } from '../../../core/lists/list.utils';
import type { ListQuery, ListResult } from '../../../core/query/query.types';
import { encodeListQuery, sortComparator } from '../../../core/query/query.utils';
import { clientForPath } from '../../api/clients';
import { content } from '../../api/http';
import { dayBounds } from '../../runtime/dates';
import type { ListState } from './useListState';

export type Row = Record<string, unknown>;

/** The list query of a state: column filters as typed become conditions (a day becomes its bounds in the user's zone). */
export function queryOfState(body: ListBody, state: ListState, zone: string | undefined): ListQuery {
  const values: Record<string, ColumnFilterValue> = {};
  for (const column of body.columns) {
    const raw = state.filters[column.id];
    if (raw === undefined || raw === '') continue;
    if (column.type === 'date' || column.type === 'datetime') {
      const bounds = dayBounds(raw, zone);
      if (bounds) values[column.id] = bounds;
    } else values[column.id] = raw;
  }
  return {
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort,
    filter: listFilter(body.columns, values, state.form),
  };
}

/** One page from a collection endpoint (the query contract), through the client of its service prefix. */
export async function fetchListPage(path: string, query: Partial<ListQuery>): Promise<ListResult<Row>> {
  const { client, url } = clientForPath(path);
  return content<ListResult<Row>>(await client.get(url, { params: encodeListQuery(query) }));
}

/** Query keys of a list start with this, so an action can refetch every page of it. */
export const listKey = (listId: string) => ['list', listId] as const;

/** A page shown while the asked one loads; `resorted`: the complete rows in the asked order, nothing stale. */
export type Placeholder = ListResult<Row> & { resorted?: boolean };

/**
 * While a page loads, the previous one stays on screen. When the previous answer already held every
 * row the filter matches and only the sort changed, those rows are shown at once in the new order —
 * sorted with the store's own comparator, so the server's answer that follows keeps them in place.
 */
export function placeholderFor(query: ListQuery) {
  return (
    previous: ListResult<Row> | undefined,
    previousQuery: Query<ListResult<Row>, Error, ListResult<Row>, readonly unknown[]> | undefined,
  ): Placeholder | undefined => {
    const before = previousQuery?.queryKey.at(-1) as ListQuery | undefined;
    // a capped total ("10,000+") is a lower bound: such an answer never holds every row
    const complete =
      previous && before && !previous.totalCapped && previous.items.length === previous.total && before.page === 1;
    const sameRows = complete && query.page === 1 && JSON.stringify(before.filter) === JSON.stringify(query.filter);
    if (!sameRows) return previous;
    return { items: [...previous.items].sort(sortComparator(query.sort)), total: previous.total, resorted: true };
  };
}

/** The page the state asks for (see placeholderFor for what shows while it loads). */
export function useListPage(listId: string, path: string, query: ListQuery) {
  return useQuery({
    queryKey: [...listKey(listId), path, query],
    queryFn: () => fetchListPage(path, query),
    placeholderData: placeholderFor(query),
  });
}
