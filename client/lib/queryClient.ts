import { QueryClient, type QueryKey } from '@tanstack/react-query';

/** Queries do not retry and do not refetch on window focus (shell §7). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/**
 * Reads the queries under `queryKey` again after a write (or an event saying one happened). Invalidating
 * alone is not enough: React Query hands a query still on its first read that read's answer, asked
 * before the write — a list opened a moment before its action ran would show the rows without the new one.
 * So reads on their way are cancelled first, and every matching query asks again.
 */
export async function readAgain(client: QueryClient, queryKey: QueryKey): Promise<void> {
  await client.cancelQueries({ queryKey });
  await client.invalidateQueries({ queryKey });
}
