export type Subscriber<P> = (payload: P) => Promise<void> | void;

/**
 * A typed in-process emitter: `emit` awaits the event's subscribers one after another, in the order
 * they subscribed, and rejects with the first subscriber's error (those after it do not run). The
 * emitter decides nothing about errors: the emitting service catches, logs or lets them through.
 */
export class EventEmitter<Events extends { [K in keyof Events]: object }> {
  private readonly subscribers = new Map<keyof Events, Subscriber<never>[]>();

  /** Subscribes to one event; returns the function that unsubscribes. */
  on<K extends keyof Events>(name: K, subscriber: Subscriber<Events[K]>): () => void {
    const list = this.subscribers.get(name) ?? [];
    list.push(subscriber as Subscriber<never>);
    this.subscribers.set(name, list);
    return () => {
      const at = list.indexOf(subscriber as Subscriber<never>);
      if (at >= 0) list.splice(at, 1);
    };
  }

  async emit<K extends keyof Events>(name: K, payload: Events[K]): Promise<void> {
    for (const subscriber of [...(this.subscribers.get(name) ?? [])]) {
      await (subscriber as Subscriber<Events[K]>)(payload);
    }
  }
}
