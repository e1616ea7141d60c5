import type { SortKey } from '../../../core/query/query.types';
import { reverseSorted, sortRecords } from '../../../core/query/query.utils';
import { whenIdle } from './afterPaint';
import type { Row } from './listQuery';

/** The orders known of one set of rows, by sort; every array in it holds that same set. */
type Orders = Map<string, Row[]>;

const ordersOf = new WeakMap<readonly Row[], Orders>();
const sortText = (sort: SortKey[]) => sort.map((key) => `${key.direction === 'desc' ? '-' : ''}${key.field}`).join(',');

/**
 * The rows in the store's order for `sort` (sortRecords), sorted once per set of rows: the arrays
 * handed out are remembered with the rows they hold, so a re-sort of a re-sorted page finds them too.
 * Never mutate what comes back.
 */
export function sortedRows(rows: Row[], sort: SortKey[]): Row[] {
  let orders = ordersOf.get(rows);
  if (!orders) {
    orders = new Map();
    ordersOf.set(rows, orders);
  }
  const key = sortText(sort);
  let sorted = orders.get(key);
  if (!sorted) {
    // one key whose other direction is known: a pass instead of a sort
    const other =
      sort.length === 1 ? orders.get(sortText([{ ...sort[0], direction: flip(sort[0].direction) }])) : undefined;
    sorted = other ? reverseSorted(other, sort[0]) : sortRecords(rows, sort);
    orders.set(key, sorted);
    ordersOf.set(sorted, orders);
  }
  return sorted;
}

const flip = (direction: SortKey['direction']) => (direction === 'asc' ? 'desc' : 'asc');

/** An idle period with at least this much left takes an order (one sorts in some 5–15 ms): less is the end of a frame. */
const IDLE_ENOUGH_MS = 20;

/** Whether a click or key press waits (Chromium tells; elsewhere the deadline alone decides). */
const inputPending = () =>
  (navigator as { scheduling?: { isInputPending?: () => boolean } }).scheduling?.isInputPending?.() === true;

/**
 * Sorts a complete page, while the browser is idle, in the orders a header click can ask for (each
 * sortable field ascending, then descending — a pass once the ascending order is known; not the order
 * shown), so the click only looks its order up. As many orders as an idle period has room for while no
 * input waits — none in the short idle moments between frames, where a sort would hold the next frame
 * back. Returns a cancel.
 */
export function prepareOrders(rows: Row[], fields: string[], shown: SortKey[]): () => void {
  const current = sortText(shown);
  const sorts = (['asc', 'desc'] as const)
    .flatMap((direction) => fields.map((field): SortKey[] => [{ field, direction }]))
    .filter((sort) => sortText(sort) !== current);
  let cancel = () => {};
  const next = (index: number) => {
    if (index >= sorts.length) return;
    cancel = whenIdle((deadline) => {
      let at = index;
      // without a deadline (no requestIdleCallback), one order each time
      const room = () => (deadline ? deadline.timeRemaining() >= IDLE_ENOUGH_MS && !inputPending() : at === index);
      while (at < sorts.length && room()) sortedRows(rows, sorts[at++]);
      next(at);
    });
  };
  next(0);
  return () => cancel();
}
