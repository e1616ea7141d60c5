import type { SortKey } from '../../../core/query/query.types';
import { reverseSorted, sortRecords } from '../../../core/query/query.utils';
import { afterPaint, inBackground } from './afterPaint';
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

/** An idle period with at least this much left takes several orders (one sorts in some 3–15 ms). */
const IDLE_ENOUGH_MS = 20;

/** Whether a click or key press waits (Chromium tells; elsewhere the deadline alone decides). */
const inputPending = () =>
  (navigator as { scheduling?: { isInputPending?: () => boolean } }).scheduling?.isInputPending?.() === true;

/**
 * Sorts a complete page, once it is painted, in the orders a header click can ask for (each sortable
 * field ascending, then descending — a pass once the ascending order is known; not the order shown),
 * so the click only looks its order up. One order a background task while no input waits (a click
 * waits for one sort at most), as many as an idle period has room for where there is no task
 * scheduler: waiting for idle periods long enough, a busy page left the sort to the click. Returns a cancel.
 */
export function prepareOrders(rows: Row[], fields: string[], shown: SortKey[]): () => void {
  const current = sortText(shown);
  const sorts = (['asc', 'desc'] as const)
    .flatMap((direction) => fields.map((field): SortKey[] => [{ field, direction }]))
    .filter((sort) => sortText(sort) !== current && !ordersOf.get(rows)?.has(sortText(sort)));
  if (sorts.length === 0) return () => {};
  let cancel = () => {};
  const next = (index: number) => {
    if (index >= sorts.length) return;
    cancel = inBackground((deadline) => {
      let at = index;
      // without a deadline (a background task), one order each time
      const room = () => !inputPending() && (deadline ? deadline.timeRemaining() >= IDLE_ENOUGH_MS : at === index);
      while (at < sorts.length && room()) sortedRows(rows, sorts[at++]);
      next(at);
    });
  };
  cancel = afterPaint(() => next(0));
  return () => cancel();
}
