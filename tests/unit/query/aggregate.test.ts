import { describe, expect, it } from 'vitest';
import { checkAggregate, dateBucket, runAggregate } from '../../../core/query/aggregate';
import { ExactSum } from '../../../core/query/exact-decimal';
import { runQuery } from '../../../core/query/run-query';

const scans = [
  { id: '1', grade: 'A', score: 91, status: 'done', createdAt: '2026-03-02T09:00:00.000Z' },
  { id: '2', grade: 'a', score: 0.1, status: 'done', createdAt: '2026-03-08T23:59:59.000Z' },
  { id: '3', grade: 'B', score: 0.2, status: 'failed', createdAt: '2026-03-09T00:00:00.000Z' },
  { id: '4', grade: 'A', score: 'n/a', status: 'done', createdAt: '2026-04-01' },
  { id: '5', score: 70, status: 'queued', createdAt: 'soon' },
  { id: '6', grade: ['A'], status: 'done' },
];

describe('runAggregate: the reference the SQL must match', () => {
  it('counts, sums, averages, and takes min and max of numbers only, over every row and per group', () => {
    const result = runAggregate(scans, {
      measures: [
        { op: 'count', as: 'scans' },
        { op: 'sum', field: 'score', as: 'sum' },
        { op: 'avg', field: 'score', as: 'avg' },
        { op: 'min', field: 'score', as: 'min' },
        { op: 'max', field: 'score', as: 'max' },
      ],
      groupBy: { field: 'grade' },
    });
    // 91 + 0.1 + 0.2 + 70 exactly: 161.3, not 161.29999999999998
    expect(result.totals).toEqual({ scans: 6, sum: 161.3, avg: 161.3 / 4, min: 0.1, max: 91 });
    // the list's key order: folded then exact ('A' before 'a'), null (absent, an array) last
    expect(result.groups.map((g) => g.key)).toEqual(['A', 'a', 'B', null]);
    expect(result.groups[0]).toEqual({ key: 'A', scans: 2, sum: 91, avg: 91, min: 91, max: 91 });
    expect(result.groups[3]).toEqual({ key: null, scans: 2, sum: 70, avg: 70, min: 70, max: 70 });
    // a group with no numbers: sum 0, the others null
    const noNumbers = runAggregate([{ id: 'x', grade: 'C' }], {
      measures: [
        { op: 'sum', field: 'score', as: 'sum' },
        { op: 'avg', field: 'score', as: 'avg' },
        { op: 'max', field: 'score', as: 'max' },
      ],
    });
    expect(noNumbers).toEqual({ totals: { sum: 0, avg: null, max: null }, groups: [] });
  });

  it('narrows a measure with its own where, in the list filter language', () => {
    const result = runAggregate(scans, {
      measures: [
        { op: 'count', as: 'done', where: { field: 'status', op: 'eq', value: 'done' } },
        { op: 'count', as: 'other', where: { field: 'status', op: 'ne', value: 'done' } },
      ],
      groupBy: { field: 'createdAt', bucket: 'month' },
    });
    expect(result.totals).toEqual({ done: 4, other: 2 });
    expect(result.groups).toEqual([
      { key: '2026-03', done: 2, other: 1 },
      { key: '2026-04', done: 1, other: 0 },
      { key: null, done: 1, other: 1 },
    ]);
  });

  it('keeps 1, "1" and true apart as keys', () => {
    const rows = [{ k: 1 }, { k: '1' }, { k: true }, { k: 1 }].map((r, i) => ({ ...r, id: String(i) }));
    const { groups } = runAggregate(rows, { measures: [{ op: 'count', as: 'n' }], groupBy: { field: 'k' } });
    expect(groups).toEqual([
      { key: 1, n: 2 },
      { key: '1', n: 1 },
      { key: true, n: 1 },
    ]);
  });

  it('cuts the groups at the cap, in key order, and says so', () => {
    const rows = ['d', 'b', 'c', 'a'].map((k) => ({ id: k, k }));
    const result = runAggregate(rows, { measures: [{ op: 'count', as: 'n' }], groupBy: { field: 'k' } }, 2);
    expect(result.groups.map((g) => g.key)).toEqual(['a', 'b']);
    expect(result.groupsCapped).toBe(true);
    expect(result.totals).toEqual({ n: 4 });
  });

  it('is what runQuery answers for a query with an aggregate: its filter first, no page', () => {
    const answer = runQuery(scans, {
      filter: { field: 'status', op: 'eq', value: 'done' },
      sort: [],
      page: 1,
      pageSize: 1,
      aggregate: { measures: [{ op: 'count', as: 'n' }], groupBy: { field: 'grade' } },
    });
    expect(answer.items).toEqual([]);
    expect(answer.total).toBe(4);
    expect(answer.aggregate?.totals).toEqual({ n: 4 });
    expect(answer.aggregate?.groups).toEqual([
      { key: 'A', n: 2 },
      { key: 'a', n: 1 },
      { key: null, n: 1 },
    ]);
  });
});

