/**
 * Reads the first page of a visit starts while its chunks load (client/app/firstScreen.ts), taken
 * once by the screen that makes them. For answers the query cache must not keep — a questionnaire's
 * record is read when the screen opens and never again while it is answered — so they wait here,
 * outside the cache, and only for the screen's first read.
 */
const started = new Map<string, { promise: Promise<unknown>; at: number }>();

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
  // a read nobody takes must not be reported unhandled
  promise.catch(() => undefined);
  started.set(key, { promise, at: Date.now() });
  return promise;
}

/** The read started for `key` at boot, once and while fresh; undefined otherwise (the caller reads itself). */
export function takeBootRead<T>(key: string): Promise<T> | undefined {
  claimed.add(key);
  const entry = started.get(key);
  started.delete(key);
  return entry && Date.now() - entry.at < FRESH_MS ? (entry.promise as Promise<T>) : undefined;
}
