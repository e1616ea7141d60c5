import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailLogRecord, UserRecord } from '../../server/store/records.types';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';

const TIPS = '/config/v1/documents/tooltips/app';

// one server for the file: starting one (store, seed, argon2 hashes) is the slow part
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
  admin = await tokenFor(server.base, 'admin@demo.test');
});
afterAll(() => server.close());

describe('GET /tooltip/list (shell §7) serves the published tooltips document', () => {
  it('answers every seeded tip as { data_id, data: { en, tr } } to anyone, signed in or not', async () => {
    const anonymous = await call(server.base, 'GET', '/tooltip/list');
    expect(anonymous.status).toBe(200);
    const { items, total } = anonymous.body.content;
    expect(total).toBe(items.length);
    expect(items.length).toBeGreaterThan(5);
    expect(items).toContainEqual({
      data_id: 'settings-language#/timezone',
      data: { en: expect.stringContaining('timezone'), tr: expect.stringContaining('saat dilimi') },
    });
    const signedIn = await call(server.base, 'GET', '/tooltip/list', { token: admin });
    expect(signedIn.body.content).toEqual(anonymous.body.content);
  });

  it('speaks the query contract: filter, sort and page on data_id', async () => {
    const filter = JSON.stringify({ field: 'data_id', op: 'startsWith', value: 'settings-notifications#/' });
    const answer = await call(
      server.base,
      'GET',
      `/tooltip/list?sort=-data_id&pageSize=2&filter=${encodeURIComponent(filter)}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.content.total).toBe(3);
    expect(answer.body.content.items.map((item: { data_id: string }) => item.data_id)).toEqual([
      'settings-notifications#/notifications/reports',
      'settings-notifications#/notifications/news',
    ]);
  });

  it('refuses sorting or filtering on other fields and malformed pages with a translated 400', async () => {
    const sort = await call(server.base, 'GET', '/tooltip/list?sort=data', { headers: { 'accept-language': 'tr' } });
    expect(sort.status).toBe(400);
    expect(sort.body).toMatchObject({ code: 'invalidRequest', errors: { data: 'invalidRequest' } });
    expect(sort.body.message).not.toBe('');
    const filter = JSON.stringify({ field: 'data.en', op: 'contains', value: 'x' });
    const byText = await call(server.base, 'GET', `/tooltip/list?filter=${encodeURIComponent(filter)}`);
    expect(byText.status).toBe(400);
    expect(byText.body.errors).toEqual({ 'data.en': 'invalidRequest' });
    expect((await call(server.base, 'GET', '/tooltip/list?page=0')).status).toBe(400);
    expect((await call(server.base, 'GET', '/tooltip/list?filter=%7Bnot-json')).body.errors).toEqual({
      filter: 'invalidRequest',
    });
  });

  it('serves a newly published version at once; drafts stay unseen', async () => {
    const current = await call(server.base, 'GET', TIPS);
    const tips = { ...current.body.body.tips, 'new.tip': { en: '<b>New</b>', tr: '<b>Yeni</b>' } };
    const draft = await call(server.base, 'POST', `${TIPS}/drafts`, { token: admin, body: { body: { tips } } });
    expect(draft.status).toBe(201);
    const before = await call(
      server.base,
      'GET',
      `/tooltip/list?filter=${encodeURIComponent(JSON.stringify({ field: 'data_id', op: 'eq', value: 'new.tip' }))}`,
    );
    expect(before.body.content.total).toBe(0);

    const published = await call(server.base, 'POST', `${TIPS}/versions/${draft.body.version}/publish`, {
      token: admin,
    });
    expect(published.status).toBe(200);
    const after = await call(server.base, 'GET', '/tooltip/list');
    expect(after.body.content.items).toContainEqual({
      data_id: 'new.tip',
      data: { en: '<b>New</b>', tr: '<b>Yeni</b>' },
    });
  });

  it('stores tips sanitised, on a new draft and an edited one, so the public list never serves a script (issue 24)', async () => {
    const current = await call(server.base, 'GET', TIPS);
    const hostile = {
      en: '<b>Hi</b><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>',
      tr: '<p onclick="alert(4)">Merhaba</p><iframe src="https://evil.example"></iframe><a href="https://ok.example">ok</a>',
    };
    const tips = { ...current.body.body.tips, 'hostile.tip': hostile };
    const draft = await call(server.base, 'POST', `${TIPS}/drafts`, { token: admin, body: { body: { tips } } });
    expect(draft.status).toBe(201);
    const stored = { en: '<b>Hi</b><a>x</a>', tr: '<p>Merhaba</p><a href="https://ok.example">ok</a>' };
    expect(draft.body.body.tips['hostile.tip']).toEqual(stored);
    // an edit of the draft is cleaned the same way
    const edited = await call(server.base, 'PUT', `${TIPS}/versions/${draft.body.version}`, {
      token: admin,
      body: { body: { tips: { ...tips, 'hostile.tip': { ...hostile, en: '<i>Again</i><script>alert(5)</script>' } } } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.body.tips['hostile.tip'].en).toBe('<i>Again</i>');
    const published = await call(server.base, 'POST', `${TIPS}/versions/${draft.body.version}/publish`, {
      token: admin,
    });
    expect(published.status).toBe(200);
    const list = await call(server.base, 'GET', '/tooltip/list');
    const served = JSON.stringify(list.body.content.items);
    for (const raw of ['<script', 'onerror', 'onclick', 'javascript:', '<iframe', '<img'])
      expect(served).not.toContain(raw);
    expect(list.body.content.items).toContainEqual({ data_id: 'hostile.tip', data: { ...stored, en: '<i>Again</i>' } });
  });

  it('refuses to publish tips without both languages, listing the problem', async () => {
    const draft = await call(server.base, 'POST', `${TIPS}/drafts`, {
      token: admin,
      body: { body: { tips: { half: { en: 'English only' } } } },
    });
    const published = await call(server.base, 'POST', `${TIPS}/versions/${draft.body.version}/publish`, {
      token: admin,
    });
    expect(published.status).toBe(422);
    expect(published.body.problems).toContainEqual(
      expect.objectContaining({ path: '/body/tips/half', code: 'missingProperty', params: { property: 'tr' } }),
    );
  });
});

describe('GET /wbe/api/dashboard/stats: the admin dashboard figures', () => {
  const mail = (id: string, daysAgo: number, status: MailLogRecord['status']): MailLogRecord => ({
    id,
    to: 'someone@demo.test',
    subject: 's',
    text: 't',
    html: '<p>t</p>',
    status,
    createdAt: new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000).toISOString(),
  });

  it('counts users waiting for approval and mails of this and the previous window, per day', async () => {
    const logs = server.store.collection<MailLogRecord>('mailLogs');
    const existing = (await logs.all()).length;
    expect(existing).toBe(0);
    await logs.insert(mail('m1', 0, 'sent'));
    await logs.insert(mail('m2', 0, 'failed'));
    await logs.insert(mail('m3', 2, 'logged'));
    await logs.insert(mail('m4', 9, 'sent')); // the window before a 7-day window
    await logs.insert(mail('m5', 40, 'sent')); // outside both

    const answer = await call(server.base, 'GET', '/wbe/api/dashboard/stats?days=7', { token: admin });
    expect(answer.status).toBe(200);
    const stats = answer.body.content;
    const users = await server.store.collection<UserRecord>('users').all();
    const pending = users.filter((user) => user.verified && !user.approved).length;
    expect(pending).toBeGreaterThan(0); // pending@demo.test
    expect(stats.users.pendingApproval).toBe(pending);
    expect(stats.users.byStatus).toContainEqual({
      status: 'unverified',
      count: users.filter((u) => !u.verified).length,
    });
    expect(stats.mail).toMatchObject({ written: 3, delta: 3 - 1, failed: 1 });
    expect(stats.mail.byDay).toHaveLength(7);
    const today = stats.mail.byDay.at(-1);
    expect(today).toEqual({ day: new Date().toISOString().slice(0, 10), sent: 1, logged: 0, failed: 1 });
    expect(stats.mail.byDay.reduce((sum: number, day: { logged: number }) => sum + day.logged, 0)).toBe(1);

    const fortnight = await call(server.base, 'GET', '/wbe/api/dashboard/stats', { token: admin });
    expect(fortnight.body.content.days).toBe(14);
    expect(fortnight.body.content.mail.byDay).toHaveLength(14);
    expect(fortnight.body.content.mail.written).toBe(4);
  });

  it('needs a session (401) and the admin guard (403 for a bank user)', async () => {
    const anonymous = await call(server.base, 'GET', '/wbe/api/dashboard/stats');
    expect(anonymous.status).toBe(401);
    const bank = await tokenFor(server.base, 'bank@demo.test');
    const refused = await call(server.base, 'GET', '/wbe/api/dashboard/stats', { token: bank });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('noPermission');
  });

  it('refuses a bad window or unknown parameters with a 400 naming them', async () => {
    for (const query of ['days=0', 'days=91', 'days=abc', 'days=7&days=8', 'since=yesterday']) {
      const answer = await call(server.base, 'GET', `/wbe/api/dashboard/stats?${query}`, { token: admin });
      expect(answer.status, query).toBe(400);
      expect(answer.body.code, query).toBe('invalidRequest');
    }
    const unknown = await call(server.base, 'GET', '/wbe/api/dashboard/stats?since=x', { token: admin });
    expect(unknown.body.errors).toEqual({ since: 'invalidRequest' });
  });
});

describe('PUT /iam/api/me keeps notification preferences (Settings → Notifications)', () => {
  it('stores the preferences merged, answers them on /me, and refuses other shapes', async () => {
    const token = await tokenFor(server.base, 'bank@demo.test');
    const first = await call(server.base, 'PUT', '/iam/api/me', {
      token,
      body: { notifications: { email: false, reports: true, news: false } },
    });
    expect(first.status).toBe(200);
    expect(first.body.content.notifications).toEqual({ email: false, reports: true, news: false });
    await call(server.base, 'PUT', '/iam/api/me', { token, body: { notifications: { news: true } } });
    const me = await call(server.base, 'GET', '/iam/api/me', { token });
    expect(me.body.content.user.notifications).toEqual({ email: false, reports: true, news: true });

    for (const notifications of [{ email: 'yes' }, { sms: true }, 'all']) {
      const refused = await call(server.base, 'PUT', '/iam/api/me', { token, body: { notifications } });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ notifications: 'invalidRequest' });
    }
  });
});
