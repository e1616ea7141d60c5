import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the tests use (scripts/test.sh makes sure one answers). */
export const TEST_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** A namespace no other test, helper or deployment uses. */
export function uniqueRedisPrefix(): string {
  return `paysec-test:${randomUUID()}:`;
}

/** Removes every key under `prefix` (the rate limits' counters); channels leave nothing behind. */
export async function dropRedisPrefix(prefix: string, url = TEST_REDIS_URL): Promise<void> {
  const client = new Redis(url, { lazyConnect: true });
  await client.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await client.quit();
  }
}

/** Drops the connections whose name contains `part` (as a network failure would), from another connection. */
export async function killRedisConnections(part: string, url = TEST_REDIS_URL): Promise<number> {
  const client = new Redis(url, { lazyConnect: true });
  await client.connect();
  try {
    const list = (await client.client('LIST')) as string;
    let killed = 0;
    for (const line of list.split('\n')) {
      const id = /(?:^| )id=(\d+)/.exec(line)?.[1];
      const name = /(?:^| )name=(\S*)/.exec(line)?.[1] ?? '';
      if (id && name.includes(part)) killed += Number(await client.client('KILL', 'ID', id));
    }
    return killed;
  } finally {
    await client.quit();
  }
}

/** Keys under `prefix`. */
export async function redisKeys(prefix: string, url = TEST_REDIS_URL): Promise<string[]> {
  const client = new Redis(url, { lazyConnect: true });
  await client.connect();
  try {
    return await client.keys(`${prefix}*`);
  } finally {
    await client.quit();
  }
}
