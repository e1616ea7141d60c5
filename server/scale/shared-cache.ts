import { ConfirmedChannel } from './confirmed-channel';
import type { EventBus } from './event-bus';

/** What a cache needs of the app: the instances' bus, and where to log what it cannot do. */
export interface SharedCacheContext {
  bus: EventBus;
  log: { error(message: string, error?: unknown): void };
}

/**
 * Values read from the store and kept in this process, by group and key, until some instance says a
 * group changed: `changed(group)` drops it here at once and on every other instance before it
 * resolves (a ConfirmedChannel on the instances' bus; an instance that died is waited for a few
 * seconds), so whoever made the change answers only once no instance serves the old value. After
 * the bus may have lost notices (Redis reconnected) everything is dropped. A read under way when its
 * group is dropped serves its own caller only, never kept; a failed read is not kept, nor a value
 * `keep` refuses (callers waiting on it meanwhile share it). Until the
 * channel is followed (on first use) nothing is kept and every call reads.
 */
export class SharedCache<T> {
  private readonly kept = new Map<string, Map<string, Promise<T>>>();
  private readonly notices: ConfirmedChannel<{ group: string }>;
  private following: Promise<void> | undefined;

  constructor(
    private readonly ctx: SharedCacheContext,
    private readonly channel: string,
    /** Which values are kept (say, not a miss, which anyone could ask for again and again): all by default. */
    private readonly keep: (value: T) => boolean = () => true,
  ) {
    this.notices = new ConfirmedChannel(ctx.bus, channel, {
      onError: (message, error) => ctx.log.error(message, error),
    });
  }

  private follow(): Promise<void> {
    this.following ??= this.notices
      .listen(async ({ group }) => {
        this.kept.delete(group);
      })
      .then(() => {
        this.ctx.bus.onResync(() => this.kept.clear());
      })
      .catch((error: unknown) => {
        this.following = undefined; // tried again at the next call; nothing is kept meanwhile
        throw error;
      });
    return this.following;
  }

  /** The value kept for the group and key, else `read()` (kept once it resolves, unless dropped meanwhile). */
  async get(group: string, key: string, read: () => Promise<T>): Promise<T> {
    try {
      await this.follow();
    } catch (error) {
      this.ctx.log.error(`${this.channel}: the bus is not followed, nothing is kept`, error);
      return read();
    }
    let ofGroup = this.kept.get(group);
    if (!ofGroup) {
      ofGroup = new Map();
      this.kept.set(group, ofGroup);
    }
    const found = ofGroup.get(key);
    if (found) return found;
    const reading = read();
    const kept = ofGroup;
    kept.set(key, reading);
    reading.then(
      (value) => {
        if (!this.keep(value) && kept.get(key) === reading) kept.delete(key);
      },
      () => {
        if (kept.get(key) === reading) kept.delete(key);
      },
    );
    return reading;
  }

  /**
   * The group changed (call once the change is stored): dropped here, and on every instance before
   * this resolves. A bus that cannot be reached is logged, not thrown: the change is stored, and the
   * bus's next resync drops everything.
   */
  async changed(group: string): Promise<void> {
    this.kept.delete(group);
    try {
      await this.notices.publish({ group });
    } catch (error) {
      this.ctx.log.error(`${this.channel}: a change could not be announced to the other instances`, error);
    }
  }
}
