import { randomUUID } from 'node:crypto';
import { deliver, type EventBus, type EventHandler } from './event-bus';

/**
 * The bus of a single instance (no REDIS_URL): handlers of this process only. Payloads are copied
 * through JSON and delivered on a later tick, as Redis would, so code behaves the same on both.
 */
export class MemoryEventBus implements EventBus {
  readonly kind = 'memory';
  readonly instanceId = randomUUID();
  private readonly handlers = new Map<string, Set<EventHandler>>();
  private closed = false;

  constructor(private readonly onError: (error: unknown) => void = () => {}) {}

  async publish(channel: string, payload: unknown): Promise<number> {
    if (this.closed) throw new Error('event bus closed');
    const handlers = [...(this.handlers.get(channel) ?? [])];
    const text = JSON.stringify(payload ?? null);
    const meta = { origin: this.instanceId };
    setImmediate(() => {
      for (const handler of handlers) void deliver(handler, JSON.parse(text), meta, this.onError);
    });
    return handlers.length;
  }

  async subscribe<T = unknown>(channel: string, handler: EventHandler<T>): Promise<() => Promise<void>> {
    if (this.closed) throw new Error('event bus closed');
    const entry = handler as EventHandler;
    const set = this.handlers.get(channel) ?? new Set();
    set.add(entry);
    this.handlers.set(channel, set);
    return async () => {
      set.delete(entry);
      if (set.size === 0 && this.handlers.get(channel) === set) this.handlers.delete(channel);
    };
  }

  onResync(): () => void {
    return () => {}; // nothing is ever lost in process
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
  }
}
