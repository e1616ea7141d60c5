import type { ConfigDocument } from '../../core/documents/document.types';
import type { ListBody } from '../../core/lists/list.types';
import type { RouteDef } from '../../core/routes/route.types';
import { queryClient } from '../lib/queryClient';
import type { AppConfig } from '../runtime/appConfig';
import { firstDocumentQuery, screenDocument } from '../runtime/documentQuery';
import { startRecordReadAt } from '../screens/questionnaire/recordReads';

// The first reads of a signed-in visit (client/app/firstScreen.ts): a chunk of their own, with
// react-query, which the sign-in page goes without.

/**
 * What the first screen reads first, asked with its chunks, not after them: its document (a list,
 * page or form), then a list's first rows; a questionnaire's record, then the version it pins.
 * Settles when the list's first rows are in (or failed): the first render shows them with the
 * shell rather than rendering the shell and the list again for them (100 ms or more on a busy core).
 */
export function startFirstReads(route: RouteDef, params: Record<string, string>, config: AppConfig): Promise<unknown> {
  const document = screenDocument(route.screen, route.props);
  let rows: Promise<unknown> | undefined;
  if (document) {
    const read = queryClient.fetchQuery(firstDocumentQuery(...document));
    read.catch(() => undefined);
    if (route.screen === 'list' && route.props?.embedded !== true)
      rows = startListRead(read as Promise<ConfigDocument<ListBody>>, route.props ?? {}, params, config);
  }
  const source = route.screen === 'questionnaire' ? route.props?.source : undefined;
  // in this chunk (2 KB for every first page): loaded apart, the record was asked a task later,
  // once the shell's first render had given the main thread back
  if (typeof source === 'string') startRecordReadAt(source, params);
  return rows ?? Promise.resolve();
}

/** A list's first rows, asked once its document is in (client/screens/list/firstPage.ts, loaded beside it). */
async function startListRead(
  read: Promise<ConfigDocument<ListBody>>,
  props: Record<string, unknown>,
  params: Record<string, string>,
  config: AppConfig,
): Promise<unknown> {
  try {
    const [{ startFirstPage }, document] = await Promise.all([import('../screens/list/firstPage'), read]);
    if (typeof props.listId !== 'string') return;
    return await startFirstPage({
      listId: props.listId,
      body: document.body,
      source: typeof props.source === 'string' ? props.source : undefined,
      params,
      search: window.location.search,
      defaultTimezone: config.shell.defaultTimezone,
    });
  } catch {
    // the screen reads its document and rows itself and says what failed
  }
}
