import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOTP_SECRET } from '../../fixtures/users';
import { TOTP_PERIOD_SECONDS } from '../../server/auth/totp';
import type { UserRecord } from '../../server/store/records.types';
import { call, login, startTestServer, type TestServer } from './support/harness';

const codeOf = (step: number) => generate({ secret: DEMO_TOTP_SECRET, epoch: step * TOTP_PERIOD_SECONDS });

/** RFC 6238 §5.2: a TOTP code is accepted once; the step used is kept in the store. */
describe('a TOTP code cannot be used twice', () => {
  let server: TestServer;
  const stepNow = () => Math.floor(server.clock.now().getTime() / 1000 / TOTP_PERIOD_SECONDS);
  const users = () => server.store.collection<UserRecord>('users');
  const userByEmail = async (email: string) => (await users().find((user) => user.email === email))[0];

  beforeAll(async () => {
    // the account's sign-in delay would refuse parallel attempts past its free failures: not the subject here
    server = await startTestServer({
      withSmtp: false,
      loginRateLimit: 1000,
      rateLimits: { accountSignInFailures: 100 },
    });
  });
  afterAll(() => server.close());

  it('refuses the same code at the next sign-in, and an earlier one; a later one signs in', async () => {
    const step = stepNow();
    const first = await login(server.base, 'twofa@demo.test', undefined, { authcode: await codeOf(step) });
    expect(first.status).toBe(200);
    expect((await userByEmail('twofa@demo.test')).totpLastStep).toBe(step);

    const again = await login(server.base, 'twofa@demo.test', undefined, { authcode: await codeOf(step) });
    expect(again.status).toBe(403);
    expect(again.body.code).toBe('twoFactorFailed');
    const earlier = await login(server.base, 'twofa@demo.test', undefined, { authcode: await codeOf(step - 1) });
    expect(earlier.status).toBe(403);

    const later = await login(server.base, 'twofa@demo.test', undefined, { authcode: await codeOf(step + 1) });
    expect(later.status).toBe(200);
    // turning 2FA off with that same code is a second use too
    const off = await call(server.base, 'POST', '/iam/api/me/2fa/disable', {
      token: later.body.content.token,
      body: { code: await codeOf(step + 1) },
    });
    expect(off.status).toBe(422);
    expect(off.body.code).toBe('twoFactorFailed');
  });

  it('lets exactly one of many simultaneous sign-ins with one code through', async () => {
    const merchant = await userByEmail('merchant@demo.test');
    await users().update(merchant.id, { twoFactor: { enabled: true, secret: DEMO_TOTP_SECRET } });
    const authcode = await codeOf(stepNow());
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => login(server.base, 'merchant@demo.test', undefined, { authcode })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 403, 403, 403, 403, 403, 403, 403]);
  });

  it('still refuses the code after a restart: the step is in the store, not in memory', async () => {
    const { totpLastStep } = await userByEmail('merchant@demo.test');
    expect(totpLastStep).toBeGreaterThan(0);
    await server.stopApp();
    server = await startTestServer({
      withSmtp: false,
      loginRateLimit: 1000,
      rateLimits: { accountSignInFailures: 100 },
      dataDir: server.dataDir,
    });
    const replay = await login(server.base, 'merchant@demo.test', undefined, {
      authcode: await codeOf(totpLastStep as number),
    });
    expect(replay.status).toBe(403);
    expect(replay.body.code).toBe('twoFactorFailed');
  });
});
