import { describe, expect, it } from 'vitest';
import { byCategory, type IssueFacts, leaderboard, progress, totals } from '../../../core/issues/issue-stats';

const issue = (id: string, fields: Partial<IssueFacts>): IssueFacts => ({
  id,
  title: id,
  source: 'assessment',
  severity: 'medium',
  category: 'policy',
  state: 'open',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...fields,
});

describe('issue figures', () => {
  const now = new Date('2026-11-25T12:00:00.000Z');

  it('counts per state, ignored issues apart from the active ones', () => {
    const figures = totals([issue('a', {}), issue('b', { state: 'ignored' }), issue('c', { state: 'inProgress' })]);
    expect(figures).toEqual({ total: 3, active: 2, open: 1, inProgress: 1, resolved: 0, ignored: 1 });
  });

  it('keeps the 8 categories with most active issues, ties by name', () => {
    const many = 'abcdefghij'.split('').map((letter, index) => issue(letter, { category: `c${9 - index}` }));
    many.push(issue('x', { category: 'c0' }), issue('y', { category: 'c0', state: 'resolved' }));
    const top = byCategory(many);
    expect(top).toHaveLength(8);
    expect(top[0]).toEqual({ key: 'c0', count: 2 });
    expect(top.slice(1).map((entry) => entry.key)).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7']);
  });

  it('ranks assets by active issues, then by critical ones', () => {
    const board = leaderboard([
      issue('a', { asset: 'one.test' }),
      issue('b', { asset: 'two.test', severity: 'critical' }),
      issue('c', { asset: 'one.test', state: 'ignored' }),
    ]);
    expect(board).toEqual([
      { name: 'two.test', total_issue: 1, critical: 1, high: 0 },
      { name: 'one.test', total_issue: 1, critical: 0, high: 0 },
    ]);
  });

  it('buckets a month by week and a year by month, counting what was raised, resolved and still active', () => {
    const issues = [
      issue('old', { createdAt: '2026-09-03T00:00:00.000Z', state: 'resolved' }),
      issue('new', { createdAt: '2026-11-24T00:00:00.000Z' }),
      issue('quiet', { createdAt: '2026-11-02T00:00:00.000Z', state: 'ignored' }),
    ];
    const resolvedAt = new Map([['old', '2026-11-10T00:00:00.000Z']]);
    const weeks = progress(issues, resolvedAt, 1, now);
    expect(weeks.map((bucket) => bucket.start)).toEqual([
      '2026-10-22',
      '2026-10-29',
      '2026-11-05',
      '2026-11-12',
      '2026-11-19',
    ]);
    expect(weeks.map((bucket) => [bucket.raised, bucket.resolved, bucket.active])).toEqual([
      [0, 0, 1],
      [0, 0, 1],
      [0, 1, 0],
      [0, 0, 0],
      [1, 0, 1],
    ]);
    const year = progress(issues, resolvedAt, 12, now);
    expect(year).toHaveLength(12);
    expect(year[0].start).toBe('2025-12-01');
    expect(year.find((bucket) => bucket.start === '2026-09-01')).toMatchObject({ raised: 1, active: 1 });
    expect(year.at(-1)).toMatchObject({ start: '2026-11-01', raised: 1, resolved: 1, active: 1 });
  });
});
