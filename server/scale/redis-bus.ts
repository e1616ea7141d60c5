import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { deliver, type EventBus, type EventHandler } from './event-bus';

export interface RedisBusOptions {
  /** Put in front of every channel and key, so deployments (and tests) sharing one Redis never mix. */
  prefix: string;
  /** How long start-up waits for Redis before refusing to start (default 5 s). */
  connectTimeoutMs?: number;
  onError?: (message: string, error?: unknown) => void;
}

/** Wire format: who published, and what. */
interface Envelope {
  o: string;
  p: unknown;
}

interface Subscription {
  handlers: Set<EventHandler>;
  /** Settles when Redis confirmed the SUBSCRIBE. */
  ready: Promise<unknown>;
}

/**
 * The bus shared by every instance of a deployment, over Redis pub/sub. Two connections: one for
 * commands (PUBLISH, and the rate limits' counters through `commands`), one in subscriber mode (Redis
 * allows nothing else on it). After a reconnect of either, subscriptions are renewed and then the
 * `onResync` listeners run, since whatever was published in between is lost.
 */
export class RedisEventBus implements EventBus {
  readonly kind = 'redis';
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly resyncListeners = new Set<() => void | Promise<void>>();
  private readonly onError: NonNullable<RedisBusOptions['onError']>;
  private closing = false;

  private constructor(
    readonly instanceId: string,
    /** The command connection: PUBLISH here, and rate-limit-redis's scripts (keys under `keyPrefix`). */
    readonly commands: Redis,
    private readonly subscriber: Redis,
    /** Every channel and key of this deployment starts with it (channels `${prefix}bus:…`). */
    readonly prefix: string,
    onError: RedisBusOptions['onError'],
  ) {
    this.onError = onError ?? (() => {});
    subscriber.on('messageBuffer', (channel: Buffer, message: Buffer) => this.receive(channel.toString(), message));
  }

  /** Connects both connections; rejects (and closes them) when Redis does not answer in time. */
  static async connect(url: string, options: RedisBusOptions): Promise<RedisEventBus> {
    const onError = options.onError ?? (() => {});
    const timeout = options.connectTimeoutMs ?? 5000;
    const instanceId = randomUUID();
    // loaded only where Redis is used: a single instance starts without it
    const { Redis } = await import('ioredis');
    const open = (role: string, extra: Record<string, unknown>) => {
      const client = new Redis(url, {
        lazyConnect: true,
        connectTimeout: timeout,
        // a request must not hang while Redis is away: a command fails after two reconnect attempts
        maxRetriesPerRequest: 2,
        connectionName: `paysec-${role}-${instanceId}`,
        ...extra,
      });
      // ioredis reconnects by itself; an unhandled 'error' event would end the process
      client.on('error', (error: unknown) => onError(`Redis (${role}) connection error`, error));
      return client;
    };
    const commands = open('commands', {});
    const subscriber = open('subscriber', { autoResubscribe: false });
    const clients = [commands, subscriber];
    try {
      await Promise.all(clients.map((client) => withTimeout(client.connect(), timeout)));
    } catch (error) {
      for (const client of clients) client.disconnect();
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Redis at ${redactedUrl(url)} does not answer (${reason}). Start it, or unset REDIS_URL.`);
    }
    const bus = new RedisEventBus(instanceId, commands, subscriber, options.prefix, onError);
    for (const client of clients) client.on('ready', () => void bus.reconnected());
    return bus;
  }

  private channelName(channel: string): string {
    return `${this.prefix}bus:${channel}`;
  }

  async publish(channel: string, payload: unknown): Promise<number> {
    if (this.closing) throw new Error('event bus closed');
    const envelope: Envelope = { o: this.instanceId, p: payload ?? null };
    return this.commands.publish(this.channelName(channel), JSON.stringify(envelope));
  }

  async subscribe<T = unknown>(channel: string, handler: EventHandler<T>): Promise<() => Promise<void>> {
    if (this.closing) throw new Error('event bus closed');
    const name = this.channelName(channel);
    let subscription = this.subscriptions.get(name);
    if (!subscription) {
      subscription = { handlers: new Set(), ready: this.subscriber.subscribe(name) };
      this.subscriptions.set(name, subscription);
    }
    const entry = handler as EventHandler;
    subscription.handlers.add(entry);
    const current = subscription;
    try {
      await current.ready;
    } catch (error) {
      current.handlers.delete(entry);
      if (current.handlers.size === 0 && this.subscriptions.get(name) === current) this.subscriptions.delete(name);
      throw error;
    }
    return async () => {
      if (!current.handlers.delete(entry) || current.handlers.size > 0) return;
      if (this.subscriptions.get(name) !== current) return;
      this.subscriptions.delete(name);
      // commands on one connection run in order: a later SUBSCRIBE of the same channel comes after this
      if (!this.closing) await this.subscriber.unsubscribe(name).catch((error) => this.onError('unsubscribe', error));
    };
  }

  onResync(listener: () => void | Promise<void>): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  private receive(channel: string, message: Buffer): void {
    const subscription = this.subscriptions.get(channel);
    if (!subscription) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message.toString('utf8')) as Envelope;
    } catch (error) {
      this.onError(`unreadable message on ${channel}`, error);
      return;
    }
    const meta = { origin: String(envelope.o) };
    for (const handler of [...subscription.handlers]) {
      // each handler its own copy, as the in-memory bus gives
      const payload = subscription.handlers.size > 1 ? structuredClone(envelope.p) : envelope.p;
      void deliver(handler, payload, meta, (error) => this.onError(`handler on ${channel} failed`, error));
    }
  }

  /** A connection came back: renew the subscriptions (if it was the subscriber), then tell the listeners. */
  private async reconnected(): Promise<void> {
    if (this.closing) return;
    try {
      const channels = [...this.subscriptions.keys()];
      if (channels.length > 0 && this.subscriber.status === 'ready') await this.subscriber.subscribe(...channels);
    } catch (error) {
      this.onError('resubscribe after reconnect', error);
      return; // the next 'ready' tries again
    }
    for (const listener of [...this.resyncListeners]) {
      try {
        await listener();
      } catch (error) {
        this.onError('resync listener failed', error);
      }
    }
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.subscriptions.clear();
    this.resyncListeners.clear();
    await Promise.all([this.commands, this.subscriber].map((client) => client.quit().catch(() => client.disconnect())));
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

/** The URL without its password, for messages. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}
