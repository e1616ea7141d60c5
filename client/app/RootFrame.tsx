import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { visibleMenu } from '../../core/menus/menu.utils';
import { matchRoute } from '../../core/routes/route.utils';
import { IeWarning } from '../shell/IeWarning';
import { useSubject } from '../shell/useSubject';
import { usePreferencesEffect } from '../shell/preferences';
import { trackPageView } from '../runtime/analytics';
import { useAppConfig } from '../runtime/appConfig';
import { setNavigator } from '../lib/navigation';
import { preloadSiblings } from '../runtime/preload';
import { checkForUpdate } from './serviceWorker';

/** Above every layout: page views, sibling preloading, theme/language, and router navigation for non-React code. */
export function RootFrame() {
  const location = useLocation();
  const navigate = useNavigate();
  const { routes, menus, roleGroups, shell } = useAppConfig();
  const subject = useSubject();
  usePreferencesEffect(shell.languageChangeDelayMs);

  useEffect(() => {
    setNavigator((path) => navigate(path));
    return () => setNavigator(null);
  }, [navigate]);

  // a route change is when a tab left open learns of a new version (it then reloads into it)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route change is the trigger
  useEffect(() => checkForUpdate(), [location.pathname]);
  // one view per route change, whatever else changes (a session, a published document)
  useEffect(() => {
    trackPageView(location.pathname);
  }, [location.pathname]);

  useEffect(() => {
    const match = matchRoute(routes, location.pathname);
    if (!match) return;
    const menu = visibleMenu(menus.main, subject, location.pathname, {}, roleGroups);
    preloadSiblings(match.route, { routes, menu, subject, roleGroups, limit: shell.preloadSiblingRoutes });
  }, [location.pathname, routes, menus, roleGroups, subject, shell.preloadSiblingRoutes]);

  return (
    <>
      <IeWarning />
      <Outlet />
    </>
  );
}
