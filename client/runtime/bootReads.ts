/**
 * Reads the first page of a visit starts while its chunks load (client/app/firstScreen.ts), taken
 * once by the screen that makes them. For answers the query cache must not keep — a questionnaire's
 * record is read when the screen opens and never again while it is answered — so they wait here,
 * outside the cache, and only for the screen's first read.
 */
interface BootRead {
  promise: Promise<unknown>;
  at: number;
  /** Set once the read is in. */
  answer?: { value: unknown };
}

const started = new Map<string, BootRead>();

/**
 * Keys a screen has read itself. A boot read that would start after that (the screen rendered before
 * the boot got to it) is not started: it would be a second request, and a later read of the key — the
 * list again after a write — would take its answer, asked before that write.
 */
const claimed = new Set<string>();

/** A read the first render did not take by then (it went elsewhere) is not handed out later: it may be old. */
const FRESH_MS = 10_000;

export function startBootRead<T>(key: string, read: () => Promise<T>): Promise<T> | undefined {
  if (claimed.has(key)) return undefined;
  const promise = read();
  const entry: BootRead = { promise, at: Date.now() };
  // kept once in, so a first render can show it (takeBootAnswer); a read nobody takes must not be reported unhandled
  promise.then(
    (value) => {
      entry.answer = { value };
    },
    () => undefined,
  );
  started.set(key, entry);
  return promise;
}

/** The read started for `key` at boot, once and while fresh; undefined otherwise (the caller reads itself). */
export function takeBootRead<T>(key: string): Promise<T> | undefined {
  claimed.add(key);
  const entry = started.get(key);
  started.delete(key);
  return entry && Date.now() - entry.at < FRESH_MS ? (entry.promise as Promise<T>) : undefined;
}

/**
 * The answer of the read started for `key`, taken like takeBootRead but only when it is already in:
 * a screen's first render shows it at once instead of a render later, once the promise has resolved.
 */
export function takeBootAnswer<T>(key: string): { value: T } | undefined {
  const entry = started.get(key);
  if (!entry?.answer) return undefined;
  claimed.add(key);
  started.delete(key);
  return Date.now() - entry.at < FRESH_MS ? (entry.answer as { value: T }) : undefined;
}
