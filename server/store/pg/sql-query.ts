import { createHash } from 'node:crypto';
import {
  COUNT_CAP,
  type Filter,
  type FilterValue,
  type ListQuery,
  type QueryableFields,
  type SortDirection,
  type SortKey,
} from '../../../core/query/query.types';

/**
 * The list contract's query (core/query) as SQL over `records (collection, id, data jsonb)`, with the
 * semantics of runQuery in core/query/query.utils.ts. It relies on the functions of
 * migrations/0002_query.sql (query_rank, query_num, query_fold, query_text, query_lower_text, query_utf16).
 *
 * Values (the collection, filter values, page) travel only as $n parameters. A field path is part of
 * the text, as string literals in `data->'a'->'b'`: the planner matches an index to a query only when
 * their expressions are equal, so `data->$1` could never use the expression indexes of
 * indexStatements. A path is therefore only accepted when every segment passes FIELD_SEGMENT (no quote,
 * no backslash, nothing but letters, digits, `_` and `-`), whatever the caller checked before.
 */

export interface SqlText {
  text: string;
  values: unknown[];
}

const FIELD_SEGMENT = /^[A-Za-z_][A-Za-z0-9_-]{0,62}$/;
const MAX_SEGMENTS = 8;
/** Collection names go into index DDL (which takes no parameters): fixed names and `<prefix>.<id>` only. */
const COLLECTION_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

function segments(field: string): string[] {
  const parts = typeof field === 'string' ? field.split('.') : [];
  if (parts.length === 0 || parts.length > MAX_SEGMENTS || !parts.every((part) => FIELD_SEGMENT.test(part)))
    throw new Error(`Invalid field path for SQL: ${JSON.stringify(field)}`);
  return parts;
}

/** `data->'a'->'b'`: `->` with a text key reads an object's own member and yields NULL on an array or scalar. */
export function jsonPath(field: string): string {
  return `data${segments(field)
    .map((part) => `->'${part}'`)
    .join('')}`;
}

/** `{"a":{"b":value}}`: the document `data @> …` looks for. */
function nested(field: string, value: unknown): string {
  return JSON.stringify(segments(field).reduceRight<unknown>((inner, key) => ({ [key]: inner }), value));
}

/**
 * `strict $."a"."b" ? (@ == v || … || exists(@[*] ? (@ == v || …)))`: whether the member at the path
 * (through objects only: in strict mode a member of an array is an error, which `@?` turns into NULL, as
 * it does a missing member) equals a value or is an array with an element that equals one —
 * matchesValue's eq for each value. In strict mode a comparison with an array or object, and `@[*]` of
 * a non-array, are unknown, never true, so a nested array and a value of another type do not match; the
 * elements are tested one by one (a filter), so one incomparable element does not hide an equal one. The values are JSON literals (JSON.stringify: quotes
 * and backslashes escaped, a JSON text is a valid SQL/JSON path literal) in this one parameter; the
 * statement's text never holds them. Replaces `data @> ANY('{{"a":v},{"a":[v]}}')`: the index answered
 * that array one element at a time, so a filter of three such conditions read the GIN index for every
 * combination of their values (16 scans of 3,840 entries for country in 2 + status + organisation); the
 * path is one scan, one key per value and field, whatever their number.
 */
function equalsPath(field: string, values: FilterValue[]): string {
  const path = segments(field)
    .map((part) => `."${part}"`)
    .join('');
  const equals = values.map((value) => `@ == ${JSON.stringify(value)}`).join(' || ');
  return `strict $${path} ? (${equals} || exists(@[*] ? (${equals})))`;
}

/**
 * The expressions one sort key orders by, in index column form: type rank (absent/null NULL, last in
 * both directions), number, folded string, exact string. Descending reverses all but the placement of
 * absent values; the id tie-break stays ascending, so a descending key needs its own index.
 */
function sortColumns(field: string, direction: SortDirection): string[] {
  const path = jsonPath(field);
  const dir = direction === 'desc' ? 'DESC' : 'ASC';
  return [
    `query_rank(${path}) ${dir} NULLS LAST`,
    `query_num(${path}) ${dir}`,
    `query_fold(${path}) COLLATE "C" ${dir}`,
    `query_text(${path}) COLLATE "C" ${dir}`,
  ];
}

const ID_ORDER = 'id COLLATE "C" ASC';

