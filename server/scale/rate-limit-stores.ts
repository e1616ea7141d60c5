import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { RateLimitStores } from '../auth/rate-limits';
import type { RedisEventBus } from './redis-bus';

/**
 * Each limiter's counters in Redis under `<prefix>rl:<limiter name>:`, so every instance of the
 * deployment counts together (rate-limit-redis: one Lua script per hit, atomic across instances).
 */
export function redisCounters(bus: RedisEventBus): RateLimitStores {
  return (name) =>
    new RedisStore({
      prefix: `${bus.prefix}rl:${name}:`,
      sendCommand: (command: string, ...args: string[]) => bus.commands.call(command, ...args) as Promise<RedisReply>,
    });
}
