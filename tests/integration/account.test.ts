import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodes } from '../support/totp-codes';
import { type TestServer, call, login, startTestServer, tokenFor } from './support/harness';

describe('/iam/api/me and two-factor setup', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
  });
  afterAll(() => server.close());

  it('GET /me answers user, roles, permissions, data, protectedData; 401 without or with a bad token', async () => {
    const token = await tokenFor(server.base, 'merchant@demo.test');
    const me = await call(server.base, 'GET', '/iam/api/me', { token, headers: { 'x-project-key': 'any' } });
    expect(me.status).toBe(200);
    expect(Object.keys(me.body.content).sort()).toEqual([
      'data',
      'permissions',
      'protectedData',
      'roleGroups',
      'roles',
      'user',
    ]);
    expect(me.body.content.user.email).toBe('merchant@demo.test');
    expect(me.body.content.data.hasSites).toBe(true);

    const anonymous = await call(server.base, 'GET', '/iam/api/me');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('unauthorized');
    expect((await call(server.base, 'GET', '/iam/api/me', { token: `${token}x` })).status).toBe(401);
  });

  it('PUT /me updates name, language, theme and timezone and rejects wrong values', async () => {
    const token = await tokenFor(server.base, 'assessor@demo.test');
    expect((await call(server.base, 'GET', '/iam/api/me', { token })).body.content.user.theme).toBe('dark');
    const updated = await call(server.base, 'PUT', '/iam/api/me', {
      token,
      body: { name: 'Aslı Yeni', site_language: 'tr', theme: 'light', timezone: 'Europe/Istanbul', extra: 'ignored' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.content).toMatchObject({
      name: 'Aslı Yeni',
      site_language: 'tr',
      theme: 'light',
      timezone: 'Europe/Istanbul',
    });
    const me = await call(server.base, 'GET', '/iam/api/me', { token });
    expect(me.body.content.user.theme).toBe('light');

    const wrong = await call(server.base, 'PUT', '/iam/api/me', { token, body: { theme: 'purple' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ theme: 'invalidRequest' });
  });

  it('PUT /me stores a date format of the offered ones, null for the default, and refuses others', async () => {
    const token = await tokenFor(server.base, 'assessee@demo.test');
    expect((await call(server.base, 'GET', '/iam/api/me', { token })).body.content.user.date_format).toBeNull();
    const chosen = await call(server.base, 'PUT', '/iam/api/me', { token, body: { date_format: 'dd.MM.yyyy' } });
    expect(chosen.status).toBe(200);
    expect(chosen.body.content.date_format).toBe('dd.MM.yyyy');
    // it follows the user: the next sign-in and /me carry it
    expect((await login(server.base, 'assessee@demo.test')).body.content.user.date_format).toBe('dd.MM.yyyy');

    const wrong = await call(server.base, 'PUT', '/iam/api/me', { token, body: { date_format: 'YYYY-DD' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ date_format: 'invalidRequest' });

    const standard = await call(server.base, 'PUT', '/iam/api/me', { token, body: { date_format: '' } });
    expect(standard.body.content.date_format).toBeNull();
    expect((await call(server.base, 'GET', '/iam/api/me', { token })).body.content.user.date_format).toBeNull();
  });

  it('setup → enable → login requires the code → disable', async () => {
    const token = await tokenFor(server.base, 'tm@demo.test');
    const setup = await call(server.base, 'POST', '/iam/api/me/2fa/setup', { token });
    expect(setup.status).toBe(200);
    const { secret, otpauthUrl, qrDataUrl } = setup.body.content;
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toContain('tm%40demo.test');
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);

    // pending only: sign-in still works without a code
    expect((await login(server.base, 'tm@demo.test')).status).toBe(200);

    const wrong = await call(server.base, 'POST', '/iam/api/me/2fa/enable', { token, body: { code: '12345x' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe('twoFactorFailed');

    const nextCode = totpCodes(secret, server.clock);
    const enabled = await call(server.base, 'POST', '/iam/api/me/2fa/enable', {
      token,
      body: { code: await nextCode() },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body.content.twoFactorEnabled).toBe(true);

    expect((await login(server.base, 'tm@demo.test')).body.code).toBe('twoFactorRequired');
    const withCode = await login(server.base, 'tm@demo.test', undefined, { authcode: await nextCode() });
    expect(withCode.status).toBe(200);

    const disabled = await call(server.base, 'POST', '/iam/api/me/2fa/disable', {
      token,
      body: { code: await nextCode() },
    });
    expect(disabled.status).toBe(200);
    expect((await login(server.base, 'tm@demo.test')).status).toBe(200);
  }); // three codes: the third moves the server clock to the next 30-second step, no waiting
});

describe('organisations and impersonation', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
  });
  afterAll(() => server.close());

  it('lists the organisations of the caller and switches to one of them', async () => {
    const token = await tokenFor(server.base, 'bank@demo.test');
    const list = await call(server.base, 'GET', '/trn/v2/login/organization/list', {
      token,
      headers: { 'x-original-token': token },
    });
    expect(list.status).toBe(200);
    expect(list.body.content).toEqual([
      { id: 'org-demo-bank', name: 'Demo Bank' },
      { id: 'org-demo-acquirer', name: 'Demo Acquirer' },
    ]);

    const switched = await call(server.base, 'GET', '/trn/v2/login/organization/org-demo-acquirer', { token });
    expect(switched.status).toBe(200);
    expect(switched.body.content).toMatchObject({ roles: ['bank'], user: { email: 'bank@demo.test' } });
    expect(switched.body.content.token).not.toBe(token);
    const me = await call(server.base, 'GET', '/iam/api/me', { token: switched.body.content.token });
    expect(me.status).toBe(200);

    const foreign = await call(server.base, 'GET', '/trn/v2/login/organization/org-paysec', { token });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('notAMember');
  });

  it('lets an admin impersonate a user and keeps the original token usable', async () => {
    const admin = await login(server.base, 'admin@demo.test');
    const adminToken = admin.body.content.token as string;
    const merchantUuid = '00000000-0000-4000-8000-000000000003';
    const answer = await call(server.base, 'GET', `/wbe/api/admin/impersonate-uuid/${merchantUuid}`, {
      token: adminToken,
    });
    expect(answer.status).toBe(200);
    const content = answer.body.content;
    expect(content.user.email).toBe('merchant@demo.test');
    expect(content.roles).toEqual(['saq', 'user']);
    expect(content.originalUser.email).toBe('admin@demo.test');
    expect(content.originalToken).toBe(adminToken);
    expect(content.protectedData.email).toBe('merchant@demo.test');

    const me = await call(server.base, 'GET', '/iam/api/me', { token: content.token });
    expect(me.body.content.user.email).toBe('merchant@demo.test');
    // the impersonated session has no admin rights
    const nested = await call(server.base, 'GET', `/wbe/api/admin/impersonate-uuid/${merchantUuid}`, {
      token: content.token,
    });
    expect(nested.status).toBe(403);
    expect((await call(server.base, 'GET', '/wbe/api/admin/users', { token: adminToken })).status).toBe(200);
  });

  it('refuses impersonation to non-admins and of unknown users', async () => {
    const bank = await tokenFor(server.base, 'bank@demo.test');
    const refused = await call(
      server.base,
      'GET',
      '/wbe/api/admin/impersonate-uuid/00000000-0000-4000-8000-000000000003',
      {
        token: bank,
      },
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'noPermission' });
    const admin = await tokenFor(server.base, 'admin@demo.test');
    expect((await call(server.base, 'GET', '/wbe/api/admin/impersonate-uuid/nope', { token: admin })).status).toBe(404);
  });

  it('accepts error reports from the error page, signed in or not', async () => {
    const anonymous = await call(server.base, 'POST', '/wbe/api/user/log/error', {
      body: { page_url: 'http://app.test/app/dashboard', error_reason: 'TypeError: x is undefined' },
    });
    expect(anonymous.status).toBe(201);
    expect(typeof anonymous.body.content.id).toBe('string');
    const missing = await call(server.base, 'POST', '/wbe/api/user/log/error', { body: { page_url: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ error_reason: 'validation.required' });
  });
});
