import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageViewRecord } from '../../server/store/records.types';
import { call, startTestServer, type TestServer, tokenFor } from './support/harness';

const VIEW = '/wbe/api/analytics/page-views';
const today = () => new Date().toISOString().slice(0, 10);

/** Page views counted on our own server, per route pattern and UTC day; the admins' report and list. */
describe('analytics without a third party', () => {
  let server: TestServer;
  let admin: string;
  let bank: string;
  const counters = () => server.store.collection<PageViewRecord>('pageViews');

  beforeAll(async () => {
    server = await startTestServer({
      withSmtp: false,
      loginRateLimit: 100,
      rateLimits: { anonymousPageViews: 1000, anonymousWrites: 1000 },
    });
    admin = await tokenFor(server.base, 'admin@demo.test');
    bank = await tokenFor(server.base, 'bank@demo.test');
  });
  afterAll(() => server.close());

  it('counts a view under its route pattern, never the path with its ids', async () => {
    const saq = await call(server.base, 'POST', VIEW, {
      token: bank,
      body: { path: '/app/pci-dss-requests/saq/S-4711' },
    });
    expect(saq.status).toBe(201);
    expect(saq.body.content).toEqual({ day: today(), route: '/app/pci-dss-requests/saq/:saqId' });
    const invitation = await call(server.base, 'POST', VIEW, { body: { path: '/login/secret-invitation-code' } });
    expect(invitation.body.content.route).toBe('/login/:invitationId');
    const nowhere = await call(server.base, 'POST', VIEW, { body: { path: '/no/such/page' } });
    expect(nowhere.status).toBe(201);

    const stored = JSON.stringify(await counters().all());
    expect(stored).not.toContain('S-4711');
    expect(stored).not.toContain('secret-invitation-code');
    expect(stored).not.toContain('/no/such/page');
    const record = await counters().get(`${today()} /app/pci-dss-requests/saq/:saqId`);
    expect(record).toMatchObject({ views: 1, signedIn: 1, anonymous: 0 });
    expect(Object.keys(record ?? {}).sort()).toEqual(['anonymous', 'day', 'id', 'route', 'signedIn', 'views']);
  });

  it('keeps one counter per route and day that simultaneous views all reach', async () => {
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(server.base, 'POST', VIEW, { token: i % 2 ? admin : undefined, body: { path: '/app/dashboard' } }),
      ),
    );
    const dashboard = await counters().get(`${today()} /app/dashboard`);
    expect(dashboard).toMatchObject({ views: 40, signedIn: 20, anonymous: 20 });
    expect((await counters().all()).filter((counter) => counter.route === '/app/dashboard')).toHaveLength(1);
  });

  it('reports views per day (every day of the window) and per route, busiest first', async () => {
    // an older day, inside a 7-day window
    const old = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    await counters().insert({
      id: `${old} /app/settings`,
      day: old,
      route: '/app/settings',
      views: 5,
      signedIn: 5,
      anonymous: 0,
    });
    const answer = await call(server.base, 'GET', '/wbe/api/admin/analytics?days=7', { token: admin });
    expect(answer.status).toBe(200);
    const report = answer.body.content;
    expect(report.byDay).toHaveLength(7);
    expect(report.byDay.at(-1)).toEqual({ day: today(), views: 43, signedIn: 21, anonymous: 22 });
    expect(report.byDay.find((entry: { day: string }) => entry.day === old)).toMatchObject({ views: 5 });
    expect(report.views).toBe(48);
    expect(report.byRoute[0]).toEqual({ route: '/app/dashboard', views: 40 });
    expect(report.byRoute[1]).toEqual({ route: '/app/settings', views: 5 });
    // outside a 2-day window
    const short = await call(server.base, 'GET', '/wbe/api/admin/analytics?days=2', { token: admin });
    expect(short.body.content.views).toBe(43);
    const fallback = await call(server.base, 'GET', '/wbe/api/admin/analytics', { token: admin });
    expect(fallback.body.content.byDay).toHaveLength(30);
  });

  it('lists the counters with the query contract', async () => {
    const filter = encodeURIComponent(JSON.stringify({ field: 'route', op: 'eq', value: '/app/settings' }));
    const list = await call(server.base, 'GET', `/wbe/api/admin/analytics/page-views?filter=${filter}`, {
      token: admin,
    });
    expect(list.status).toBe(200);
    expect(list.body.content.total).toBe(1);
    expect(list.body.content.items[0]).toMatchObject({ route: '/app/settings', views: 5 });
    const sorted = await call(server.base, 'GET', '/wbe/api/admin/analytics/page-views?sort=-views&pageSize=1', {
      token: admin,
    });
    expect(sorted.body.content.items[0].route).toBe('/app/dashboard');
    const unknown = await call(server.base, 'GET', '/wbe/api/admin/analytics/page-views?sort=signedIn', {
      token: admin,
    });
    expect(unknown.status).toBe(400);
  });

  it('refuses malformed views and report windows with 400', async () => {
    for (const body of [
      {},
      { path: '' },
      { path: 'app/dashboard' },
      { path: '/a?b=1' },
      { path: 5 },
      { path: '/a', x: 1 },
    ]) {
      const answer = await call(server.base, 'POST', VIEW, { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe('invalidRequest');
    }
    expect((await call(server.base, 'POST', VIEW, { body: { path: `/${'x'.repeat(2048)}` } })).status).toBe(400);
    for (const query of ['days=0', 'days=91', 'days=x', 'from=1']) {
      expect((await call(server.base, 'GET', `/wbe/api/admin/analytics?${query}`, { token: admin })).status).toBe(400);
    }
  });

  it('throttles anonymous views on a budget of their own, not the one sign-up shares', async () => {
    const limited = await startTestServer({
      withSmtp: false,
      rateLimits: { anonymousPageViews: 3, anonymousWrites: 2 },
    });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await call(limited.base, 'POST', VIEW, { body: { path: '/login' } })).status);
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
      const refused = await call(limited.base, 'POST', VIEW, { body: { path: '/login' } });
      expect(refused.body.code).toBe('tooManyRequests');
      // a signed-in view is not throttled as anonymous
      const token = await tokenFor(limited.base, 'bank@demo.test');
      expect((await call(limited.base, 'POST', VIEW, { token, body: { path: '/login' } })).status).toBe(201);
      // and the other anonymous writes still have their budget
      const report = { page_url: 'http://app.test/login', error_reason: 'x' };
      expect((await call(limited.base, 'POST', '/wbe/api/user/log/error', { body: report })).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
