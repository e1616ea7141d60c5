import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, call, login, newDataDir, startTestServer, tokenFor } from '../support/harness';
import { NOTIFICATIONS_API_KEY, type NotificationEventData } from '../../../core/notifications/notification.types';
import { userChannel } from '../../../server/realtime/publish';
import { next, pusherFor } from '../support/pusher-client';
import { dropRedisPrefix, redisKeys, TEST_REDIS_URL, uniqueRedisPrefix } from '../support/redis';

const SHELL = '/config/v1/documents/shell-settings/app';
const LOGIN_LIMIT = 4;
const HELP_CHAT_LIMIT = 2;

/**
 * Issue 7, stateless instances: two apps over one PostgreSQL database (each its own connections)
 * and one Redis (a prefix of this test's own), started together as a cluster's workers would be.
 */
describe('two instances sharing the database and Redis', () => {
  let a: TestServer;
  let b: TestServer;
  const prefix = uniqueRedisPrefix();

  beforeAll(async () => {
    // the same data directory names the same database schema (support/harness.ts)
    const dataDir = await newDataDir();
    const shared = {
      dataDir,
      withSmtp: false,
      redisUrl: TEST_REDIS_URL,
      redisPrefix: prefix,
      loginRateLimit: LOGIN_LIMIT,
      rateLimits: { helpChatMessages: HELP_CHAT_LIMIT },
    } as const;
    [a, b] = await Promise.all([startTestServer(shared), startTestServer(shared)]);
  });
  afterAll(async () => {
    await b?.stopApp();
    await a?.close();
    await dropRedisPrefix(prefix);
  });

  it('started together over an empty database: seeded once, one signing key, sessions valid on both', async () => {
    const documents = await call(a.base, 'GET', `${SHELL}/versions`, {
      token: await tokenFor(a.base, 'admin@demo.test'),
    });
    expect(documents.body.content.map((version: { version: number }) => version.version)).toEqual([1]);
    const token = await tokenFor(a.base, 'merchant@demo.test');
    const atB = await call(b.base, 'GET', '/iam/api/me', { token });
    expect(atB.status).toBe(200);
    expect(JSON.stringify(atB.body.content)).toContain('merchant@demo.test');
  });

  it('serves on one instance, right after the publish answers, a document published on the other', async () => {
    const admin = await tokenFor(a.base, 'admin@demo.test');
    const before = await call(b.base, 'GET', SHELL);
    const bundleBefore = await call(b.base, 'GET', '/config/v1/app');
    expect(before.body.version).toBe(1);

    const seed = JSON.parse(await readFile(join('schemas', 'app', 'shell-settings.json'), 'utf8'));
    const body = { ...seed.body, navbar: { ...seed.body.navbar, width: 312 } };
    const draft = await call(a.base, 'POST', `${SHELL}/drafts`, { token: admin, body: { body } });
    expect(draft.status).toBe(201);
    const published = await call(a.base, 'POST', `${SHELL}/versions/${draft.body.version}/publish`, { token: admin });
    expect(published.status).toBe(200);

    const after = await call(b.base, 'GET', SHELL, { headers: { 'if-none-match': before.headers.get('etag') ?? '' } });
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ version: 2, status: 'published', body: { navbar: { width: 312 } } });
    const bundle = await call(b.base, 'GET', '/config/v1/app', {
      headers: { 'if-none-match': bundleBefore.headers.get('etag') ?? '' },
    });
    expect(bundle.status).toBe(200);
    expect(bundle.body.versions.shell).toBe(2);
    expect(bundle.body.shell.navbar.width).toBe(312);
  });

  it('counts failed sign-ins of both instances against one limit', async () => {
    const email = 'assessor@demo.test';
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT; i++) {
      statuses.push((await login(i % 2 === 0 ? a.base : b.base, email, 'Wrong-Pass1')).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401]);
    for (const server of [a, b]) {
      const refused = await login(server.base, email, 'Wrong-Pass1');
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('tooManyAttempts');
    }
    // the counters live under this deployment's prefix, nowhere else
    expect((await redisKeys(prefix)).some((key) => key.startsWith(`${prefix}rl:login:`))).toBe(true);
  });

  it('refuses a token logged out on one instance on both (the revocation is in the shared database)', async () => {
    const token = await tokenFor(a.base, 'bank@demo.test');
    const other = await tokenFor(b.base, 'bank@demo.test');
    for (const server of [a, b]) expect((await call(server.base, 'GET', '/iam/api/me', { token })).status).toBe(200);
    expect((await call(b.base, 'POST', '/iam/api/auth/logout', { token, body: {} })).status).toBe(200);
    for (const server of [a, b]) {
      const answer = await call(server.base, 'GET', '/iam/api/me', { token });
      expect([answer.status, answer.body.code]).toEqual([401, 'unauthorized']);
      expect((await call(server.base, 'GET', '/iam/api/me', { token: other })).status).toBe(200);
    }
  });

  it("counts a user's help-chat messages on both instances against one budget", async () => {
    const token = await tokenFor(a.base, 'owner@demo.test');
    const send = (server: TestServer) =>
      call(server.base, 'POST', '/wbe/api/help-chat/mine/messages', { token, body: { body: 'Hello' } });
    expect([(await send(a)).status, (await send(b)).status]).toEqual([201, 201]);
    for (const server of [a, b]) {
      const refused = await send(server);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('helpChatTooManyMessages');
    }
    expect((await redisKeys(prefix)).some((key) => key.startsWith(`${prefix}rl:help-chat-user:`))).toBe(true);
  });

  it('delivers a notification made on one instance to a browser connected to the other (Redis fan-out)', async () => {
    const admin = await tokenFor(b.base, 'admin@demo.test');
    const token = await tokenFor(b.base, 'merchant@demo.test');
    const merchantId = (await call(a.base, 'GET', '/iam/api/me', { token })).body.content.user.id as string;
    // the socket on A, its channel signed by B's endpoint: one channel secret for the deployment
    const client = pusherFor(a.base, token, b.base);
    try {
      const channel = client.subscribe(userChannel(merchantId));
      await next(channel, 'pusher:subscription_succeeded');
      const received = next<NotificationEventData>(channel, 'received');
      const made = await call(b.base, 'POST', '/ntgw/api/notifications', {
        token: admin,
        headers: { 'x-api-key': NOTIFICATIONS_API_KEY },
        body: {
          receiverExternalId: merchantId,
          groups: [{ groupValue: 'announcement' }],
          payload: { title: 'From B', description: '', tr: { title: "B'den", description: '' } },
        },
      });
      expect(made.status).toBe(201);
      expect((await received).notification).toMatchObject({ id: made.body.content.id, payload: { title: 'From B' } });
    } finally {
      client.disconnect();
    }
  });
  it('scores on one instance with a list changed on the other, and counts both instances’ transactions in velocity', async () => {
    const tm = await tokenFor(a.base, 'tm@demo.test');
    const lists = '/wbe/api/transaction-monitoring/list-entries';
    const key = (
      await call(a.base, 'POST', '/wbe/api/transaction-monitoring/keys', { token: tm, body: { name: 'Both' } })
    ).body.content.key as string;
    const ingest = async (at: TestServer, id: string, amount = 30, pan = '5105105105105100') => {
      const answer = await call(at.base, 'POST', '/tm/api/v1/transactions', {
        headers: { 'x-api-key': key },
        body: { transactionId: id, merchantId: 'two-shop', pan, amount, currency: 'EUR', ip: '192.0.2.77' },
      });
      expect(answer.status).toBe(201);
      return answer.body.content as { hits: string[] };
    };
    // B keeps the lists it read; the block added on A reaches it before A answers
    expect((await ingest(b, 'two-1')).hits).not.toContain('blocked-card-bin');
    const block = await call(a.base, 'POST', lists, {
      token: tm,
      body: { listId: 'blocked-bins', listKind: 'black', entityType: 'binRange', value: '510510' },
    });
    expect(block.status).toBe(201);
    expect((await ingest(b, 'two-2')).hits).toContain('blocked-card-bin');
    expect((await call(a.base, 'DELETE', `${lists}/${block.body.content.id}`, { token: tm })).status).toBe(200);
    expect((await ingest(b, 'two-3')).hits).not.toContain('blocked-card-bin');
    // another card's small payments, taking turns: the third within the hour is card testing, the
    // sixth within 10 minutes velocity, whichever instance stored the ones before
    const card = '4012888888881881';
    const hits: string[][] = [];
    for (const [i, at] of [a, b, a, b, a, b].entries()) hits.push((await ingest(at, `two-v${i}`, 1, card)).hits);
    expect(hits.map((hit) => hit.includes('card-testing'))).toEqual([false, false, true, true, true, true]);
    expect(hits.map((hit) => hit.includes('card-velocity'))).toEqual([false, false, false, false, false, true]);
  });

  it('applies an ingest budget chosen on one instance to the next call on the other, which kept the one before', async () => {
    const tm = await tokenFor(a.base, 'tm@demo.test');
    const budget = '/wbe/api/transaction-monitoring/ingest-budget';
    const key = (
      await call(a.base, 'POST', '/wbe/api/transaction-monitoring/keys', { token: tm, body: { name: 'Budget' } })
    ).body.content.key as string;
    const transaction = (id: string) => ({
      transactionId: id,
      merchantId: 'budget-shop',
      pan: '5105105105105100',
      amount: 12,
      currency: 'EUR',
    });
    const send = (at: TestServer, ids: string[]) =>
      call(at.base, 'POST', '/tm/api/v1/transactions/batch', {
        headers: { 'x-api-key': key },
        body: { transactions: ids.map(transaction) },
      });
    // B reads the deployment's budget and keeps it
    expect((await send(b, ['budget-1'])).status).toBe(201);
    expect((await call(a.base, 'PUT', budget, { token: tm, body: { limit: 3 } })).status).toBe(200);
    const over = await send(b, ['budget-2', 'budget-3', 'budget-4']);
    expect([over.status, over.body.code]).toEqual([429, 'tooManyTransactions']);
    expect((await send(b, ['budget-2', 'budget-3'])).status).toBe(201);
    expect((await call(a.base, 'PUT', budget, { token: tm, body: { limit: null } })).status).toBe(200);
    expect((await send(b, ['budget-4'])).status).toBe(201);
  });
});
