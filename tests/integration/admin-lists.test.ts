/**
 * The admin users and mail log endpoints behind the list documents (docs/gateway/wbe.md): the query
 * contract over real HTTP, and the user actions (approve one or many, delete, write to) each for an
 * admin (ok), a non-admin (403), a visitor (401) and bad input (400).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../server/store/records.types';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';

describe('admin users and mail logs as lists', () => {
  let server: TestServer;
  let admin: string;
  let bank: string;
  const users = () => server.store.collection<UserRecord>('users');
  const idOf = async (email: string) => (await users().find((user) => user.email === email))[0]?.id as string;
  const list = (path: string, params: Record<string, string>, token = admin) =>
    call(server.base, 'GET', `${path}?${new URLSearchParams(params)}`, { token });
  const filter = (value: unknown) => JSON.stringify(value);

  beforeAll(async () => {
    server = await startTestServer({ loginRateLimit: 100 });
    admin = await tokenFor(server.base, 'admin@demo.test');
    bank = await tokenFor(server.base, 'bank@demo.test');
  });
  afterAll(() => server.close());

  describe('GET /wbe/api/admin/users (query contract)', () => {
    it('answers a page of users and the total, newest first by default, without secrets', async () => {
      const all = await list('/wbe/api/admin/users', {});
      expect(all.status).toBe(200);
      const { items, total } = all.body.content;
      expect(total).toBe(
        await users()
          .all()
          .then((every) => every.length),
      );
      expect(items.length).toBe(Math.min(total, 25));
      const created = items.map((user: { createdAt: string }) => user.createdAt);
      expect(created).toEqual([...created].sort().reverse());
      expect(JSON.stringify(all.body)).not.toMatch(/passwordHash|secret/);
    });

    it('pages, sorts and filters on the declared fields', async () => {
      const sorted = await list('/wbe/api/admin/users', { sort: 'email', pageSize: '3', page: '2' });
      const emails = (await users().all()).map((user) => user.email).sort();
      expect(sorted.body.content.items.map((user: { email: string }) => user.email)).toEqual(emails.slice(3, 6));
      expect(sorted.body.content.total).toBe(emails.length);

      const pending = await list('/wbe/api/admin/users', {
        filter: filter({ field: 'approved', op: 'eq', value: false }),
      });
      const pendingEmails = pending.body.content.items.map((user: { email: string }) => user.email);
      expect(pendingEmails).toContain('pending@demo.test');
      expect(pendingEmails).not.toContain('admin@demo.test');

      const admins = await list('/wbe/api/admin/users', {
        filter: filter({ field: 'roles', op: 'contains', value: 'admin' }),
      });
      expect(admins.body.content.items.map((user: { email: string }) => user.email)).toEqual(['admin@demo.test']);
    });

    it('answers 400 naming a field it may not sort or filter on', async () => {
      const hash = await list('/wbe/api/admin/users', {
        filter: filter({ field: 'passwordHash', op: 'startsWith', value: '$' }),
      });
      expect(hash.status).toBe(400);
      expect(hash.body).toMatchObject({ code: 'invalidRequest', errors: { passwordHash: 'invalidRequest' } });
      const sort = await list('/wbe/api/admin/users', { sort: '-twoFactor' });
      expect(sort.status).toBe(400);
      expect(sort.body.errors).toEqual({ twoFactor: 'invalidRequest' });
      expect((await list('/wbe/api/admin/users', { page: 'zero' })).body.errors).toEqual({ page: 'invalidRequest' });
    });

    it('is for admins only', async () => {
      expect((await list('/wbe/api/admin/users', {}, bank)).status).toBe(403);
      expect((await call(server.base, 'GET', '/wbe/api/admin/users')).status).toBe(401);
    });
  });

  describe('GET /wbe/api/mail-logs (query contract)', () => {
    it('filters and sorts the log, and refuses undeclared fields', async () => {
      const subject = 'A note for the log test';
      const to = await idOf('assessor@demo.test');
      expect(
        (
          await call(server.base, 'POST', `/wbe/api/admin/users/${to}/email`, {
            token: admin,
            body: { subject, body: 'x' },
          })
        ).status,
      ).toBe(200);
      await server.settled();
      const found = await list('/wbe/api/mail-logs', {
        filter: filter({
          and: [
            { field: 'to', op: 'eq', value: 'assessor@demo.test' },
            { field: 'subject', op: 'contains', value: 'log test' },
          ],
        }),
        sort: '-createdAt',
      });
      expect(found.status).toBe(200);
      expect(found.body.content.total).toBe(1);
      expect(found.body.content.items[0]).toMatchObject({ to: 'assessor@demo.test', subject, status: 'sent' });

      const refused = await list('/wbe/api/mail-logs', {
        filter: filter({ field: 'html', op: 'contains', value: 'a' }),
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ html: 'invalidRequest' });
      expect((await list('/wbe/api/mail-logs', {}, bank)).status).toBe(403);
      expect((await call(server.base, 'GET', '/wbe/api/mail-logs')).status).toBe(401);
    });
  });

  describe('POST /wbe/api/admin/users/:uuid/email', () => {
    it('sends the admin’s subject and text to the user, escaped in the HTML part', async () => {
      const to = await idOf('owner@demo.test');
      const body = { subject: 'Your assessment', body: 'Hello <Owen>,\n\nplease look at it.' };
      const sent = await call(server.base, 'POST', `/wbe/api/admin/users/${to}/email`, { token: admin, body });
      expect(sent.status).toBe(200);
      // answered once queued; a delivery job sends it
      expect(sent.body.content.status).toBe('queued');
      const mail = await server.mailbox().waitFor('owner@demo.test', { match: (m) => m.subject === body.subject });
      expect(mail.text).toContain('please look at it.');
      expect(mail.html).toContain('Hello &#60;Owen&#62;,');
      expect(mail.html).not.toContain('<Owen>');
    });

    it('answers 400 for a bad body, 404 for an unknown user, 403 and 401 for others', async () => {
      const to = await idOf('owner@demo.test');
      const send = (body: unknown, token?: string, uuid = to) =>
        call(server.base, 'POST', `/wbe/api/admin/users/${uuid}/email`, { token, body });
      for (const body of [
        {},
        { subject: 'Hi' },
        { subject: '   ', body: 'x' },
        { subject: 'a\nBcc: x@y', body: 'x' },
        { subject: 'Hi', body: 'x', cc: 'x@y' },
        { subject: 'Hi', body: 42 },
      ]) {
        const answer = await send(body, admin);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.code).toBe('invalidRequest');
      }
      expect((await send({ subject: 'Hi', body: 'x' }, admin, 'no-such-user')).status).toBe(404);
      expect((await send({ subject: 'Hi', body: 'x' }, admin, 'bad%20id')).status).toBe(400);
      expect((await send({ subject: 'Hi', body: 'x' }, bank)).status).toBe(403);
      expect((await send({ subject: 'Hi', body: 'x' })).status).toBe(401);
    });
  });

  describe('POST /wbe/api/admin/users/approve (bulk)', () => {
    it('approves every listed user, or none when one is unknown', async () => {
      const pending = await idOf('pending@demo.test');
      const unknown = await call(server.base, 'POST', '/wbe/api/admin/users/approve', {
        token: admin,
        body: { ids: [pending, 'no-such-user'] },
      });
      expect(unknown.status).toBe(404);
      expect((await users().get(pending))?.approved).toBe(false);

      const approved = await call(server.base, 'POST', '/wbe/api/admin/users/approve', {
        token: admin,
        body: { ids: [pending] },
      });
      expect(approved.status).toBe(200);
      expect(approved.body.content.ids).toEqual([pending]);
      expect((await users().get(pending))?.approved).toBe(true);
    });

    it('answers 400 for a bad body, 403 and 401 for others', async () => {
      const approve = (body: unknown, token?: string) =>
        call(server.base, 'POST', '/wbe/api/admin/users/approve', { token, body });
      for (const body of [{}, { ids: [] }, { ids: 'x' }, { ids: [1] }, { ids: ['a', 'a'] }, { ids: ['a'], more: 1 }]) {
        expect((await approve(body, admin)).status, JSON.stringify(body)).toBe(400);
      }
      const someone = await idOf('assessee@demo.test');
      expect((await approve({ ids: [someone] }, bank)).status).toBe(403);
      expect((await approve({ ids: [someone] })).status).toBe(401);
    });
  });

  describe('DELETE /wbe/api/admin/users/:uuid', () => {
    it('removes the user and ends their sessions at once', async () => {
      const victim = await idOf('tm@demo.test');
      const theirToken = await tokenFor(server.base, 'tm@demo.test');
      expect((await call(server.base, 'GET', '/iam/api/me', { token: theirToken })).status).toBe(200);

      const deleted = await call(server.base, 'DELETE', `/wbe/api/admin/users/${victim}`, { token: admin });
      expect(deleted.status).toBe(200);
      expect(deleted.body.content).toEqual({ id: victim });
      expect(await users().get(victim)).toBeUndefined();
      expect((await call(server.base, 'GET', '/iam/api/me', { token: theirToken })).status).toBe(401);
      expect((await call(server.base, 'DELETE', `/wbe/api/admin/users/${victim}`, { token: admin })).status).toBe(404);
    });

    it('refuses to delete the caller themself with a translated 409', async () => {
      const self = await idOf('admin@demo.test');
      const refused = await call(server.base, 'DELETE', `/wbe/api/admin/users/${self}`, {
        token: admin,
        headers: { 'accept-language': 'tr' },
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'cannotDeleteYourself', message: 'Kendi hesabınızı silemezsiniz.' });
      expect(await users().get(self)).toBeDefined();
    });

    it('answers 400 for a bad id, 403 and 401 for others', async () => {
      const someone = await idOf('assessee@demo.test');
      expect((await call(server.base, 'DELETE', '/wbe/api/admin/users/..%2Fx', { token: admin })).status).toBe(400);
      expect((await call(server.base, 'DELETE', `/wbe/api/admin/users/${someone}`, { token: bank })).status).toBe(403);
      expect((await call(server.base, 'DELETE', `/wbe/api/admin/users/${someone}`)).status).toBe(401);
      expect(await users().get(someone)).toBeDefined();
    });
  });
});
