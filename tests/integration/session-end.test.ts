import { SignJWT } from 'jose';
import type Pusher from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOTP_SECRET } from '../../fixtures/users';
import { totpCodes } from '../support/totp-codes';
import { userChannel } from '../../server/realtime/publish';
import { purgeExpiredRevocations } from '../../server/auth/revocations';
import type { RevokedSessionRecord, UserRecord } from '../../server/store/records.types';
import { type TestServer, call, linkIn, login, startTestServer, tokenFor } from './support/harness';
import { connectionState, next, pusherFor } from './support/pusher-client';

const SECRET = 'a-test-signing-key-that-is-long-enough-0123456789';
const LOGOUT = '/iam/api/auth/logout';

/** Issue 6 items 5, 10, 11: sessions that end, tokens that expire, answers no cache keeps. */
describe('sessions end when they must', () => {
  let server: TestServer;
  const me = (token: string) => call(server.base, 'GET', '/iam/api/me', { token });
  const userId = async (email: string) =>
    (await server.store.collection<UserRecord>('users').find((user) => user.email === email))[0].id;

  beforeAll(async () => {
    server = await startTestServer({ jwtSecret: SECRET, loginRateLimit: 100 });
  });
  afterAll(() => server.close());
  const clients: Pusher[] = [];
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });

  /** A real pusher-js socket subscribed to the user's channel; `refused` resolves with the code it is closed with. */
  async function socketOf(token: string, email: string) {
    const client = pusherFor(server.base, token);
    clients.push(client);
    await next(client.subscribe(userChannel(await userId(email))), 'pusher:subscription_succeeded');
    const refused = next<{ data: { code: number } }>(client.connection, 'error').then((error) => error.data.code);
    return { client, refused };
  }
  /** What subscribing with `token` on a new socket answers: 'ok' or the auth endpoint's status. */
  async function subscribeWith(token: string, email: string): Promise<'ok' | number> {
    const client = pusherFor(server.base, token);
    clients.push(client);
    const channel = client.subscribe(userChannel(await userId(email)));
    return Promise.race([
      next(channel, 'pusher:subscription_succeeded').then(() => 'ok' as const),
      next<{ status: number }>(channel, 'pusher:subscription_error').then((error) => error.status),
    ]);
  }

  it('a password reset ends every session issued before it', async () => {
    const before = [await tokenFor(server.base, 'owner@demo.test'), await tokenFor(server.base, 'owner@demo.test')];
    expect((await me(before[0])).status).toBe(200);
    const socket = await socketOf(before[0], 'owner@demo.test');
    await call(server.base, 'POST', '/iam/api/auth/forgot-password', { body: { email: 'owner@demo.test' } });
    const mail = await server.mailbox().waitFor('owner@demo.test');
    const token = linkIn(mail.text, '/reset-password?token=').searchParams.get('token');
    const reset = await call(server.base, 'POST', '/iam/api/auth/reset-password', {
      body: { token, password: 'Fresh-Pass2', password_confirm: 'Fresh-Pass2' },
    });
    expect(reset.status).toBe(200);
    for (const old of before) {
      const answer = await me(old);
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe('unauthorized');
    }
    const fresh = await login(server.base, 'owner@demo.test', 'Fresh-Pass2');
    expect((await me(fresh.body.content.token)).status).toBe(200);
    // the real-time socket went with the sessions, and the old token cannot subscribe again
    expect(await socket.refused).toBe(4009);
    await connectionState(socket.client, 'disconnected');
    expect(await subscribeWith(before[1], 'owner@demo.test')).toBe(401);
    expect(await subscribeWith(fresh.body.content.token, 'owner@demo.test')).toBe('ok');
  });

  it('turning 2FA off ends the other sessions; the one asking goes on with a fresh token', async () => {
    const nextCode = totpCodes(DEMO_TOTP_SECRET, server.clock);
    const code = async () => ({ authcode: await nextCode() });
    const elsewhere = await tokenFor(server.base, 'twofa@demo.test', await code());
    const here = await tokenFor(server.base, 'twofa@demo.test', await code());
    const socket = await socketOf(elsewhere, 'twofa@demo.test');
    const disabled = await call(server.base, 'POST', '/iam/api/me/2fa/disable', {
      token: here,
      body: { code: await nextCode() },
    });
    expect(disabled.status).toBe(200);
    expect(disabled.body.content.twoFactorEnabled).toBe(false);
    expect((await me(elsewhere)).status).toBe(401);
    expect((await me(here)).status).toBe(401);
    expect((await me(disabled.body.content.token)).status).toBe(200);
    // every socket of the user closes; the one asking subscribes again with its fresh token
    expect(await socket.refused).toBe(4009);
    expect(await subscribeWith(elsewhere, 'twofa@demo.test')).toBe(401);
    expect(await subscribeWith(disabled.body.content.token, 'twofa@demo.test')).toBe('ok');
  }); // three codes: the third moves the server clock to the next 30-second step, no waiting

  it("an admin's deactivation ends the sessions for good, even after approving the account again", async () => {
    const admin = await tokenFor(server.base, 'admin@demo.test');
    const session = await tokenFor(server.base, 'assessor@demo.test');
    const uuid = await userId('assessor@demo.test');
    const plain = await tokenFor(server.base, 'merchant@demo.test');
    const refused = await call(server.base, 'POST', `/wbe/api/admin/users/${uuid}/deactivate`, { token: plain });
    expect(refused.status).toBe(403);

    const deactivated = await call(server.base, 'POST', `/wbe/api/admin/users/${uuid}/deactivate`, { token: admin });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.content.approved).toBe(false);
    expect((await me(session)).status).toBe(401);
    expect((await login(server.base, 'assessor@demo.test')).status).toBe(423);

    await call(server.base, 'POST', `/wbe/api/admin/users/${uuid}/approve`, { token: admin });
    expect((await me(session)).status).toBe(401);
    expect((await me(await tokenFor(server.base, 'assessor@demo.test'))).status).toBe(200);

    const self = await call(server.base, 'POST', `/wbe/api/admin/users/${await userId('admin@demo.test')}/deactivate`, {
      token: admin,
    });
    expect(self.status).toBe(400);
  });

  it('refuses a token signed with the real key but without an expiry, or without an id a logout could revoke', async () => {
    const sub = await userId('merchant@demo.test');
    const key = new TextEncoder().encode(SECRET);
    const forever = await new SignJWT({ gen: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setJti('a')
      .sign(key);
    expect((await me(forever)).status).toBe(401);
    const nameless = await new SignJWT({ gen: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setExpirationTime('1h')
      .sign(key);
    expect((await me(nameless)).status).toBe(401);
    const expiring = await new SignJWT({ gen: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setJti('b')
      .setExpirationTime('1h')
      .sign(key);
    expect((await me(expiring)).status).toBe(200);
  });

  it('logout revokes the token it is called with on the server: that token gets 401, the user’s other sessions go on', async () => {
    const [here, elsewhere] = [
      await tokenFor(server.base, 'bank@demo.test'),
      await tokenFor(server.base, 'bank@demo.test'),
    ];
    expect((await call(server.base, 'POST', LOGOUT)).status).toBe(401);
    const odd = await call(server.base, 'POST', LOGOUT, { token: here, body: { everywhere: true } });
    expect([odd.status, odd.body.code]).toEqual([400, 'invalidRequest']);
    const out = await call(server.base, 'POST', LOGOUT, { token: here, body: {} });
    expect([out.status, out.body.content]).toEqual([200, { loggedOut: true }]);
    for (const path of ['/iam/api/me', '/wbe/api/sites']) {
      const answer = await call(server.base, 'GET', path, { token: here });
      expect([answer.status, answer.body.code], path).toEqual([401, 'unauthorized']);
    }
    expect((await call(server.base, 'POST', LOGOUT, { token: here, body: {} })).status).toBe(401);
    expect((await me(elsewhere)).status).toBe(200);
    // the revocation outlives nothing: it is purged once the token would have expired anyway
    const revoked = server.store.collection<RevokedSessionRecord>('revokedSessions');
    expect((await revoked.all()).length).toBeGreaterThan(0);
    expect(await purgeExpiredRevocations(server.ctx, new Date(Date.now() + 9 * 60 * 60 * 1000))).toBeGreaterThan(0);
    expect(await revoked.all()).toEqual([]);
  });

  it('answers that carry tokens or the profile are never stored by a cache', async () => {
    const signedIn = await login(server.base, 'admin@demo.test');
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    const token = signedIn.body.content.token as string;
    expect((await me(token)).headers.get('cache-control')).toBe('no-store');
    const put = await call(server.base, 'PUT', '/iam/api/me', { token, body: {} });
    expect(put.headers.get('cache-control')).toBe('no-store');
    const switched = await call(server.base, 'GET', '/trn/v2/login/organization/org-demo-bank', { token });
    expect(switched.headers.get('cache-control')).toBe('no-store');
    const target = await userId('merchant@demo.test');
    const impersonated = await call(server.base, 'GET', `/wbe/api/admin/impersonate-uuid/${target}`, { token });
    expect(impersonated.status).toBe(200);
    expect(impersonated.headers.get('cache-control')).toBe('no-store');
  });
});
