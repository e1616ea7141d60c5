import { QueryClient } from '@tanstack/react-query';

/** Queries do not retry and do not refetch on window focus (shell §7). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