export class Parameters {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** One condition, as a boolean expression; ne negates eq with IS NOT TRUE (eq may be NULL) — see filterSql below. */
function condition(field: string, op: string, value: unknown, params: Parameters): string {
  const path = jsonPath(field);
  const absentOrNull = `coalesce(jsonb_typeof(${path}), 'null') = 'null'`;
  // matchesValue's eq: exact equality of a scalar, or membership of an array (not of a nested array,
  // not through an array on the path), as one strict SQL/JSON path test the collection's GIN index
  // (jsonb_path_ops) serves with one key per value (see equalsPath)
  const equalsAny = (scalars: FilterValue[]) =>
    scalars.length ? `data @? ${params.add(equalsPath(field, scalars))}::jsonpath` : 'FALSE';
  const ordered = (scalar: unknown, operator: string) =>
    isNumber(scalar)
      ? `(query_rank(${path}) = 0 AND query_num(${path}) ${operator} ${params.add(String(scalar))}::numeric)`
      : typeof scalar === 'string'
        ? `(query_rank(${path}) = 1 AND query_text(${path}) COLLATE "C" ${operator} query_utf16(${params.add(scalar)}::text))`
        : 'FALSE';
  switch (op) {
    case 'isNull':
      return value === true ? absentOrNull : value === false ? `NOT ${absentOrNull}` : 'FALSE';
    case 'eq':
    case 'ne': {
      const eq = value === null ? `(${absentOrNull} OR ${equalsAny([null])})` : equalsAny([value as FilterValue]);
      // `@?` is NULL where the path does not resolve (a missing member): ne is then true, as in memory
      return op === 'eq' ? eq : `(${eq}) IS NOT TRUE`;
    }
    case 'in':
      return Array.isArray(value) ? equalsAny(value) : 'FALSE';
    case 'contains': {
      const member = `data @> ${params.add(nested(field, [value]))}::jsonb`;
      if (typeof value !== 'string') return member;
      // a substring as LIKE '%…%' (the value's own % _ \ escaped): a pg_trgm index of the folded text serves it
      const pattern = `%${value.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
      return `(${member} OR query_lower_text(${path}) LIKE ${params.add(pattern)})`;
    }
    case 'startsWith':
      // a range of the field's sort key (strings, folded): its index serves it, no row is folded. The
      // folded key is in query_utf16's code, a prefix code, so a prefix stays a prefix once coded.
      return typeof value === 'string'
        ? `(query_rank(${path}) = 1 AND query_num(${path}) IS NULL AND starts_with(query_fold(${path}) COLLATE "C", query_utf16(${params.add(value.toLowerCase())}::text)))`
        : 'FALSE';
    case 'between': {
      const [low, high] = Array.isArray(value) ? value : [];
      const sameKind = (isNumber(low) && isNumber(high)) || (typeof low === 'string' && typeof high === 'string');
      return sameKind ? `(${ordered(low, '>=')} AND ${ordered(high, '<=')})` : 'FALSE';
    }
    case 'lt':
      return ordered(value, '<');
    case 'lte':
      return ordered(value, '<=');
    case 'gt':
      return ordered(value, '>');
    case 'gte':
      return ordered(value, '>=');
    default:
      throw new Error(`Unknown filter operator ${JSON.stringify(op)}`);
  }
}

/**
 * A filter as SQL. Only AND and OR join conditions, and the one negation is ne's IS NOT TRUE, so
 * a condition that yields NULL (a non-string in strpos, say) acts as false exactly as in memory —
 * which keeps range conditions in the bare `expr < $n` form an index can serve.
 */
export function filterSql(filter: Filter, params: Parameters): string {
  if ('and' in filter)
    return filter.and.length ? `(${filter.and.map((f) => filterSql(f, params)).join(' AND ')})` : 'TRUE';
  if ('or' in filter)
    return filter.or.length ? `(${filter.or.map((f) => filterSql(f, params)).join(' OR ')})` : 'FALSE';
  return condition(filter.field, filter.op, filter.value, params);
}

/**
 * The items page (rows `{ data }`) and the count (one row `{ total }`, an integer) for one collection.
 * The count stops after `countCap + 1` matches (a LIMIT in a subquery), so a broad filter costs no
 * more than a narrow one; the store answers `cappedTotal(total, countCap)` (core/query) from it.
 * Run them as unnamed statements (node-postgres and PGlite do): a plan made with the parameter's value
 * (a custom plan) reads the collection's partition alone, planned with that partition's statistics. A
 * named prepared statement would after five runs switch to a generic plan, pruned only when it runs
 * and estimated for any partition; with those, set plan_cache_mode = force_custom_plan.
 */
export function listSql(
  collection: string,
  query: ListQuery,
  countCap = COUNT_CAP,
): { items: SqlText; count: SqlText } {
  const params = new Parameters();
  const where = `collection = ${params.add(collection)}${query.filter ? ` AND ${filterSql(query.filter, params)}` : ''}`;
  const countValues = [...params.values, countCap + 1];
  const countLimit = `$${countValues.length}`;
  const order = [...query.sort.flatMap((key) => sortColumns(key.field, key.direction)), ID_ORDER].join(', ');
  const limit = params.add(query.pageSize);
  const offset = params.add((query.page - 1) * query.pageSize);
  return {
    items: {
      text: `SELECT data FROM records WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
      values: params.values,
    },
    count: {
      text: `SELECT count(*)::integer AS total FROM (SELECT 1 FROM records WHERE ${where} LIMIT ${countLimit}) AS matches`,
      values: countValues,
    },
  };
}

function indexName(collection: string, kind: string, field: string): string {
  return `records_q_${createHash('sha256').update(`${collection}\u0000${kind}\u0000${field}`).digest('hex').slice(0, 40)}`;
}

function checkedCollection(collection: string): string {
  if (!COLLECTION_NAME.test(collection))
    throw new Error(`Invalid collection name for SQL: ${JSON.stringify(collection)}`);
  return collection;
}

/**
 * The statistics target of a partition's `data`: an eq filter (`data @? …`) is estimated from that
 * many sampled documents. At the default 100 a value held by 2% of a million transactions was
 * guessed at 100 to 30,000 rows in four ANALYZE runs (one sample of 100 held none, and the plan
 * sorted 13,000 matches instead of walking the sort index); at 250, 16,000 to 28,000. ANALYZE of a
 * million records takes ~22 s instead of ~8 (jsonb documents sort slowly); at 1,000, 113 s.
 */
const DATA_STATISTICS = 250;

/** The table of one collection's partition of `records` (migrations/0004_partitions.sql). */
export function partitionName(collection: string): string {
  return `records_p_${createHash('sha256').update(checkedCollection(collection)).digest('hex').slice(0, 40)}`;
}

/**
 * Gives a collection its own partition of `records` unless it has one: a table like `records`,
 * the collection's rows moved into it from the default partition `records_rest` (writes to that
 * partition wait meanwhile, so none is left behind), then attached. One DO block, so that it can
 * be run again and again like CREATE INDEX IF NOT EXISTS; its transaction rolls all of it back.
 */
export function partitionStatement(collection: string): string {
  const table = partitionName(collection); // checks the name
  const name = `'${collection}'`;
  return `DO $$ BEGIN
  IF to_regclass('${table}') IS NULL THEN
    CREATE TABLE ${table} (LIKE records);
    LOCK TABLE records_rest IN SHARE ROW EXCLUSIVE MODE;
    WITH moved AS (DELETE FROM records_rest WHERE collection = ${name} RETURNING collection, id, data, doc, seq)
      INSERT INTO ${table} SELECT * FROM moved;
    ALTER TABLE records ATTACH PARTITION ${table} FOR VALUES IN (${name});
    ALTER TABLE ${table} ALTER COLUMN data SET STATISTICS ${DATA_STATISTICS};
  END IF;
END $$`;
}

/**
 * GIN indexes without a pending list: every insert goes into the index at once. With the list (the
 * default), a search reads every pending entry one by one, and the planner prices the index with
 * its pending pages: on a collection written all the time (ingested transactions, each document
 * a few hundred keys) it read the whole partition for an eq filter instead — 20 ms for 2,000 rows,
 * growing with them, against 0.1 ms from the index (tm-ingest). migrations/0006 sets it on the
 * indexes made before.
 */
const GIN_OPTIONS = 'fastupdate = off';

/** The qualified name of pg_trgm's GIN operator class (`public.gin_trgm_ops`): a schema-plain identifier only. */
const TRIGRAM_OPS = /^[a-z_][a-z0-9_]{0,62}\.gin_trgm_ops$/;

/** What the server offers beyond PostgreSQL's core: pg_trgm's operator class, expression statistics (14+). */
export interface IndexOptions {
  /** pg_trgm's GIN operator class, qualified (`public.gin_trgm_ops`), where the extension is installed. */
  trigramOps?: string;
  /** Whether CREATE STATISTICS takes expressions (PostgreSQL 14 and later). */
  expressionStatistics?: boolean;
}

/**
 * The collection's partition (partitionStatement), then CREATE INDEX / STATISTICS IF NOT EXISTS
 * statements for its declared fields, on that partition: a GIN index of `data` (jsonb_path_ops) for
 * eq / ne / in / contains on an array when anything is filterable; per field the ascending sort key (sorts, number ranges,
 * startsWith) and, for sortable fields, the descending one — each exactly the ORDER BY columns of
 * listSql, id last; per declared multi-key sort the same columns of all its keys; per ranged field its
 * exact text (date ranges); per declared range pair a composite of both keys; where pg_trgm is
 * installed a trigram GIN index of each searchable field's folded text (`contains`). And per field
 * statistics of its sort key expressions but the folded one (rank, number, exact text): without them
 * the planner guesses a range's matches off by orders of magnitude (then sorts what an index walk
 * would have found). ANALYZE (autovacuum's) fills them.
 */
export function indexStatements(collection: string, fields: QueryableFields, options: IndexOptions = {}): string[] {
  const { trigramOps, expressionStatistics } = options;
  const table = partitionName(collection);
  if (trigramOps !== undefined && !TRIGRAM_OPS.test(trigramOps))
    throw new Error(`Invalid operator class for SQL: ${JSON.stringify(trigramOps)}`);
  const statements: string[] = [partitionStatement(collection)];
  if (fields.filterable.length > 0)
    statements.push(
      `CREATE INDEX IF NOT EXISTS ${indexName(collection, 'gin', '')} ON ${table} USING gin (data jsonb_path_ops) WITH (${GIN_OPTIONS})`,
    );
  const keysIndex = (kind: string, name: string, keys: readonly SortKey[]) =>
    `CREATE INDEX IF NOT EXISTS ${indexName(collection, kind, name)} ON ${table} (${[
      ...keys.flatMap((key) => sortColumns(key.field, key.direction)),
      ID_ORDER,
    ].join(', ')})`;
  const indexed = (field: string) => fields.indexed === undefined || fields.indexed.includes(field);
  const ascending = [...new Set([...fields.sortable, ...fields.filterable])];
  for (const field of ascending.filter(indexed))
    statements.push(keysIndex('asc', field, [{ field, direction: 'asc' }]));
  for (const field of new Set(fields.sortable.filter(indexed)))
    statements.push(keysIndex('desc', field, [{ field, direction: 'desc' }]));
  for (const keys of fields.sorts ?? []) {
    if (keys.length < 2) continue; // one key has its own index above
    const name = keys.map((key) => `${key.direction === 'desc' ? '-' : ''}${key.field}`).join(',');
    statements.push(keysIndex('sort', name, keys));
  }
  for (const field of new Set(fields.ranged ?? [])) {
    const path = jsonPath(field);
    statements.push(
      `CREATE INDEX IF NOT EXISTS ${indexName(collection, 'range', field)} ON ${table} (query_rank(${path}), query_text(${path}) COLLATE "C", ${ID_ORDER})`,
    );
  }
  for (const [first, second] of fields.rangePairs ?? []) {
    // the first field's range bounds the scan (a ranged field's exact text, else its number); every key
    // of the second is a column, so its range is checked on index entries and no row is read for a miss
    const [a, b] = [jsonPath(first), jsonPath(second)];
    const lead = (fields.ranged ?? []).includes(first)
      ? [`query_rank(${a})`, `query_text(${a}) COLLATE "C"`]
      : [`query_rank(${a})`, `query_num(${a})`];
    statements.push(
      `CREATE INDEX IF NOT EXISTS ${indexName(collection, 'pair', `${first},${second}`)} ON ${table} (${[
        ...lead,
        `query_rank(${b})`,
        `query_num(${b})`,
        `query_text(${b}) COLLATE "C"`,
        ID_ORDER,
      ].join(', ')})`,
    );
  }
  if (expressionStatistics) {
    for (const field of ascending) {
      const path = jsonPath(field);
      // not the folded key: the planner reads every statistics object of the table and inlines its
      // expressions on each plan, and query_fold inlines to kilobytes (query_lower's tables) — with it,
      // planning took 6–18 ms a statement over 13 fields, without it 1–2 ms
      const keys = ['query_rank', 'query_num', 'query_text'].map((f) => `(${f}(${path}))`);
      statements.push(
        `CREATE STATISTICS IF NOT EXISTS ${indexName(collection, 'keys', field).replace('records_q_', 'records_s_')} (dependencies) ON ${keys.join(', ')} FROM ${table}`,
      );
    }
  }
  if (trigramOps) {
    for (const field of new Set((fields.searchable ?? []).filter(indexed))) {
      statements.push(
        `CREATE INDEX IF NOT EXISTS ${indexName(collection, 'trgm', field)} ON ${table} USING gin (query_lower_text(${jsonPath(field)}) ${trigramOps}) WITH (${GIN_OPTIONS})`,
      );
    }
  }
  return statements;
}
