import { randomInt } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { USER_CHANNEL_PREFIX } from '../../core/realtime/channels';
import type { AppContext } from '../context';
import type { ChannelSigner } from '../context/signing.types';
import type { EventBus } from '../scale/event-bus';
import { REALTIME_BUS_CHANNEL, type RealtimeEvent, type RealtimeRevocation } from './publish';
import {
  CHANNEL_NAME,
  decodeMessage,
  encodeMessage,
  isProtocolEvent,
  PUSHER_ERRORS,
  type PusherError,
  protocolProblem,
} from './pusher-protocol';

export interface RealtimeOptions {
  /**
   * Seconds of silence from a client after which the server pings it (sent to clients in
   * connection_established: they ping the server after as long). Default 120, as Pusher.
   */
  activityTimeoutSeconds?: number;
  /** Seconds a pinged client has to answer before it is dropped with 4201. Default 30. */
  pongTimeoutSeconds?: number;
  /** Channels one connection may hold. Default 100. */
  maxChannelsPerSocket?: number;
  /** Open connections one client address may hold on this instance; more are refused with 4100. Default 50. */
  maxConnectionsPerAddress?: number;
  /** The client's address of an upgrade request (the app's trust-proxy setting); default the peer's. */
  addressOf?: (req: IncomingMessage) => string;
}

/** The default connection budget of one address: a household or an office behind one NAT, many tabs each. */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 50;

/** One browser connection. */
interface Client {
  id: string;
  /** Order of connection on this instance: a revocation refuses the sockets opened before it. */
  seq: number;
  address: string;
  ws: WebSocket;
  channels: Set<string>;
  timer?: NodeJS.Timeout;
}

/** Client messages are small (a subscribe is under 300 bytes); Pusher caps them at 10 kB. */
const MAX_MESSAGE_BYTES = 10 * 1024;
const APP_PATH = /^\/app\/([^/]+)\/?$/;

function isRevocation(payload: unknown): payload is RealtimeRevocation {
  return !!payload && typeof payload === 'object' && typeof (payload as Record<string, unknown>).revoke === 'string';
}

function isRealtimeEvent(payload: unknown): payload is RealtimeEvent {
  if (!payload || typeof payload !== 'object') return false;
  const { channel, event } = payload as Record<string, unknown>;
  return typeof channel === 'string' && typeof event === 'string' && event !== '' && !isProtocolEvent(event);
}

/** Pusher's socket ids: two numbers joined by a dot, random so one cannot be guessed from another. */
const newSocketId = () => `${randomInt(2 ** 47)}.${randomInt(2 ** 47)}`;

/**
 * Our Pusher Channels (protocol 7) server over `ws`, on the app's own HTTP server at `/app/:key`.
 * Browsers subscribe only to private channels, with a signature from the auth endpoint
 * (server/gateway/realtime-auth.ts). Events come from the event bus (`publishToUser`), so whichever
 * instance holds a user's socket delivers what any instance published.
 */
