import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmedChannel } from '../../server/scale/confirmed-channel';
import type { EventBus, EventMeta } from '../../server/scale/event-bus';
import { MemoryEventBus } from '../../server/scale/memory-bus';
import { RedisEventBus } from '../../server/scale/redis-bus';
import { dropRedisPrefix, killRedisConnections, TEST_REDIS_URL, uniqueRedisPrefix } from './support/redis';

/** Subscribes; `done` resolves with the first `count` deliveries on `channel`. */
async function collect(bus: EventBus, channel: string, count = 1) {
  const seen: { payload: unknown; meta: EventMeta }[] = [];
  let arrived: (value: typeof seen) => void = () => {};
  const done = new Promise<typeof seen>((resolve) => {
    arrived = resolve;
  });
  await bus.subscribe(channel, (payload, meta) => {
    seen.push({ payload, meta });
    if (seen.length === count) arrived(seen);
  });
  return { seen, done };
}

const opened: EventBus[] = [];
const prefixes: string[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((bus) => bus.close()));
  await Promise.all(prefixes.splice(0).map((prefix) => dropRedisPrefix(prefix)));
});

async function redisBus(prefix: string, onError?: (message: string, error?: unknown) => void): Promise<RedisEventBus> {
  const bus = await RedisEventBus.connect(TEST_REDIS_URL, { prefix, onError });
  opened.push(bus);
  return bus;
}

const implementations: [string, () => Promise<EventBus>][] = [
  [
    'memory',
    async () => {
      const bus = new MemoryEventBus();
      opened.push(bus);
      return bus;
    },
  ],
  [
    'redis',
    async () => {
      const prefix = uniqueRedisPrefix();
      prefixes.push(prefix);
      return redisBus(prefix);
    },
  ],
];

describe.each(implementations)('event bus (%s)', (_name, open) => {
  it('delivers a publish to every subscriber of the channel, its own instance included, with the origin', async () => {
    const bus = await open();
    const first = await collect(bus, 'news');
    const second = await collect(bus, 'news');
    const other = await collect(bus, 'other');
    const reached = await bus.publish('news', { title: 'hello', n: 1 });
    const [got] = await first.done;
    expect(got.payload).toEqual({ title: 'hello', n: 1 });
    expect(got.meta.origin).toBe(bus.instanceId);
    expect((await second.done)[0].payload).toEqual({ title: 'hello', n: 1 });
    expect(other.seen).toEqual([]);
    expect(reached).toBeGreaterThanOrEqual(1);
  });

  it('stops delivering to an unsubscribed handler and keeps the others', async () => {
    const bus = await open();
    const gone = vi.fn();
    const undo = await bus.subscribe('ch', gone);
    const kept = await collect(bus, 'ch', 2);
    await bus.publish('ch', 1);
    await vi.waitFor(() => expect(gone).toHaveBeenCalledTimes(1));
    await undo();
    await bus.publish('ch', 2);
    expect((await kept.done).map((entry) => entry.payload)).toEqual([1, 2]);
    expect(gone).toHaveBeenCalledTimes(1);
  });

  it('keeps delivering to the other handlers when one throws', async () => {
    const bus = await open();
    await bus.subscribe('ch', () => {
      throw new Error('bad handler');
    });
    const good = await collect(bus, 'ch');
    await bus.publish('ch', 'x');
    expect((await good.done)[0].payload).toBe('x');
  });

  it('confirms a publish once every reached subscriber finished its handler', async () => {
    const bus = await open();
    const applied: number[] = [];
    const channel = new ConfirmedChannel<{ n: number }>(bus, 'confirmed');
    await channel.listen(async ({ n }) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      applied.push(n);
    });
    const outcome = await channel.publish({ n: 7 });
    expect(outcome).toEqual({ reached: 1, confirmed: 1 });
    expect(applied).toEqual([7]);
  });

  it('stops waiting for a subscriber that never finishes', async () => {
    const bus = await open();
    const channel = new ConfirmedChannel<{ n: number }>(bus, 'stuck', { timeoutMs: 200 });
    await channel.listen(() => new Promise<void>(() => {}));
    expect(await channel.publish({ n: 1 })).toEqual({ reached: 1, confirmed: 0 });
  });
});

describe('event bus over Redis', () => {
  it('connects the instances of one prefix and never those of another', async () => {
    const prefix = uniqueRedisPrefix();
    const elsewhere = uniqueRedisPrefix();
    prefixes.push(prefix, elsewhere);
    const [a, b, stranger] = await Promise.all([redisBus(prefix), redisBus(prefix), redisBus(elsewhere)]);
    const atA = await collect(a, 'config');
    const atB = await collect(b, 'config');
    const atStranger = await collect(stranger, 'config');
    expect(await a.publish('config', { v: 2 })).toBe(2);
    expect((await atA.done)[0].payload).toEqual({ v: 2 });
    const [got] = await atB.done;
    expect(got).toEqual({ payload: { v: 2 }, meta: { origin: a.instanceId } });
    await stranger.publish('config', { ping: true });
    expect((await atStranger.done)[0].meta.origin).toBe(stranger.instanceId); // its own publish only
    expect(atStranger.seen).toHaveLength(1);
  });

  it('waits for every instance of the deployment before confirming', async () => {
    const prefix = uniqueRedisPrefix();
    prefixes.push(prefix);
    const [a, b] = await Promise.all([redisBus(prefix), redisBus(prefix)]);
    const appliedAtB: number[] = [];
    await new ConfirmedChannel<{ n: number }>(a, 'docs').listen(async () => {});
    await new ConfirmedChannel<{ n: number }>(b, 'docs').listen(async ({ n }) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      appliedAtB.push(n);
    });
    const outcome = await new ConfirmedChannel<{ n: number }>(a, 'docs').publish({ n: 3 });
    expect(outcome).toEqual({ reached: 2, confirmed: 2 });
    expect(appliedAtB).toEqual([3]);
  });

  it('resubscribes after a dropped connection and tells its resync listeners', async () => {
    const prefix = uniqueRedisPrefix();
    prefixes.push(prefix);
    const [a, b] = await Promise.all([redisBus(prefix), redisBus(prefix)]);
    const resynced = vi.fn();
    b.onResync(resynced);
    const atB = await collect(b, 'after', 1);
    expect(await killRedisConnections(`paysec-subscriber-${b.instanceId}`)).toBe(1);
    await vi.waitFor(() => expect(resynced).toHaveBeenCalled(), { timeout: 5000 });
    expect(await a.publish('after', 'still here')).toBe(1);
    expect((await atB.done)[0].payload).toBe('still here');
  });

  it('refuses to start when Redis does not answer, naming the URL without its password', async () => {
    await expect(
      RedisEventBus.connect('redis://:secret@127.0.0.1:4559', { prefix: 'x:', connectTimeoutMs: 500 }),
    ).rejects.toThrow(/redis:\/\/:\*\*\*@127\.0\.0\.1:4559.*does not answer/);
  });
});
