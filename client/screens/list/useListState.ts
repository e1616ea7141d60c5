import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ListBody } from '../../../core/lists/list.types';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type SortKey } from '../../../core/query/query.types';
import { afterPaint } from './afterPaint';

/** What the user chose on a list: page, page size, sort, column filters (as typed) and filter-form values. */
export interface ListState {
  page: number;
  pageSize: number;
  sort: SortKey[];
  /** column id → the filter control's value (text, a choice, a number, a day `YYYY-MM-DD`). */
  filters: Record<string, string>;
  form: Record<string, unknown>;
}

export type ListStatePatch = Partial<ListState>;

const FILTER_PREFIX = 'f.';

function positive(raw: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = raw && /^[0-9]{1,9}$/.test(raw) ? Number(raw) : 0;
  return value >= 1 ? Math.min(value, max) : fallback;
}

function sortFrom(raw: string | null, body: ListBody): SortKey[] {
  if (raw === null) return body.defaultSort ?? [];
  const sortable = new Set(body.columns.filter((column) => column.sortable).map((column) => column.field));
  return raw
    .split(',')
    .map((part): SortKey => ({ field: part.replace(/^-/, ''), direction: part.startsWith('-') ? 'desc' : 'asc' }))
    .filter((key) => sortable.has(key.field));
}

function formFrom(raw: string | null): Record<string, unknown> {
  try {
    const parsed = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** Reads a list's state from the URL query, so a reload or Back shows the same rows. */
export function stateFromParams(params: URLSearchParams, body: ListBody): ListState {
  const filters: Record<string, string> = {};
  for (const column of body.columns) {
    const value = params.get(`${FILTER_PREFIX}${column.id}`);
    if (column.filterable && value) filters[column.id] = value;
  }
  return {
    page: positive(params.get('page'), 1),
    pageSize: positive(params.get('pageSize'), body.pageSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    sort: sortFrom(params.get('sort'), body),
    filters,
    form: formFrom(params.get('form')),
  };
}

/** The URL query of a state: only what differs from the document's defaults. */
export function paramsFromState(state: ListState, body: ListBody): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page > 1) params.set('page', String(state.page));
  if (state.pageSize !== (body.pageSize ?? DEFAULT_PAGE_SIZE)) params.set('pageSize', String(state.pageSize));
  const sort = state.sort.map((key) => (key.direction === 'desc' ? `-${key.field}` : key.field)).join(',');
  const defaultSort = (body.defaultSort ?? []).map((k) => (k.direction === 'desc' ? `-${k.field}` : k.field)).join(',');
  if (sort !== defaultSort) params.set('sort', sort);
  for (const [id, value] of Object.entries(state.filters)) if (value) params.set(`${FILTER_PREFIX}${id}`, value);
  if (Object.keys(state.form).length > 0) params.set('form', JSON.stringify(state.form));
  return params;
}

/** The state object as long as it is the same state: memos over it (the query, its placeholder) hold. */
function useSameState(state: ListState): ListState {
  const kept = useRef({ state, key: JSON.stringify(state) });
  if (kept.current.state !== state) {
    const key = JSON.stringify(state);
    if (key !== kept.current.key) kept.current = { state, key };
  }
  return kept.current.state;
}

/**
 * A list's state, kept in the URL query (`syncUrl`, the list screen) or in the component (a list
 * inside a page, where several may share one URL). Changing sort, filters or page size goes back to page 1.
 */
export function useListState(body: ListBody, syncUrl: boolean): [ListState, (patch: ListStatePatch) => void] {
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState<ListState>(() => stateFromParams(new URLSearchParams(), body));
  const fromUrl = useMemo(() => stateFromParams(params, body), [params, body]);
  // The router applies a new URL in a transition, re-rendering the whole shell: a change is shown from
  // here at once (the click's own render), until the URL has changed (to it, or by Back). The URL is
  // written after the frame that shows the change: its navigation need not hold that frame back.
  const [ahead, setAhead] = useState<{ state: ListState; over: ListState } | null>(null);
  const state = useSameState(syncUrl ? (ahead?.over === fromUrl ? ahead.state : fromUrl) : local);
  const writing = useRef<() => void>(undefined);
  useEffect(() => () => writing.current?.(), []);
  const update = useCallback(
    (patch: ListStatePatch) => {
      const resetsPage = 'sort' in patch || 'filters' in patch || 'form' in patch || 'pageSize' in patch;
      const next: ListState = { ...state, ...(resetsPage ? { page: 1 } : {}), ...patch };
      if (!syncUrl) {
        setLocal(next);
        return;
      }
      setAhead({ state: next, over: fromUrl });
      writing.current?.();
      writing.current = afterPaintAt(() => {
        writing.current = undefined;
        setParams(paramsFromState(next, body));
      });
    },
    [state, syncUrl, setParams, body, fromUrl],
  );
  return [state, update];
}

/** Runs `work` once the next frame is painted, unless the URL has moved by then (Back, a link); returns a cancel. */
function afterPaintAt(work: () => void): () => void {
  const at = window.location.pathname + window.location.search;
  return afterPaint(() => {
    if (window.location.pathname + window.location.search === at) work();
  });
}