export class RealtimeServer {
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
  });
  private readonly clients = new Map<string, Client>();
  private readonly channels = new Map<string, Set<Client>>();
  private readonly activityMs: number;
  private readonly pongMs: number;
  private readonly maxChannels: number;
  private readonly maxPerAddress: number;
  private readonly addressOf: (req: IncomingMessage) => string;
  /** Open connections by client address. */
  private readonly perAddress = new Map<string, number>();
  /**
   * Revoked channels, with the last connection sequence number at the revocation: a socket that
   * fetched a signature just before its user's sessions ended cannot subscribe with it afterwards.
   */
  private readonly revoked = new Map<string, number>();
  private nextSeq = 0;
  private stopListening: (() => Promise<void>) | null = null;
  private closed = false;

  constructor(
    private readonly bus: EventBus,
    private readonly auth: ChannelSigner,
    private readonly log: AppContext['log'],
    options: RealtimeOptions = {},
  ) {
    this.activityMs = (options.activityTimeoutSeconds ?? 120) * 1000;
    this.pongMs = (options.pongTimeoutSeconds ?? 30) * 1000;
    this.maxChannels = options.maxChannelsPerSocket ?? 100;
    this.maxPerAddress = options.maxConnectionsPerAddress ?? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS;
    this.addressOf = options.addressOf ?? ((req) => req.socket.remoteAddress ?? 'unknown');
  }

  /** Starts taking events from the bus; resolves once a publish anywhere reaches this instance. */
  async start(): Promise<void> {
    this.stopListening = await this.bus.subscribe(REALTIME_BUS_CHANNEL, (payload) =>
      isRevocation(payload) ? this.revoke(payload.revoke) : this.deliver(payload),
    );
  }

  /** Takes WebSocket upgrades to `/app/:key` on this HTTP server. */
  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(req, socket, head));
  }

  /** Open connections on this instance. */
  get connections(): number {
    return this.clients.size;
  }

  /** Closes one connection with a protocol close code (operations, and tests of the client's reconnect). */
  disconnect(socketId: string, error: PusherError = PUSHER_ERRORS.reconnect): boolean {
    const client = this.clients.get(socketId);
    if (!client) return false;
    this.closeWith(client, error);
    return true;
  }

  /** Stops taking events and tells every client to reconnect (4200): another instance takes them. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.stopListening?.();
    const sockets = [...this.clients.values()].map((client) => client.ws);
    for (const client of [...this.clients.values()]) this.closeWith(client, PUSHER_ERRORS.reconnect);
    // a peer that does not answer the close frame (gone without a word) is cut off after a second,
    // so the HTTP server can stop
    const answered = sockets.map((ws) =>
      ws.readyState === ws.CLOSED
        ? Promise.resolve()
        : new Promise<void>((resolve) => ws.once('close', () => resolve())),
    );
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(answered), new Promise((resolve) => (timer = setTimeout(resolve, 1000)))]);
    clearTimeout(timer);
    for (const ws of sockets) if (ws.readyState !== ws.CLOSED) ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://socket');
    const path = APP_PATH.exec(url.pathname);
    if (!path || this.closed) {
      socket.end(`HTTP/1.1 ${this.closed ? '503 Service Unavailable' : '404 Not Found'}\r\nConnection: close\r\n\r\n`);
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      let key: string | null;
      try {
        key = decodeURIComponent(path[1]);
      } catch {
        key = null;
      }
      const address = this.addressOf(req);
      const refusal =
        key !== this.auth.appKey
          ? PUSHER_ERRORS.appNotFound
          : (protocolProblem(url.searchParams.get('protocol')) ??
            ((this.perAddress.get(address) ?? 0) >= this.maxPerAddress ? PUSHER_ERRORS.overCapacity : null));
      if (refusal) {
        // the protocol's way to refuse: say why, then close with the same code
        ws.send(encodeMessage('pusher:error', refusal));
        ws.close(refusal.code, refusal.message);
        return;
      }
      this.connect(ws, address);
    });
  }

  private connect(ws: WebSocket, address: string): void {
    const client: Client = { id: newSocketId(), seq: ++this.nextSeq, address, ws, channels: new Set() };
    this.clients.set(client.id, client);
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    ws.on('message', (data, isBinary) => this.receive(client, data, isBinary));
    // a WebSocket-level pong (or ping) is a sign of life too
    ws.on('pong', () => this.touch(client));
    ws.on('ping', () => this.touch(client));
    ws.on('close', () => this.forget(client));
    ws.on('error', () => this.forget(client)); // e.g. a message over the size limit; ws closes it
    this.send(client, 'pusher:connection_established', {
      socket_id: client.id,
      activity_timeout: this.activityMs / 1000,
    });
    this.touch(client);
  }

  /** Any message restarts the silence clock; after activity_timeout of silence the server pings. */
  private touch(client: Client): void {
    clearTimeout(client.timer);
    if (!this.clients.has(client.id)) return;
    client.timer = setTimeout(() => {
      this.send(client, 'pusher:ping', {});
      client.timer = setTimeout(() => this.closeWith(client, PUSHER_ERRORS.pongNotReceived), this.pongMs);
    }, this.activityMs);
  }

  private receive(client: Client, raw: RawData, isBinary: boolean): void {
    this.touch(client);
    const message = isBinary ? null : decodeMessage(raw.toString());
    if (!message) {
      this.send(client, 'pusher:error', { code: null, message: 'Invalid message: expected a JSON protocol event' });
      return;
    }
    const data = (message.data ?? {}) as Record<string, unknown>;
    switch (message.event) {
      case 'pusher:ping':
        this.send(client, 'pusher:pong', {});
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        this.subscribe(client, data.channel, data.auth);
        return;
      case 'pusher:unsubscribe':
        if (typeof data.channel === 'string') this.leave(client, data.channel);
        return;
      default:
        this.send(client, 'pusher:error', {
          code: null,
          message: message.event.startsWith('client-')
            ? 'Client events are not enabled'
            : `Unknown event ${message.event.slice(0, 64)}`,
        });
    }
  }

  private subscribe(client: Client, channel: unknown, auth: unknown): void {
    if (typeof channel !== 'string' || !CHANNEL_NAME.test(channel)) {
      this.send(client, 'pusher:error', { code: null, message: 'Invalid channel name' });
      return;
    }
    // only users' own channels exist here, and only with a signature for this very socket
    const refusal: [number, string] | null = !channel.startsWith(USER_CHANNEL_PREFIX)
      ? [403, 'Only private user channels are served']
      : !this.auth.verify(client.id, channel, auth)
        ? [401, 'Invalid signature']
        : !client.channels.has(channel) && client.channels.size >= this.maxChannels
          ? [403, 'Too many channels on one connection']
          : null;
    if (!refusal && client.seq <= (this.revoked.get(channel) ?? 0)) {
      // signed before the user's sessions ended: this socket may not have the channel any more
      this.closeWith(client, PUSHER_ERRORS.unauthorized);
      return;
    }
    if (refusal) {
      const [status, error] = refusal;
      this.send(client, 'pusher:subscription_error', { type: 'AuthError', error, status }, channel);
      return;
    }
    client.channels.add(channel);
    const members = this.channels.get(channel) ?? new Set();
    members.add(client);
    this.channels.set(channel, members);
    this.send(client, 'pusher_internal:subscription_succeeded', {}, channel);
  }

  private leave(client: Client, channel: string): void {
    client.channels.delete(channel);
    const members = this.channels.get(channel);
    members?.delete(client);
    if (members?.size === 0) this.channels.delete(channel);
  }

  private forget(client: Client): void {
    clearTimeout(client.timer);
    if (!this.clients.delete(client.id)) return;
    const left = (this.perAddress.get(client.address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(client.address, left);
    else this.perAddress.delete(client.address);
    for (const channel of [...client.channels]) this.leave(client, channel);
  }

  private closeWith(client: Client, error: PusherError): void {
    clearTimeout(client.timer);
    this.send(client, 'pusher:error', error);
    client.ws.close(error.code, error.message);
    this.forget(client);
  }

  /**
   * A user's sessions ended (on any instance): their sockets here are closed with 4009, and sockets
   * already open cannot subscribe to the channel later with a signature fetched before.
   */
  private revoke(channel: string): void {
    this.revoked.set(channel, this.nextSeq);
    for (const client of [...(this.channels.get(channel) ?? [])]) this.closeWith(client, PUSHER_ERRORS.unauthorized);
    // a revocation matters only to sockets older than it: forget those no open socket is older than
    const oldest = Math.min(...[...this.clients.values()].map((client) => client.seq));
    for (const [name, seq] of this.revoked) if (seq < oldest) this.revoked.delete(name);
  }

  /** An event from the bus, to this instance's sockets on its channel. */
  private deliver(payload: unknown): void {
    if (!isRealtimeEvent(payload)) {
      this.log.warn('realtime: an event on the bus without channel and event was dropped');
      return;
    }
    for (const client of this.channels.get(payload.channel) ?? []) {
      this.send(client, payload.event, payload.data, payload.channel);
    }
  }

  private send(client: Client, event: string, data: unknown, channel?: string): void {
    if (client.ws.readyState === client.ws.OPEN) client.ws.send(encodeMessage(event, data, channel));
  }
}
