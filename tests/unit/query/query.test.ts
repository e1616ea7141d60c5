import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNT_CAP, MAX_PAGE_SIZE } from '../../../core/query/query.types';
import {
  cappedTotal,
  encodeListQuery,
  matchesFilter,
  parseListQuery,
  reverseSorted,
  sortComparator,
  sortRecords,
} from '../../../core/query/query.utils';
import { runQuery } from '../../../core/query/run-query';

const fields = {
  filterable: ['name', 'risk', 'score', 'tags', 'owner.email', 'createdAt'],
  sortable: ['name', 'score', 'createdAt'],
};

const records = [
  {
    id: 'a',
    name: 'Alpha Shop',
    risk: 'high',
    score: 30,
    tags: ['pos'],
    owner: { email: 'x@a.test' },
    createdAt: '2026-01-02',
  },
  {
    id: 'b',
    name: 'beta bookings',
    risk: 'low',
    score: 90,
    tags: [],
    owner: { email: 'y@b.test' },
    createdAt: '2026-03-01',
  },
  { id: 'c', name: 'Gamma', risk: 'medium', score: null, tags: ['web', 'pos'], createdAt: '2025-12-31' },
  { id: 'd', name: 'alphabet', risk: 'high', score: 55, owner: { email: 'z@d.test' } },
];

const ids = (filter: unknown) => records.filter((r) => matchesFilter(r, filter as never)).map((r) => r.id);

describe('parseListQuery', () => {
  it('reads page, pageSize, sort and a JSON filter', () => {
    const { query, problems } = parseListQuery(
      {
        page: '2',
        pageSize: '10',
        sort: 'name,-score',
        filter: JSON.stringify({ field: 'risk', op: 'eq', value: 'high' }),
      },
      fields,
    );
    expect(problems).toEqual([]);
    expect(query).toEqual({
      page: 2,
      pageSize: 10,
      sort: [
        { field: 'name', direction: 'asc' },
        { field: 'score', direction: 'desc' },
      ],
      filter: { field: 'risk', op: 'eq', value: 'high' },
    });
  });

  it('defaults to page 1 of 25 and caps the page size', () => {
    expect(parseListQuery({}, fields).query).toMatchObject({ page: 1, pageSize: 25, sort: [] });
    expect(parseListQuery({ pageSize: '999999' }, fields).query.pageSize).toBe(MAX_PAGE_SIZE);
  });

  it('names every field it refuses to sort or filter on', () => {
    const { problems } = parseListQuery(
      {
        sort: 'name,password',
        filter: JSON.stringify({
          or: [
            { field: 'secret', op: 'eq', value: 1 },
            { field: 'name', op: 'regex', value: '.' },
          ],
        }),
      },
      fields,
    );
    expect(problems.map((p) => [p.parameter, p.field])).toEqual([
      ['sort', 'password'],
      ['filter', 'secret'],
      ['filter', 'name'],
    ]);
  });

  it('refuses malformed numbers, JSON and values that do not fit the operator', () => {
    const bad = [
      { page: '0' },
      { page: '1e0' },
      { pageSize: '0x1' },
      { filter: '{' },
      { filter: '[]' },
      { filter: JSON.stringify({ field: 'score', op: 'between', value: [1] }) },
      { filter: JSON.stringify({ field: 'score', op: 'in', value: 3 }) },
      { filter: JSON.stringify({ field: 'score', op: 'isNull', value: 'yes' }) },
      { filter: JSON.stringify({ field: 'score', op: 'eq', value: { $gt: 1 } }) },
      { filter: JSON.stringify({ and: [], or: [] }) },
      { filter: JSON.stringify({ field: 'name', op: 'eq', value: 'x', extra: 1 }) },
    ];
    for (const params of bad)
      expect(parseListQuery(params, fields).problems.length, JSON.stringify(params)).toBeGreaterThan(0);
  });

  it('bounds nesting depth', () => {
    let filter: unknown = { field: 'name', op: 'eq', value: 'x' };
    for (let i = 0; i < 20; i += 1) filter = { and: [filter] };
    expect(parseListQuery({ filter: JSON.stringify(filter) }, fields).problems[0].message).toMatch(/deeper/);
  });

  it('round-trips through encodeListQuery', () => {
    const query = {
      page: 3,
      pageSize: 40,
      sort: [{ field: 'createdAt', direction: 'desc' as const }],
      filter: { and: [{ field: 'name', op: 'contains' as const, value: 'al' }] },
    };
    expect(parseListQuery(encodeListQuery(query), fields)).toEqual({ query, problems: [] });
  });
});

