import type { AppContext } from '../context';

/**
 * Work done after the answer was sent, so the answer cannot tell (by content or by time) what the
 * work found — e.g. whether an e-mail address has an account. Failures are logged; `settled()`
 * lets the app finish the work before it closes the store.
 */
export class AfterAnswer {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: AppContext['log']) {}

  run(label: string, task: () => Promise<void>): void {
    const running = task()
      .catch((error: unknown) => this.log.error(`${label} failed after the answer`, error))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }
}
