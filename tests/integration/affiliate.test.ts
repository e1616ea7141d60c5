import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../server/store/records.types';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';

/** Shell §7: the web backend clears the stored affiliate id 'when the server says so' (X-Clear-AffId). */
describe('the affiliate id', () => {
  let server: TestServer;
  const stored = async (email: string) =>
    (await server.store.collection<UserRecord>('users').find((user) => user.email === email))[0];

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
  });
  afterAll(() => server.close());

  it('is written to the signed-in account once, and every such answer tells the browser to forget it', async () => {
    const token = await tokenFor(server.base, 'merchant@demo.test');
    const first = await call(server.base, 'GET', '/wbe/api/sites', { token, headers: { 'x-aff-id': 'partner-7' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-clear-affid')).toBe('1');
    expect((await stored('merchant@demo.test')).affiliateId).toBe('partner-7');

    const second = await call(server.base, 'GET', '/wbe/api/sites', { token, headers: { 'x-aff-id': 'partner-9' } });
    expect(second.headers.get('x-clear-affid')).toBe('1');
    expect((await stored('merchant@demo.test')).affiliateId).toBe('partner-7');

    const garbage = await tokenFor(server.base, 'bank@demo.test');
    const odd = await call(server.base, 'GET', '/wbe/api/sites', {
      token: garbage,
      headers: { 'x-aff-id': '<script>' },
    });
    expect(odd.headers.get('x-clear-affid')).toBe('1');
    expect((await stored('bank@demo.test')).affiliateId).toBeUndefined();
  });

  it('stays with the browser while nobody is signed in, and is not cleared without one', async () => {
    const report = { page_url: 'http://app.test/x', error_reason: 'boom' };
    const anonymous = await call(server.base, 'POST', '/wbe/api/user/log/error', {
      body: report,
      headers: { 'x-aff-id': 'partner-7' },
    });
    expect(anonymous.status).toBe(201);
    expect(anonymous.headers.get('x-clear-affid')).toBeNull();
    const token = await tokenFor(server.base, 'merchant@demo.test');
    expect((await call(server.base, 'GET', '/wbe/api/sites', { token })).headers.get('x-clear-affid')).toBeNull();
  });

  it('is taken by a signed-in page view (often the first web-backend call), not by a signed-out one', async () => {
    const view = { path: '/app/dashboard' };
    const anonymous = await call(server.base, 'POST', '/wbe/api/analytics/page-views', {
      body: view,
      headers: { 'x-aff-id': 'partner-11' },
    });
    expect(anonymous.status).toBe(201);
    expect(anonymous.headers.get('x-clear-affid')).toBeNull();
    const token = await tokenFor(server.base, 'assessor@demo.test');
    const signedIn = await call(server.base, 'POST', '/wbe/api/analytics/page-views', {
      token,
      body: view,
      headers: { 'x-aff-id': 'partner-11' },
    });
    expect(signedIn.status).toBe(201);
    expect(signedIn.headers.get('x-clear-affid')).toBe('1');
    expect((await stored('assessor@demo.test')).affiliateId).toBe('partner-11');
  });
});
