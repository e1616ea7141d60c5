import { AsyncLocalStorage } from 'node:async_hooks';

/** The writes of one unit whose durability its end waits for; `open` turns false once its work settled. */
interface Unit {
  open: boolean;
  waits: Promise<void>[];
}

const current = new AsyncLocalStorage<Unit>();

/**
 * Runs `work` (a lock's held section, a transaction) as one unit of the embedded store: a write made
 * inside it resolves once it is applied in memory, and the unit resolves once every such write is on
 * disk. So a lock is released before the fsync its writes wait for: the next holder, seeing the
 * applied state, checks and writes at once, and both writes share one group commit, while the
 * caller is still answered only after its writes are durable (a failed one fails the unit). Units
 * inside a unit belong to the outermost one.
 */
export async function durableUnit<R>(work: () => Promise<R>): Promise<R> {
  const outer = current.getStore();
  if (outer?.open) return work();
  const unit: Unit = { open: true, waits: [] };
  let outcome: { value: R } | { error: unknown };
  try {
    outcome = { value: await current.run(unit, work) };
  } catch (error) {
    outcome = { error };
  }
  // work it left running (a timer, a detached job) waits for its own writes from now on
  unit.open = false;
  const failed = (await Promise.allSettled(unit.waits)).find((settled) => settled.status === 'rejected');
  // the work's own error wins over a failed write
  if ('error' in outcome) throw outcome.error;
  if (failed) throw failed.reason;
  return outcome.value;
}

/** A write's answer: at once inside an open unit (which then waits for `durable`), else once `durable` resolved. */
export function once<R>(durable: Promise<void>, result: R): Promise<R> {
  const unit = current.getStore();
  if (unit?.open) {
    unit.waits.push(durable);
    return Promise.resolve(result);
  }
  return durable.then(() => result);
}
