import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer, tokenFor } from './support/harness';
import { fillPath, type MountedRoute, mountedRoutes } from './support/mounted-routes';

/**
 * The admin area's endpoints, found by walking the routers (so a route added later is covered):
 * every one under /wbe/api/admin answers 401 signed out and 403 to a signed-in non-admin, before
 * it reads a parameter or a body; an admin gets past the guard.
 */
describe('every /wbe/api/admin endpoint is guarded on the server', () => {
  let server: TestServer;
  let adminRoutes: MountedRoute[];
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    adminRoutes = mountedRoutes(server.app).filter((route) => route.path.startsWith('/wbe/api/admin/'));
    for (const email of ['admin@demo.test', 'bank@demo.test', 'merchant@demo.test']) {
      tokens[email] = await tokenFor(server.base, email);
    }
  });
  afterAll(() => server.close());

  const send = (route: MountedRoute, token?: string) =>
    call(server.base, route.method, fillPath(route.path, {}), {
      token,
      ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { body: {} }),
    });

  it('finds the admin services of issue 8 among them', () => {
    const listed = adminRoutes.map((route) => `${route.method} ${route.path}`);
    for (const expected of [
      'GET /wbe/api/admin/analytics',
      'GET /wbe/api/admin/analytics/page-views',
      'GET /wbe/api/admin/impersonations',
      'GET /wbe/api/admin/smtp-settings',
      'PUT /wbe/api/admin/smtp-settings',
      'DELETE /wbe/api/admin/smtp-settings',
      'POST /wbe/api/admin/smtp-settings/test',
    ]) {
      expect(listed).toContain(expected);
    }
  });

  it('answers 401 signed out and 403 noPermission to a bank user and a merchant', async () => {
    for (const route of adminRoutes) {
      if (route.method === 'HEAD') continue;
      const name = `${route.method} ${route.path}`;
      expect((await send(route)).status, name).toBe(401);
      for (const email of ['bank@demo.test', 'merchant@demo.test']) {
        const refused = await send(route, tokens[email]);
        expect(refused.status, `${name} as ${email}`).toBe(403);
        expect(refused.body.code, `${name} as ${email}`).toBe('noPermission');
      }
    }
  });

  it('lets an admin past the guard', async () => {
    for (const route of adminRoutes) {
      if (route.method === 'HEAD' || route.method === 'DELETE') continue; // no deleting demo users here
      const answer = await send(route, tokens['admin@demo.test']);
      expect([401, 403], `${route.method} ${route.path}`).not.toContain(answer.status);
    }
  });

  it('refuses the return of an impersonation to any session that is not one', async () => {
    for (const email of ['admin@demo.test', 'bank@demo.test']) {
      const answer = await call(server.base, 'POST', '/wbe/api/impersonation/return', {
        token: tokens[email],
        body: {},
      });
      expect(answer.status, email).toBe(403);
    }
  });
});
