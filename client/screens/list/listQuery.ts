import { type Query, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import type { LiveRefresh } from '../../../core/documents/document.types';
import type { ColumnFilterValue, ListBody } from '../../../core/lists/list.types';
import { listFilter } from '../../../core/lists/list.utils';
import type { ListQuery, ListResult } from '../../../core/query/query.types';
import { encodeListQuery } from '../../../core/query/query.utils';
import { clientForPath } from '../../api/clients';
import { content } from '../../api/http';
import { dayBounds } from '../../runtime/dates';
import { shareRows } from './shareRows';
import { sortedRows } from './sortedRows';
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
export async function fetchListPage(
  path: string,
  query: Partial<ListQuery>,
  signal?: AbortSignal,
): Promise<ListResult<Row>> {
  const { client, url } = clientForPath(path);
  return content<ListResult<Row>>(await client.get(url, { params: encodeListQuery(query), signal }));
}

/** Query keys of a list start with this, so an action can refetch every page of it. */
export const listKey = (listId: string) => ['list', listId] as const;

/** A page shown while the asked one loads; `resorted`: the complete rows in the asked order, nothing stale. */
export type Placeholder = ListResult<Row> & { resorted?: boolean };

/**
 * While a page loads, the previous one stays on screen. When the previous answer already held every
 * row the filter matches and only the sort changed, those rows are shown at once in the new order —
 * sorted in the store's own order (sortedRows), so the server's answer that follows keeps them in place.
 */
export function placeholderFor(query: ListQuery) {
  // React Query asks again (render, then effects) while the page loads: the same rows are sorted once
  let last: { previous: ListResult<Row>; shown: Placeholder } | undefined;
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
    if (last?.previous !== previous)
      last = {
        previous,
        shown: { items: sortedRows(previous.items, query.sort), total: previous.total, resorted: true },
      };
    return last.shown;
  };
}

/**
 * The page the state asks for (see placeholderFor for what shows while it loads). `live` (the list's
 * `live`): read again every few seconds and on window focus; its event is the caller's to follow.
 */
export function useListPage(listId: string, path: string, query: ListQuery, live?: LiveRefresh) {
  // one placeholder function per query: React Query then computes (and re-sorts) a placeholder once, not at every render
  const placeholderData = useMemo(() => placeholderFor(query), [query]);
  // the page on screen when an answer comes (often a re-sorted placeholder): an answer in the order
  // already shown keeps its rows array, and the next re-sort's placeholder holds the same rows again
  const shown = useRef<ListResult<Row> | undefined>(undefined);
  const page = useQuery({
    queryKey: [...listKey(listId), path, query],
    // with the signal, React Query aborts an answer nobody waits for any more (the sort changed again):
    // a big page is not read and parsed for nothing while the next one is shown
    queryFn: async ({ signal }) =>
      shareRows(shown.current, await fetchListPage(path, query, signal)) as ListResult<Row>,
    placeholderData,
    structuralSharing: shareRows,
    refetchInterval: live?.seconds ? live.seconds * 1000 : false,
    refetchOnWindowFocus: live !== undefined,
  });
  useEffect(() => {
    shown.current = page.data;
  });
  return page;
}
