/**
 * `load` (a dynamic import) asked once and its promise kept: a call after it has resolved continues
 * in a microtask, where a second `import()` of the same module resolves a task later — on a boot,
 * behind the shell's first render (a read asked then left some 35 ms after it was made). A failed
 * load is forgotten, so the next call asks again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () => {
    promise ??= load().catch((error: unknown) => {
      promise = undefined;
      throw error;
    });
    return promise;
  };
}
