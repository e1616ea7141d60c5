import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';

/** server/http/list-revalidation.ts: a list page the browser holds is answered 304, never sent again. */
describe('list pages revalidate with an ETag', () => {
  let server: TestServer;
  let admin: string;
  const USERS = '/wbe/api/admin/users?page=1&pageSize=5';

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false });
    admin = await tokenFor(server.base, 'admin@demo.test');
  });
  afterAll(() => server.close());

  it('answers 304 with no body for the same rows in the same order, 200 with a new ETag once they change', async () => {
    const first = await call(server.base, 'GET', USERS, { token: admin });
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^"list-[\w-]{27}"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(first.body.content.items).toHaveLength(5);

    const again = await call(server.base, 'GET', USERS, { token: admin, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    expect(again.headers.get('etag')).toBe(etag);

    // another order is other bytes
    const sorted = await call(server.base, 'GET', `${USERS}&sort=-email`, {
      token: admin,
      headers: { 'if-none-match': etag },
    });
    expect(sorted.status).toBe(200);
    expect(sorted.headers.get('etag')).not.toBe(etag);

    // a row changes: the page is sent again
    const filter = encodeURIComponent(JSON.stringify({ field: 'email', op: 'eq', value: 'admin@demo.test' }));
    const mine = `/wbe/api/admin/users?filter=${filter}`;
    const before = await call(server.base, 'GET', mine, { token: admin });
    expect(before.body.content.total).toBe(1);
    const held = { 'if-none-match': before.headers.get('etag') as string };
    expect((await call(server.base, 'GET', mine, { token: admin, headers: held })).status).toBe(304);
    expect(
      (await call(server.base, 'PUT', '/iam/api/me', { token: admin, body: { name: 'Renamed Admin' } })).status,
    ).toBe(200);
    const changed = await call(server.base, 'GET', mine, { token: admin, headers: held });
    expect(changed.status).toBe(200);
    expect(changed.body.content.items[0].name).toBe('Renamed Admin');
  });

  it('still checks the caller first: no token, no 304', async () => {
    const first = await call(server.base, 'GET', USERS, { token: admin });
    const anonymous = await call(server.base, 'GET', USERS, {
      headers: { 'if-none-match': first.headers.get('etag') as string },
    });
    expect(anonymous.status).toBe(401);
  });

  it('keeps every other answer out of every cache', async () => {
    const me = await call(server.base, 'GET', '/iam/api/me', { token: admin });
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect(me.headers.get('etag')).toBeNull();
  });
});
