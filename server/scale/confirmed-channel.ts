import { randomUUID } from 'node:crypto';
import type { EventBus, EventMeta } from './event-bus';

interface Request<T> {
  id: string;
  /** Channel the publisher waits on for the handlers' confirmations. */
  replyTo: string;
  payload: T;
}

interface Pending {
  confirmed: number;
  expected: number | null;
  done: () => void;
}

export interface ConfirmedOutcome {
  /** Subscribers the message reached (EventBus.publish). */
  reached: number;
  /** How many of them finished their handler before the publisher stopped waiting. */
  confirmed: number;
}

/**
 * A channel whose publish resolves once every subscriber reached has run its handler (or after
 * `timeoutMs`, when one died meanwhile). The config service uses it so a document published on one
 * instance is served by every other one by the time the publisher answers.
 */
export class ConfirmedChannel<T> {
  private readonly pending = new Map<string, Pending>();
  private replies: Promise<unknown> | null = null;

  constructor(
    private readonly bus: EventBus,
    private readonly channel: string,
    private readonly options: { timeoutMs?: number; onError?: (message: string, error?: unknown) => void } = {},
  ) {}

  private get replyChannel(): string {
    return `${this.channel}.done.${this.bus.instanceId}`;
  }

  /** Runs `handler` for every message; the publisher hears back when it settles (even when it throws). */
  listen(handler: (payload: T, meta: EventMeta) => Promise<void>): Promise<() => Promise<void>> {
    return this.bus.subscribe<Request<T>>(this.channel, async (request, meta) => {
      try {
        await handler(request.payload, meta);
      } catch (error) {
        this.options.onError?.(`handler on ${this.channel} failed`, error);
      } finally {
        await this.bus.publish(request.replyTo, { id: request.id }).catch(() => {});
      }
    });
  }

  async publish(payload: T): Promise<ConfirmedOutcome> {
    this.replies ??= this.bus.subscribe<{ id: string }>(this.replyChannel, ({ id }) => this.confirm(id));
    await this.replies;
    const id = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const entry: Pending = { confirmed: 0, expected: null, done: () => {} };
    const finished = new Promise<void>((resolve) => {
      entry.done = resolve;
      timer = setTimeout(resolve, this.options.timeoutMs ?? 3000);
    });
    this.pending.set(id, entry); // before publishing: a confirmation may come back before PUBLISH answers
    try {
      const request: Request<T> = { id, replyTo: this.replyChannel, payload };
      entry.expected = await this.bus.publish(this.channel, request);
      if (entry.confirmed >= entry.expected) entry.done();
      await finished;
      return { reached: entry.expected, confirmed: entry.confirmed };
    } finally {
      clearTimeout(timer);
      this.pending.delete(id);
    }
  }

  private confirm(id: string): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    entry.confirmed += 1;
    if (entry.expected !== null && entry.confirmed >= entry.expected) entry.done();
  }
}
