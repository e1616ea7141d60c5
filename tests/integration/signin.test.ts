import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTotp } from '../../server/auth/totp';
import { totpCodes } from '../support/totp-codes';
import { type TestServer, call, login, startTestServer } from './support/harness';

const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('POST /iam/api/login', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
  });
  afterAll(() => server.close());

  it('answers 401 credentialsAreIncorrect on the username field for an unknown e-mail', async () => {
    const answer = await login(server.base, 'nobody@demo.test');
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      code: 'credentialsAreIncorrect',
      message: 'The provided credentials are incorrect.',
      errors: { username: 'credentialsAreIncorrect' },
    });
  });

  it('answers 401 for a wrong password, in Turkish when asked', async () => {
    const answer = await call(server.base, 'POST', '/iam/api/login', {
      form: { username: 'admin@demo.test', password: 'Wrong-Pass1' },
      headers: { 'accept-language': 'tr-TR,tr;q=0.9' },
    });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('credentialsAreIncorrect');
    expect(answer.body.message).not.toBe('The provided credentials are incorrect.');
    expect(answer.body.message.length).toBeGreaterThan(0);
  });

  it('answers 428 notVerified for an unverified account', async () => {
    const answer = await login(server.base, 'unverified@demo.test');
    expect(answer.status).toBe(428);
    expect(answer.body.code).toBe('notVerified');
  });

  it('answers 423 notApproved for a verified account not yet approved', async () => {
    const answer = await login(server.base, 'pending@demo.test');
    expect(answer.status).toBe(423);
    expect(answer.body.code).toBe('notApproved');
    expect(answer.body.message).toBe('You can login when your account is approved by system admin');
  });

  it('does not reveal account state to a wrong password (401 before 428/423)', async () => {
    expect((await login(server.base, 'unverified@demo.test', 'Wrong-Pass1')).status).toBe(401);
    expect((await login(server.base, 'pending@demo.test', 'Wrong-Pass1')).status).toBe(401);
  });

  it('answers 403 twoFactorRequired without a code and 403 twoFactorFailed with a wrong one', async () => {
    const missing = await login(server.base, 'twofa@demo.test');
    expect(missing.status).toBe(403);
    expect(missing.body.code).toBe('twoFactorRequired');
    const current = await currentTotp(TOTP_SECRET, server.clock.now());
    const wrongCode = current === '000000' ? '111111' : '000000';
    const wrong = await login(server.base, 'twofa@demo.test', undefined, { authcode: wrongCode });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('twoFactorFailed');
  });

  it('signs in with the correct TOTP code', async () => {
    const answer = await login(server.base, 'twofa@demo.test', undefined, {
      authcode: await totpCodes(TOTP_SECRET, server.clock)(),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.content.user.email).toBe('twofa@demo.test');
  });

  it('trims and lowercases the e-mail and answers a full LoginResponse', async () => {
    const answer = await login(server.base, '  Bank@Demo.TEST ');
    expect(answer.status).toBe(200);
    const content = answer.body.content;
    expect(typeof content.token).toBe('string');
    expect(content.user).toMatchObject({ email: 'bank@demo.test', roles: ['bank'], site_language: 'en' });
    expect(content.user.uuid).toBe(content.user.id);
    expect(content.user).not.toHaveProperty('passwordHash');
    expect(content.user).not.toHaveProperty('twoFactor');
    expect(content.roles).toEqual(['bank']);
    expect(content.permissions).toContain('portfolio:view');
    expect(content.organization_list.map((org: { name: string }) => org.name)).toEqual(['Demo Bank', 'Demo Acquirer']);
    expect(content.protectedData).toEqual({ platform: 'default', packageList: [], email: 'bank@demo.test' });
    expect(content.data).toMatchObject({ hasSites: false, fullOnboarding: false, bramOnly: false });
    expect(typeof content.data.version).toBe('string');
  });

  it('gives the pcichecklist demo its platform and package', async () => {
    const answer = await login(server.base, 'pcichecklist@demo.test');
    expect(answer.body.content.protectedData).toMatchObject({ platform: 'pcichecklist', packageList: ['free'] });
  });

  it('refuses a login without a password with 400 invalidRequest', async () => {
    const answer = await call(server.base, 'POST', '/iam/api/login', { form: { username: 'admin@demo.test' } });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('invalidRequest');
    expect(answer.body.errors).toEqual({ password: 'validation.required' });
  });
});

describe('login rate limit', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 3 });
  });
  afterAll(() => server.close());

  it('answers 429 tooManyAttempts after LOGIN_RATE_LIMIT failed attempts for the same ip + e-mail', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await login(server.base, 'merchant@demo.test', 'Wrong-Pass1')).status).toBe(401);
    }
    // the key is case- and space-insensitive, like the e-mail itself
    const limited = await login(server.base, ' MERCHANT@demo.test', 'Wrong-Pass1');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('tooManyAttempts');
    expect((await login(server.base, 'merchant@demo.test')).status).toBe(429);
    // another account from the same address is not affected
    expect((await login(server.base, 'owner@demo.test')).status).toBe(200);
  });
});
