import type { ConfigDocument } from '../../core/documents/document.types';
import { contentOrSelf } from '../api/content';
import { gatewayClients } from '../api/gateway';

/**
 * The query of the latest published config document `<kind>/<id>`: one key and one fetch for every
 * screen that reads its document, so the boot can start the first screen's read with its chunks
 * (client/app/firstScreen.ts) and the screen finds it in flight or done.
 */
export function latestDocumentQuery<B>(kind: string, id: string) {
  return {
    queryKey: ['config', kind, id] as const,
    queryFn: async () => {
      const { config } = await gatewayClients();
      return contentOrSelf<ConfigDocument<B>>((await config.get(`/documents/${kind}/${encodeURIComponent(id)}`)).data);
    },
  };
}

/**
 * latestDocumentQuery for the first screen's document, asked with fetch like the app documents
 * (fetchAppConfig), so the boot does not wait for the gateway clients (axios and what it imports: a
 * chunk or three on a cold core) to ask for it. Anything but an answer is asked again through
 * them, so a failure (an organisation's document needs the caller) reads as every other read's.
 */
export function firstDocumentQuery<B>(kind: string, id: string) {
  const query = latestDocumentQuery<B>(kind, id);
  return {
    queryKey: query.queryKey,
    queryFn: async () => {
      const answer = await fetch(`/config/v1/documents/${kind}/${encodeURIComponent(id)}`, {
        headers: { accept: 'application/json' },
      }).catch(() => undefined);
      return answer?.ok ? contentOrSelf<ConfigDocument<B>>(await answer.json()) : query.queryFn();
    },
  };
}

/** The screen kinds that render a document named by one of their props: list, page, form. */
const DOCUMENT_PROP: Record<string, [kind: string, prop: string]> = {
  list: ['list', 'listId'],
  page: ['page', 'pageId'],
  form: ['form', 'formId'],
};

/** The document a route's screen will read first, if its kind names one. */
export function screenDocument(
  screen: string | undefined,
  props: Record<string, unknown> | undefined,
): [kind: string, id: string] | undefined {
  const named = screen ? DOCUMENT_PROP[screen] : undefined;
  const id = named ? props?.[named[1]] : undefined;
  return named && typeof id === 'string' ? [named[0], id] : undefined;
}
