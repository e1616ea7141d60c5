import { Suspense } from 'react';
import { matchRoutes, Navigate, Outlet, type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { decideAccess } from '../../core/guard/guard.utils';
import { matchRoute } from '../../core/routes/route.utils';
import type { Layout, RouteDef, RoutesBody } from '../../core/routes/route.types';
import { BareLayout } from '../shell/BareLayout';
import { useSubject } from '../shell/useSubject';
import { useAppConfig } from '../runtime/appConfig';
import { PublicLayout } from '../shell/PublicLayout';
import { usePreloadable } from '../runtime/preloadable';
import { appLayout } from './firstScreen';
import { RootFrame } from './RootFrame';
import { RouteView } from '../runtime/RouteView';
import { toRouterPath } from '../runtime/routePaths';

/**
 * The shell only for pages that will show: a redirect or a guest bound for /login renders bare,
 * so the sign-in page never loads the shell's chunk.
 */
function LazyAppLayout() {
  const { routes, roleGroups } = useAppConfig();
  const subject = useSubject();
  const { pathname } = useLocation();
  const AppLayout = usePreloadable(appLayout);
  const match = matchRoute(routes, pathname);
  const passing = match && !match.route.redirect && decideAccess(match.route.guard, subject, roleGroups) !== 'login';
  if (!passing) return <Outlet />;
  return (
    <Suspense fallback={null}>
      <AppLayout />
    </Suspense>
  );
}

const layoutElements: Record<Layout, React.ReactNode> = {
  public: <PublicLayout />,
  bare: <BareLayout />,
  app: <LazyAppLayout />,
};

function childrenFor(defs: RouteDef[], layout: Layout): RouteObject[] {
  return defs
    .filter((def) => def.layout === layout)
    .map((def) => ({ path: toRouterPath(def), element: <RouteView def={def} /> }));
}

/**
 * The routes, built at run time from the published routes document: one parent route per layout
 * (so the shell stays mounted while screens change) and a catch-all to `notFound`.
 */
export function buildRoutes(routes: RoutesBody): RouteObject[] {
  const layouts: Layout[] = ['public', 'bare', 'app'];
  return [
    {
      element: <RootFrame />,
      children: [
        ...layouts.map((layout) => ({ element: layoutElements[layout], children: childrenFor(routes.routes, layout) })),
        { path: '*', element: <Navigate to={routes.notFound} replace /> },
      ],
    },
  ];
}

/** Pathnames remembered per route tree: enough for every page of a session. */
const REMEMBERED_BRANCHES = 500;
const branches = new WeakMap<RouteObject[], Map<string, RouteObject[]>>();

/**
 * The routes on the way to the one `pathname` shows, as a tree of that branch alone (the same
 * elements), kept per pathname: react-router's matching flattens and ranks the whole tree — some
 * 180 routes — at every render, and a list writes its sort, filter and page into the URL, so each
 * of those re-rendered the routes. No branch matches: the whole tree, whose catch-all answers.
 */
export function matchedBranch(routes: RouteObject[], pathname: string): RouteObject[] {
  let known = branches.get(routes);
  if (!known) {
    known = new Map();
    branches.set(routes, known);
  }
  let branch = known.get(pathname);
  if (!branch) {
    const matches = matchRoutes(routes, pathname);
    let tree: RouteObject | undefined;
    for (const { route } of [...(matches ?? [])].reverse())
      tree = { ...route, children: tree ? [tree] : undefined } as RouteObject;
    branch = tree ? [tree] : routes;
    if (known.size >= REMEMBERED_BRANCHES) known.clear();
    known.set(pathname, branch);
  }
  return branch;
}

/**
 * The routes matched under a `BrowserRouter`: no route loads data or submits through the router, so
 * its declarative mode serves, and every page loads without the data router (about 10 KB brotli).
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const { pathname } = useLocation();
  return useRoutes(matchedBranch(routes, pathname));
}
