import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../core/dates/days';
import type { ResourceRecord } from '../../core/resources/resource.types';
import type { OrganizationRecord, UserRecord } from '../../server/store/records.types';
import type { HistoryRecord } from '../../server/services/history';
import { call, linkIn, login, startTestServer, type TestServer, tokenFor } from './support/harness';

const INVITATIONS = '/inv/api/invitations';
const RECORDS = '/wbe/api/resources/invitation';

const registration = (email: string, invitation: string) => ({
  email,
  name: 'Invited Person',
  company: 'Whatever Ltd',
  password: 'Strong-Pass1',
  password_confirm: 'Strong-Pass1',
  using_conditions: true,
  commercial_consent: false,
  phone: '905551112233',
  saq: true,
  site_language: 'en',
  report_language: 'en',
  invitation,
});

describe('invitations end to end over HTTP (inv/api, the invitation resource and workflow)', () => {
  let server: TestServer;
  let base = '';
  const tokens: Record<string, string> = {};
  const as = (who: string, method: string, path: string, body?: unknown) =>
    call(base, method, path, { token: tokens[who], body });
  const records = () => server.store.collection<ResourceRecord>('res.invitation');

  /** Creates an invitation as `who` and returns the stored record. */
  const invite = async (who: string, body: Record<string, unknown>) => {
    const answer = await as(who, 'POST', INVITATIONS, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.content as ResourceRecord & { state: string; email?: string };
  };
  const stateOf = async (id: string) => (await records().get(id))?.state;
  const historyOf = async (id: string) =>
    (await server.store.collection<HistoryRecord>('hist.invitation').find((entry) => entry.recordId === id)).map(
      (entry) => entry.action,
    );
  const register = (body: Record<string, unknown>) => call(base, 'POST', '/iam/api/auth/register', { body });

  beforeAll(async () => {
    server = await startTestServer({ loginRateLimit: 1000 });
    base = server.base;
    for (const who of ['admin', 'bank', 'merchant', 'tm', 'owner'])
      tokens[who] = await tokenFor(base, `${who}@demo.test`);
  });
  afterAll(() => server.close());

  describe('create', () => {
    it('creates an anonymous invitation in the session organisation: valid, 180 days, nothing mailed', async () => {
      const before = Date.now();
      const record = await invite('bank', { role: 'saq', position: 'technical' });
      expect(record).toMatchObject({
        role: 'saq',
        position: 'technical',
        state: 'valid',
        organizationId: 'org-demo-bank',
      });
      expect(record.email).toBeUndefined();
      const expires = Date.parse(String(record.expiresAt));
      expect(expires).toBeGreaterThanOrEqual(before + 180 * DAY_MS);
      expect(expires).toBeLessThanOrEqual(Date.now() + 180 * DAY_MS);
      expect(await historyOf(record.id)).toEqual(['create']);
    });

    it('mails an invitation with an e-mail address (state mailSent) with the link APP_URL/login/<id>', async () => {
      const record = await invite('bank', {
        email: ' Future.Colleague@Example.com',
        role: 'bank',
        position: 'manager',
        validityDays: 30,
      });
      expect(record).toMatchObject({ email: 'future.colleague@example.com', state: 'mailSent' });
      const expires = Date.parse(String(record.expiresAt));
      expect(Math.abs(expires - (Date.now() + 30 * DAY_MS))).toBeLessThan(60_000);

      const mail = await server.mailbox().waitFor('future.colleague@example.com');
      expect(mail.subject).toBe('Bora Bank invites you to Demo Bank');
      expect(mail.text).toContain('Bora Bank invites you to join Demo Bank on PaySec Compliance as Bank user.');
      const link = linkIn(mail.text, '/login/');
      expect(link.href).toBe(`http://app.test/login/${record.id}`);
      expect(mail.html).toContain(`http://app.test/login/${record.id}`);
      expect(await historyOf(record.id)).toEqual(['create', 'send']);
    });

    it('refuses fields the create form refuses (422, field → key) and a wrong type (400)', async () => {
      const bad = await as('bank', 'POST', INVITATIONS, { email: 'nope', role: 'admin', validityDays: 0 });
      expect(bad.status).toBe(422);
      expect(bad.body.code).toBe('validationFailed');
      expect(bad.body.errors).toMatchObject({
        email: 'validation.email',
        role: 'validation.invalid',
        position: 'validation.required',
        validityDays: 'validation.invalid',
      });
      const sneaky = await as('bank', 'POST', INVITATIONS, { role: 'user', position: 'other', state: 'accepted' });
      expect(sneaky.status).toBe(422);
      expect(sneaky.body.errors).toEqual({ state: 'validation.invalid' });
      const wrongType = await as('bank', 'POST', INVITATIONS, { role: 'user', position: 'other', validityDays: 'x' });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.errors).toEqual({ validityDays: 'invalidRequest' });
    });

    it('refuses to invite an address that is already a member of the organisation (409)', async () => {
      const answer = await as('bank', 'POST', INVITATIONS, {
        email: 'BANK@demo.test',
        role: 'user',
        position: 'other',
      });
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        code: 'invitationResendRegistered',
        message: 'The invitation could not be sent because the user is already registered.',
      });
    });
  });

  describe('the public link', () => {
    it('shows who invites to what, masks the e-mail, and marks the invitation seen', async () => {
      const record = await invite('bank', { email: 'viewer@example.com', role: 'saq', position: 'administrative' });
      const answer = await call(base, 'GET', `/inv/api/invitation/${record.id}`);
      expect(answer.status).toBe(200);
      expect(answer.body.content).toEqual({
        id: record.id,
        sender_name: 'Bora Bank',
        source_name: 'Demo Bank',
        role: 'saq',
        position: 'administrative',
        target_email: 'v***@example.com',
        invitation_status: 'seen',
        expires_at: record.expiresAt,
      });
      expect(await stateOf(record.id)).toBe('seen');
      expect(await historyOf(record.id)).toEqual(['create', 'send', 'see']);
      // opening it again changes nothing
      expect((await call(base, 'GET', `/inv/api/invitation/${record.id}`)).body.content.invitation_status).toBe('seen');
    });

    it('answers 404 invitationInvalid for an unknown code, in the caller language', async () => {
      const answer = await call(base, 'GET', '/inv/api/invitation/00000000-0000-4000-8000-000000000000', {
        headers: { 'accept-language': 'tr' },
      });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ code: 'invitationInvalid', message: 'Bu davet geçersiz veya süresi dolmuş.' });
      expect((await call(base, 'GET', '/inv/api/invitation/..%2F..')).status).toBe(400);
    });
  });

  describe('accept', () => {
    it('by sign-in: joins the inviting organisation with the role (held there only), opens the session there, accepted once', async () => {
      const record = await invite('bank', { email: 'tm@demo.test', role: 'saq', position: 'technical' });
      const signedIn = await login(base, 'tm@demo.test', 'Demo-Pass1', { invitation_code: record.id });
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
      const { organization_list, roles, token } = signedIn.body.content;
      expect(organization_list.map((o: { id: string }) => o.id)).toEqual(
        expect.arrayContaining(['org-demo-monitoring', 'org-demo-bank']),
      );
      // the invitation's role in the inviting organisation; what the user holds elsewhere stays there
      expect(roles).toEqual(['saq']);
      const me = await call(base, 'GET', '/iam/api/me', { token });
      expect(me.body.content.user.roles).toEqual(['saq']);
      // the session opened in the inviting organisation: its sites and records are the bank's
      const claims = JSON.parse(Buffer.from(String(token).split('.')[1], 'base64url').toString());
      expect(claims.org).toBe('org-demo-bank');
      expect(await stateOf(record.id)).toBe('accepted');
      expect(await historyOf(record.id)).toEqual(['create', 'send', 'accept']);

      const again = await login(base, 'tm@demo.test', 'Demo-Pass1', { invitation_code: record.id });
      expect(again.status).toBe(404);
      expect(again.body.code).toBe('invitationInvalid');
      expect((await call(base, 'GET', `/inv/api/invitation/${record.id}`)).status).toBe(404);
    });

    it('by registration with an anonymous invitation: membership and role, still waits for an admin', async () => {
      const record = await invite('admin', { role: 'user', position: 'other' });
      const answer = await register(registration('anyone@example.com', record.id));
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      // the account is made after the answer (sign-up tells nobody who has an account): its mail says it is there
      await server
        .mailbox()
        .waitFor('anyone@example.com', { match: (m) => m.subject === 'Confirm your e-mail address' });
      const [user] = await server.store.collection<UserRecord>('users').find((u) => u.email === 'anyone@example.com');
      expect(user).toMatchObject({ organizationIds: ['org-paysec'], approved: false, verified: false });
      expect(user.roles).toEqual(expect.arrayContaining(['user']));
      expect(await stateOf(record.id)).toBe('accepted');
      // no organisation of its own was made from the company field
      const names = (await server.store.collection<OrganizationRecord>('organizations').all()).map((o) => o.name);
      expect(names).not.toContain('Whatever Ltd');
    });

    it('by registration with the invited address: approved by the invitation, signs in once verified', async () => {
      const record = await invite('bank', { email: 'new.banker@example.com', role: 'bank', position: 'manager' });
      const answer = await register(registration('New.Banker@example.com', record.id));
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(answer.body.content.approved).toBe(true);
      const mail = await server.mailbox().waitFor('new.banker@example.com', {
        match: (m) => m.subject === 'Confirm your e-mail address',
      });
      expect(await stateOf(record.id)).toBe('accepted');
      const token = linkIn(mail.text, '/verification?token=').searchParams.get('token');
      expect((await call(base, 'POST', '/iam/api/auth/verify', { body: { token } })).status).toBe(200);
      const signedIn = await login(base, 'new.banker@example.com', 'Strong-Pass1');
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
      expect(signedIn.body.content.organization_list).toEqual([{ id: 'org-demo-bank', name: 'Demo Bank' }]);
      expect(signedIn.body.content.roles).toEqual(expect.arrayContaining(['bank']));

      const reused = await register(registration('someone.else@example.com', record.id));
      expect(reused.status).toBe(404);
      expect(reused.body.code).toBe('invitationInvalid');
    });

    it('refuses another e-mail address than the invitation names (403), by sign-in and by registration', async () => {
      const record = await invite('bank', { email: 'right.person@example.com', role: 'saq', position: 'other' });
      const registered = await register(registration('wrong.person@example.com', record.id));
      expect(registered.status).toBe(403);
      expect(registered.body).toMatchObject({
        code: 'invitationEmailMismatch',
        message:
          'This invitation was sent to another e-mail address. Please sign in or register with the address it was sent to.',
      });
      const signedIn = await login(base, 'owner@demo.test', 'Demo-Pass1', { invitation_code: record.id });
      expect(signedIn.status).toBe(403);
      expect(signedIn.body.code).toBe('invitationEmailMismatch');
      expect(await stateOf(record.id)).toBe('mailSent');
      expect(
        await server.store.collection<UserRecord>('users').find((u) => u.email === 'wrong.person@example.com'),
      ).toEqual([]);
    });

    it('refuses an expired invitation everywhere: 404 link, 410 on accept, 410 on resend', async () => {
      const record = await invite('bank', { email: 'late@example.com', role: 'saq', position: 'other' });
      await records().update(record.id, { expiresAt: new Date(Date.now() - 1000).toISOString() });
      const registered = await register(registration('late@example.com', record.id));
      expect(registered.status).toBe(410);
      expect(registered.body).toMatchObject({
        code: 'invitationTokenExpired',
        message: 'Your invitation has expired. Please ask the person who invited you for a new one.',
      });
      expect(await stateOf(record.id)).toBe('expired');
      expect(await historyOf(record.id)).toEqual(['create', 'send', 'expire']);
      expect((await call(base, 'GET', `/inv/api/invitation/${record.id}`)).body.code).toBe('invitationInvalid');
      const resent = await as('bank', 'POST', `/inv/api/invitation/${record.id}/resend`);
      expect(resent.status).toBe(410);
      expect(resent.body).toMatchObject({
        code: 'invitationResendExpired',
        message: 'The invitation could not be sent again because it has expired.',
      });
      const signedIn = await login(base, 'owner@demo.test', 'Demo-Pass1', { invitation_code: record.id });
      expect(signedIn.status).toBe(410);
    });

    it('refuses a revoked invitation (revoke is the workflow action of the generic endpoint)', async () => {
      const record = await invite('bank', { role: 'user', position: 'other' });
      const actions = await as('bank', 'GET', `${RECORDS}/${record.id}/actions`);
      expect(actions.body.content.map((a: { action: string }) => a.action)).toEqual(['revoke']);
      const revoked = await as('bank', 'POST', `${RECORDS}/${record.id}/actions/revoke`);
      expect(revoked.status).toBe(200);
      expect(revoked.body.content.state).toBe('revoked');
      expect((await call(base, 'GET', `/inv/api/invitation/${record.id}`)).status).toBe(404);
      const registered = await register(registration('revoked.user@example.com', record.id));
      expect(registered.status).toBe(404);
      expect(registered.body.code).toBe('invitationInvalid');
      // the server's own moves are never a user's: accepting through the generic endpoint is refused
      const other = await invite('bank', { role: 'user', position: 'other' });
      expect((await as('bank', 'POST', `${RECORDS}/${other.id}/actions/accept`)).status).toBe(403);
    });
  });

  describe('resend', () => {
    it('is rate-limited: 429 within a few minutes of the last mail, then mails again', async () => {
      const record = await invite('bank', { email: 'again@example.com', role: 'saq', position: 'other' });
      const tooSoon = await as('bank', 'POST', `/inv/api/invitation/${record.id}/resend`);
      expect(tooSoon.status).toBe(429);
      expect(tooSoon.body).toMatchObject({
        code: 'invitationResendTooSoon',
        message: 'The invitation was sent a moment ago. Please wait a few minutes before sending it again.',
      });
      // the last mail was six minutes ago
      const history = server.store.collection<HistoryRecord>('hist.invitation');
      for (const entry of await history.find((e) => e.recordId === record.id)) {
        await history.update(entry.id, { at: new Date(Date.now() - 6 * 60_000).toISOString() });
      }
      const resent = await as('bank', 'POST', `/inv/api/invitation/${record.id}/resend`);
      expect(resent.status, JSON.stringify(resent.body)).toBe(200);
      expect(resent.body.content.state).toBe('mailSent');
      await expect
        .poll(() => server.mailbox().messages.filter((m) => m.to.includes('again@example.com')).length)
        .toBe(2);
    });

    it('answers invitationResendRegistered once the invitation was accepted', async () => {
      const record = await invite('bank', { email: 'owner@demo.test', role: 'saq', position: 'other' });
      expect((await login(base, 'owner@demo.test', 'Demo-Pass1', { invitation_code: record.id })).status).toBe(200);
      const resent = await as('bank', 'POST', `/inv/api/invitation/${record.id}/resend`);
      expect(resent.status).toBe(409);
      expect(resent.body.code).toBe('invitationResendRegistered');
    });
  });

  describe('the same rules on every path that makes or mails one (issue 24)', () => {
    it('caps the expiry at 365 days through the generic resource endpoint too, on create and on update', async () => {
      const far = await as('bank', 'POST', RECORDS, {
        role: 'saq',
        position: 'other',
        expiresAt: '2999-01-01T00:00:00.000Z',
      });
      expect([far.status, far.body.code, far.body.errors]).toEqual([
        422,
        'validationFailed',
        { expiresAt: 'errors.invitationExpiryTooFar' },
      ]);
      const inAYear = new Date(server.clock.now().getTime() + 300 * DAY_MS).toISOString();
      const made = await as('bank', 'POST', RECORDS, { role: 'saq', position: 'other', expiresAt: inAYear });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const id = made.body.content.id as string;
      const stretched = await as('bank', 'PUT', `${RECORDS}/${id}`, {
        role: 'saq',
        position: 'other',
        expiresAt: new Date(server.clock.now().getTime() + 366 * DAY_MS).toISOString(),
      });
      expect([stretched.status, stretched.body.errors]).toEqual([422, { expiresAt: 'errors.invitationExpiryTooFar' }]);
      expect((await records().get(id))?.expiresAt).toBe(inAYear);
      const turkish = await call(base, 'POST', RECORDS, {
        token: tokens.bank,
        headers: { 'accept-language': 'tr' },
        body: { role: 'saq', position: 'other', expiresAt: '2999-01-01T00:00:00.000Z' },
      });
      expect(turkish.status).toBe(422);
    });

    it('mails one address at most 5 invitations a day, whoever sends them and by whichever path', async () => {
      const email = 'flooded@example.com';
      for (let i = 0; i < 5; i++)
        await invite(i % 2 === 0 ? 'bank' : 'admin', { email, role: 'saq', position: 'other' });
      const sixth = await as('bank', 'POST', INVITATIONS, { email, role: 'saq', position: 'other' });
      expect([sixth.status, sixth.body.code]).toEqual([429, 'invitationMailLimit']);
      expect(sixth.body.message).toBe(
        'This address has received as many invitations as it may today. Please try again tomorrow.',
      );
      expect((await records().find((record) => record.email === email)).length).toBe(5);
      // the generic resource endpoint makes the record, but its `send` is refused alike
      const expiresAt = new Date(server.clock.now().getTime() + 30 * DAY_MS).toISOString();
      const raw = await as('bank', 'POST', RECORDS, { email, role: 'saq', position: 'other', expiresAt });
      expect(raw.status, JSON.stringify(raw.body)).toBe(201);
      const sent = await as('bank', 'POST', `${RECORDS}/${raw.body.content.id}/actions/send`);
      expect([sent.status, sent.body.code]).toEqual([429, 'invitationMailLimit']);
      await server.settled();
      expect(server.mailbox().messages.filter((mail) => mail.to.includes(email)).length).toBe(5);
      // a day later the address may be invited again
      server.clock.advance(DAY_MS + 60_000);
      expect((await as('bank', 'POST', `${RECORDS}/${raw.body.content.id}/actions/send`)).status).toBe(200);
    });
  });

  describe('list', () => {
    it('lists the organisation invitations with the query contract, moves due by time applied', async () => {
      const stale = await invite('bank', { email: 'quiet@example.com', role: 'user', position: 'other' });
      await records().update(stale.id, { updatedAt: new Date(Date.now() - 8 * DAY_MS).toISOString() });
      const old = await invite('bank', { role: 'user', position: 'other' });
      await records().update(old.id, { expiresAt: new Date(Date.now() - DAY_MS).toISOString() });

      const filter = encodeURIComponent(JSON.stringify({ field: 'id', op: 'in', value: [stale.id, old.id] }));
      const answer = await as('bank', 'GET', `${INVITATIONS}?sort=-createdAt&pageSize=10&filter=${filter}`);
      expect(answer.status).toBe(400); // `id` is not a declared filter field of the resource
      const list = await as('bank', 'GET', `${INVITATIONS}?sort=-createdAt&pageSize=100`);
      expect(list.status).toBe(200);
      const byId = new Map(list.body.content.items.map((r: { id: string; state: string }) => [r.id, r.state]));
      expect(byId.get(stale.id)).toBe('unseen');
      expect(byId.get(old.id)).toBe('expired');
      expect(
        list.body.content.items.every((r: { organizationId: string }) => r.organizationId === 'org-demo-bank'),
      ).toBe(true);
      // another organisation's inviter sees none of them and cannot resend them
      const admins = await as('admin', 'GET', `${INVITATIONS}?pageSize=100`);
      expect(admins.body.content.items.some((r: { id: string }) => r.id === stale.id)).toBe(false);
      expect((await as('admin', 'POST', `/inv/api/invitation/${stale.id}/resend`)).status).toBe(404);
    });
  });

  describe('guards', () => {
    it('refuses users outside the inviters group (403) for create, list, resend and revoke', async () => {
      const record = await invite('bank', { email: 'guarded@example.com', role: 'user', position: 'other' });
      for (const who of ['merchant', 'owner']) {
        expect((await as(who, 'POST', INVITATIONS, { role: 'user', position: 'other' })).status).toBe(403);
        expect((await as(who, 'GET', INVITATIONS)).status).toBe(403);
        expect((await as(who, 'POST', `/inv/api/invitation/${record.id}/resend`)).status).toBe(403);
        expect((await as(who, 'POST', `${RECORDS}/${record.id}/actions/revoke`)).status).toBe(403);
        expect((await as(who, 'GET', RECORDS)).body.code).toBe('noPermission');
      }
      expect(await stateOf(record.id)).toBe('mailSent');
    });

    it('answers 401 when signed out', async () => {
      const record = await invite('bank', { role: 'user', position: 'other' });
      expect((await call(base, 'POST', INVITATIONS, { body: { role: 'user', position: 'other' } })).status).toBe(401);
      expect((await call(base, 'GET', INVITATIONS)).status).toBe(401);
      expect((await call(base, 'POST', `/inv/api/invitation/${record.id}/resend`)).status).toBe(401);
      expect((await call(base, 'POST', `${RECORDS}/${record.id}/actions/revoke`)).status).toBe(401);
    });
  });
});

describe('invitation look-ups are throttled per address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ invitationLookupRateLimit: 2, withSmtp: false });
  });
  afterAll(() => server.close());

  it('answers 429 tooManyRequests past the limit', async () => {
    const path = '/inv/api/invitation/00000000-0000-4000-8000-000000000000';
    expect((await call(server.base, 'GET', path)).status).toBe(404);
    expect((await call(server.base, 'GET', path)).status).toBe(404);
    const third = await call(server.base, 'GET', path);
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('tooManyRequests');
  });
});
