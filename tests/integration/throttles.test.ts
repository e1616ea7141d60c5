import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEMO_TOTP_SECRET } from '../../fixtures/users';
import { totpCodes } from '../support/totp-codes';
import { passwordWork } from '../../server/auth/passwords';
import { emailLock } from '../../server/services/users';
import { openLowdbStore } from '../../server/store/lowdb-store';
import type { Store, StoredRecord } from '../../server/store/store.types';
import { type TestServer, call, login, newDataDir, startTestServer, tokenFor } from './support/harness';

const signUp = (email: string) => ({
  email,
  name: 'Throttle Check',
  company: 'Throttle Ltd',
  password: 'Strong-Pass1',
  password_confirm: 'Strong-Pass1',
  using_conditions: true,
  commercial_consent: false,
  phone: '905551110000',
  saq: true,
});

/** Issue 6 items 6, 8, 9: throttled anonymous writes and 2FA codes, no account enumeration. */
describe('throttles and enumeration', () => {
  let server: TestServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it('throttles every anonymous write per address, but not sign-in nor signed-in callers', async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100, rateLimits: { anonymousWrites: 4 } });
    const report = { page_url: 'http://app.test/x', error_reason: 'boom' };
    for (let i = 0; i < 4; i++) {
      expect((await call(server.base, 'POST', '/wbe/api/user/log/error', { body: report })).status).toBe(201);
    }
    for (const [path, body] of [
      ['/wbe/api/user/log/error', report],
      ['/iam/api/auth/register', {}],
      ['/iam/api/auth/verify', { token: 'x' }],
      ['/iam/api/auth/reset-password', { token: 'x', password: 'a', password_confirm: 'a' }],
      ['/iam/api/auth/forgot-password', { email: 'someone@demo.test' }],
    ] as const) {
      const answer = await call(server.base, 'POST', path, { body });
      expect(answer.status, path).toBe(429);
      expect(answer.body.code).toBe('tooManyRequests');
    }
    const token = await tokenFor(server.base, 'merchant@demo.test');
    expect((await call(server.base, 'POST', '/wbe/api/user/log/error', { token, body: report })).status).toBe(201);
  });

  it('accepts a limited number of sign-ups per address and hour', async () => {
    server = await startTestServer({ withSmtp: false, rateLimits: { signUp: 2 } });
    expect((await call(server.base, 'POST', '/iam/api/auth/register', { body: signUp('a@x.test') })).status).toBe(201);
    // a form mistake does not count
    expect((await call(server.base, 'POST', '/iam/api/auth/register', { body: {} })).status).toBe(422);
    expect((await call(server.base, 'POST', '/iam/api/auth/register', { body: signUp('b@x.test') })).status).toBe(201);
    const third = await call(server.base, 'POST', '/iam/api/auth/register', { body: signUp('c@x.test') });
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('tooManyRequests');
  });

  it('throttles wrong 2FA codes on enable and disable per user', async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    const nextCode = totpCodes(DEMO_TOTP_SECRET, server.clock);
    const token = await tokenFor(server.base, 'twofa@demo.test', { authcode: await nextCode() });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await call(server.base, 'POST', '/iam/api/me/2fa/disable', { token, body: { code: '000000' } })).status,
      );
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    const right = await call(server.base, 'POST', '/iam/api/me/2fa/disable', {
      token,
      body: { code: await nextCode() },
    });
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('tooManyAttempts');
  });

  it('answers sign-in, sign-up and forgot-password alike for known and unknown addresses, with the same work', async () => {
    const started = await startTestServer({
      loginRateLimit: 100,
      rateLimits: { signUp: 1000, anonymousWrites: 1000, forgotPassword: 1000 },
    });
    server = started;
    const answer = async (path: string, body: unknown) => {
      const { status, body: content } = await call(started.base, 'POST', path, { body });
      return { status, content };
    };

    // sign-in: the same 401, and one argon2 verification each (a throwaway hash for an unknown address)
    const signIns = [];
    for (const username of ['merchant@demo.test', 'nobody@demo.test']) {
      const before = passwordWork.verifications;
      const { status, body } = await login(started.base, username, 'Wrong-Pass1');
      expect(passwordWork.verifications - before, username).toBe(1);
      signIns.push({ status, body });
    }
    expect(signIns[0]).toEqual(signIns[1]);
    expect(signIns[0].status).toBe(401);

    // sign-up: answered while the account check cannot run (its address's lock is held here), and
    // hashed once either way; what differs is the mail sent afterwards
    const signUps = [];
    for (const email of ['bank@demo.test', 'brand-new@x.test']) {
      const before = passwordWork.hashes;
      let release = () => {};
      let entered = () => {};
      const holding = new Promise<void>((resolve) => (entered = resolve));
      const held = started.store.withLock(emailLock(email), () => {
        entered();
        return new Promise<void>((resolve) => (release = resolve));
      });
      await holding;
      const { status, content } = await answer('/iam/api/auth/register', signUp(email));
      expect(started.mailbox().messages.filter((mail) => mail.to.includes(email))).toEqual([]);
      release();
      await held;
      await started.mailbox().waitFor(email);
      expect(passwordWork.hashes - before, email).toBe(1);
      signUps.push({ status, keys: Object.keys(content.content), approved: content.content.approved });
    }
    expect(signUps[0]).toEqual(signUps[1]);
    expect(signUps[0]).toEqual({ status: 201, keys: ['uuid', 'email', 'approved'], approved: false });
    expect((await started.mailbox().waitFor('bank@demo.test')).subject).toMatch(/tried to register/);
    expect((await started.mailbox().waitFor('brand-new@x.test')).subject).toBe('Confirm your e-mail address');
    expect((await login(started.base, 'bank@demo.test')).status).toBe(200);

    // forgot-password: the same answer, the lookup after it; only the known address gets a mail
    const unknown = await answer('/iam/api/auth/forgot-password', { email: 'nobody@demo.test' });
    const known = await answer('/iam/api/auth/forgot-password', { email: 'merchant@demo.test' });
    expect(known).toEqual(unknown);
    expect(known).toEqual({ status: 200, content: { content: { requested: true } } });
    expect((await started.mailbox().waitFor('merchant@demo.test')).subject).toBe('Reset your password');
    await started.stopApp(); // waits for the work left after answers
    expect(started.mailbox().messages.filter((mail) => mail.to.includes('nobody@demo.test'))).toEqual([]);
  });
});

describe('one collection per write queue', () => {
  let store: Store;
  afterAll(() => store.close());

  it("a collection's slow write does not hold up another collection's", async () => {
    store = await openLowdbStore(await newDataDir());
    const reports = store.collection<StoredRecord & { text: string }>('errorReports');
    const finished: string[] = [];
    // a 20 MB line to write and fdatasync, asked first; one queue for the store would finish it first
    const slow = reports.insert({ id: 'big', text: 'x'.repeat(20_000_000) }).then(() => finished.push('errorReports'));
    const quick = store
      .collection<StoredRecord>('organizations')
      .insert({ id: 'org-quick' })
      .then(() => finished.push('organizations'));
    await Promise.all([slow, quick]);
    expect(finished).toEqual(['organizations', 'errorReports']);
  });
});
