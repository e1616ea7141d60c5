/** What a handler learns besides the payload. */
export interface EventMeta {
  /** The instance that published (EventBus.instanceId): lets a handler skip its own echo. */
  origin: string;
}

export type EventHandler<T = unknown> = (payload: T, meta: EventMeta) => void | Promise<void>;

/**
 * Fan-out between the server processes of one deployment: the published-document invalidation
 * (server/config/documents.service.ts) and the real-time channel's events (issue 8) travel on it.
 * Delivery is at most once and only to subscribers present at publish time; a subscriber that may
 * have missed messages (a dropped Redis connection) is told through `onResync` and reloads what it
 * keeps from the store. Payloads are JSON values; channel names are plain strings the
 * implementation prefixes per deployment.
 */
export interface EventBus {
  /** 'memory': this process only (no REDIS_URL); 'redis': every instance sharing the Redis prefix. */
  readonly kind: 'memory' | 'redis';
  /** This process's id, unique per start. */
  readonly instanceId: string;
  /**
   * Delivers `payload` to every subscriber of `channel`, this instance's included. Resolves with how
   * many subscribers it reached: instances (one subscriber connection each) on Redis, handlers in memory.
   */
  publish(channel: string, payload: unknown): Promise<number>;
  /** Resolves once the subscription is active (a publish after that reaches it); resolves to its undo. */
  subscribe<T = unknown>(channel: string, handler: EventHandler<T>): Promise<() => Promise<void>>;
  /** Called after messages may have been lost (Redis reconnected and resubscribed). Returns its undo. */
  onResync(listener: () => void | Promise<void>): () => void;
  close(): Promise<void>;
}

/** A handler's failure is logged, never thrown into the bus (one bad handler must not starve the others). */
export async function deliver<T>(
  handler: EventHandler<T>,
  payload: T,
  meta: EventMeta,
  onError: (error: unknown) => void,
): Promise<void> {
  try {
    await handler(payload, meta);
  } catch (error) {
    onError(error);
  }
}
