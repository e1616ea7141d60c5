import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prepareOrders, sortedRows } from '../../../client/screens/list/sortedRows';
import { sortRecords } from '../../../core/query/query.utils';

const rows = [
  { id: 'a', name: 'beta' },
  { id: 'b', name: 'Alpha' },
  { id: 'c', name: null },
  { id: 'd', name: 'alpha' },
  { id: 'e', name: 'beta' },
];
const asc = [{ field: 'name', direction: 'asc' as const }];
const desc = [{ field: 'name', direction: 'desc' as const }];

describe('sortedRows (the orders of one set of rows, sorted once)', () => {
  it('sorts as the store does, once per set of rows and sort', () => {
    const sorted = sortedRows(rows, asc);
    expect(sorted).toEqual(sortRecords(rows, asc));
    expect(sortedRows(rows, asc)).toBe(sorted);
    expect(sorted).not.toBe(rows);
  });

  it('finds the orders again from any order it handed out, and derives the other direction exactly', () => {
    const sorted = sortedRows(rows, asc);
    const reversed = sortedRows(sorted, desc);
    expect(reversed).toEqual(sortRecords(rows, desc));
    expect(sortedRows(reversed, asc)).toBe(sorted);
    expect(sortedRows(rows, desc)).toBe(reversed);
    expect(reversed.map((row) => row.id)).toEqual(['a', 'e', 'd', 'b', 'c']);
  });

  it('keeps other row sets apart', () => {
    const copy = rows.map((row) => ({ ...row }));
    expect(sortedRows(copy, asc)).not.toBe(sortedRows(rows, asc));
    expect(sortedRows(copy, asc)).toEqual(sortedRows(rows, asc));
  });
});

describe('prepareOrders (the orders a header click can ask for, sorted once the page is painted)', () => {
  const shown = [{ field: 'name', direction: 'asc' as const }];
  const orders = ['name', 'mail'].flatMap((field) =>
    (['asc', 'desc'] as const).map((direction) => [{ field, direction }]),
  );
  type IdleWork = (deadline: { timeRemaining: () => number; didTimeout: boolean }) => void;
  let queue: IdleWork[] = [];
  const idle = (ms: number) => {
    const work = queue.shift();
    if (!work) throw new Error('nothing waits for an idle period');
    work({ timeRemaining: () => ms, didTimeout: false });
  };
  // rows that count how often a sort reads them: a prepared order is looked up without reading any
  let reads = 0;
  const counted = () =>
    Array.from({ length: 50 }, (_, i) => {
      const row = { id: `r${i}` };
      for (const [field, value] of [
        ['name', `n${(i * 7) % 50}`],
        ['mail', `m${(i * 3) % 50}`],
      ])
        Object.defineProperty(row, field, {
          enumerable: true,
          get: () => {
            reads += 1;
            return value;
          },
        });
      return row as Record<string, unknown>;
    });

  beforeEach(() => {
    queue = [];
    reads = 0;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // the frame after the page is painted comes at once: nothing is sorted before it
    vi.stubGlobal('requestAnimationFrame', (work: () => void) => work());
    vi.stubGlobal('cancelAnimationFrame', () => {});
    vi.stubGlobal('window', {
      requestIdleCallback: (work: IdleWork) => queue.push(work),
      cancelIdleCallback: () => {
        queue = [];
      },
    });
    vi.stubGlobal('navigator', {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  /** prepareOrders, then the task after the next frame: where it asks for its first idle period. */
  const prepare = (rows: Record<string, unknown>[]) => {
    const cancel = prepareOrders(rows, ['name', 'mail'], shown);
    expect(queue).toHaveLength(0);
    vi.runOnlyPendingTimers();
    return cancel;
  };

  it('sorts every order a click can ask for in a long idle period, so the click reads no row', () => {
    const rows = counted();
    prepare(rows);
    expect(queue).toHaveLength(1);
    expect(reads).toBe(0); // nothing before the browser is idle
    idle(50);
    expect(queue).toHaveLength(0); // nothing left to ask for
    expect(reads).toBeGreaterThan(0);
    reads = 0;
    const prepared = orders.slice(1).map((sort) => sortedRows(rows, sort));
    expect(reads).toBe(0);
    expect(prepared[2]).toEqual(sortRecords(rows, orders[3]));
    // the order shown was left out: asking for it sorts now
    sortedRows(rows, orders[0]);
    expect(reads).toBeGreaterThan(0);
  });

  it('sorts nothing in the short moment at the end of a frame, and waits for a longer one', () => {
    const rows = counted();
    prepare(rows);
    idle(3);
    expect(reads).toBe(0);
    expect(queue).toHaveLength(1); // asked again
    idle(50);
    expect(queue).toHaveLength(0);
    reads = 0;
    sortedRows(rows, orders[3]);
    expect(reads).toBe(0);
  });

  it('leaves the rest when an input waits (Chromium tells), and the cancel drops it', () => {
    const rows = counted();
    vi.stubGlobal('navigator', { scheduling: { isInputPending: () => true } });
    const cancel = prepare(rows);
    idle(50);
    expect(reads).toBe(0);
    expect(queue).toHaveLength(1);
    cancel();
    expect(queue).toHaveLength(0);
  });

  it('with a task scheduler, sorts one order a background task, without waiting for an idle period', () => {
    const rows = counted();
    const tasks: (() => void)[] = [];
    vi.stubGlobal('scheduler', {
      postTask: (work: () => void, options: { priority: string }) => {
        expect(options.priority).toBe('background');
        tasks.push(work);
        return Promise.resolve();
      },
    });
    prepare(rows);
    expect(queue).toHaveLength(0);
    for (let i = 0; i < orders.length - 1; i++) {
      expect(tasks).toHaveLength(1);
      tasks.shift()?.();
    }
    expect(tasks).toHaveLength(0);
    reads = 0;
    for (const sort of orders.slice(1)) sortedRows(rows, sort);
    expect(reads).toBe(0);
  });
});
