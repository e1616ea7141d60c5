import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, call, linkIn, login, startTestServer, tokenFor } from './support/harness';

const valid = {
  email: 'New.Merchant@Example.com ',
  name: 'New Merchant',
  company: 'New Shop Ltd',
  password: 'Strong-Pass1',
  password_confirm: 'Strong-Pass1',
  using_conditions: true,
  commercial_consent: false,
  phone: '905551112233',
  website: 'https://shop.example.com',
  saq: true,
  site_language: 'en',
  report_language: 'en',
};

const register = (server: TestServer, body: Record<string, unknown>) =>
  call(server.base, 'POST', '/iam/api/auth/register', { body });

describe('registration, verification and approval', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ loginRateLimit: 100 });
  });
  afterAll(() => server.close());

  it.each([
    ['terms not accepted', { using_conditions: false }, 'using_conditions', 'validation.checkToRegister'],
    ['weak password', { password: 'weak', password_confirm: 'weak' }, 'password', 'validation.passwordMin'],
    [
      'no special character',
      { password: 'Strong1Pass', password_confirm: 'Strong1Pass' },
      'password',
      'validation.passwordSpecial',
    ],
    ['passwords differ', { password_confirm: 'Other-Pass1' }, 'password_confirm', 'validation.passwordsMustMatch'],
    ['bad e-mail', { email: 'not-an-email' }, 'email', 'validation.email'],
    ['phone with letters', { phone: '0555-abc' }, 'phone', 'validation.phone'],
    ['missing name', { name: undefined }, 'name', 'validation.required'],
  ])('answers 422 validationFailed for %s', async (_case, change, field, code) => {
    const answer = await register(server, { ...valid, ...change });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('validationFailed');
    expect(answer.body.message).toBe('Please correct the highlighted fields.');
    expect(answer.body.errors[field]).toBe(code);
  });

  it('answers an e-mail in use like a new one and mails its owner instead (compared trimmed and lowercased)', async () => {
    const answer = await register(server, { ...valid, email: ' OWNER@demo.test' });
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.body.content).sort()).toEqual(['approved', 'email', 'uuid']);
    expect(answer.body.content.email).toBe('owner@demo.test');
    const mail = await server.mailbox().waitFor('owner@demo.test');
    expect(mail.subject).toBe('Someone tried to register with your e-mail address');
    expect(linkIn(mail.text, '/forgot-password').origin).toBe('http://app.test');
    // no second account, and the owner's password still works
    expect((await login(server.base, 'owner@demo.test')).status).toBe(200);
    expect((await login(server.base, 'owner@demo.test', 'Strong-Pass1')).status).toBe(401);
  });

  it('answers 400 invalidRequest for wrong types before form rules', async () => {
    const answer = await register(server, { ...valid, using_conditions: 'yes' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ using_conditions: 'invalidRequest' });
  });

  it('registers (201), mails a verification link, verifies once, then waits for approval', async () => {
    const answer = await register(server, valid);
    expect(answer.status).toBe(201);
    expect(answer.body.content.email).toBe('new.merchant@example.com');
    const uuid = answer.body.content.uuid as string;

    // the account is created after the answer (so the answer cannot tell known addresses); the mail follows it
    const mail = await server.mailbox().waitFor('new.merchant@example.com');
    expect((await login(server.base, 'new.merchant@example.com', 'Strong-Pass1')).status).toBe(428);
    expect(mail.subject).toBe('Confirm your e-mail address');
    expect(mail.text).toContain('Hello New Merchant,');
    const link = linkIn(mail.text, '/verification?token=');
    expect(link.origin).toBe('http://app.test');
    expect(mail.html).toContain(link.searchParams.get('token'));
    const token = link.searchParams.get('token') as string;

    const verified = await call(server.base, 'POST', '/iam/api/auth/verify', { body: { token } });
    expect(verified.status).toBe(200);
    expect(verified.body.content.code).toBe('accountActivated');

    const reused = await call(server.base, 'POST', '/iam/api/auth/verify', { body: { token } });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('activationFailed');

    expect((await login(server.base, 'new.merchant@example.com', 'Strong-Pass1')).status).toBe(423);

    const adminToken = await tokenFor(server.base, 'admin@demo.test');
    const listed = await call(server.base, 'GET', '/wbe/api/admin/users', { token: adminToken });
    expect(listed.status).toBe(200);
    const listedUser = listed.body.content.items.find((user: { uuid: string }) => user.uuid === uuid);
    expect(listedUser).toMatchObject({ approved: false, verified: true });
    expect(JSON.stringify(listed.body)).not.toContain('passwordHash');

    const approved = await call(server.base, 'POST', `/wbe/api/admin/users/${uuid}/approve`, { token: adminToken });
    expect(approved.status).toBe(200);
    expect(approved.body.content.approved).toBe(true);

    const signedIn = await login(server.base, ' New.Merchant@example.com', 'Strong-Pass1');
    expect(signedIn.status).toBe(200);
    // the documented defaults for a self-registered merchant
    expect(signedIn.body.content.roles).toEqual(['saq', 'user']);
    expect(signedIn.body.content.permissions).toEqual(['saqOverview:view', 'saqList:view', 'dashboard:view']);
    expect(signedIn.body.content.organization_list.map((org: { name: string }) => org.name)).toEqual(['New Shop Ltd']);
  });

  it('rejects an unknown verification token', async () => {
    const answer = await call(server.base, 'POST', '/iam/api/auth/verify', { body: { token: 'made-up' } });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('activationFailed');
  });

  it('mails in the recipient site_language', async () => {
    const answer = await register(server, { ...valid, email: 'turkce@example.com', site_language: 'tr' });
    expect(answer.status).toBe(201);
    const mail = await server.mailbox().waitFor('turkce@example.com');
    expect(mail.subject).toBe('E-posta adresinizi doğrulayın');
    expect(mail.text).toContain('Merhaba New Merchant,');
  });

  it('lets only approvers with the role admin approve', async () => {
    const merchant = await tokenFor(server.base, 'merchant@demo.test');
    const answer = await call(
      server.base,
      'POST',
      '/wbe/api/admin/users/00000000-0000-4000-8000-000000000011/approve',
      {
        token: merchant,
      },
    );
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('noPermission');
    const adminToken = await tokenFor(server.base, 'admin@demo.test');
    const missing = await call(server.base, 'POST', '/wbe/api/admin/users/no-such-user/approve', { token: adminToken });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('userNotFound');
  });
});

