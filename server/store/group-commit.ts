/** What a group commit does with its batches. */
export interface GroupFlush<P> {
  /** Makes the batch durable (one append and one fsync); resolving means every payload is on disk. */
  write(batch: P[]): Promise<void>;
  /** A write failed: these payloads, in the order they were added, will never be written. */
  failed(payloads: P[]): void;
  /** Runs between two writes, with nothing in flight (a due compaction). */
  between?(): Promise<void>;
}

interface Batch<P> {
  payloads: P[];
  done: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

function newBatch<P>(): Batch<P> {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const done = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // a caller who never awaits its payload's promise must not turn a failure into an unhandled rejection
  done.catch(() => undefined);
  return { payloads: [], done, resolve, reject };
}

/**
 * Group commit: payloads added while a write is in flight wait together and go out in the next
 * write, so N concurrent writers cost one fsync instead of N, and each still learns of its payload's
 * durability only once it is on disk. Writes run one at a time, in the order payloads were added.
 *
 * A failed write fails its batch and the batch gathered meanwhile: that one was made on top of the
 * failed one (the collection applied both in memory), so it must not reach the disk without it.
 */
export class GroupCommit<P> {
  private next: Batch<P> | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly flush: GroupFlush<P>) {}

  /** Adds a payload to the next write; resolves once it is on disk, rejects if its write failed. */
  add(payload: P): Promise<void> {
    this.next ??= newBatch<P>();
    this.next.payloads.push(payload);
    const { done } = this.next;
    this.running ??= this.run();
    return done;
  }

  /** Resolves once everything added so far is written (or failed). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async run(): Promise<void> {
    // let the writers of this turn of the event loop join the first batch too
    await Promise.resolve();
    while (this.next) {
      const batch = this.next;
      this.next = null;
      try {
        await this.flush.write(batch.payloads);
        batch.resolve();
      } catch (error) {
        const after = this.next as Batch<P> | null;
        this.next = null;
        this.flush.failed([...batch.payloads, ...(after?.payloads ?? [])]);
        batch.reject(error);
        after?.reject(error);
        continue;
      }
      if (this.flush.between) await this.flush.between().catch(() => undefined);
    }
    // in the same synchronous step as the check above: a payload added later starts a new run
    this.running = null;
  }
}
