import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../server/store/records.types';
import { call, linkIn, login, startTestServer, type TestServer, tokenFor } from './support/harness';

const RETURN = '/wbe/api/impersonation/return';
const LOGOUT = '/iam/api/auth/logout';

/**
 * Issue 24 item 2: an impersonation lives inside the admin's own session. Whatever ends that
 * session — the admin's password reset, the logout of the admin's token, the impersonation's own
 * logout — ends the impersonation too, "return to the original user" included.
 */
describe('an impersonation ends with the admin’s session', () => {
  let server: TestServer;
  let merchantId: string;
  let bankId: string;
  const me = (token: string) => call(server.base, 'GET', '/iam/api/me', { token });
  const giveBack = (token: string) => call(server.base, 'POST', RETURN, { token, body: {} });

  beforeAll(async () => {
    server = await startTestServer({ loginRateLimit: 100 });
    const users = await server.store.collection<UserRecord>('users').all();
    const idOf = (email: string) => users.find((user) => user.email === email)?.id as string;
    [merchantId, bankId] = [idOf('merchant@demo.test'), idOf('bank@demo.test')];
  });
  afterAll(() => server.close());

  const takeOver = async (admin: string, userId: string) => {
    const answer = await call(server.base, 'GET', `/wbe/api/admin/impersonate-uuid/${userId}`, { token: admin });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.content.token as string;
  };

  it('the admin’s logout ends the impersonation made with that token, and only that one', async () => {
    const [admin, otherDevice] = [
      await tokenFor(server.base, 'admin@demo.test'),
      await tokenFor(server.base, 'admin@demo.test'),
    ];
    const session = await takeOver(admin, merchantId);
    const elsewhere = await takeOver(otherDevice, bankId);
    expect((await me(session)).status).toBe(200);
    expect((await call(server.base, 'POST', LOGOUT, { token: admin, body: {} })).status).toBe(200);
    expect((await me(session)).status).toBe(401);
    expect((await giveBack(session)).status).toBe(401);
    expect((await me(elsewhere)).status).toBe(200);
    expect((await me(otherDevice)).status).toBe(200);
  });

  it('the impersonation’s logout ends it and the admin’s own token the browser held with it', async () => {
    const admin = await tokenFor(server.base, 'admin@demo.test');
    const session = await takeOver(admin, merchantId);
    expect((await call(server.base, 'POST', LOGOUT, { token: session, body: {} })).status).toBe(200);
    expect((await me(session)).status).toBe(401);
    expect((await me(admin)).status).toBe(401);
  });

  it('the admin’s password reset ends the impersonation, after an organisation switch too', async () => {
    const admin = await tokenFor(server.base, 'admin@demo.test');
    const session = await takeOver(admin, bankId);
    const switched = await call(server.base, 'GET', '/trn/v2/login/organization/org-demo-acquirer', { token: session });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    const switchedToken = switched.body.content.token as string;
    expect((await me(switchedToken)).status).toBe(200);

    await call(server.base, 'POST', '/iam/api/auth/forgot-password', { body: { email: 'admin@demo.test' } });
    const mail = await server.mailbox().waitFor('admin@demo.test');
    const token = linkIn(mail.text, '/reset-password?token=').searchParams.get('token');
    const reset = await call(server.base, 'POST', '/iam/api/auth/reset-password', {
      body: { token, password: 'Fresh-Pass2', password_confirm: 'Fresh-Pass2' },
    });
    expect(reset.status).toBe(200);

    expect((await me(admin)).status).toBe(401);
    for (const ended of [session, switchedToken]) {
      const answer = await me(ended);
      expect([answer.status, answer.body.code]).toEqual([401, 'unauthorized']);
      expect((await giveBack(ended)).status).toBe(401);
    }
    // the admin signs in again and impersonates anew
    const fresh = (await login(server.base, 'admin@demo.test', 'Fresh-Pass2')).body.content.token as string;
    expect((await me(await takeOver(fresh, bankId))).status).toBe(200);
  });
});
