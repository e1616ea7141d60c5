// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ListQuery } from '../../../core/query/query.types';

// the gateway as a test controls it: the head answers at once, the whole page when released
let releasePage: () => void = () => {};
vi.mock('../../../client/api/clients', () => ({
  clientForPath: () => ({
    url: '/rows',
    client: {
      get: async (_url: string, { params }: { params: Record<string, string> }) => {
        const size = Number(params.pageSize);
        const items = Array.from({ length: Math.min(size, 300) }, (_, i) => ({ id: String(i) }));
        if (size > 100) await new Promise<void>((resolve) => (releasePage = resolve));
        return { data: { content: { items, total: 300 } } };
      },
    },
  }),
}));

const { useListPage, HEAD_ROWS } = await import('../../../client/screens/list/listQuery');

describe('useListPage: a big page shows its first rows before the whole page is in', () => {
  it('shows the head, then the whole page in its place', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const query: ListQuery = { page: 1, pageSize: 300, sort: [] };
    const { result } = renderHook(() => useListPage('rows', '/wbe/api/rows', query), { wrapper });
    await waitFor(() => expect(result.current.data?.items).toHaveLength(HEAD_ROWS));
    expect(result.current.page.isPending).toBe(true);
    releasePage();
    await waitFor(() => expect(result.current.data?.items).toHaveLength(300));
  });
});
