/** Where saving stands: sends on their way, and the items whose last save was refused (with why). */
export interface SaveState {
  saving: boolean;
  failed: readonly { item: string; messages: readonly string[] }[];
}

export interface AnswerSaverOptions {
  /** Sends one answer (undefined: cleared); throws when it is refused. */
  send: (id: string, value: unknown) => Promise<void>;
  /** Typed answers (text, a table's cells) wait for a pause in typing; choices go at once. */
  isTyped: (id: string) => boolean;
  /** Why a send failed, in the user's words. */
  explain: (error: unknown) => string[];
  delayMs?: number;
  /** How long a send must take before the status line says so (a quick one leaves it as it was). */
  slowMs?: number;
}

export interface AnswerSaver {
  answer(id: string, value: unknown): void;
  /** Sends what waits for a pause now; resolves when every send so far has answered. */
  flush(): Promise<void>;
  /** Sends the refused answers again (their values are still the latest given). */
  retry(): void;
  state(): SaveState;
  /**
   * What the status line shows: as state(), but a send on its way only once it has taken slowMs
   * (typing waiting for its pause at once). The same object until that changes.
   */
  status(): SaveState;
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

const IDLE: SaveState = Object.freeze({ saving: false, failed: Object.freeze([]) });

/**
 * Saves each answer as it is given, outside React (the form never re-renders for it): one send at
 * a time in the order given, each carrying the latest value of its item, so a slow answer can never
 * overwrite a newer one. A refused answer stays in the form and is listed until it is saved.
 */
export function createAnswerSaver({
  send,
  isTyped,
  explain,
  delayMs = 700,
  slowMs = 500,
}: AnswerSaverOptions): AnswerSaver {
  const latest = new Map<string, unknown>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const queued = new Set<string>();
  const failed = new Map<string, readonly string[]>();
  const listeners = new Set<() => void>();
  let chain: Promise<void> = Promise.resolve();
  let inFlight = 0;
  let view: SaveState = IDLE;

  let shown: SaveState = IDLE;
  let slow: ReturnType<typeof setTimeout> | undefined;

  const show = (saving: boolean) => {
    if (shown.saving === saving && shown.failed === view.failed) return;
    shown = { saving, failed: view.failed };
    for (const listener of listeners) listener();
  };
  /** The view anew; listeners told only when what the status line shows changed (not per send). */
  const notify = () => {
    const now = [...failed].map(([item, messages]) => ({ item, messages }));
    const sameFailed =
      now.length === view.failed.length &&
      now.every((f, i) => f.item === view.failed[i].item && f.messages === view.failed[i].messages);
    view = { saving: inFlight > 0 || timers.size > 0, failed: sameFailed ? view.failed : now };
    if (!view.saving) {
      clearTimeout(slow);
      slow = undefined;
      show(false);
      return;
    }
    // typing waiting for its pause is unsaved in this tab alone: said at once. Sends on their way
    // are said once they have taken slowMs: a quick save leaves the line as it was.
    if (timers.size > 0) {
      show(true);
      return;
    }
    if (!slow && !shown.saving)
      slow = setTimeout(() => {
        slow = undefined;
        if (view.saving) show(true);
      }, slowMs);
    show(shown.saving);
  };
  const enqueue = (id: string) => {
    if (queued.has(id)) return; // the queued send reads the latest value anyway
    queued.add(id);
    inFlight += 1;
    notify();
    chain = chain.then(async () => {
      queued.delete(id);
      try {
        await send(id, latest.get(id));
        failed.delete(id);
      } catch (error) {
        failed.set(id, explain(error));
      } finally {
        inFlight -= 1;
        notify();
      }
    });
  };
  const sendWaiting = () => {
    for (const [id, timer] of timers) {
      clearTimeout(timer);
      timers.delete(id);
      enqueue(id);
    }
  };

  return {
    answer(id, value) {
      latest.set(id, value);
      const waiting = timers.get(id);
      if (waiting) clearTimeout(waiting);
      if (!isTyped(id)) {
        timers.delete(id);
        enqueue(id);
        return;
      }
      timers.set(
        id,
        setTimeout(() => {
          timers.delete(id);
          enqueue(id);
        }, delayMs),
      );
      if (!waiting) notify();
    },
    flush() {
      sendWaiting();
      return chain;
    },
    retry() {
      for (const id of [...failed.keys()]) enqueue(id);
    },
    state: () => view,
    status: () => shown,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      // what waits for a pause is still sent: leaving the page must not lose a typed answer
      sendWaiting();
      clearTimeout(slow);
      listeners.clear();
    },
  };
}
