// @vitest-environment jsdom
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import routesDocument from '../../../schemas/app/routes.json';
import { buildRoutes, matchedBranch } from '../../../client/app/buildRouter';
import type { RoutesBody } from '../../../core/routes/route.types';

const body = routesDocument.body as RoutesBody;
const routes = buildRoutes(body);

/** A pathname each route matches: params filled, a splat given two segments, and one deeper path. */
const pathnamesOf = (path: string) => {
  const filled = path.replace(/:[A-Za-z0-9_]+\??/g, 'p-1').replace(/\*$/, 'a/b');
  return [filled, `${filled.replace(/\/$/, '')}/deeper`];
};

const leaf = (tree: RouteObject[], pathname: string) => {
  const matches = matchRoutes(tree, pathname);
  const last = matches?.at(-1);
  return last ? { path: last.route.path, element: last.route.element, params: last.params } : null;
};

describe('the routes of the one branch a pathname shows', () => {
  it('match every pathname as the whole tree does: the same route, element and params', () => {
    const pathnames = [
      ...body.routes.flatMap((route) => pathnamesOf(route.path)),
      '/',
      '/no/such/page',
      '/APP/dashboard',
    ];
    expect(pathnames.length).toBeGreaterThan(300);
    for (const pathname of pathnames)
      expect(leaf(matchedBranch(routes, pathname), pathname), pathname).toEqual(leaf(routes, pathname));
  });

  it('hold that branch alone, kept per pathname', () => {
    const branch = matchedBranch(routes, '/app/dashboard');
    expect(matchedBranch(routes, '/app/dashboard')).toBe(branch);
    const depth = (tree: RouteObject[] | undefined): number => (tree?.length ? 1 + depth(tree[0].children) : 0);
    expect(branch).toHaveLength(1);
    expect(depth(branch)).toBe(3); // the frame, the app layout, the dashboard
    expect(branch[0].children?.[0].children).toHaveLength(1);
  });
});
