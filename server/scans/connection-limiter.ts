/**
 * A counting semaphore around every socket a scan opens. `active` is what is open now, `peak` the
 * most ever open at once, so a test or a benchmark can assert the cap held.
 */
export class ConnectionLimiter {
  active = 0;
  peak = 0;
  opened = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly idlers: (() => void)[] = [];

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
  }

  /** Waits for a free slot (or the signal's abort) and returns the function that gives it back, once. */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.active >= this.capacity) {
      await new Promise<void>((resolve, reject) => {
        const grant = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = () => {
          this.waiting.splice(this.waiting.indexOf(grant), 1);
          reject(signal?.reason);
        };
        this.waiting.push(grant);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    } else {
      this.active += 1;
    }
    this.opened += 1;
    this.peak = Math.max(this.peak, this.active);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // the slot passes straight to the next waiter, so `active` never dips and overshoots
      if (next) next();
      else this.active -= 1;
      if (this.active === 0) for (const idle of this.idlers.splice(0)) idle();
    };
  }

  /** Resolves once no slot is held (a socket closes a moment after its check is aborted). */
  idle(): Promise<void> {
    if (this.active === 0) return Promise.resolve();
    return new Promise((resolve) => this.idlers.push(resolve));
  }
}
