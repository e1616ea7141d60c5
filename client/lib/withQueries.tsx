import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { queryClient } from './queryClient';

/**
 * A lazily loaded component under the app's one query client. The provider is not above every page:
 * react-query (~10 KB brotli) stays off the sign-in page, which makes no query, and comes with the
 * chunks that read through it (the shell, the screens, the invitation notice); they share the client.
 */
export function withQueries<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  return function WithQueries(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Component {...props} />
      </QueryClientProvider>
    );
  };
}

/** A lazy import whose default export is wrapped by withQueries (for `lazy` and `preloadable`). */
export async function queryingModule<P extends object>(
  load: Promise<{ default: ComponentType<P> }>,
): Promise<{ default: ComponentType<P> }> {
  return { default: withQueries((await load).default) };
}
