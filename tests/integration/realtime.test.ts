import fc from 'fast-check';
import type Pusher from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_API_KEY, type NotificationEventData } from '../../core/notifications/notification.types';
import { endRealtimeAccess, userChannel } from '../../server/realtime/publish';
import { RedisEventBus } from '../../server/scale/redis-bus';
import type { UserRecord } from '../../server/store/records.types';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';
import { connectionState, next, pusherFor, RawSocket } from './support/pusher-client';
import { dropRedisPrefix, TEST_REDIS_URL, uniqueRedisPrefix } from './support/redis';

/**
 * Issue 8, real time: the real pusher-js client (Node build) against our Pusher-protocol server on
 * the app's own HTTP server, authorizing through the real endpoint, events made through the API.
 * The server pings after 1 s of silence and waits 1 s for the answer, so the timeouts come quickly.
 */
describe('the Pusher-protocol server', () => {
  let server: TestServer;
  let admin: string;
  let merchant: string;
  let merchantId: string;
  let bankId: string;
  const clients: Pusher[] = [];
  const sockets: RawSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, realtime: { activityTimeoutSeconds: 1, pongTimeoutSeconds: 1 } });
    admin = await tokenFor(server.base, 'admin@demo.test');
    merchant = await tokenFor(server.base, 'merchant@demo.test');
    const users = await server.store.collection<UserRecord>('users').all();
    merchantId = users.find((user) => user.email === 'merchant@demo.test')?.id ?? '';
    bankId = users.find((user) => user.email === 'bank@demo.test')?.id ?? '';
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => server.close());

  const connect = (token: string) => {
    const client = pusherFor(server.base, token);
    clients.push(client);
    return client;
  };
  const raw = (path?: string) => {
    const socket = new RawSocket(server.base, path);
    sockets.push(socket);
    return socket;
  };

  /** An admin's notification for a user, through the gateway (as the e2e test makes one). */
  const notify = (receiverExternalId: string, title: string) =>
    call(server.base, 'POST', '/ntgw/api/notifications', {
      token: admin,
      headers: { 'x-api-key': NOTIFICATIONS_API_KEY },
      body: {
        receiverExternalId,
        groups: [{ groupValue: 'announcement' }],
        payload: { title, description: 'd', url: '/app/reports', tr: { title: `${title} (tr)`, description: 'a' } },
      },
    });

  it("accepts the user's own private channel and delivers an event made through the API", async () => {
    const client = connect(merchant);
    const channel = client.subscribe(userChannel(merchantId));
    await next(channel, 'pusher:subscription_succeeded');
    const received = next<NotificationEventData>(channel, 'received');
    const created = await notify(merchantId, 'Report ready');
    expect(created.status).toBe(201);
    const event = await received;
    expect(event.notification).toMatchObject({ id: created.body.content.id, statusStr: 'ACTIVE' });
    expect(event.notification.payload).toMatchObject({ title: 'Report ready', tr: { title: 'Report ready (tr)' } });
  });

  it("refuses another user's channel at the auth endpoint (403), and a signature made for another socket", async () => {
    const client = connect(merchant);
    const refused = client.subscribe(userChannel(bankId));
    const error = await next<{ type: string; status: number }>(refused, 'pusher:subscription_error');
    expect(error).toMatchObject({ type: 'AuthError', status: 403 });

    // a valid signature for socket A does not open the channel on socket B
    await connectionState(client, 'connected');
    const auth = await call(server.base, 'POST', '/wbe/api/realtime/auth', {
      token: merchant,
      form: { socket_id: client.connection.socket_id, channel_name: userChannel(merchantId) },
    });
    expect(auth.status).toBe(200);
    const thief = raw();
    expect((await thief.next()).event).toBe('pusher:connection_established');
    thief.send({ event: 'pusher:subscribe', data: { channel: userChannel(merchantId), auth: auth.body.auth } });
    const answer = await thief.next();
    expect(answer).toMatchObject({
      event: 'pusher:subscription_error',
      channel: userChannel(merchantId),
      data: { type: 'AuthError', status: 401 },
    });
    // and nothing sent on the channel reaches the thief: its next frame is the server's ping
    await notify(merchantId, 'Not for the thief');
    expect((await thief.next()).event).toBe('pusher:ping');
  });

  it('reconnects after the server drops the socket, subscribes again and receives events', async () => {
    const client = connect(merchant);
    const channel = client.subscribe(userChannel(merchantId));
    await next(channel, 'pusher:subscription_succeeded');
    const first = client.connection.socket_id;

    const resubscribed = next(channel, 'pusher:subscription_succeeded');
    expect(server.realtime.disconnect(first)).toBe(true); // 4200: reconnect at once
    await resubscribed;
    expect(client.connection.socket_id).not.toBe(first);

    const received = next<NotificationEventData>(channel, 'received');
    const created = await notify(merchantId, 'After the drop');
    expect((await received).notification.id).toBe(created.body.content.id);
  });

  it('answers pusher-js pings, so a live client stays connected across several activity timeouts', async () => {
    const client = connect(merchant);
    await connectionState(client, 'connected');
    const socketId = client.connection.socket_id;
    // the client pings after 1 s of silence (the server's activity_timeout) and expects a pong
    for (let i = 0; i < 3; i++) await next(client.connection, 'message');
    expect(client.connection.state).toBe('connected');
    expect(client.connection.socket_id).toBe(socketId);
  });

  it('pings a silent client and drops it with 4201 when no pong comes', async () => {
    const silent = raw();
    const established = await silent.next();
    expect(established.event).toBe('pusher:connection_established');
    expect(established.data).toMatchObject({ activity_timeout: 1 });
    expect(established.data.socket_id).toMatch(/^\d+\.\d+$/);
    expect((await silent.next()).event).toBe('pusher:ping');
    expect(await silent.next()).toMatchObject({ event: 'pusher:error', data: { code: 4201 } });
    expect((await silent.closed).code).toBe(4201);
  });

  it('keeps a client that answers the ping', async () => {
    const polite = raw();
    await polite.next(); // connection_established
    for (let i = 0; i < 2; i++) {
      expect((await polite.next()).event).toBe('pusher:ping');
      polite.send({ event: 'pusher:pong', data: {} });
    }
    polite.send({ event: 'pusher:ping', data: {} });
    expect((await polite.next()).event).toBe('pusher:pong');
    expect(polite.ws.readyState).toBe(polite.ws.OPEN);
  });

  it('refuses connections with the protocol error codes and closes with the same code', async () => {
    const cases: [string, number][] = [
      ['/app/wrong-key?protocol=7', 4001],
      ['/app/paysec', 4008],
      ['/app/paysec?protocol=seven', 4006],
      ['/app/paysec?protocol=6', 4007],
    ];
    for (const [path, code] of cases) {
      const socket = raw(path);
      expect(await socket.next(), path).toMatchObject({ event: 'pusher:error', data: { code } });
      expect((await socket.closed).code, path).toBe(code);
    }
    // pusher-js does not retry a 4000–4099 refusal
    const { hostname, port } = new URL(server.base);
    const { default: PusherJs } = await import('pusher-js');
    const refused = new PusherJs('wrong-key', {
      cluster: 'eu',
      wsHost: hostname,
      wsPort: Number(port),
      forceTLS: false,
      enabledTransports: ['ws'],
    });
    clients.push(refused);
    const error = await next<{ error: { data: { code: number } } }>(refused.connection, 'error');
    expect(error.error.data.code).toBe(4001);
    await connectionState(refused, 'disconnected');
  });

  it('answers malformed frames, client events and unknown events with pusher:error and stays open', async () => {
    const socket = raw();
    await socket.next();
    socket.send('not json');
    expect(await socket.next()).toMatchObject({ event: 'pusher:error', data: { code: null } });
    socket.send({ event: 'client-typing', channel: userChannel(merchantId), data: {} });
    expect(await socket.next()).toMatchObject({
      event: 'pusher:error',
      data: { message: 'Client events are not enabled' },
    });
    socket.send({ event: 'pusher:subscribe', data: { channel: 'presence-room', auth: 'x' } });
    expect(await socket.next()).toMatchObject({ event: 'pusher:subscription_error', data: { status: 403 } });
    socket.send({ event: 'pusher:subscribe', data: { channel: 'a b' } });
    expect(await socket.next()).toMatchObject({ event: 'pusher:error', data: { message: 'Invalid channel name' } });
    socket.send({ event: 'pusher:ping', data: {} });
    expect((await socket.next()).event).toBe('pusher:pong');
  });

  it('survives generated frames: every one answered or ignored, the socket still speaking afterwards', async () => {
    const socket = raw();
    await socket.next();
    const frame = fc.oneof(
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.string({ maxLength: 200 }),
      fc
        .record({
          event: fc.constantFrom('pusher:subscribe', 'pusher:unsubscribe', 'pusher:signin', 'client-x', 'received'),
          channel: fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
          data: fc.oneof(
            fc.jsonValue(),
            fc.record({ channel: fc.string({ maxLength: 200 }), auth: fc.string({ maxLength: 100 }) }),
            fc.jsonValue().map((value) => JSON.stringify(value)),
          ),
        })
        .map((message) => JSON.stringify(message)),
    );
    for (const text of fc.sample(frame, { numRuns: 300, seed: 8 })) socket.send(text);
    socket.send({ event: 'pusher:ping', data: {} });
    let answer = await socket.next();
    while (answer.event !== 'pusher:pong') {
      expect(['pusher:error', 'pusher:subscription_error']).toContain(answer.event);
      answer = await socket.next();
    }
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    expect(server.realtime.connections).toBeGreaterThan(0);
  });

  it('tells its clients to reconnect (4200) when the app stops, and stops even with a socket open', async () => {
    const other = await startTestServer({ withSmtp: false });
    try {
      const socket = new RawSocket(other.base);
      sockets.push(socket);
      expect((await socket.next()).event).toBe('pusher:connection_established');
      await other.stopApp();
      expect(await socket.next()).toMatchObject({ event: 'pusher:error', data: { code: 4200 } });
      expect((await socket.closed).code).toBe(4200);
    } finally {
      await other.close();
    }
  });

  it("closes a deactivated user's sockets with 4009 and refuses them later; others' sockets stay", async () => {
    const ownerId = (await server.store.collection<UserRecord>('users').all()).find(
      (user) => user.email === 'owner@demo.test',
    )?.id as string;
    const owner = await tokenFor(server.base, 'owner@demo.test');
    const victim = connect(owner);
    const victimChannel = victim.subscribe(userChannel(ownerId));
    await next(victimChannel, 'pusher:subscription_succeeded');
    const bystander = connect(merchant);
    const bystanderChannel = bystander.subscribe(userChannel(merchantId));
    await next(bystanderChannel, 'pusher:subscription_succeeded');
    // a socket that fetched its signature before the deactivation but subscribes only after
    const late = raw();
    const lateId = String((await late.next()).data.socket_id);
    const lateAuth = await call(server.base, 'POST', '/wbe/api/realtime/auth', {
      token: owner,
      form: { socket_id: lateId, channel_name: userChannel(ownerId) },
    });
    expect(lateAuth.status).toBe(200);

    const refused = next<{ type: string; data: { code: number } }>(victim.connection, 'error');
    const gone = connectionState(victim, 'disconnected');
    const deactivated = await call(server.base, 'POST', `/wbe/api/admin/users/${ownerId}/deactivate`, { token: admin });
    expect(deactivated.status).toBe(200);
    expect((await refused).data.code).toBe(4009);
    await gone; // pusher-js does not reconnect into a refused auth

    late.send({ event: 'pusher:subscribe', data: { channel: userChannel(ownerId), auth: lateAuth.body.auth } });
    expect(await late.next()).toMatchObject({ event: 'pusher:error', data: { code: 4009 } });
    expect((await late.closed).code).toBe(4009);

    // a new connection with the old token is refused at the auth endpoint
    const again = connect(owner);
    const error = await next<{ status: number }>(again.subscribe(userChannel(ownerId)), 'pusher:subscription_error');
    expect(error.status).toBe(401);

    // the other user's socket stays and still receives
    expect(bystander.connection.state).toBe('connected');
    const received = next<NotificationEventData>(bystanderChannel, 'received');
    const created = await notify(merchantId, 'Still here');
    expect((await received).notification.id).toBe(created.body.content.id);
  });

  it("closes a removed account's sockets with 4009", async () => {
    const tmId = (await server.store.collection<UserRecord>('users').all()).find(
      (user) => user.email === 'tm@demo.test',
    )?.id as string;
    const client = connect(await tokenFor(server.base, 'tm@demo.test'));
    await next(client.subscribe(userChannel(tmId)), 'pusher:subscription_succeeded');
    const refused = next<{ data: { code: number } }>(client.connection, 'error');
    expect((await call(server.base, 'DELETE', `/wbe/api/admin/users/${tmId}`, { token: admin })).status).toBe(200);
    expect((await refused).data.code).toBe(4009);
    await connectionState(client, 'disconnected');
  });

  it('closes the sockets of a user whose sessions end on another instance (a revocation over Redis)', async () => {
    const prefix = uniqueRedisPrefix();
    const shared = await startTestServer({ withSmtp: false, redisUrl: TEST_REDIS_URL, redisPrefix: prefix });
    const elsewhere = await RedisEventBus.connect(TEST_REDIS_URL, { prefix });
    try {
      const users = await shared.store.collection<UserRecord>('users').all();
      const id = users.find((user) => user.email === 'merchant@demo.test')?.id as string;
      const client = pusherFor(shared.base, await tokenFor(shared.base, 'merchant@demo.test'));
      clients.push(client);
      await next(client.subscribe(userChannel(id)), 'pusher:subscription_succeeded');
      const refused = next<{ data: { code: number } }>(client.connection, 'error');
      await endRealtimeAccess({ bus: elsewhere }, id);
      expect((await refused).data.code).toBe(4009);
      await connectionState(client, 'disconnected');
    } finally {
      await elsewhere.close();
      await shared.close();
      await dropRedisPrefix(prefix);
    }
  });

  it('refuses connections over the per-address budget with 4100 and takes them again once one closes', async () => {
    const small = await startTestServer({ withSmtp: false, realtime: { maxConnectionsPerAddress: 2 } });
    try {
      const first = new RawSocket(small.base);
      const second = new RawSocket(small.base);
      sockets.push(first, second);
      expect((await first.next()).event).toBe('pusher:connection_established');
      expect((await second.next()).event).toBe('pusher:connection_established');
      const third = new RawSocket(small.base);
      sockets.push(third);
      expect(await third.next()).toMatchObject({
        event: 'pusher:error',
        data: { code: 4100, message: 'Over capacity' },
      });
      expect((await third.closed).code).toBe(4100);
      expect(small.realtime.connections).toBe(2);

      first.ws.close();
      await first.closed;
      // the server may hear the close a moment after the client: a refused try is not counted
      let fourth = new RawSocket(small.base);
      sockets.push(fourth);
      while ((await fourth.next()).event !== 'pusher:connection_established') {
        await fourth.closed;
        fourth = new RawSocket(small.base);
        sockets.push(fourth);
      }
      expect(small.realtime.connections).toBe(2);
    } finally {
      await small.close();
    }
  });

  it('does not upgrade other paths', async () => {
    const socket = raw('/iam/api/login');
    const failed = await new Promise<string>((resolve) => socket.ws.on('error', (error) => resolve(error.message)));
    expect(failed).toContain('404');
  });
});
