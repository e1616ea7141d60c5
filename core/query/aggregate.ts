import {
  type AggregateGroup,
  type AggregateQuery,
  type AggregateResult,
  type DateBucket,
  MAX_GROUPS,
  type Measure,
  type MeasurePartial,
  type MeasureValue,
} from './aggregate.types';
import { ExactSum } from './exact-decimal';
import type { FilterValue, QueryableFields, QueryProblem } from './query.types';
import { checkFilter, compileFilter, fieldValue, sortRecords } from './query.utils';

/**
 * The aggregate query's reference implementation (the embedded store runs it; PostgreSQL's SQL in
 * server/store/pg/sql-aggregate.ts must answer the same, which tests/integration/pg/aggregate-differential
 * checks) and the checks of its fields against what a list endpoint declares.
 */

/**
 * The fields an aggregate names must be ones the endpoint declares (filterable or sortable), as a
 * filter's must: PostgreSQL has indexes for those, and nothing else of a record is exposed this way.
 * The shape itself is checked against the request schema first (server/http/list-query.ts).
 */
export function checkAggregate(aggregate: AggregateQuery, fields: QueryableFields): QueryProblem[] {
  const declared = new Set([...fields.filterable, ...fields.sortable]);
  const problems: QueryProblem[] = [];
  const unknown = (field: string) =>
    problems.push({ parameter: 'aggregate', field, message: `cannot aggregate on "${field}"` });
  if (aggregate.groupBy && !declared.has(aggregate.groupBy.field)) unknown(aggregate.groupBy.field);
  const names = new Set<string>();
  for (const measure of aggregate.measures) {
    if (measure.field !== undefined && !declared.has(measure.field)) unknown(measure.field);
    if ((measure.op === 'count') !== (measure.field === undefined))
      problems.push({ parameter: 'aggregate', field: measure.as, message: 'count takes no field, the others one' });
    if (names.has(measure.as) || measure.as === 'key')
      problems.push({ parameter: 'aggregate', field: measure.as, message: `"${measure.as}" names another figure` });
    names.add(measure.as);
    if (measure.where) {
      for (const problem of checkFilter(measure.where, fields.filterable))
        problems.push({ ...problem, parameter: 'aggregate' });
    }
  }
  return problems;
}

const DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})/;

function daysIn(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * The bucket of a date written `YYYY-MM-DD…` (years 1000–9999, a real day): `YYYY-MM-DD` for a day,
 * the Monday of its ISO week for a week, `YYYY-MM` for a month; null for anything else.
 */
export function dateBucket(value: unknown, bucket: DateBucket): string | null {
  if (typeof value !== 'string') return null;
  const match = DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (bucket === 'day') return value.slice(0, 10);
  if (bucket === 'month') return value.slice(0, 7);
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCDate(day - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/** A group's key: a scalar's own value, a date's bucket; null for anything else. */
export function groupKey(record: unknown, groupBy: NonNullable<AggregateQuery['groupBy']>): FilterValue {
  const value = fieldValue(record, groupBy.field);
  if (groupBy.bucket) return dateBucket(value, groupBy.bucket);
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
}

/** What a measure's partial comes to; one code path for both stores, so they round alike. */
export function finishMeasure(op: Measure['op'], partial: MeasurePartial): MeasureValue {
  switch (op) {
    case 'count':
      return partial.count;
    case 'sum':
      return Number(partial.sum);
    case 'avg':
      return partial.count === 0 ? null : Number(partial.sum) / partial.count;
    case 'min':
      return partial.min === null ? null : Number(partial.min);
    case 'max':
      return partial.max === null ? null : Number(partial.max);
  }
}

/** The groups in the list's order of their key (case-folded, then exact; null last), at most `cap`. */
export function orderGroups(
  groups: AggregateGroup[],
  cap = MAX_GROUPS,
): Pick<AggregateResult, 'groups' | 'groupsCapped'> {
  const ordered = sortRecords(groups, [{ field: 'key', direction: 'asc' }]);
  return ordered.length > cap ? { groups: ordered.slice(0, cap), groupsCapped: true } : { groups: ordered };
}

/** Accumulates one measure's partial over the rows it reads. */
class MeasureState {
  private readonly matches: (record: unknown) => boolean;
  private readonly sum = new ExactSum();
  private count = 0;
  private min: number | null = null;
  private max: number | null = null;

  constructor(private readonly measure: Measure) {
    this.matches = compileFilter(measure.where);
  }

  add(record: unknown): void {
    if (!this.matches(record)) return;
    if (this.measure.field === undefined) {
      this.count += 1;
      return;
    }
    const value = fieldValue(record, this.measure.field);
    if (typeof value !== 'number') return;
    this.count += 1;
    this.sum.add(value);
    if (this.min === null || value < this.min) this.min = value;
    if (this.max === null || value > this.max) this.max = value;
  }

  value(): MeasureValue {
    const text = (n: number | null) => (n === null ? null : String(n));
    const partial = { count: this.count, sum: this.sum.text(), min: text(this.min), max: text(this.max) };
    return finishMeasure(this.measure.op, partial);
  }
}

function measuresOf(states: Map<string, MeasureState>): Record<string, MeasureValue> {
  return Object.fromEntries([...states].map(([name, state]) => [name, state.value()]));
}

/** The aggregate over records a filter already matched: totals, and groups when it groups. */
export function runAggregate(
  records: Iterable<unknown>,
  aggregate: AggregateQuery,
  groupCap = MAX_GROUPS,
): AggregateResult {
  const fresh = () => new Map(aggregate.measures.map((m) => [m.as, new MeasureState(m)] as const));
  const totals = fresh();
  // keyed by the key's JSON, so 1, "1" and true are three groups
  const groups = new Map<string, { key: FilterValue; states: Map<string, MeasureState> }>();
  for (const record of records) {
    for (const state of totals.values()) state.add(record);
    if (!aggregate.groupBy) continue;
    const key = groupKey(record, aggregate.groupBy);
    const id = JSON.stringify(key);
    let group = groups.get(id);
    if (!group) {
      group = { key, states: fresh() };
      groups.set(id, group);
    }
    for (const state of group.states.values()) state.add(record);
  }
  const rows = [...groups.values()].map(({ key, states }) => ({ ...measuresOf(states), key }) as AggregateGroup);
  return { totals: measuresOf(totals), ...orderGroups(rows, groupCap) };
}
