/**
 * The help chat over real HTTP on the project's store (lowdb, or PostgreSQL in integration-pg): a
 * user's message reaches the agents' inbox and their channels on the real event bus, the answer
 * comes back the same way, unread counts follow on both sides, the conversation survives a restart,
 * and the server guards every endpoint by session and the `helpChatAgents` role group.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HELP_CHAT_MESSAGE_EVENT, HELP_CHAT_READ_EVENT } from '../../core/help-chat/help-chat.types';
import { REALTIME_BUS_CHANNEL, type RealtimeEvent, userChannel } from '../../server/realtime/publish';
import type { UserRecord } from '../../server/store/records.types';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';

describe('help chat', () => {
  let server: TestServer;
  let admin: string;
  let merchant: string;
  let bank: string;
  let adminId: string;
  let merchantId: string;
  const events: RealtimeEvent[] = [];
  let stopWatching: () => Promise<void>;

  const idOf = async (email: string) =>
    (await server.store.collection<UserRecord>('users').find((user) => user.email === email))[0]?.id as string;
  /** Events published so far for one user's channel and one event name. */
  const eventsFor = (userId: string, event: string) =>
    events.filter((each) => each.channel === userChannel(userId) && each.event === event);

  async function watch(): Promise<void> {
    stopWatching = await server.bus.subscribe<RealtimeEvent>(REALTIME_BUS_CHANNEL, (event) => {
      events.push(event);
    });
  }

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    admin = await tokenFor(server.base, 'admin@demo.test');
    merchant = await tokenFor(server.base, 'merchant@demo.test');
    bank = await tokenFor(server.base, 'bank@demo.test');
    adminId = await idOf('admin@demo.test');
    merchantId = await idOf('merchant@demo.test');
    await watch();
  });
  afterAll(async () => {
    await stopWatching?.();
    await server.close();
  });

  it('a user has an empty conversation of their own before writing, and nothing unread', async () => {
    const mine = await call(server.base, 'GET', '/wbe/api/help-chat/mine', { token: merchant });
    expect(mine.status).toBe(200);
    expect(mine.body.content).toMatchObject({ id: merchantId, messages: [], messageCount: 0, unread: 0 });
    const unread = await call(server.base, 'GET', '/wbe/api/help-chat/unread', { token: merchant });
    expect(unread.body.content).toEqual({ unread: 0 });
    // nothing stored by looking
    expect(await server.store.collection('helpChatConversations').get(merchantId)).toBeUndefined();
  });

  it("a user's message is stored, lands in the inbox unread and is published to every agent and the user", async () => {
    const sent = await call(server.base, 'POST', '/wbe/api/help-chat/mine/messages', {
      token: merchant,
      body: { body: 'My scan is stuck' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.content).toMatchObject({ conversationId: merchantId, from: 'user', body: 'My scan is stuck' });

    await vi.waitFor(() => expect(eventsFor(adminId, HELP_CHAT_MESSAGE_EVENT)).toHaveLength(1));
    const [toAdmin] = eventsFor(adminId, HELP_CHAT_MESSAGE_EVENT);
    expect(toAdmin.data).toEqual({ conversationId: merchantId, message: sent.body.content });
    expect(eventsFor(merchantId, HELP_CHAT_MESSAGE_EVENT)).toHaveLength(1);
    // a bank user is no agent: nothing on their channel
    expect(eventsFor(await idOf('bank@demo.test'), HELP_CHAT_MESSAGE_EVENT)).toEqual([]);

    const inbox = await call(server.base, 'GET', '/wbe/api/help-chat/conversations', { token: admin });
    expect(inbox.status).toBe(200);
    expect(inbox.body.content.total).toBe(1);
    expect(inbox.body.content.items[0]).toMatchObject({
      id: merchantId,
      userEmail: 'merchant@demo.test',
      lastMessage: 'My scan is stuck',
      lastFrom: 'user',
      unreadBySupport: 1,
      unreadByUser: 0,
    });
    const badge = await call(server.base, 'GET', '/wbe/api/help-chat/unread', { token: admin });
    expect(badge.body.content).toEqual({ unread: 0, inbox: { unread: 1, conversations: 1 } });
  });

  it('an agent reads the conversation, marks it read (other agents are told), and answers', async () => {
    const thread = await call(server.base, 'GET', `/wbe/api/help-chat/conversations/${merchantId}`, { token: admin });
    expect(thread.status).toBe(200);
    expect(thread.body.content).toMatchObject({ id: merchantId, unread: 1, messageCount: 1 });
    expect(thread.body.content.messages.map((m: { body: string }) => m.body)).toEqual(['My scan is stuck']);

    const read = await call(server.base, 'POST', `/wbe/api/help-chat/conversations/${merchantId}/read`, {
      token: admin,
    });
    expect(read.status).toBe(200);
    await vi.waitFor(() => expect(eventsFor(adminId, HELP_CHAT_READ_EVENT)).toHaveLength(1));
    expect(eventsFor(adminId, HELP_CHAT_READ_EVENT)[0].data).toEqual({ conversationId: merchantId, side: 'support' });
    const badge = await call(server.base, 'GET', '/wbe/api/help-chat/unread', { token: admin });
    expect(badge.body.content.inbox).toEqual({ unread: 0, conversations: 0 });

    const answer = await call(server.base, 'POST', `/wbe/api/help-chat/conversations/${merchantId}/messages`, {
      token: admin,
      body: { body: 'Restarting it now' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.content).toMatchObject({ from: 'support', authorId: adminId, body: 'Restarting it now' });
    await vi.waitFor(() => expect(eventsFor(merchantId, HELP_CHAT_MESSAGE_EVENT)).toHaveLength(2));
    expect(eventsFor(merchantId, HELP_CHAT_MESSAGE_EVENT)[1].data).toEqual({
      conversationId: merchantId,
      message: answer.body.content,
    });
  });

  it('the answer shows unread on the user side until the user reads it', async () => {
    const badge = await call(server.base, 'GET', '/wbe/api/help-chat/unread', { token: merchant });
    expect(badge.body.content).toEqual({ unread: 1 });
    const mine = await call(server.base, 'GET', '/wbe/api/help-chat/mine', { token: merchant });
    expect(mine.body.content.unread).toBe(1);
    expect(mine.body.content.messages.map((m: { from: string; body: string }) => [m.from, m.body])).toEqual([
      ['user', 'My scan is stuck'],
      ['support', 'Restarting it now'],
    ]);
    const inbox = await call(server.base, 'GET', '/wbe/api/help-chat/conversations', { token: admin });
    expect(inbox.body.content.items[0]).toMatchObject({ unreadByUser: 1, unreadBySupport: 0, lastFrom: 'support' });

    const read = await call(server.base, 'POST', '/wbe/api/help-chat/mine/read', { token: merchant });
    expect(read.status).toBe(200);
    expect((await call(server.base, 'GET', '/wbe/api/help-chat/unread', { token: merchant })).body.content).toEqual({
      unread: 0,
    });
    // a later message counts again
    await call(server.base, 'POST', `/wbe/api/help-chat/conversations/${merchantId}/messages`, {
      token: admin,
      body: { body: 'Done' },
    });
    expect((await call(server.base, 'GET', '/wbe/api/help-chat/unread', { token: merchant })).body.content.unread).toBe(
      1,
    );
  });

  it('the inbox speaks the query contract: filter and sort on the declared fields, 400 on others', async () => {
    await call(server.base, 'POST', '/wbe/api/help-chat/mine/messages', { token: bank, body: { body: 'Hello?' } });
    const all = await call(server.base, 'GET', '/wbe/api/help-chat/conversations', { token: admin });
    // newest conversation activity first by default
    expect(all.body.content.items.map((c: { userEmail: string }) => c.userEmail)).toEqual([
      'bank@demo.test',
      'merchant@demo.test',
    ]);
    const waiting = encodeURIComponent(JSON.stringify({ field: 'unreadBySupport', op: 'gt', value: 0 }));
    const filtered = await call(server.base, 'GET', `/wbe/api/help-chat/conversations?filter=${waiting}`, {
      token: admin,
    });
    expect(filtered.body.content.items.map((c: { userEmail: string }) => c.userEmail)).toEqual(['bank@demo.test']);
    const sorted = await call(server.base, 'GET', '/wbe/api/help-chat/conversations?sort=userEmail', { token: admin });
    expect(sorted.body.content.items.map((c: { userEmail: string }) => c.userEmail)).toEqual([
      'bank@demo.test',
      'merchant@demo.test',
    ]);
    const refused = await call(server.base, 'GET', '/wbe/api/help-chat/conversations?sort=lastMessage', {
      token: admin,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('invalidRequest');
  });

  it('refuses visitors (401) and non-agents on the inbox (403); a user only ever reaches their own conversation', async () => {
    const agentCalls: [string, string][] = [
      ['GET', '/wbe/api/help-chat/conversations'],
      ['GET', `/wbe/api/help-chat/conversations/${merchantId}`],
      ['POST', `/wbe/api/help-chat/conversations/${merchantId}/messages`],
      ['POST', `/wbe/api/help-chat/conversations/${merchantId}/read`],
    ];
    const userCalls: [string, string][] = [
      ['GET', '/wbe/api/help-chat/unread'],
      ['GET', '/wbe/api/help-chat/mine'],
      ['POST', '/wbe/api/help-chat/mine/messages'],
      ['POST', '/wbe/api/help-chat/mine/read'],
    ];
    for (const [method, path] of [...agentCalls, ...userCalls]) {
      const answer = await call(server.base, method, path, method === 'POST' ? { body: { body: 'x' } } : {});
      expect([path, answer.status, answer.body.code]).toEqual([path, 401, 'unauthorized']);
    }
    for (const [method, path] of agentCalls) {
      const answer = await call(server.base, method, path, {
        token: bank,
        ...(method === 'POST' ? { body: { body: 'x' } } : {}),
      });
      expect([path, answer.status, answer.body.code]).toEqual([path, 403, 'noPermission']);
    }
    // the bank user's message went to their own conversation, never the merchant's
    const merchantThread = await call(server.base, 'GET', `/wbe/api/help-chat/conversations/${merchantId}`, {
      token: admin,
    });
    expect(merchantThread.body.content.messages.map((m: { body: string }) => m.body)).not.toContain('Hello?');
    // a non-agent's badge has no inbox
    expect(
      (await call(server.base, 'GET', '/wbe/api/help-chat/unread', { token: bank })).body.content.inbox,
    ).toBeUndefined();
  });

  it('bad input is a 400 naming the field; an unknown conversation is a 404', async () => {
    for (const body of [
      {},
      { body: '' },
      { body: '   \n ' },
      { body: 'x'.repeat(4001) },
      { body: 5 },
      { body: 'x', to: 'y' },
    ]) {
      const answer = await call(server.base, 'POST', '/wbe/api/help-chat/mine/messages', { token: merchant, body });
      expect([JSON.stringify(body).slice(0, 40), answer.status, answer.body.code]).toEqual([
        JSON.stringify(body).slice(0, 40),
        400,
        'invalidRequest',
      ]);
    }
    const extra = await call(server.base, 'POST', '/wbe/api/help-chat/mine/read', {
      token: merchant,
      body: { all: true },
    });
    expect(extra.status).toBe(400);
    const badId = await call(server.base, 'GET', '/wbe/api/help-chat/conversations/..%2Fx', { token: admin });
    expect(badId.status).toBe(400);
    expect(badId.body.errors).toEqual({ conversationId: 'invalidRequest' });
    for (const [method, path] of [
      ['GET', '/wbe/api/help-chat/conversations/nobody'],
      ['POST', '/wbe/api/help-chat/conversations/nobody/messages'],
      ['POST', '/wbe/api/help-chat/conversations/nobody/read'],
    ]) {
      const body = path.endsWith('messages') ? { body: 'x' } : method === 'POST' ? {} : undefined;
      const answer = await call(server.base, method, path, { token: admin, body });
      expect([path, answer.status, answer.body.code]).toEqual([path, 404, 'notFound']);
    }
    expect(await server.store.collection('helpChatConversations').get('nobody')).toBeUndefined();
  });

  it('who answers is the published helpChatAgents group: adding bank lets bank users in and notifies them', async () => {
    const current = await call(server.base, 'GET', '/config/v1/documents/role-groups/app');
    const groups = { ...current.body.body.groups, helpChatAgents: ['admin', 'bank'] };
    const draft = await call(server.base, 'POST', '/config/v1/documents/role-groups/app/drafts', {
      token: admin,
      body: { body: { groups } },
    });
    expect(draft.status).toBe(201);
    const published = await call(
      server.base,
      'POST',
      `/config/v1/documents/role-groups/app/versions/${draft.body.version}/publish`,
      { token: admin },
    );
    expect(published.status).toBe(200);
    try {
      const inbox = await call(server.base, 'GET', '/wbe/api/help-chat/conversations', { token: bank });
      expect(inbox.status).toBe(200);
      const bankId = await idOf('bank@demo.test');
      await call(server.base, 'POST', '/wbe/api/help-chat/mine/messages', {
        token: merchant,
        body: { body: 'Anyone?' },
      });
      await vi.waitFor(() => expect(eventsFor(bankId, HELP_CHAT_MESSAGE_EVENT).length).toBeGreaterThan(0));
    } finally {
      const restore = await call(server.base, 'POST', '/config/v1/documents/role-groups/app/drafts', {
        token: admin,
        body: { body: current.body.body },
      });
      const version = restore.body.version;
      await call(server.base, 'POST', `/config/v1/documents/role-groups/app/versions/${version}/publish`, {
        token: admin,
      });
    }
    expect((await call(server.base, 'GET', '/wbe/api/help-chat/conversations', { token: bank })).status).toBe(403);
  });

  it('keeps the conversation across a restart of the server', async () => {
    const before = await call(server.base, 'GET', '/wbe/api/help-chat/mine', { token: merchant });
    await stopWatching();
    await server.stopApp();
    server = await startTestServer({ withSmtp: false, dataDir: server.dataDir, loginRateLimit: 100 });
    await watch();
    const token = await tokenFor(server.base, 'merchant@demo.test');
    const after = await call(server.base, 'GET', '/wbe/api/help-chat/mine', { token });
    expect(after.status).toBe(200);
    expect(after.body.content.messageCount).toBeGreaterThanOrEqual(4);
    expect(after.body.content).toEqual(before.body.content);
  });

  it("a removed account's conversation and messages go with it", async () => {
    const token = await tokenFor(server.base, 'bank@demo.test');
    const bankId = await idOf('bank@demo.test');
    await call(server.base, 'POST', '/wbe/api/help-chat/mine/messages', { token, body: { body: 'Bye' } });
    const adminToken = await tokenFor(server.base, 'admin@demo.test');
    expect((await call(server.base, 'DELETE', `/wbe/api/admin/users/${bankId}`, { token: adminToken })).status).toBe(
      200,
    );
    const gone = await call(server.base, 'GET', `/wbe/api/help-chat/conversations/${bankId}`, { token: adminToken });
    expect(gone.status).toBe(404);
    const left = await server.store.collection<{ id: string; conversationId: string }>('helpChatMessages').all();
    expect(left.filter((message) => message.conversationId === bankId)).toEqual([]);
    expect(left.some((message) => message.conversationId === merchantId)).toBe(true);
  });
});

/**
 * The help chat's own throttle (server/auth/rate-limits.ts): a user's messages per user, counted on
 * the app's counters (Redis across instances: tests/integration/pg/instances.test.ts); agents' answers
 * on a looser budget of their own. Small budgets here so the limit is reached in a few calls.
 */
describe('help chat throttle', () => {
  let server: TestServer;
  const USER_LIMIT = 3;
  const AGENT_LIMIT = 5;

  beforeAll(async () => {
    server = await startTestServer({
      withSmtp: false,
      loginRateLimit: 100,
      rateLimits: { helpChatMessages: USER_LIMIT, helpChatAnswers: AGENT_LIMIT },
    });
  });
  afterAll(() => server.close());

  const send = (token: string, body: string, language = 'en') =>
    call(server.base, 'POST', '/wbe/api/help-chat/mine/messages', {
      token,
      body: { body },
      headers: { 'accept-language': language },
    });

  it("refuses a user's messages beyond the budget with a translated 429, stores none of them, and spares other users", async () => {
    const merchant = await tokenFor(server.base, 'merchant@demo.test');
    const merchantId = (await call(server.base, 'GET', '/iam/api/me', { token: merchant })).body.content.user.id;
    for (let i = 0; i < USER_LIMIT; i++) expect((await send(merchant, `Message ${i}`)).status).toBe(201);

    const refused = await send(merchant, 'One too many');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: 'helpChatTooManyMessages',
      message: 'You are sending messages too quickly. Please wait a few minutes and try again.',
    });
    const turkish = await send(merchant, 'Bir tane fazla', 'tr');
    expect(turkish.status).toBe(429);
    expect(turkish.body.message).toBe('Çok hızlı mesaj gönderiyorsunuz. Lütfen birkaç dakika bekleyip tekrar deneyin.');
    const mine = await call(server.base, 'GET', '/wbe/api/help-chat/mine', { token: merchant });
    expect(mine.body.content.messageCount).toBe(USER_LIMIT);

    // the budget is the user's, not the address's: another user from the same address still writes
    const owner = await tokenFor(server.base, 'owner@demo.test');
    expect((await send(owner, 'Hello')).status).toBe(201);

    // an agent answers on a looser budget of its own, untouched by the users' messages
    const admin = await tokenFor(server.base, 'admin@demo.test');
    const answer = (body: string) =>
      call(server.base, 'POST', `/wbe/api/help-chat/conversations/${merchantId}/messages`, {
        token: admin,
        body: { body },
      });
    for (let i = 0; i < AGENT_LIMIT; i++) expect((await answer(`Answer ${i}`)).status).toBe(201);
    const tooMany = await answer('Answer beyond');
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.code).toBe('helpChatTooManyMessages');
  });
});
