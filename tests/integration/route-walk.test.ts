import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PORTFOLIO_POS_GUARD } from '../../core/guard/code-guards';
import type { RouteDef, RoutesBody } from '../../core/routes/route.types';
import { fillPath, matchRoute } from '../../core/routes/route.utils';
import { SHELL_ADMIN_PATHS } from '../support/shell-admin-routes';
import { SHELL_GUARDED_PATHS } from '../support/shell-guarded-routes';

/** The routes document every fresh store publishes as version 1 (the seed). */
const routes = JSON.parse(readFileSync(join(__dirname, '../../schemas/app/routes.json'), 'utf8')).body as RoutesBody;

/** The route that draws a path: a redirect is followed (its `:params` filled) to the route it lands on. */
function drawnBy(path: string): { path: string; route: RouteDef | undefined } {
  let current = path;
  for (let hops = 0; hops < 5; hops += 1) {
    const match = matchRoute(routes, current);
    if (!match?.route.redirect) return { path: current, route: match?.route };
    current = fillPath(match.route.redirect, match.params).split('?')[0];
  }
  throw new Error(`${path}: redirects loop`);
}

/**
 * Issue 27's done-means: no route of shell §2.3 (admin) or §2.4 (permission-guarded, with the domain
 * and asset sub-pages) is drawn by the placeholder kind. tests/e2e/route-walk.spec.ts opens them.
 */
describe('shell §2.3 and §2.4: no route is a stub', () => {
  it('draws every route with a real screen, following redirects', () => {
    const drawn = [...SHELL_ADMIN_PATHS, ...SHELL_GUARDED_PATHS].map((path) => ({ asked: path, ...drawnBy(path) }));
    expect(drawn.filter(({ route }) => !route).map(({ asked }) => asked)).toEqual([]);
    const stubs = drawn.filter(({ route }) => route?.screen === 'placeholder');
    expect(stubs.map(({ asked }) => asked)).toEqual([]);
    // the browser walk (tests/e2e/admin-portfolio-done.spec.ts) knows a stub by this class
    expect(readFileSync(join(__dirname, '../../client/screens/PlaceholderScreen.tsx'), 'utf8')).toContain(
      'className="placeholder-screen"',
    );
  });

  it('sends a scan address with no page to its dashboard', () => {
    expect(drawnBy('/app/domain/scan-1').path).toBe('/app/domain/scan-1/dashboard');
    expect(drawnBy('/app/domain/scan-1/groups/ssl_health/extra').route?.props).toEqual({ pageId: 'scan-overview' });
  });

  it("keeps the POS eligibility page's route guard equal to its endpoint's", () => {
    const route = matchRoute(routes, '/app/portfolio/m1/pos-eligibility')?.route;
    expect(route?.guard).toEqual(PORTFOLIO_POS_GUARD);
    expect(route?.props).toEqual({ pageId: 'portfolio-pos-eligibility' });
  });
});
