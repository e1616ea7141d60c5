import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { matchRoute } from '../../core/routes/route.utils';
import { IeWarning } from '../shell/IeWarning';
import { useSubject } from '../shell/useSubject';
import { usePreferencesEffect } from '../shell/preferences';
import { trackPageView } from '../runtime/analytics';
import { useAppConfig } from '../runtime/appConfig';
import { setNavigator } from '../lib/navigation';
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
    const pathname = location.pathname;
    const route = matchRoute(routes, pathname)?.route;
    // only a signed-in user's app pages warm their siblings: a visitor's page never loads the code
    if (!route || !subject.signedIn || route.layout !== 'app') return;
    void import('../runtime/preload').then(({ preloadSiblings }) =>
      preloadSiblings(route, { routes, menus, pathname, subject, roleGroups, limit: shell.preloadSiblingRoutes }),
    );
  }, [location.pathname, routes, menus, roleGroups, subject, shell.preloadSiblingRoutes]);

  return (
    <>
      <IeWarning />
      <Outlet />
    </>
  );
}