describe('dateBucket', () => {
  it('reads the day, the Monday of the ISO week and the month of the text', () => {
    expect(dateBucket('2026-03-08T23:59:59Z', 'day')).toBe('2026-03-08');
    // Sunday 8 March belongs to the week of Monday 2 March; Monday 9 starts the next
    expect(dateBucket('2026-03-08T23:59:59Z', 'week')).toBe('2026-03-02');
    expect(dateBucket('2026-03-09', 'week')).toBe('2026-03-09');
    // a week across a year's end
    expect(dateBucket('2027-01-01', 'week')).toBe('2026-12-28');
    expect(dateBucket('2026-03-08', 'month')).toBe('2026-03');
  });

  it('is null for what is not a real day of the years 1000–9999', () => {
    for (const value of ['2026-02-29', '2024-13-01', '0999-01-01', '2026-3-8', 8, null, 'soon', '２０２６-03-08']) {
      expect(dateBucket(value, 'day')).toBeNull();
    }
    expect(dateBucket('2024-02-29', 'week')).toBe('2024-02-26');
    expect(dateBucket('1000-01-01', 'week')).toBe('0999-12-30');
  });
});

describe('ExactSum', () => {
  it('adds the numbers as written, exactly', () => {
    const sum = new ExactSum();
    for (const n of [0.1, 0.2, 1e21, -1e21, 1.5e-7, -3]) sum.add(n);
    expect(sum.text()).toBe('-2.69999985');
    expect(Number(new ExactSum().text())).toBe(0);
  });
});

describe('checkAggregate', () => {
  const fields = { filterable: ['status', 'grade'], sortable: ['score', 'createdAt'] };
  it('accepts declared fields, refuses others, a count with a field, a sum without one and a name used twice', () => {
    expect(
      checkAggregate(
        {
          measures: [
            { op: 'count', as: 'n', where: { field: 'status', op: 'eq', value: 'done' } },
            { op: 'avg', field: 'score', as: 'avg' },
          ],
          groupBy: { field: 'createdAt', bucket: 'week' },
        },
        fields,
      ),
    ).toEqual([]);
    const problems = checkAggregate(
      {
        measures: [
          { op: 'count', field: 'score', as: 'n' },
          { op: 'sum', as: 'n' },
          { op: 'max', field: 'secret', as: 'key' },
          { op: 'count', as: 'w', where: { field: 'score', op: 'eq', value: 1 } },
        ],
        groupBy: { field: 'passwordHash' },
      },
      fields,
    );
    expect(problems.map((p) => p.message)).toEqual([
      'cannot aggregate on "passwordHash"',
      'count takes no field, the others one',
      'count takes no field, the others one',
      '"n" names another figure',
      'cannot aggregate on "secret"',
      '"key" names another figure',
      'cannot filter on "score"',
    ]);
  });
});
