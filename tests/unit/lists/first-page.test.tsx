// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ListBody } from '../../../core/lists/list.types';

// the gateway: every page asked is counted; a page of at most 300 rows of a 300-row collection
const asked: Record<string, string>[] = [];
vi.mock('../../../client/api/clients', () => ({
  clientForPath: (path: string) => ({
    url: path,
    client: {
      get: async (_url: string, { params }: { params: Record<string, string> }) => {
        asked.push(params);
        const items = Array.from({ length: Math.min(Number(params.pageSize), 300) }, (_, i) => ({ id: String(i) }));
        return { data: { content: { items, total: 300 } } };
      },
    },
  }),
}));

const { startFirstPage } = await import('../../../client/screens/list/firstPage');
const { queryOfState, useListPage, HEAD_ROWS } = await import('../../../client/screens/list/listQuery');
const { stateFromParams } = await import('../../../client/screens/list/useListState');

const body: ListBody = {
  title: 'mailLogs.title',
  source: { path: '/wbe/api/mail-logs' },
  columns: [
    { id: 'createdAt', field: 'createdAt', title: 'mailLogs.date', type: 'datetime', sortable: true, filterable: true },
    { id: 'to', field: 'to', title: 'mailLogs.to', type: 'text', sortable: true, filterable: true },
  ],
  defaultSort: [{ field: 'createdAt', direction: 'desc' }],
  pageSize: 50,
};

describe('a list opening the visit: the first rows read at boot are the ones the list shows', () => {
  it('asks a big page’s first rows, then the whole page; the list shows the rows in its first render and asks neither again', async () => {
    const search = '?pageSize=300&sort=-to&f.createdAt=2026-11-02&f.to=user';
    await startFirstPage({ listId: 'mail-logs', body, params: {}, search, defaultTimezone: 'Europe/Istanbul' });
    // the whole page once the first rows are in: asked beside them, it held their answer back
    expect(asked.map((params) => params.pageSize)).toEqual([String(HEAD_ROWS), '300']);

    // what ListView asks: the state from the same address, the day's bounds in the same zone
    const query = queryOfState(body, stateFromParams(new URLSearchParams(search), body), 'Europe/Istanbul');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useListPage('mail-logs', '/wbe/api/mail-logs', query), { wrapper });
    // the boot's answers are in the first render (its first rows, or the whole page if in by then)
    expect(result.current.data?.items.length).toBeGreaterThanOrEqual(HEAD_ROWS);
    await waitFor(() => expect(result.current.data?.items).toHaveLength(300));
    expect(asked.map((params) => params.pageSize)).toEqual([String(HEAD_ROWS), '300']);
  });
});
