import type { RedisEventBus } from './redis-bus';

/**
 * A progressive delay per key (server/auth/sign-in-delays.ts keys it by account): the first
 * `freeFailures` failures cost nothing, then each further attempt waits `firstDelayMs` after the
 * last failure, doubling per failure up to `maxDelayMs`. Attempts refused meanwhile do not count,
 * so hammering an account never makes its wait longer than the cap; `forgetAfterMs` without a
 * failure starts the key over.
 */
export interface DelayPolicy {
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

export type DelayClaim = { allowed: true } | { allowed: false; retryAfterMs: number };

/** One key's failures, shared by every instance that holds the same ledger. */
export interface DelayLedger {
  /**
   * An attempt at `now` (ms, the app's clock): refused while the key's delay runs; otherwise it is
   * counted as a failure at once, so attempts racing in parallel cannot all slip through before
   * the first one fails. `refund` or `clear` settle it otherwise.
   */
  claim(key: string, now: number): Promise<DelayClaim>;
  /** The claimed attempt turned out to be no guess (e.g. the right password, its code still to come). */
  refund(key: string): Promise<void>;
  /** The attempt succeeded: the key starts over. */
  clear(key: string): Promise<void>;
}

/** Makes a ledger under a name (a Redis key prefix) with its policy: in memory, or shared through Redis. */
export type DelayLedgers = (name: string, policy: DelayPolicy) => DelayLedger;

/** The wait owed after `failures` failures (0 while they are free). */
export function delayAfter(failures: number, policy: DelayPolicy): number {
  if (failures < policy.freeFailures) return 0;
  return Math.min(policy.firstDelayMs * 2 ** (failures - policy.freeFailures), policy.maxDelayMs);
}

interface Entry {
  failures: number;
  lastFailureAt: number;
}

/** Entries kept before the expired ones are swept (keys are whatever e-mail addresses callers send). */
const SWEEP_ABOVE = 10_000;

/** One instance: the failures live in this process. */
export const inMemoryDelays: DelayLedgers = (_name, policy) => {
  const entries = new Map<string, Entry>();
  const live = (key: string, now: number): Entry | undefined => {
    const entry = entries.get(key);
    return entry && entry.lastFailureAt + policy.forgetAfterMs > now ? entry : undefined;
  };
  return {
    async claim(key, now) {
      const entry = live(key, now) ?? { failures: 0, lastFailureAt: 0 };
      const wait = entry.failures === 0 ? 0 : entry.lastFailureAt + delayAfter(entry.failures, policy) - now;
      if (wait > 0) return { allowed: false, retryAfterMs: wait };
      if (entries.size > SWEEP_ABOVE) {
        for (const [other, old] of entries) if (old.lastFailureAt + policy.forgetAfterMs <= now) entries.delete(other);
      }
      entries.set(key, { failures: entry.failures + 1, lastFailureAt: now });
      return { allowed: true };
    },
    async refund(key) {
      const entry = entries.get(key);
      if (entry && entry.failures > 0) entry.failures -= 1;
    },
    async clear(key) {
      entries.delete(key);
    },
  };
};

/** KEYS[1]; ARGV: now, freeFailures, firstDelayMs, maxDelayMs, forgetAfterMs. Returns the wait left (0: claimed). */
const CLAIM_SCRIPT = `
local now = tonumber(ARGV[1])
local free, first, max, forget = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local failures = tonumber(redis.call('HGET', KEYS[1], 'f') or '0')
local last = tonumber(redis.call('HGET', KEYS[1], 't') or '0')
if last + forget <= now then failures = 0 end
if failures > 0 then
  local delay = 0
  if failures >= free then delay = math.min(first * 2 ^ (failures - free), max) end
  local wait = last + delay - now
  if wait > 0 then return math.ceil(wait) end
end
redis.call('HSET', KEYS[1], 'f', failures + 1, 't', now)
redis.call('PEXPIRE', KEYS[1], forget)
return 0
`;

const REFUND_SCRIPT = `
local failures = tonumber(redis.call('HGET', KEYS[1], 'f') or '0')
if failures > 0 then redis.call('HSET', KEYS[1], 'f', failures - 1) end
return 0
`;

/**
 * Each ledger under `<prefix>delay:<name>:` in Redis, so every instance sees the same failures; a
 * claim is one Lua script (atomic across instances). The time is the app's clock, passed in.
 */
export function redisDelays(bus: RedisEventBus): DelayLedgers {
  return (name, policy) => {
    const keyOf = (key: string) => `${bus.prefix}delay:${name}:${key}`;
    return {
      async claim(key, now) {
        const wait = Number(
          await bus.commands.eval(
            CLAIM_SCRIPT,
            1,
            keyOf(key),
            now,
            policy.freeFailures,
            policy.firstDelayMs,
            policy.maxDelayMs,
            policy.forgetAfterMs,
          ),
        );
        return wait > 0 ? { allowed: false, retryAfterMs: wait } : { allowed: true };
      },
      async refund(key) {
        await bus.commands.eval(REFUND_SCRIPT, 1, keyOf(key));
      },
      async clear(key) {
        await bus.commands.del(keyOf(key));
      },
    };
  };
}
