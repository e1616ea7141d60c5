import {
  COUNT_CAP,
  DEFAULT_PAGE_SIZE,
  FILTER_OPERATORS,
  type FieldCondition,
  type Filter,
  type FilterOperator,
  type FilterValue,
  type ListQuery,
  type ListResult,
  MAX_FILTER_CONDITIONS,
  MAX_FILTER_DEPTH,
  MAX_PAGE_SIZE,
  type QueryableFields,
  type QueryProblem,
  type SortDirection,
  type SortKey,
} from './query.types';

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const isScalar = (value: unknown): value is FilterValue =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** A field path's value: own properties only, so `constructor` or `__proto__` read nothing. */
export function fieldValue(record: unknown, path: string): unknown {
  let current = record;
  for (const key of path.split('.')) {
    if (!isObject(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

// ---- parsing the wire form: ?page=2&pageSize=50&sort=name,-createdAt&filter=<JSON> ----

function positiveInteger(raw: unknown): number | null {
  if (raw === undefined || raw === '') return null;
  if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 1) return raw;
  if (typeof raw !== 'string' || !/^[0-9]{1,9}$/.test(raw)) return Number.NaN;
  const value = Number(raw);
  return value >= 1 ? value : Number.NaN;
}

/** `name,-createdAt` → [{name asc}, {createdAt desc}]; every field must be sortable. */
export function parseSort(raw: unknown, sortable: readonly string[], problems: QueryProblem[]): SortKey[] {
  if (raw === undefined || raw === '') return [];
  if (typeof raw !== 'string') {
    problems.push({ parameter: 'sort', message: 'must be a comma-separated list of fields' });
    return [];
  }
  const keys: SortKey[] = [];
  for (const part of raw.split(',')) {
    const item = part.trim();
    const field = item.startsWith('-') ? item.slice(1) : item;
    if (!sortable.includes(field)) {
      problems.push({ parameter: 'sort', field, message: `cannot sort on "${field}"` });
      continue;
    }
    keys.push({ field, direction: item.startsWith('-') ? 'desc' : 'asc' });
  }
  return keys;
}

function checkCondition(condition: Record<string, unknown>, filterable: readonly string[], problems: QueryProblem[]) {
  const { field, op, value } = condition;
  const extra = Object.keys(condition).filter((key) => !['field', 'op', 'value'].includes(key));
  if (typeof field !== 'string' || !filterable.includes(field)) {
    problems.push({ parameter: 'filter', field: String(field), message: `cannot filter on "${String(field)}"` });
    return;
  }
  if (extra.length > 0) problems.push({ parameter: 'filter', field, message: `unknown member "${extra[0]}"` });
  if (!FILTER_OPERATORS.includes(op as FilterOperator)) {
    problems.push({ parameter: 'filter', field, message: `unknown operator "${String(op)}"` });
    return;
  }
  const fits =
    op === 'in'
      ? Array.isArray(value) && value.length <= MAX_FILTER_CONDITIONS && value.every(isScalar)
      : op === 'between'
        ? Array.isArray(value) && value.length === 2 && value.every(isScalar)
        : op === 'isNull'
          ? typeof value === 'boolean'
          : op === 'contains' || op === 'startsWith'
            ? typeof value === 'string' || (op === 'contains' && isScalar(value))
            : isScalar(value);
  if (!fits) problems.push({ parameter: 'filter', field, message: `value does not fit operator "${String(op)}"` });
}

/** Checks a filter's shape, operators, values and fields; counts conditions against the bounds. */
export function checkFilter(filter: unknown, filterable: readonly string[]): QueryProblem[] {
  const problems: QueryProblem[] = [];
  let conditions = 0;
  const walk = (node: unknown, depth: number) => {
    if (depth > MAX_FILTER_DEPTH) {
      problems.push({ parameter: 'filter', message: `nested deeper than ${MAX_FILTER_DEPTH}` });
      return;
    }
    if (!isObject(node)) {
      problems.push({ parameter: 'filter', message: 'must be an object' });
      return;
    }
    const group = Object.hasOwn(node, 'and') ? 'and' : Object.hasOwn(node, 'or') ? 'or' : null;
    if (group) {
      const members = node[group];
      if (Object.keys(node).length !== 1 || !Array.isArray(members)) {
        problems.push({ parameter: 'filter', message: `"${group}" must be the only member and hold a list` });
        return;
      }
      for (const member of members) walk(member, depth + 1);
      return;
    }
    conditions += 1;
    if (conditions > MAX_FILTER_CONDITIONS) {
      if (conditions === MAX_FILTER_CONDITIONS + 1)
        problems.push({ parameter: 'filter', message: `more than ${MAX_FILTER_CONDITIONS} conditions` });
      return;
    }
    checkCondition(node, filterable, problems);
  };
  walk(filter, 0);
  return problems;
}

/**
 * Parses and checks the query parameters of a collection endpoint. Unknown sort or filter fields,
 * malformed numbers and filters are problems (the gateway answers 400 naming them); a pageSize
 * over the cap is lowered to it.
 */
export function parseListQuery(
  params: Record<string, unknown>,
  fields: QueryableFields,
): { query: ListQuery; problems: QueryProblem[] } {
  const problems: QueryProblem[] = [];
  const page = positiveInteger(params.page);
  const pageSize = positiveInteger(params.pageSize);
  if (Number.isNaN(page)) problems.push({ parameter: 'page', message: 'must be a whole number from 1' });
  if (Number.isNaN(pageSize)) problems.push({ parameter: 'pageSize', message: 'must be a whole number from 1' });
  const sort = parseSort(params.sort, fields.sortable, problems);
  let filter: Filter | undefined;
  if (params.filter !== undefined && params.filter !== '') {
    let parsed: unknown = params.filter;
    if (typeof parsed === 'string') {
      try {
        parsed = JSON.parse(parsed);
      } catch {
        parsed = undefined;
        problems.push({ parameter: 'filter', message: 'must be JSON' });
      }
    }
    if (parsed !== undefined) {
      const found = checkFilter(parsed, fields.filterable);
      problems.push(...found);
      if (found.length === 0) filter = parsed as Filter;
    }
  }
  return {
    query: {
      filter,
      sort,
      page: page && !Number.isNaN(page) ? page : 1,
      pageSize: Math.min(pageSize && !Number.isNaN(pageSize) ? pageSize : DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    },
    problems,
  };
}

/** The wire form of a query (the client's side of parseListQuery). */
export function encodeListQuery(query: Partial<ListQuery>): Record<string, string> {
  const params: Record<string, string> = {};
  if (query.page) params.page = String(query.page);
  if (query.pageSize) params.pageSize = String(query.pageSize);
  if (query.sort?.length)
    params.sort = query.sort.map((k) => (k.direction === 'desc' ? `-${k.field}` : k.field)).join(',');
  if (query.filter) params.filter = JSON.stringify(query.filter);
  return params;
}

// ---- evaluating in memory (the embedded store) ----

type Comparable = string | number | boolean;

/** Orders two scalars of the same type; mixed types order numbers < strings < booleans. */
const rank = (v: unknown) => (typeof v === 'number' ? 0 : typeof v === 'string' ? 1 : typeof v === 'boolean' ? 2 : 3);

export function compareValues(a: unknown, b: unknown): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 3) return 0;
  return (a as Comparable) < (b as Comparable) ? -1 : (a as Comparable) > (b as Comparable) ? 1 : 0;
}

const sameType = (a: unknown, b: unknown) => typeof a === typeof b && (typeof a === 'number' || typeof a === 'string');

/** A field path compiled once per query: the split is the costly part of fieldValue. */
function accessor(path: string): (record: unknown) => unknown {
  const keys = path.split('.');
  if (keys.length === 1) {
    const [key] = keys;
    return (record) => (isObject(record) && Object.hasOwn(record, key) ? record[key] : undefined);
  }
  return (record) => {
    let current = record;
    for (const key of keys) {
      if (!isObject(current) || !Object.hasOwn(current, key)) return undefined;
      current = current[key];
    }
    return current;
  };
}

function matchesValue(actual: unknown, op: FilterOperator, value: FieldCondition['value']): boolean {
  const absent = actual === undefined || actual === null;
  switch (op) {
    case 'isNull':
      return absent === value;
    case 'eq':
      return Array.isArray(actual) ? actual.includes(value) : actual === value || (absent && value === null);
    case 'ne':
      return !matchesValue(actual, 'eq', value);
    case 'in':
      return (
        Array.isArray(value) &&
        (Array.isArray(actual) ? actual.some((a) => value.includes(a)) : value.includes(actual as FilterValue))
      );
    case 'contains':
      if (Array.isArray(actual)) return actual.includes(value);
      return (
        typeof actual === 'string' && typeof value === 'string' && actual.toLowerCase().includes(value.toLowerCase())
      );
    case 'startsWith':
      return (
        typeof actual === 'string' && typeof value === 'string' && actual.toLowerCase().startsWith(value.toLowerCase())
      );
    case 'between': {
      const [low, high] = value as FilterValue[];
      return (
        sameType(actual, low) &&
        sameType(actual, high) &&
        compareValues(actual, low) >= 0 &&
        compareValues(actual, high) <= 0
      );
    }
    default: {
      if (!sameType(actual, value)) return false;
      const order = compareValues(actual, value);
      return op === 'lt' ? order < 0 : op === 'lte' ? order <= 0 : op === 'gt' ? order > 0 : order >= 0;
    }
  }
}

/** A (checked) filter as a predicate, compiled once and run on every record. */
export function compileFilter(filter: Filter | undefined): (record: unknown) => boolean {
  if (!filter) return () => true;
  if ('and' in filter) {
    const members = filter.and.map(compileFilter);
    return (record) => members.every((matches) => matches(record));
  }
  if ('or' in filter) {
    const members = filter.or.map(compileFilter);
    return (record) => members.some((matches) => matches(record));
  }
  const read = accessor(filter.field);
  const { op, value } = filter;
  return (record) => matchesValue(read(record), op, value);
}

/** Whether a record matches a (checked) filter. Strings compare case-insensitively only in contains/startsWith. */
export function matchesFilter(record: unknown, filter: Filter | undefined): boolean {
  return compileFilter(filter)(record);
}

/** Sorting is case-insensitive (ties broken by the exact text): what people expect of a list. */
const fold = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);

/** Compares two records' values of one sort key: absent last in either direction, then folded, then exact. */
function compareKey(va: unknown, vb: unknown, fa: unknown, fb: unknown, direction: SortDirection): number {
  let order: number;
  if (typeof fa === 'string' && typeof fb === 'string') {
    // the common case, inlined (a full sort makes some 14 comparisons a record): compareValues' order for strings
    order = fa < fb ? -1 : fa > fb ? 1 : (va as string) < (vb as string) ? -1 : (va as string) > (vb as string) ? 1 : 0;
  } else {
    const aAbsent = va === undefined || va === null;
    const bAbsent = vb === undefined || vb === null;
    if (aAbsent !== bAbsent) return aAbsent ? 1 : -1;
    order = compareValues(fa, fb) || compareValues(va, vb);
  }
  return direction === 'desc' ? -order : order;
}

/**
 * A comparator for the sort keys; absent values sort last in either direction, ties are broken
 * by id so pages never overlap (a SQL adapter orders `lower(field), field NULLS LAST, id`).
 */
export function sortComparator(sort: SortKey[]): (a: unknown, b: unknown) => number {
  const reads = sort.map(({ field }) => accessor(field));
  const readId = accessor('id');
  return (a, b) => {
    for (let i = 0; i < reads.length; i++) {
      const va = reads[i](a);
      const vb = reads[i](b);
      const order = compareKey(va, vb, fold(va), fold(vb), sort[i].direction);
      if (order !== 0) return order;
    }
    return compareValues(readId(a), readId(b));
  };
}

/** A record with its sort values read (and folded) once, for a full sort. */
interface Keyed<T> {
  record: T;
  values: unknown[];
  folded: unknown[];
  id: unknown;
}

/**
 * Every record in the order of the sort keys (sortComparator's order), reading and folding each
 * one's values once rather than at every comparison. A new array; the records are not copied.
 */
export function sortRecords<T>(records: readonly T[], sort: SortKey[]): T[] {
  const readId = accessor('id');
  if (sort.length === 1) {
    // one key (a header click): its value in the entry itself, no arrays to go through at each comparison
    const read = accessor(sort[0].field);
    const { direction } = sort[0];
    const entries = records.map((record) => {
      const value = read(record);
      return { record, value, folded: fold(value), id: readId(record) };
    });
    entries.sort((a, b) => compareKey(a.value, b.value, a.folded, b.folded, direction) || compareValues(a.id, b.id));
    return entries.map((entry) => entry.record);
  }
  const reads = sort.map(({ field }) => accessor(field));
  const keyed: Keyed<T>[] = records.map((record) => {
    const values = reads.map((read) => read(record));
    return { record, values, folded: values.map(fold), id: readId(record) };
  });
  keyed.sort((a, b) => {
    for (let i = 0; i < sort.length; i++) {
      const order = compareKey(a.values[i], b.values[i], a.folded[i], b.folded[i], sort[i].direction);
      if (order !== 0) return order;
    }
    return compareValues(a.id, b.id);
  });
  return keyed.map((entry) => entry.record);
}

/**
 * Records sorted by one key, in that key's other direction — as sortRecords would sort them, in one
 * pass instead of a sort: the records with a value reversed, except that records of equal values keep
 * their order (ties go by id either way); records without one stay last, as they were.
 */
export function reverseSorted<T>(sorted: readonly T[], key: SortKey): T[] {
  const read = accessor(key.field);
  const values = sorted.map(read);
  let present = values.length;
  while (present > 0 && (values[present - 1] === undefined || values[present - 1] === null)) present -= 1;
  const out: T[] = [];
  let end = present; // one past the run of equal values being copied
  while (end > 0) {
    let start = end - 1;
    while (
      start > 0 &&
      compareKey(values[start - 1], values[start], fold(values[start - 1]), fold(values[start]), 'asc') === 0
    )
      start -= 1;
    for (let i = start; i < end; i++) out.push(sorted[i]);
    end = start;
  }
  for (let i = present; i < sorted.length; i++) out.push(sorted[i]);
  return out;
}

/**
 * The first `count` records in order. A short page of a long list keeps a sorted buffer instead of
 * sorting everything: most records lose one comparison against the buffer's last.
 */
export function firstInOrder<T>(records: T[], count: number, sort: SortKey[]): T[] {
  if (count * 8 >= records.length) return sortRecords(records, sort).slice(0, count);
  const compare = sortComparator(sort);
  const best: T[] = [];
  for (const record of records) {
    if (best.length === count && compare(record, best[count - 1]) >= 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compare(record, best[middle]) < 0) high = middle;
      else low = middle + 1;
    }
    best.splice(low, 0, record);
    if (best.length > count) best.pop();
  }
  return best;
}

/**
 * A list result's total from a count of matches that is exact, or stopped after `cap + 1` (a SQL
 * count over `LIMIT cap + 1`): exact up to the cap; beyond it `cap` and `totalCapped` (a lower bound).
 * Every store answers its totals through this, so both say the same.
 */
export function cappedTotal(count: number, cap = COUNT_CAP): Pick<ListResult<unknown>, 'total' | 'totalCapped'> {
  return count > cap ? { total: cap, totalCapped: true } : { total: count };
}
