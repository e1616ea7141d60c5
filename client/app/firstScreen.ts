import type { ComponentType } from 'react';
import type { ConfigDocument } from '../../core/documents/document.types';
import type { ListBody } from '../../core/lists/list.types';
import type { RouteDef } from '../../core/routes/route.types';
import { decideAccess } from '../../core/guard/guard.utils';
import { fillSourcePath } from '../../core/pages/page.utils';
import { loadAppTexts } from '../i18n/i18n';
import { matchRoute } from '../../core/routes/route.utils';
import { type AppConfig, fetchAppConfig } from '../runtime/appConfig';
import { firstDocumentQuery, screenDocument } from '../runtime/documentQuery';
import { preloadable } from '../runtime/preloadable';
import { screenFor } from '../runtime/screenRegistry';
import { refreshSessionAtBoot } from '../account/refreshSession';
import { getSession, isSignedIn } from '../session/session.store';
import { sessionSubject } from '../session/subject';

/**
 * The full shell (navbar, menus, top bar) is its own chunk, loaded with the app part of the
 * catalogue: the sign-in page needs neither.
 */
export const appLayout = preloadable<object>(() =>
  Promise.all([
    import('../shell/AppLayout') as Promise<{ default: ComponentType }>,
    import('../lib/withQueries'),
    loadAppTexts(),
  ]).then(([module, { withQueries }]) => ({ default: withQueries(module.default) })),
);

/**
 * The chunks the first page will render (its screen and, inside the app, the shell) and its first
 * reads, asked as soon as the app documents are in — judged by the stored session while GET /me
 * reads it again: a guess that turns out wrong costs a chunk, a document or a read the server
 * refuses, no more. The first render judges the route with the session /me answered.
 */
function preloadFirstScreen(config: AppConfig, pathname: string): Promise<unknown> {
  const matched = matchRoute(config.routes, pathname);
  const route = matched?.route;
  if (!matched || !route || route.redirect) return Promise.resolve();
  const decision = decideAccess(route.guard, sessionSubject(getSession()), config.roleGroups);
  if (decision === 'login') {
    const login = matchRoute(config.routes, config.routes.login)?.route;
    return screenFor(login?.screen).preload();
  }
  const reads = decision === 'allow' ? startFirstReads(route, matched.params, config) : undefined;
  // the chunks a task later: the browser sends the reads' requests once this task is done, and adding
  // the chunks' preload links to the page would hold them back that long
  const chunks = new Promise((resolve) => setTimeout(resolve, 0)).then(() => {
    const loads = [screenFor(decision === 'forbidden' ? 'noPermission' : route.screen).preload()];
    if (route.layout === 'app') loads.push(appLayout.preload());
    return Promise.all(loads);
  });
  return Promise.all([chunks, reads]);
}

/**
 * What the first screen reads first, asked with its chunks, not after them: its document (a list,
 * page or form), then a list's first rows; a questionnaire's record, then the version it pins.
 * Settles when the list's first rows are in (or failed): the first render shows them with the
 * shell rather than rendering the shell and the list again for them (100 ms or more on a busy core).
 */
function startFirstReads(route: RouteDef, params: Record<string, string>, config: AppConfig): Promise<unknown> {
  const document = screenDocument(route.screen, route.props);
  let rows: Promise<unknown> | undefined;
  if (document) {
    const read = import('../lib/queryClient').then(({ queryClient }) =>
      queryClient.fetchQuery(firstDocumentQuery(...document)),
    );
    read.catch(() => undefined);
    if (route.screen === 'list' && route.props?.embedded !== true)
      rows = startListRead(read as Promise<ConfigDocument<ListBody>>, route.props ?? {}, params, config);
  }
  const record =
    route.screen === 'questionnaire' && typeof route.props?.source === 'string'
      ? fillSourcePath(route.props.source, params)
      : null;
  if (record) void import('../screens/questionnaire/recordReads').then((reads) => reads.startRecordRead(record));
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

/**
 * The app documents, with the first page's chunks already in (a chunk that fails loads again on
 * render) and a list's first rows, and the session's roles and permissions read again alongside, so
 * the first render judges the route with what the user holds now.
 */
export async function bootConfig(): Promise<AppConfig> {
  // the app documents first: the first screen's reads wait for them, the first render for both
  const read = fetchAppConfig();
  // react-query is not on the sign-in page (client/lib/withQueries.tsx): a signed-in visit asks for
  // it now, so the first screen's reads do not wait for its chunk once the documents are in
  if (isSignedIn(getSession())) void import('../lib/queryClient');
  const session = refreshSessionAtBoot();
  const config = await read;
  await Promise.all([session, preloadFirstScreen(config, window.location.pathname).catch(() => undefined)]);
  return config;
}
