/**
 * Runs tasks one at a time in arrival order. Each collection's writes go through its own queue, so
 * two writers never interleave a read-modify-write or race on a temp file; services also use one
 * as a lock around a check and the write it guards.
 */
export class WriteQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<R>(task: () => Promise<R>): Promise<R> {
    const result = this.tail.then(task, task);
    // keep the chain alive after a failure; the caller still sees the rejection
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves once everything queued so far has finished. */
  drain(): Promise<void> {
    return this.tail.then(() => undefined);
  }
}
