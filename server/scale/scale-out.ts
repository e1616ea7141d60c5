import { type DelayLedgers, inMemoryDelays, redisDelays } from './delay-ledgers';
import type { EventBus } from './event-bus';
import { MemoryEventBus } from './memory-bus';
import { inMemoryCounters, type RateLimitStores, redisCounters } from './rate-limit-stores';
import { RedisEventBus } from './redis-bus';

/** The state instances share: the event bus, the rate limits' counters and the sign-in delays. */
export interface ScaleOut {
  bus: EventBus;
  counters: RateLimitStores;
  delays: DelayLedgers;
  close(): Promise<void>;
}

export interface ScaleOutOptions {
  /** REDIS_URL; without it one instance, everything in memory. */
  redisUrl?: string;
  /** REDIS_PREFIX: the deployment's namespace in a shared Redis (default `paysec:`). */
  redisPrefix?: string;
  onError: (message: string, error?: unknown) => void;
}

export const DEFAULT_REDIS_PREFIX = 'paysec:';

/** Redis when a URL is given (refusing to start when it does not answer), memory otherwise. */
export async function openScaleOut(options: ScaleOutOptions): Promise<ScaleOut> {
  if (!options.redisUrl) {
    const bus = new MemoryEventBus((error) => options.onError('event handler failed', error));
    return { bus, counters: inMemoryCounters, delays: inMemoryDelays, close: () => bus.close() };
  }
  const bus = await RedisEventBus.connect(options.redisUrl, {
    prefix: options.redisPrefix ?? DEFAULT_REDIS_PREFIX,
    onError: options.onError,
  });
  return { bus, counters: await redisCounters(bus), delays: redisDelays(bus), close: () => bus.close() };
}
