/**
 * The issue figures the AST reads answer (shell §7 'AST issue reads', domain §2 'Assessment
 * dashboard'): pure counting over issue records of the resource `issue`, so the browser's charts and
 * the server agree and the rules are unit-tested without a store.
 */

import { DAY_MS, dayOf, startOfUtcDay } from '../dates/days';

export const ISSUE_SOURCES = ['scan', 'assessment'] as const;
export type IssueSource = (typeof ISSUE_SOURCES)[number];
export const ISSUE_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export const ISSUE_STATES = ['open', 'inProgress', 'resolved', 'ignored'] as const;
/** Issue progress ranges in months (domain §9: 1, 3, 6 months and 1 year). */
export const PROGRESS_MONTHS = [1, 3, 6, 12] as const;
/** The by-category read keeps the first 8 entries (shell §7). */
export const CATEGORY_LIMIT = 8;
export const LEADERBOARD_LIMIT = 10;

/** The members of an issue record the figures read. */
export interface IssueFacts {
  id: string;
  title: string;
  source: string;
  severity: string;
  category: string;
  state: string;
  asset?: string;
  merchantId?: string;
  createdAt: string;
}

/** Still to act on: not resolved, not ignored. */
export const isActive = (issue: Pick<IssueFacts, 'state'>) => issue.state === 'open' || issue.state === 'inProgress';

export interface IssueTotals {
  total: number;
  active: number;
  open: number;
  inProgress: number;
  resolved: number;
  ignored: number;
}

export function totals(issues: readonly IssueFacts[]): IssueTotals {
  const count = (state: string) => issues.filter((issue) => issue.state === state).length;
  return {
    total: issues.length,
    active: issues.filter(isActive).length,
    open: count('open'),
    inProgress: count('inProgress'),
    resolved: count('resolved'),
    ignored: count('ignored'),
  };
}

export interface KeyCount {
  key: string;
  count: number;
}

/** Counts per value of `pick`, in the order of `keys` (every key, 0 when unused). */
export function countBy(issues: readonly IssueFacts[], keys: readonly string[], pick: (issue: IssueFacts) => string) {
  return keys.map((key) => ({ key, count: issues.filter((issue) => pick(issue) === key).length }));
}

/** Active issues by severity, most severe first. */
export const severities = (issues: readonly IssueFacts[]): KeyCount[] =>
  countBy(issues.filter(isActive), ISSUE_SEVERITIES, (issue) => issue.severity);

export const states = (issues: readonly IssueFacts[]): KeyCount[] =>
  countBy(issues, ISSUE_STATES, (issue) => issue.state);

/** Active issues per category, most first (ties by name), the first CATEGORY_LIMIT. */
export function byCategory(issues: readonly IssueFacts[]): KeyCount[] {
  const counts = new Map<string, number>();
  for (const issue of issues.filter(isActive)) counts.set(issue.category, (counts.get(issue.category) ?? 0) + 1);
  return [...counts]
    .map(([key, count]) => ({ key, count }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
    .slice(0, CATEGORY_LIMIT);
}

/** shell §7 'Issue leaderboard entry': total_issue, sorted descending. */
export interface LeaderboardEntry {
  name: string;
  total_issue: number;
  critical: number;
  high: number;
}

/** The assets with the most active issues (an issue without an asset counts under ''). */
export function leaderboard(issues: readonly IssueFacts[]): LeaderboardEntry[] {
  const entries = new Map<string, LeaderboardEntry>();
  for (const issue of issues.filter(isActive)) {
    const name = issue.asset ?? '';
    const entry = entries.get(name) ?? { name, total_issue: 0, critical: 0, high: 0 };
    entry.total_issue += 1;
    if (issue.severity === 'critical') entry.critical += 1;
    if (issue.severity === 'high') entry.high += 1;
    entries.set(name, entry);
  }
  return [...entries.values()]
    .sort((a, b) => b.total_issue - a.total_issue || b.critical - a.critical || a.name.localeCompare(b.name))
    .slice(0, LEADERBOARD_LIMIT);
}

/** One bucket of the progress chart: issues raised and resolved in it, and those still active at its end. */
export interface ProgressBucket {
  /** The bucket's first day, yyyy-MM-dd (UTC). */
  start: string;
  raised: number;
  resolved: number;
  active: number;
}

/** When an issue was last resolved, from its workflow history (null while it is not resolved). */
export type ResolvedAt = ReadonlyMap<string, string>;

/**
 * Issue progress over the last `months`: weekly buckets for one month, monthly otherwise (UTC).
 * `active` at a bucket's end counts issues raised by then and not resolved by then (ignored ones
 * are left out: nobody acts on them).
 */
export function progress(
  issues: readonly IssueFacts[],
  resolvedAt: ResolvedAt,
  months: number,
  now: Date,
): ProgressBucket[] {
  const starts: Date[] = [];
  if (months === 1) {
    const today = startOfUtcDay(now).getTime();
    for (let week = 4; week >= 0; week -= 1) starts.push(new Date(today - (week * 7 + 6) * DAY_MS));
  } else {
    for (let back = months - 1; back >= 0; back -= 1)
      starts.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)));
  }
  const counted = issues.filter((issue) => issue.state !== 'ignored');
  return starts.map((start, index) => {
    const end = index + 1 < starts.length ? starts[index + 1] : new Date(now.getTime() + 1);
    const within = (at: string | undefined) => at !== undefined && at >= start.toISOString() && at < end.toISOString();
    const resolvedBy = (issue: IssueFacts) => {
      const at = resolvedAt.get(issue.id);
      return at !== undefined && at < end.toISOString();
    };
    return {
      start: dayOf(start),
      raised: counted.filter((issue) => within(issue.createdAt)).length,
      resolved: counted.filter((issue) => within(resolvedAt.get(issue.id))).length,
      active: counted.filter((issue) => issue.createdAt < end.toISOString() && !resolvedBy(issue)).length,
    };
  });
}
