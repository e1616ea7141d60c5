import { describe, expect, it } from 'vitest';
import type { ListQuery } from '../../../core/query/query.types';
import { HEAD_ROWS, headOf, placeholderFor } from '../../../client/screens/list/listQuery';

const rows = [
  { id: 'a', name: 'beta' },
  { id: 'b', name: 'Alpha' },
  { id: 'c', name: 'gamma' },
];
const before: ListQuery = { page: 1, pageSize: 100, sort: [{ field: 'name', direction: 'desc' }] };
const asked = (query: Partial<ListQuery>): ListQuery => ({ ...before, ...query });
const previousQuery = (query: ListQuery) => ({ queryKey: ['list', 'x', '/wbe/api/x', query] }) as never;

describe('placeholderFor (what a list shows while the next page loads)', () => {
  it('re-sorts rows already complete when only the sort changed, with the store comparator', () => {
    const next = placeholderFor(asked({ sort: [{ field: 'name', direction: 'asc' }] }));
    const shown = next({ items: rows, total: 3 }, previousQuery(before));
    expect(shown?.items.map((row) => row.id)).toEqual(['b', 'a', 'c']);
    expect(shown?.total).toBe(3);
    expect(shown?.resorted).toBe(true); // shown as current, not dimmed as stale
    // React Query asks again at every render while the page loads: the same rows are sorted once
    const previous = { items: rows, total: 3 };
    const again = next(previous, previousQuery(before));
    expect(again).not.toBe(shown); // other rows (a new answer): sorted anew
    expect(next(previous, previousQuery(before))).toBe(again);
  });

  it('keeps the previous page when it did not hold every matching row, or the filter changed', () => {
    const sorted = asked({ sort: [{ field: 'name', direction: 'asc' }] });
    const partial = { items: rows, total: 30 };
    expect(placeholderFor(sorted)(partial, previousQuery(before))).toBe(partial);
    const complete = { items: rows, total: 3 };
    const filtered = asked({ filter: { field: 'name', op: 'contains', value: 'a' } });
    expect(placeholderFor(filtered)(complete, previousQuery(before))).toBe(complete);
    expect(placeholderFor(asked({ page: 2 }))(complete, previousQuery(before))).toBe(complete);
  });

  it('never takes a capped answer for complete, even when its items equal the capped total', () => {
    const sorted = asked({ sort: [{ field: 'name', direction: 'asc' }] });
    const capped = { items: rows, total: 3, totalCapped: true as const };
    expect(placeholderFor(sorted)(capped, previousQuery(before))).toBe(capped);
  });
});

describe('headOf: the first rows of a big page, asked on their own', () => {
  const query: ListQuery = { page: 1, pageSize: 10_000, sort: [{ field: 'to', direction: 'asc' }] };

  it('asks the same sort and filter for the page’s first HEAD_ROWS rows', () => {
    expect(headOf(query)).toEqual({ ...query, pageSize: HEAD_ROWS, page: 1 });
  });

  it('counts a later page in head-sized pages, so its rows are that page’s first', () => {
    // page 3 of 10,000-row pages starts at row 20,001: page 201 of 100-row pages
    expect(headOf({ ...query, page: 3 }).page).toBe(201);
    expect(headOf({ ...query, page: 2, pageSize: 500 }).page).toBe(6);
  });
});