describe('matchesFilter', () => {
  it('implements every operator', () => {
    expect(ids({ field: 'risk', op: 'eq', value: 'high' })).toEqual(['a', 'd']);
    expect(ids({ field: 'risk', op: 'ne', value: 'high' })).toEqual(['b', 'c']);
    expect(ids({ field: 'risk', op: 'in', value: ['low', 'medium'] })).toEqual(['b', 'c']);
    expect(ids({ field: 'score', op: 'lt', value: 55 })).toEqual(['a']);
    expect(ids({ field: 'score', op: 'lte', value: 55 })).toEqual(['a', 'd']);
    expect(ids({ field: 'score', op: 'gt', value: 55 })).toEqual(['b']);
    expect(ids({ field: 'score', op: 'gte', value: 55 })).toEqual(['b', 'd']);
    expect(ids({ field: 'createdAt', op: 'between', value: ['2026-01-01', '2026-12-31'] })).toEqual(['a', 'b']);
    expect(ids({ field: 'name', op: 'contains', value: 'ALPHA' })).toEqual(['a', 'd']);
    expect(ids({ field: 'name', op: 'startsWith', value: 'b' })).toEqual(['b']);
    expect(ids({ field: 'score', op: 'isNull', value: true })).toEqual(['c']);
    expect(ids({ field: 'owner.email', op: 'isNull', value: false })).toEqual(['a', 'b', 'd']);
    expect(ids({ field: 'tags', op: 'contains', value: 'pos' })).toEqual(['a', 'c']);
    expect(ids({ field: 'tags', op: 'in', value: ['web'] })).toEqual(['c']);
  });

  it('combines with and / or', () => {
    expect(
      ids({
        or: [
          { field: 'risk', op: 'eq', value: 'low' },
          {
            and: [
              { field: 'risk', op: 'eq', value: 'high' },
              { field: 'score', op: 'gt', value: 40 },
            ],
          },
        ],
      }),
    ).toEqual(['b', 'd']);
  });

  it('never reads inherited properties', () => {
    expect(ids({ field: 'constructor', op: 'isNull', value: false })).toEqual([]);
  });
});

