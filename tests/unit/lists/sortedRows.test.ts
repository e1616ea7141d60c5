import { describe, expect, it } from 'vitest';
import { sortedRows } from '../../../client/screens/list/sortedRows';
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
