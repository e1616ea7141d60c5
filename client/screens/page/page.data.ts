import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { LiveRefresh } from '../../../core/documents/document.types';
import type { PageBody, PanelSource } from '../../../core/pages/page.types';
import { sourceUrl } from '../../../core/pages/page.utils';
import { clientForPath } from '../../api/clients';
import { contentOrSelf } from '../../api/http';
import { latestDocumentQuery } from '../../runtime/documentQuery';
import { readAgain } from '../../lib/queryClient';

/** The latest published page document `page/<pageId>`. */
export function usePageDocument(pageId: string) {
  return useQuery(latestDocumentQuery<PageBody>('page', pageId));
}

export const DATA_KEY = 'page-data';

/** Where a panel stands with its data source. */
export type SourceState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; data: unknown };

/** The query key of a source's filled path: a real-time event or a write reads it again by this key. */
export const sourceKey = (path: string | null) => [DATA_KEY, path] as const;

/**
 * A source's answer (`content`), fetched once per filled path and shared by every panel naming
 * it. Without a source: 'none'. A `:param` the route does not give is an error, never a call.
 * `live`: read again every `live.seconds` and when the window gets the focus back (shell §7 turns
 * both off for everything else); its `event` is the caller's to follow (LiveEvent).
 */
export function useSource(
  source: PanelSource | undefined,
  params: Record<string, unknown>,
  live?: LiveRefresh,
): SourceState {
  const path = source ? sourceUrl(source, params) : null;
  const query = useQuery({
    queryKey: sourceKey(path),
    enabled: path !== null,
    refetchInterval: live?.seconds ? live.seconds * 1000 : false,
    refetchOnWindowFocus: live !== undefined,
    queryFn: async () => {
      const { client, url } = clientForPath(path as string);
      return contentOrSelf<unknown>((await client.get(url)).data) ?? null;
    },
  });
  if (!source) return { status: 'none' };
  if (path === null) return { status: 'error', error: new Error(`unfilled ${source.path}`) };
  if (query.isPending) return { status: 'loading' };
  if (query.isError) return { status: 'error', error: query.error };
  return { status: 'ready', data: query.data };
}

/**
 * After an action or a form changed something: every page source is read again, and so are the
 * page's list panels (a saved profile changes the eligibility reasons listed beside it).
 */
export function useRefreshSources(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([readAgain(queryClient, [DATA_KEY]), readAgain(queryClient, ['list'])]);
  };
}
