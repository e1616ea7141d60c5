import {
  hashKey,
  type Query,
  type QueryClient,
  type UseQueryResult,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { LiveRefresh } from '../../../core/documents/document.types';
import type { ColumnFilterValue, ListBody } from '../../../core/lists/list.types';
import { listFilter } from '../../../core/lists/list.utils';
import type { ListQuery, ListResult } from '../../../core/query/query.types';
import { encodeListQuery } from '../../../core/query/query.utils';
import { clientForPath } from '../../api/clients';
import { content } from '../../api/http';
import { startBootRead, takeBootAnswer, takeBootRead } from '../../runtime/bootReads';
import { dayBounds } from '../../runtime/dates';
import { afterPaint } from './afterPaint';
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
 * The rows of `previous` (the answer to `before`) in the order `query` asks, when they are every row
 * `query` matches: an answer that held every row of its filter, and the same filter and first page asked
 * again. Sorted in the store's own order (sortedRows), so the server's answer that follows keeps them in place.
 */
export function resortedPage(
  previous: ListResult<Row> | undefined,
  before: ListQuery | undefined,
  query: ListQuery,
): Placeholder | undefined {
  // a capped total ("10,000+") is a lower bound: such an answer never holds every row
  const complete =
    previous && before && !previous.totalCapped && previous.items.length === previous.total && before.page === 1;
  const sameRows = complete && query.page === 1 && JSON.stringify(before.filter) === JSON.stringify(query.filter);
  return sameRows
    ? { items: sortedRows(previous.items, query.sort), total: previous.total, resorted: true }
    : undefined;
}

/**
 * While a page loads, the previous one stays on screen. When the previous answer already held every
 * row the filter matches and only the sort changed, those rows are shown at once in the new order (resortedPage).
 */
export function placeholderFor(query: ListQuery) {
  // React Query asks again (render, then effects) while the page loads: the same rows are sorted once
  let last: { previous: ListResult<Row>; shown: Placeholder | undefined } | undefined;
  return (
    previous: ListResult<Row> | undefined,
    previousQuery: Query<ListResult<Row>, Error, ListResult<Row>, readonly unknown[]> | undefined,
  ): Placeholder | undefined => {
    if (!previous) return undefined;
    if (last?.previous !== previous)
      last = {
        previous,
        shown: resortedPage(previous, previousQuery?.queryKey.at(-1) as ListQuery | undefined, query),
      };
    return last.shown ?? previous;
  };
}

/** Rows of a big page asked first, on their own (useListPage). */
export const HEAD_ROWS = 100;

/** The query of a page's first HEAD_ROWS rows: the same rows the page starts with, as a page of their own. */
export function headOf(query: ListQuery): ListQuery {
  return { ...query, pageSize: HEAD_ROWS, page: ((query.page - 1) * query.pageSize) / HEAD_ROWS + 1 };
}

/** The query key of a list page (useListPage). */
const pageKey = (listId: string, path: string, query: ListQuery) => [...listKey(listId), path, query] as const;

/** Whether a page is big enough for its first rows to be asked on their own too. */
const asksHead = (query: ListQuery) => query.pageSize > HEAD_ROWS && query.pageSize % HEAD_ROWS === 0;

const bootKey = (key: readonly unknown[]) => `list-page:${hashKey(key)}`;

/** A page under its query key: the read the boot started for it (startFirstPageReads), else one asked now. */
function readPage(key: readonly unknown[], path: string, query: ListQuery, signal?: AbortSignal) {
  return takeBootRead<ListResult<Row>>(bootKey(key)) ?? fetchListPage(path, query, signal);
}

/**
 * The reads of a list opening the visit, asked before it renders (client/screens/list/firstPage.ts):
 * a big page's first rows, then the whole page once they are in (the server reads it while the list
 * renders them; asked beside them, it held their answer back on two cores), else the page. The
 * list's queries take these reads instead of asking again. Settles when the rows it shows first are
 * in or failed.
 */
export function startFirstPageReads(listId: string, path: string, query: ListQuery): Promise<unknown> {
  const key = pageKey(listId, path, query);
  // not started when the list has already read the key itself (startBootRead answers undefined)
  const page = () => startBootRead(bootKey(key), () => fetchListPage(path, query));
  if (!asksHead(query)) return (page() ?? Promise.resolve()).catch(() => undefined);
  const head = startBootRead(bootKey([...key, 'head']), () => fetchListPage(path, headOf(query)));
  if (!head) return Promise.resolve();
  // asked before the boot goes on to render, whatever the head's answer
  head.then(page, page).catch(() => undefined);
  return head.catch(() => undefined);
}

/**
 * The boot's read of this page that is already in (startFirstPageReads), put in the cache before the
 * list's first render: it shows its rows at once rather than in a render after it (a synchronous
 * render of the shell and the list takes 100 ms or more on a busy core). Which one it was, if any.
 */
function seedBootAnswer(client: QueryClient, listId: string, path: string, query: ListQuery): 'page' | 'head' | null {
  const key = pageKey(listId, path, query);
  const page = takeBootAnswer<ListResult<Row>>(bootKey(key));
  if (page) client.setQueryData(key, page.value);
  const head = page ? undefined : takeBootAnswer<ListResult<Row>>(bootKey([...key, 'head']));
  if (head) client.setQueryData([...key, 'head'], head.value);
  return page ? 'page' : head ? 'head' : null;
}

/** Whether two queries differ in their sort alone. */
const sortOnly = (a: ListQuery, b: ListQuery) =>
  a.page === b.page && a.pageSize === b.pageSize && JSON.stringify(a.filter) === JSON.stringify(b.filter);

/** A list page: React Query's result for the query asked of the server, and the page to show. */
export interface ListPage {
  page: UseQueryResult<ListResult<Row>>;
  data: Placeholder | undefined;
}

/**
 * The page the state asks for (see placeholderFor for what shows while it loads). A new sort of rows
 * already complete is shown from them in the click's own render, and asked of the server only after
 * that frame is painted: the click's frame neither starts the request nor cancels the one before.
 * `live` (the list's `live`): read again every few seconds and on window focus; its event is the caller's to follow.
 */
export function useListPage(listId: string, path: string, query: ListQuery, live?: LiveRefresh): ListPage {
  const [asked, setAsked] = useState(query);
  const client = useQueryClient();
  // an answer the boot read is not asked again when the list mounts
  const [seeded] = useState(() => seedBootAnswer(client, listId, path, query));
  // one placeholder function per query: React Query then computes (and re-sorts) a placeholder once, not at every render
  const placeholderData = useMemo(() => placeholderFor(asked), [asked]);
  // the page on screen when an answer comes (often a re-sorted placeholder): an answer in the order
  // already shown keeps its rows array, and the next re-sort's placeholder holds the same rows again
  const shown = useRef<ListResult<Row> | undefined>(undefined);
  const page = useQuery({
    queryKey: pageKey(listId, path, asked),
    // with the signal, React Query aborts an answer nobody waits for any more (the sort changed again):
    // a big page is not read and parsed for nothing while the next one is shown
    queryFn: async ({ queryKey, signal }) =>
      shareRows(shown.current, await readPage(queryKey, path, asked, signal)) as ListResult<Row>,
    placeholderData,
    structuralSharing: shareRows,
    refetchInterval: live?.seconds ? live.seconds * 1000 : false,
    refetchOnWindowFocus: live !== undefined,
    refetchOnMount: seeded === null,
  });
  // a big page's first rows, asked beside it while nothing else is on screen: they paint long before
  // thousands of rows have been read, sent and parsed, and the whole page takes their place
  const head = useQuery({
    queryKey: [...pageKey(listId, path, asked), 'head'],
    queryFn: ({ queryKey, signal }) => readPage(queryKey, path, headOf(asked), signal),
    enabled: asksHead(asked) && page.data === undefined,
    refetchOnMount: seeded === null,
  });
  // the rows shown belong to the query asked: its answer, or its re-sort of complete rows
  const own = page.isSuccess && (!page.isPlaceholderData || (page.data as Placeholder).resorted === true);
  const local = useMemo(
    () => (asked !== query && own && sortOnly(asked, query) ? resortedPage(page.data, asked, query) : undefined),
    [asked, query, own, page.data],
  );
  // anything else is asked at once: this render starts again with it
  if (asked !== query && !local) setAsked(query);
  useEffect(() => (local ? afterPaint(() => setAsked(query)) : undefined), [local, query]);
  const data = local ?? page.data ?? head.data;
  useEffect(() => {
    shown.current = data;
  });
  return { page, data };
}
