import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOTP_SECRET } from '../../../fixtures/users';
import { TOTP_PERIOD_SECONDS } from '../../../server/auth/totp';
import { login, newDataDir, startTestServer, type TestServer } from '../support/harness';

/** The used TOTP step is claimed in the shared database, so one code passes on one instance only. */
describe('a TOTP code across two instances', () => {
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    const shared = { dataDir: await newDataDir(), withSmtp: false, loginRateLimit: 1000 } as const;
    a = await startTestServer(shared);
    b = await startTestServer(shared);
  });
  afterAll(async () => {
    await b?.stopApp();
    await a?.close();
  });

  it('signs in once with a code sent to both instances at the same time', async () => {
    const step = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS);
    const authcode = await generate({ secret: DEMO_TOTP_SECRET, epoch: step * TOTP_PERIOD_SECONDS });
    const answers = await Promise.all(
      [a, b, a, b, a, b].map((server) => login(server.base, 'twofa@demo.test', undefined, { authcode })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403, 403, 403, 403, 403]);
    // and the one that lost on its own instance is refused there afterwards too
    expect((await login(b.base, 'twofa@demo.test', undefined, { authcode })).status).toBe(403);
    expect((await login(a.base, 'twofa@demo.test', undefined, { authcode })).status).toBe(403);
  });
});
