import { useRef } from 'react';
import type { Row } from './listQuery';

/** A page's rows as a set, built once per rows array. */
const members = new WeakMap<readonly Row[], Set<Row>>();

/** Whether two pages hold the very same row objects, in any order (a re-sorted page). */
export function sameRowSet(a: readonly Row[], b: readonly Row[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  let set = members.get(a);
  if (!set) {
    set = new Set(a);
    members.set(a, set);
  }
  if (set.size !== a.length) return false;
  for (const row of b) if (!set.has(row)) return false;
  return true;
}

/**
 * The data to give the table for a page: the rows it already has while only their order changed.
 * The table builds a row object for every row of its data (10,000 on a big page) whenever the data
 * changes; the order shown is the page's own (manual sorting), looked up row by row as they render.
 */
export function useTableData(rows: Row[]): Row[] {
  const kept = useRef(rows);
  if (!sameRowSet(kept.current, rows)) kept.current = rows;
  return kept.current;
}