describe('runQuery', () => {
  it('sorts with absent values last in both directions and pages', () => {
    const sorted = (direction: 'asc' | 'desc') =>
      runQuery(records, { sort: [{ field: 'score', direction }], page: 1, pageSize: 10 }).items.map((r) => r.id);
    expect(sorted('asc')).toEqual(['a', 'd', 'b', 'c']);
    expect(sorted('desc')).toEqual(['b', 'd', 'a', 'c']);
    const page2 = runQuery(records, { sort: [{ field: 'name', direction: 'asc' }], page: 2, pageSize: 3 });
    expect(page2).toEqual({ items: [records[2]], total: 4 }); // Alpha Shop, alphabet, beta bookings | Gamma
  });

  it('pages partition the filtered, sorted set (property)', () => {
    const record = fc.record({ id: fc.uuid(), name: fc.string(), score: fc.option(fc.integer({ min: 0, max: 5 })) });
    fc.assert(
      fc.property(
        fc.uniqueArray(record, { selector: (r) => r.id, maxLength: 40 }),
        fc.integer({ min: 1, max: 7 }),
        (rows, size) => {
          const query = { sort: [{ field: 'score', direction: 'desc' as const }], page: 1, pageSize: size };
          const all = runQuery(rows, { ...query, pageSize: 1000 }).items;
          const pages = [];
          for (let page = 1; (page - 1) * size < rows.length; page += 1)
            pages.push(...runQuery(rows, { ...query, page }).items);
          expect(pages).toEqual(all);
          expect(new Set(pages.map((r) => r.id)).size).toBe(rows.length);
        },
      ),
    );
  });

  it('a short page of a long list equals the same slice of a full sort (property)', () => {
    const record = fc.record({
      id: fc.uuid(),
      name: fc.option(fc.constantFrom('Alpha', 'alpha', 'beta', 'Beta', 'gamma')),
      score: fc.option(fc.integer({ min: 0, max: 3 })),
    });
    const key = fc.record({
      field: fc.constantFrom('name', 'score'),
      direction: fc.constantFrom('asc' as const, 'desc' as const),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(record, { selector: (r) => r.id, minLength: 100, maxLength: 300 }),
        fc.array(key, { maxLength: 2 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 4 }),
        (rows, sort, page, pageSize) => {
          const compare = sortComparator(sort);
          const expected = [...rows].sort(compare).slice((page - 1) * pageSize, page * pageSize);
          expect(runQuery(rows, { sort, page, pageSize }).items).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('sortRecords (keys read once) orders exactly as sortComparator, mixed types and absent values included (property)', () => {
    const value = fc.option(
      fc.oneof(
        fc.constantFrom('Alpha', 'alpha', 'beta', 'Beta', 'ß', ''),
        fc.integer({ min: -2, max: 2 }),
        fc.boolean(),
      ),
    );
    const record = fc.record(
      { id: fc.uuid(), name: value, nested: fc.record({ at: value }) },
      { requiredKeys: ['id'] },
    );
    const key = fc.record({
      field: fc.constantFrom('name', 'nested.at'),
      direction: fc.constantFrom('asc' as const, 'desc' as const),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(record, { selector: (r) => r.id, maxLength: 60 }),
        fc.array(key, { maxLength: 2 }),
        (rows, sort) => {
          const sorted = sortRecords(rows, sort);
          expect(sorted).toEqual([...rows].sort(sortComparator(sort)));
          expect(sorted).not.toBe(rows);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reverseSorted turns a one-key order into the other direction exactly as sortRecords sorts it (property)', () => {
    const value = fc.option(
      fc.oneof(
        fc.constantFrom('Alpha', 'alpha', 'beta', 'Beta', ''),
        fc.integer({ min: -2, max: 2 }),
        fc.boolean(),
        fc.constant({}),
      ),
      { nil: null },
    );
    const record = fc.record({ id: fc.uuid(), name: value }, { requiredKeys: ['id'] });
    fc.assert(
      fc.property(
        fc.uniqueArray(record, { selector: (r) => r.id, maxLength: 60 }),
        fc.constantFrom('asc' as const, 'desc' as const),
        (rows, direction) => {
          const key = { field: 'name', direction };
          const other = { field: 'name', direction: direction === 'asc' ? ('desc' as const) : ('asc' as const) };
          expect(reverseSorted(sortRecords(rows, [key]), key)).toEqual(sortRecords(rows, [other]));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the capped total', () => {
  it('is exact up to the cap, the cap and totalCapped beyond it', () => {
    expect(cappedTotal(0)).toEqual({ total: 0 });
    expect(cappedTotal(COUNT_CAP)).toEqual({ total: COUNT_CAP });
    expect(cappedTotal(COUNT_CAP + 1)).toEqual({ total: COUNT_CAP, totalCapped: true });
    expect(cappedTotal(2_500_000)).toEqual({ total: COUNT_CAP, totalCapped: true });
    expect(cappedTotal(3, 2)).toEqual({ total: 2, totalCapped: true });
    expect('totalCapped' in cappedTotal(2, 2)).toBe(false); // absent, not false: the wire form stays as it was
  });

  it('runQuery applies it to the filtered matches, whatever page is asked', () => {
    const rows = Array.from({ length: COUNT_CAP + 5 }, (_, i) => ({
      id: `r${String(i).padStart(5, '0')}`,
      even: i % 2 === 0,
    }));
    const query = { sort: [], page: 1, pageSize: 10 };
    expect(runQuery(rows, query)).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    const evens = runQuery(rows, { ...query, filter: { field: 'even', op: 'eq', value: true } });
    expect(evens.total).toBe(Math.ceil((COUNT_CAP + 5) / 2));
    expect(evens.totalCapped).toBeUndefined();
    // a small cap (as the tests of both stores use): the items are the page asked all the same
    const last = runQuery(rows, { ...query, page: 1001, pageSize: 10 }, 50);
    expect(last).toEqual({ items: rows.slice(10_000, 10_005), total: 50, totalCapped: true });
    expect(runQuery(rows.slice(0, 50), query, 50)).toMatchObject({ total: 50 });
    expect(runQuery(rows.slice(0, 50), query, 50).totalCapped).toBeUndefined();
  });
});