describe('forgot and reset password', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ loginRateLimit: 100, forgotPasswordRateLimit: 3 });
  });
  afterAll(() => server.close());

  it('answers 200 for an unknown e-mail and sends nothing', async () => {
    const answer = await call(server.base, 'POST', '/iam/api/auth/forgot-password', {
      body: { email: 'ghost@demo.test' },
    });
    expect(answer.status).toBe(200);
    // once the work after the answer and its mail jobs are done, nothing went to the unknown address
    await server.settled();
    expect(server.mailbox().messages.filter((mail) => mail.to.includes('ghost@demo.test'))).toEqual([]);
  });

  it('resets with the mailed link exactly once', async () => {
    const requested = await call(server.base, 'POST', '/iam/api/auth/forgot-password', {
      body: { email: ' Owner@Demo.test' },
    });
    expect(requested.status).toBe(200);
    const mail = await server.mailbox().waitFor('owner@demo.test');
    expect(mail.subject).toBe('Reset your password');
    const token = linkIn(mail.text, '/reset-password?token=').searchParams.get('token') as string;

    const weak = await call(server.base, 'POST', '/iam/api/auth/reset-password', {
      body: { token, password: 'short', password_confirm: 'short' },
    });
    expect(weak.status).toBe(422);
    expect(weak.body.errors.password).toBe('validation.passwordMin');

    const mismatch = await call(server.base, 'POST', '/iam/api/auth/reset-password', {
      body: { token, password: 'Fresh-Pass2', password_confirm: 'Fresh-Pass3' },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password_confirm).toBe('validation.passwordsMustMatch');

    const reset = await call(server.base, 'POST', '/iam/api/auth/reset-password', {
      body: { token, password: 'Fresh-Pass2', password_confirm: 'Fresh-Pass2' },
    });
    expect(reset.status).toBe(200);
    expect((await login(server.base, 'owner@demo.test', 'Fresh-Pass2')).status).toBe(200);
    expect((await login(server.base, 'owner@demo.test')).status).toBe(401);

    const again = await call(server.base, 'POST', '/iam/api/auth/reset-password', {
      body: { token, password: 'Other-Pass3', password_confirm: 'Other-Pass3' },
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('resetFailed');
  });

  it('limits reset requests per ip + e-mail (429 tooManyRequests)', async () => {
    const ask = () => call(server.base, 'POST', '/iam/api/auth/forgot-password', { body: { email: 'tm@demo.test' } });
    for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(200);
    const limited = await ask();
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('tooManyRequests');
  });

  it('logs every mail; the log needs mailLogs:view', async () => {
    await server.settled();
    const admin = await tokenFor(server.base, 'admin@demo.test');
    const logs = await call(server.base, 'GET', '/wbe/api/mail-logs', { token: admin });
    expect(logs.status).toBe(200);
    const ownerMail = logs.body.content.items.find((log: { to: string }) => log.to === 'owner@demo.test');
    expect(ownerMail).toMatchObject({ subject: 'Reset your password', status: 'sent' });
    expect(ownerMail.text).toContain('/reset-password?token=');

    const bank = await tokenFor(server.base, 'bank@demo.test');
    const refused = await call(server.base, 'GET', '/wbe/api/mail-logs', { token: bank });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('noPermission');
    expect((await call(server.base, 'GET', '/wbe/api/mail-logs')).status).toBe(401);
  });
});
