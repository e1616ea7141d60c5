import { describe, expect, it } from 'vitest';
import { GroupCommit } from '../../../server/store/group-commit';

/** A flush whose writes finish when the test says, recording every batch. */
function controlledFlush() {
  const batches: number[][] = [];
  const failed: number[][] = [];
  let finish: Array<(error?: Error) => void> = [];
  return {
    batches,
    failed,
    /** Finishes the write in flight (with `error`, a failure). */
    finish(error?: Error) {
      const [next, ...rest] = finish;
      finish = rest;
      next(error);
    },
    flush: {
      write: (batch: number[]) =>
        new Promise<void>((resolve, reject) => {
          batches.push([...batch]);
          finish.push((error) => (error ? reject(error) : resolve()));
        }),
      failed: (payloads: number[]) => {
        failed.push(payloads);
      },
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit (server/store/group-commit.ts)', () => {
  it('writes what arrived together once, and what arrived during a write in the next one', async () => {
    const control = controlledFlush();
    const commits = new GroupCommit<number>(control.flush);
    const done: number[] = [];
    const add = (n: number) => commits.add(n).then(() => done.push(n));
    const first = [add(1), add(2), add(3)];
    await tick();
    expect(control.batches).toEqual([[1, 2, 3]]);
    const later = [add(4), add(5)];
    await tick();
    // nothing is answered before its write finished; 4 and 5 wait for the write in flight
    expect(done).toEqual([]);
    expect(control.batches).toHaveLength(1);
    control.finish();
    await Promise.all(first);
    await tick();
    expect(control.batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(done).toEqual([1, 2, 3]);
    control.finish();
    await Promise.all(later);
    await commits.idle();
    expect(done).toEqual([1, 2, 3, 4, 5]);
  });

  it('fails the batch whose write failed and the batch gathered meanwhile, then writes on', async () => {
    const control = controlledFlush();
    const commits = new GroupCommit<number>(control.flush);
    const one = commits.add(1);
    await tick();
    const two = commits.add(2);
    control.finish(new Error('disk gone'));
    await expect(one).rejects.toThrow('disk gone');
    await expect(two).rejects.toThrow('disk gone');
    expect(control.failed).toEqual([[1, 2]]);
    const three = commits.add(3);
    await tick();
    control.finish();
    await three;
    expect(control.batches).toEqual([[1], [3]]);
  });
});
