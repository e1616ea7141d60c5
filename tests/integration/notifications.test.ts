import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_API_KEY, type NotificationView } from '../../core/notifications/notification.types';
import { userChannel } from '../../server/realtime/publish';
import { createNotification } from '../../server/services/notifications';
import type { UserRecord } from '../../server/store/records.types';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';

const KEY = { 'x-api-key': NOTIFICATIONS_API_KEY };
const NOTIFS = '/ntgw/api/notifs';
const MARK = '/ntgw/api/notifications/mark-as-read';
const CREATE = '/ntgw/api/notifications';

/** Issue 8: the notification gateway (shell §7), on the project's store (lowdb or PostgreSQL). */
describe('the notification gateway /ntgw/api', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const as = (who: string, method: string, path: string, body?: unknown, headers: Record<string, string> = KEY) =>
    call(server.base, method, path, { token: tokens[who], body, headers });

  const payload = (title: string) => ({
    title,
    description: `${title} in English`,
    url: '/app/reports',
    tr: { title: `${title} TR`, description: `${title} Türkçe`, url: '/app/reports?tr=1' },
  });

  /** Eight for the merchant (one of them only 'ignore', one 'ignore' and 'report'), one for the bank user. */
  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false });
    for (const who of ['admin', 'merchant', 'bank']) tokens[who] = await tokenFor(server.base, `${who}@demo.test`);
    const users = await server.store.collection<UserRecord>('users').all();
    for (const who of ['admin', 'merchant', 'bank']) {
      ids[who] = users.find((user) => user.email === `${who}@demo.test`)?.id ?? '';
    }
    const groups = ['report', 'onboarding', 'announcement', 'portfolio', 'assessment', 'report'];
    for (const [i, groupValue] of groups.entries()) {
      const made = await as('admin', 'POST', CREATE, {
        receiverExternalId: ids.merchant,
        groups: [{ groupValue }],
        payload: payload(`N${i + 1}`),
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
    // the service function other code calls (e.g. the help chat's unread marker)
    const { ctx } = server;
    await createNotification(ctx, {
      receiverId: ids.merchant,
      groups: [{ groupValue: 'ignore', groupKey: 'unreadMessage' }],
      payload: payload('Hidden'),
    });
    await createNotification(ctx, {
      receiverId: ids.merchant,
      groups: [{ groupValue: 'ignore' }, { groupValue: 'report', groupKey: 'onboardingExcelReady' }],
      payload: { ...payload('N7'), onboarding_excel_id: 'x-1' },
    });
    await as('admin', 'POST', CREATE, {
      receiverExternalId: ids.bank,
      groups: [{ groupValue: 'report' }],
      payload: payload('Bank'),
    });
  }, 90_000); // three sign-ins and nine notifications: slow on a loaded machine
  afterAll(() => server.close());

  const titles = (members: NotificationView[]) => members.map((member) => member.payload.title);

  describe('GET /notifs (hydra collection)', () => {
    it('answers the caller’s own, newest first, without the ones whose only group is ignore', async () => {
      const answer = await as('merchant', 'GET', `${NOTIFS}?page=1&order[id]=desc`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ '@type': 'hydra:Collection', totalItems: 7 });
      expect(titles(answer.body.member)).toEqual(['N7', 'N6', 'N5', 'N4', 'N3', 'N2', 'N1']);
      const [first] = answer.body.member as NotificationView[];
      expect(first).toMatchObject({
        '@type': 'Notification',
        statusStr: 'ACTIVE',
        groups: [{ groupValue: 'ignore' }, { groupValue: 'report', groupKey: 'onboardingExcelReady' }],
        payload: { title: 'N7', onboarding_excel_id: 'x-1', tr: { title: 'N7 TR', url: '/app/reports?tr=1' } },
      });
      expect(Number.isNaN(Date.parse(first.createdAtStr))).toBe(false);
      expect(first.uuid).toMatch(/^[0-9a-f-]{36}$/);

      const bank = await as('bank', 'GET', NOTIFS);
      expect(titles(bank.body.member)).toEqual(['Bank']);
    });

    it('pages from 1 and orders by id either way', async () => {
      const second = await as('merchant', 'GET', `${NOTIFS}?page=2&itemsPerPage=3&order[id]=desc`);
      expect(titles(second.body.member)).toEqual(['N4', 'N3', 'N2']);
      expect(second.body.totalItems).toBe(7);
      expect(second.body.view).toMatchObject({ next: `${NOTIFS}?page=3`, previous: `${NOTIFS}?page=1` });
      const oldest = await as('merchant', 'GET', `${NOTIFS}?order[id]=asc&itemsPerPage=2`);
      expect(titles(oldest.body.member)).toEqual(['N1', 'N2']);
    });

    it('filters by status and by groups.groupValue', async () => {
      const reports = await as('merchant', 'GET', `${NOTIFS}?groups.groupValue=report`);
      expect(titles(reports.body.member)).toEqual(['N7', 'N6', 'N1']);
      const ignored = await as('merchant', 'GET', `${NOTIFS}?groups.groupValue=ignore`);
      expect(titles(ignored.body.member)).toEqual(['N7']); // shown: it has another group too
      const read = await as('merchant', 'GET', `${NOTIFS}?status=READ`);
      expect(read.body).toMatchObject({ totalItems: 0, member: [] });
    });

    it('refuses malformed parameters with 400', async () => {
      for (const query of [
        'page=0',
        'page=x',
        'order[id]=up',
        'status=unread',
        'itemsPerPage=1000',
        'colour=red',
        'status=ACTIVE&status=READ',
      ]) {
        const answer = await as('merchant', 'GET', `${NOTIFS}?${query}`);
        expect([answer.status, answer.body.code], query).toEqual([400, 'invalidRequest']);
      }
    });
  });

  describe('GET /notifs with the query contract (the list document)', () => {
    it('answers { items, total } with each row’s text in the request language', async () => {
      const filter = JSON.stringify({ field: 'groupValues', op: 'eq', value: 'report' });
      const path = `${NOTIFS}?page=1&pageSize=2&sort=-id&filter=${encodeURIComponent(filter)}`;
      const english = await as('merchant', 'GET', path);
      expect(english.status).toBe(200);
      expect(english.body.content.total).toBe(3);
      expect(english.body.content.items.map((row: { title: string }) => row.title)).toEqual(['N7', 'N6']);
      const turkish = await as('merchant', 'GET', path, undefined, { ...KEY, 'accept-language': 'tr' });
      expect(turkish.body.content.items[0]).toMatchObject({
        title: 'N7 TR',
        description: 'N7 Türkçe',
        url: '/app/reports?tr=1',
      });
    });

    it('refuses a field it does not declare', async () => {
      const filter = JSON.stringify({ field: 'receiverId', op: 'eq', value: ids.bank });
      const answer = await as('merchant', 'GET', `${NOTIFS}?pageSize=5&filter=${encodeURIComponent(filter)}`);
      expect([answer.status, answer.body.code]).toEqual([400, 'invalidRequest']);
    });
  });

  describe('POST /notifications/mark-as-read', () => {
    it('marks the caller’s own ACTIVE ones read and passes over anyone else’s', async () => {
      const mine = (await as('merchant', 'GET', `${NOTIFS}?itemsPerPage=2`)).body.member as NotificationView[];
      const bankOne = (await as('bank', 'GET', NOTIFS)).body.member[0] as NotificationView;
      const answer = await as('merchant', 'POST', MARK, {
        ids: [...mine.map((n) => n.id), bankOne.id, 'no-such-id'],
        receiverExternalId: ids.merchant,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.content.ids.sort()).toEqual(mine.map((n) => n.id).sort());
      const read = await as('merchant', 'GET', `${NOTIFS}?status=READ`);
      expect(titles(read.body.member)).toEqual(['N7', 'N6']);
      expect((await as('merchant', 'GET', `${NOTIFS}?status=ACTIVE`)).body.totalItems).toBe(5);
      expect((await as('bank', 'GET', NOTIFS)).body.member[0].statusStr).toBe('ACTIVE');
      // again: nothing left to change
      const again = await as('merchant', 'POST', MARK, { ids: [mine[0].id] });
      expect(again.body.content.ids).toEqual([]);
    });

    it('refuses another receiver (403) and malformed bodies (400)', async () => {
      const other = await as('merchant', 'POST', MARK, { ids: ['x'], receiverExternalId: ids.bank });
      expect([other.status, other.body.code]).toEqual([403, 'noPermission']);
      for (const body of [{}, { ids: [] }, { ids: 'x' }, { ids: [1] }, { ids: ['a', 'a'] }, { ids: ['a'], extra: 1 }]) {
        const answer = await as('merchant', 'POST', MARK, body);
        expect([answer.status, answer.body.code], JSON.stringify(body)).toEqual([400, 'invalidRequest']);
      }
    });
  });

  describe('POST /notifications (admin)', () => {
    it('refuses non-admins (403), unknown receivers (404) and bad payloads (400)', async () => {
      const body = { receiverExternalId: ids.bank, groups: [{ groupValue: 'report' }], payload: payload('X') };
      const refused = await as('bank', 'POST', CREATE, body);
      expect([refused.status, refused.body.code]).toEqual([403, 'noPermission']);
      const unknown = await as('admin', 'POST', CREATE, { ...body, receiverExternalId: 'nobody' });
      expect([unknown.status, unknown.body.code]).toEqual([404, 'userNotFound']);
      const bad = [
        { ...body, groups: [] },
        { ...body, groups: [{ groupValue: 'secret' }] },
        { ...body, payload: { ...payload('X'), url: 'javascript:alert(1)' } },
        { ...body, payload: { ...payload('X'), url: '//evil.example/x' } },
        { ...body, payload: { ...payload('X'), title: '   ' } },
        { ...body, payload: { title: 'X', description: 'no Turkish' } },
        { ...body, receiverExternalId: '../x' },
      ];
      for (const candidate of bad) {
        const answer = await as('admin', 'POST', CREATE, candidate);
        expect([answer.status, answer.body.code], JSON.stringify(candidate)).toEqual([400, 'invalidRequest']);
      }
      expect((await as('bank', 'GET', NOTIFS)).body.totalItems).toBe(1);
    });
  });

  describe('guards', () => {
    it('every endpoint wants the api key (403) and a session (401)', async () => {
      const endpoints: [string, string, unknown?][] = [
        ['GET', NOTIFS],
        ['POST', MARK, { ids: ['x'] }],
        ['POST', CREATE, {}],
      ];
      for (const [method, path, body] of endpoints) {
        for (const headers of [{}, { 'x-api-key': 'wrong' }] as Record<string, string>[]) {
          const answer = await as('admin', method, path, body, headers);
          expect([answer.status, answer.body.code], `${method} ${path}`).toEqual([403, 'invalidApiKey']);
        }
        const anonymous = await call(server.base, method, path, { body, headers: KEY });
        expect([anonymous.status, anonymous.body.code], `${method} ${path}`).toEqual([401, 'unauthorized']);
      }
    });

    it('the channel auth endpoint signs only the caller’s own channel: 401 signed out, 403 another’s, 400 malformed', async () => {
      const path = '/wbe/api/realtime/auth';
      const own = { socket_id: '123.456', channel_name: userChannel(ids.merchant) };
      const signed = await call(server.base, 'POST', path, { token: tokens.merchant, form: own });
      expect(signed.status).toBe(200);
      expect(signed.body.auth).toMatch(/^paysec:[0-9a-f]{64}$/);
      // the same signature on every call (deterministic HMAC), another one for another socket
      const again = await call(server.base, 'POST', path, { token: tokens.merchant, body: own });
      expect(again.body.auth).toBe(signed.body.auth);
      const otherSocket = await call(server.base, 'POST', path, {
        token: tokens.merchant,
        body: { ...own, socket_id: '1.2' },
      });
      expect(otherSocket.body.auth).not.toBe(signed.body.auth);

      const anonymous = await call(server.base, 'POST', path, { form: own });
      expect([anonymous.status, anonymous.body.code]).toEqual([401, 'unauthorized']);
      for (const channel_name of [
        userChannel(ids.bank),
        'private-user-',
        'presence-x',
        userChannel(`${ids.merchant}x`),
      ]) {
        const answer = await call(server.base, 'POST', path, {
          token: tokens.merchant,
          form: { ...own, channel_name },
        });
        expect([answer.status, answer.body.code], channel_name).toEqual([403, 'noPermission']);
      }
      const admin = await call(server.base, 'POST', path, { token: tokens.admin, form: own });
      expect(admin.status).toBe(403); // an admin too: a user's channel is theirs alone
      for (const body of [{}, { ...own, socket_id: 'abc' }, { ...own, channel_name: 'a b' }, { ...own, extra: '1' }]) {
        const answer = await call(server.base, 'POST', path, { token: tokens.merchant, body });
        expect([answer.status, answer.body.code], JSON.stringify(body)).toEqual([400, 'invalidRequest']);
      }
    });
  });
});
