import type { ComponentType } from 'react';
import { decideAccess } from '../../core/guard/guard.utils';
import { loadAppTexts } from '../i18n/i18n';
import { matchRoute } from '../../core/routes/route.utils';
import { type AppConfig, fetchAppConfig } from '../runtime/appConfig';
import { screenDocument } from '../runtime/documentQuery';
import { loadOnce } from '../lib/loadOnce';
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

/** The first reads' module (only a signed-in visit loads it), asked once. */
const firstReads = loadOnce(() => import('./firstReads'));

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
  // a screen with something to read first (not the sign-in page): its reads' code, react-query with it
  const reading = screenDocument(route.screen, route.props) !== undefined || route.screen === 'questionnaire';
  const reads =
    decision === 'allow' && reading
      ? firstReads().then((first) => first.startFirstReads(route, matched.params, config))
      : undefined;
  // with reads, the chunks a task later: the browser sends the reads' requests once this task is
  // done, and adding the chunks' preload links to the page would hold them back that long. Without
  // (the sign-in page), at once: the first render waits for them, and the task waited behind the
  // first paint
  const chunks = (reads ? new Promise((resolve) => setTimeout(resolve, 0)) : Promise.resolve()).then(() => {
    const loads = [screenFor(decision === 'forbidden' ? 'noPermission' : route.screen).preload()];
    if (route.layout === 'app') loads.push(appLayout.preload());
    return Promise.all(loads);
  });
  return Promise.all([chunks, reads]);
}

/**
 * The app documents, with the first page's chunks already in (a chunk that fails loads again on
 * render) and a list's first rows, and the session's roles and permissions read again alongside, so
 * the first render judges the route with what the user holds now.
 */
export async function bootConfig(): Promise<AppConfig> {
  // the app documents first: the first screen's reads wait for them, the first render for both
  const read = fetchAppConfig();
  // the first reads' code (react-query with it) is not on the sign-in page: a signed-in visit asks
  // for it now, so the first screen's reads do not wait for its chunk once the documents are in
  if (isSignedIn(getSession())) void firstReads();
  const session = refreshSessionAtBoot();
  const config = await read;
  await Promise.all([session, preloadFirstScreen(config, window.location.pathname).catch(() => undefined)]);
  return config;
}
