import type { ComponentType } from 'react';
import { decideAccess } from '../../core/guard/guard.utils';
import { fillSourcePath } from '../../core/pages/page.utils';
import { loadAppTexts } from '../i18n/i18n';
import { matchRoute } from '../../core/routes/route.utils';
import { type AppConfig, appConfigQueryKey, fetchAppConfig } from '../runtime/appConfig';
import { startRecordRead } from '../screens/questionnaire/recordReads';
import { latestDocumentQuery, screenDocument } from '../runtime/documentQuery';
import { preloadable } from '../runtime/preloadable';
import { queryClient } from '../lib/queryClient';
import { screenFor } from '../runtime/screenRegistry';
import { refreshSession } from '../account/refreshSession';
import { getSession } from '../session/session.store';
import { sessionSubject } from '../session/subject';

/**
 * The full shell (navbar, menus, top bar) is its own chunk, loaded with the app part of the
 * catalogue: the sign-in page needs neither.
 */
export const appLayout = preloadable<object>(() =>
  Promise.all([import('../shell/AppLayout') as Promise<{ default: ComponentType }>, loadAppTexts()]).then(
    ([module]) => module,
  ),
);

/**
 * The chunks the first page will render (its screen and, inside the app, the shell), loaded while
 * the app documents are in hand and before the first render, so that render does not suspend.
 */
function preloadFirstScreen(config: AppConfig, pathname: string): Promise<unknown> {
  const matched = matchRoute(config.routes, pathname);
  const route = matched?.route;
  if (!route || route.redirect) return Promise.resolve();
  const decision = decideAccess(route.guard, sessionSubject(getSession()), config.roleGroups);
  if (decision === 'login') {
    const login = matchRoute(config.routes, config.routes.login)?.route;
    return screenFor(login?.screen).preload();
  }
  const loads = [screenFor(decision === 'forbidden' ? 'noPermission' : route.screen).preload()];
  if (route.layout === 'app') loads.push(appLayout.preload());
  // the document the screen reads first (a list, page or form) is asked for with its chunks, not after them
  const document = decision === 'allow' ? screenDocument(route.screen, route.props) : undefined;
  if (document) void queryClient.prefetchQuery(latestDocumentQuery(...document));
  // a questionnaire on a record: the record, then the version it pins
  const record =
    decision === 'allow' && route.screen === 'questionnaire' && typeof route.props?.source === 'string'
      ? fillSourcePath(route.props.source, matched?.params ?? {})
      : null;
  if (record) startRecordRead(record);
  return Promise.all(loads);
}

/**
 * The app documents, with the first page's chunks already in (a chunk that fails loads again on
 * render), and the session's roles and permissions read again alongside, so the first render judges
 * the route with what the user holds now.
 */
async function bootConfig(): Promise<AppConfig> {
  const [config] = await Promise.all([fetchAppConfig(), refreshSession()]);
  await preloadFirstScreen(config, window.location.pathname).catch(() => undefined);
  return config;
}

/** The query of the app documents the page boots from: started by main.tsx, read by Boot. */
export const bootConfigQuery = {
  queryKey: appConfigQueryKey,
  queryFn: bootConfig,
  staleTime: Number.POSITIVE_INFINITY,
};
