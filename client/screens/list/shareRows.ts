import type { ListResult } from '../../../core/query/query.types';

type Row = Record<string, unknown>;

const isListResult = (value: unknown): value is ListResult<Row> =>
  typeof value === 'object' && value !== null && Array.isArray((value as ListResult<Row>).items);

/** Equality of JSON values (rows as the server sends them). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (!Object.hasOwn(b, key) || !sameJson((a as Row)[key], (b as Row)[key])) return false;
  return true;
}

/** A page's rows by id, built once per rows array (a re-sort asks again with the same rows). */
const indexes = new WeakMap<readonly Row[], Map<unknown, Row>>();
function byId(rows: readonly Row[]): Map<unknown, Row> {
  let index = indexes.get(rows);
  if (!index) {
    index = new Map(rows.map((row) => [row.id, row]));
    indexes.set(rows, index);
  }
  return index;
}

/**
 * Structural sharing for list pages (React Query's `structuralSharing`, and listQuery's answers
 * against the page shown): a row equal to one shown before keeps that object, and rows equal to the
 * ones shown, in the same order, are that array — so the table keeps its row model and its rows. Rows are matched by id, not by position: a re-sorted page holds
 * the same rows elsewhere, where React Query's own deep replace would compare every row with another
 * one, field by field, and share nothing.
 */
export function shareRows(before: unknown, after: unknown): unknown {
  if (before === after || !isListResult(before) || !isListResult(after)) return after;
  // a re-sorted placeholder (listQuery) holds the very rows shown: nothing to share
  if ((after as { resorted?: boolean }).resorted) return after;
  let unchanged = true; // every row of `after` is the object it already was
  let samePlaces = before.items.length === after.items.length;
  let known: Map<unknown, Row> | undefined; // only when the rows are not where they were
  const items = after.items.map((row, i) => {
    let old: Row | undefined = before.items[i];
    if (old?.id !== row.id) {
      known ??= byId(before.items);
      old = known.get(row.id);
    }
    const kept = old !== undefined && sameJson(old, row) ? old : row;
    if (kept !== row) unchanged = false;
    if (samePlaces && before.items[i] !== kept) samePlaces = false;
    return kept;
  });
  if (!samePlaces) return unchanged ? after : { ...after, items };
  // the rows shown, in the order shown: the page shown, unless it says more (a placeholder's marker)
  return sameJson({ ...before, items: null }, { ...after, items: null }) ? before : { ...after, items: before.items };
}
