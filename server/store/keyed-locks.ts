import { AsyncLocalStorage } from 'node:async_hooks';
import { WriteQueue } from './write-queue';

/** One lock taken in an async context; `open` turns false once its work settled (work it left running holds nothing). */
interface Held {
  key: string;
  open: boolean;
  outer: Held | undefined;
}

/**
 * Named locks of this process: work under one key runs one at a time in arrival order, work under
 * different keys in parallel. Re-entrant: work already holding a key (in its async context) takes it
 * again at once, so a caller may lock first and the steps it calls lock again freely. A key's queue
 * is dropped once nobody waits on it, so keys made of user input (an e-mail) do not pile up.
 */
export class KeyedLocks {
  private readonly queues = new Map<string, { queue: WriteQueue; users: number }>();
  private readonly held = new AsyncLocalStorage<Held>();

  /** Whether the current async context holds `key`. */
  holds(key: string): boolean {
    for (let held = this.held.getStore(); held; held = held.outer) {
      if (held.open && held.key === key) return true;
    }
    return false;
  }

  /**
   * Runs `work` holding `key`. `guard` wraps the held section once this process's turn came: the
   * PostgreSQL store takes the instances' lock there, so only one waiter per key and process holds
   * a connection for it.
   */
  run<R>(
    key: string,
    work: () => Promise<R>,
    guard: (held: () => Promise<R>) => Promise<R> = (held) => held(),
  ): Promise<R> {
    if (this.holds(key)) return work();
    let entry = this.queues.get(key);
    if (!entry) {
      entry = { queue: new WriteQueue(), users: 0 };
      this.queues.set(key, entry);
    }
    const taken = entry;
    taken.users++;
    const outer = this.held.getStore();
    const section = async () => {
      const held: Held = { key, open: true, outer };
      try {
        return await this.held.run(held, work);
      } finally {
        held.open = false;
      }
    };
    return taken.queue
      .run(() => guard(section))
      .finally(() => {
        taken.users--;
        if (taken.users === 0 && this.queues.get(key) === taken) this.queues.delete(key);
      });
  }
}
