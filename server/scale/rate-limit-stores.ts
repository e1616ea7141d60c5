import type { Store as RateLimitStore } from 'express-rate-limit';
import type { RedisReply } from 'rate-limit-redis';
import type { RedisEventBus } from './redis-bus';

/**
 * Where each throttle (server/auth/rate-limits.ts) keeps its counts, by limiter name: undefined is
 * express-rate-limit's memory store (one instance); with Redis every instance counts together.
 */
export type RateLimitStores = (name: string) => RateLimitStore | undefined;

/** One instance: every limiter counts in its own process memory. */
export const inMemoryCounters: RateLimitStores = () => undefined;

/**
 * Each limiter's counters in Redis under `<prefix>rl:<limiter name>:`, so every instance of the
 * deployment counts together (rate-limit-redis: one Lua script per hit, atomic across instances).
 */
export async function redisCounters(bus: RedisEventBus): Promise<RateLimitStores> {
  // loaded only where Redis is used: a single instance starts without it
  const { RedisStore } = await import('rate-limit-redis');
  return (name) =>
    new RedisStore({
      prefix: `${bus.prefix}rl:${name}:`,
      sendCommand: (command: string, ...args: string[]) => bus.commands.call(command, ...args) as Promise<RedisReply>,
    });
}
