import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldCondition, Filter, FilterValue, ListQuery, SortKey } from '../../../core/query/query.types';
import { cappedTotal } from '../../../core/query/query.utils';
import { runQuery } from '../../../core/query/run-query';
import { pgliteClient } from '../../../server/store/pg/pglite-client';
import type { SqlClient } from '../../../server/store/pg/sql-client';
import { MIGRATIONS_DIR } from '../../../server/store/pg/migrate';
import { indexStatements, listSql, partitionName } from '../../../server/store/pg/sql-query';
// @ts-expect-error a plain script without type declarations
import { QUERY_SQL_FILE, querySql } from '../../../scripts/gen-query-sql.mjs';

/** The store's table (migration 0001), this module's 0002, then the partitions by collection (0004). */
const migration = (name: string) => readFileSync(join(MIGRATIONS_DIR, name), 'utf8');

let sql: SqlClient;

beforeAll(async () => {
  // pg_trgm as a server offers it: the trigram indexes of searchable fields are made and used
  const db = new PGlite({ extensions: { pg_trgm } });
  await db.exec('CREATE EXTENSION pg_trgm SCHEMA public');
  // a migration file holds several statements: PGlite's exec (simple protocol), not query
  await db.exec(migration('0001_records.sql'));
  await db.exec(readFileSync(QUERY_SQL_FILE, 'utf8'));
  await db.exec(migration('0004_partitions.sql'));
  sql = pgliteClient(db);
}, 60_000);

afterAll(() => sql.close());

interface Row extends Record<string, unknown> {
  id: string;
}

async function load(collection: string, records: Row[]) {
  await sql.query('DELETE FROM records WHERE collection = $1', [collection]);
  await sql.query("INSERT INTO records SELECT $1, r->>'id', r FROM jsonb_array_elements($2::jsonb) r", [
    collection,
    JSON.stringify(records),
  ]);
}

/** What a store answers: the page's ids and the total as cappedTotal makes it of the (stopped) count. */
async function run(collection: string, query: ListQuery, countCap?: number) {
  const { items, count } = listSql(collection, query, countCap);
  const page = await sql.query<{ data: Row }>(items.text, items.values);
  const total = await sql.query<{ total: number }>(count.text, count.values);
  return { ids: page.rows.map((row) => row.data.id), ...cappedTotal(total.rows[0].total, countCap) };
}

describe('0002_query.sql', () => {
  it('is what scripts/gen-query-sql.mjs writes from this Node (case folding as toLowerCase)', () => {
    // a different Unicode version in Node folds differently: write a new migration, never edit this one
    expect(readFileSync(QUERY_SQL_FILE, 'utf8')).toBe(querySql());
  }, 30000);

  it('folds as String.prototype.toLowerCase, final sigma and dotted capital I included', async () => {
    const samples = ['ὈΔΥΣΣΕΎΣ', 'ΑΣ.Β', 'Σ', 'ΑΣ\u0301', 'İstanbul', 'ÀÉÎ ÕÜ', 'ǅ', '𐐀𐐁', 'Ⓐ', 'ABC xyz', 'ẞ'];
    const { rows } = await sql.query<{ lower: string[] }>(
      'SELECT array_agg(query_lower(s) ORDER BY n) AS lower FROM unnest($1::text[]) WITH ORDINALITY AS u(s, n)',
      [samples],
    );
    expect(rows[0].lower).toEqual(samples.map((s) => s.toLowerCase()));
  });
});

// ---- the property: SQL answers as runQuery on the same records ----

const FIELDS = ['name', 'n', 'tags', 'o.name', 'o.n', 'o.o.x', 'missing', 'id'];
const letters = [
  'a',
  'A',
  'b',
  'B',
  'ä',
  'Ä',
  'Σ',
  'σ',
  'ς',
  'İ',
  'i',
  ' ',
  '.',
  // LIKE's own characters, which `contains` must find literally
  '%',
  '_',
  '\\',
  '\uE000',
  '\uFFFD',
  '😀',
  '𐐀',
  '\u{10FFFF}',
];
const text = fc.array(fc.constantFrom(...letters), { maxLength: 4 }).map((chars) => chars.join(''));
const number = fc.constantFrom(-2, -0.5, 0, 1, 1.5, 2, 10, 1e21, 3.000000000000001);
const scalar: fc.Arbitrary<FilterValue> = fc.oneof(text, number, fc.boolean(), fc.constant(null));
const value: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(fc.oneof(scalar, fc.array(scalar, { maxLength: 2 }), fc.record({ x: scalar })), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('name', 'n', 'o', 'x'), tie('value'), { maxKeys: 3 }),
  ),
})).value;

const record = fc.dictionary(fc.constantFrom('name', 'n', 'tags', 'o'), value, { maxKeys: 4 });
const records = fc
  .uniqueArray(fc.tuple(fc.stringMatching(/^[a-zA-Z0-9]{1,3}$/), record), { selector: ([id]) => id, maxLength: 30 })
  .map((rows) => rows.map(([id, rest]) => ({ ...rest, id }) as Row));

const condition: fc.Arbitrary<FieldCondition> = fc.oneof(
  fc.record({
    field: fc.constantFrom(...FIELDS),
    op: fc.constantFrom('eq', 'ne', 'lt', 'lte', 'gt', 'gte'),
    value: scalar,
  }),
  fc.record({ field: fc.constantFrom(...FIELDS), op: fc.constant('contains'), value: scalar }),
  fc.record({ field: fc.constantFrom(...FIELDS), op: fc.constant('startsWith'), value: text }),
  fc.record({ field: fc.constantFrom(...FIELDS), op: fc.constant('in'), value: fc.array(scalar, { maxLength: 4 }) }),
  fc.record({ field: fc.constantFrom(...FIELDS), op: fc.constant('between'), value: fc.tuple(scalar, scalar) }),
  fc.record({ field: fc.constantFrom(...FIELDS), op: fc.constant('isNull'), value: fc.boolean() }),
) as fc.Arbitrary<FieldCondition>;

const filter: fc.Arbitrary<Filter> = fc.letrec<{ filter: Filter }>((tie) => ({
  filter: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    condition,
    fc.record({ and: fc.array(tie('filter'), { maxLength: 3 }) }),
    fc.record({ or: fc.array(tie('filter'), { maxLength: 3 }) }),
  ),
})).filter;

const sort: fc.Arbitrary<SortKey[]> = fc.array(
  fc.record({ field: fc.constantFrom(...FIELDS), direction: fc.constantFrom('asc' as const, 'desc' as const) }),
  { maxLength: 3 },
);

const query: fc.Arbitrary<ListQuery> = fc.record(
  { filter, sort, page: fc.integer({ min: 1, max: 4 }), pageSize: fc.integer({ min: 1, max: 12 }) },
  { requiredKeys: ['sort', 'page', 'pageSize'] },
);

/** Small caps, so the generated collections (up to 30 records) often match more than the cap. */
const countCap = fc.integer({ min: 0, max: 12 });

describe('listSql', () => {
  it('answers as runQuery: same ids in the same order, same total and totalCapped', async () => {
    let capped = 0;
    await fc.assert(
      fc.asyncProperty(
        records,
        fc.array(query, { minLength: 1, maxLength: 8 }),
        countCap,
        async (rows, queries, cap) => {
          await load('prop', rows);
          for (const q of queries) {
            const expected = runQuery(rows, q, cap);
            const actual = await run('prop', q, cap);
            if (expected.totalCapped) capped += 1;
            expect({ q, cap, ...actual }).toEqual({
              q,
              cap,
              ids: expected.items.map((r) => r.id),
              total: expected.total,
              totalCapped: expected.totalCapped,
            });
          }
        },
      ),
      { numRuns: 120 },
    );
    // the property saw capped totals, not only exact ones
    expect(capped).toBeGreaterThan(0);
  }, 60_000);

  it('answers eq, in and ne as runQuery on arrays, nested arrays, mixed elements and missing members', async () => {
    const rows: Row[] = [
      { id: 'a', n: [[], true] },
      { id: 'b', n: [{}, 'x', [1]] },
      { id: 'c', n: [[1]] },
      { id: 'd', n: 1 },
      { id: 'e', n: '1' },
      { id: 'f' },
      { id: 'g', n: null },
      { id: 'h', n: 1.5e21, o: { n: [1, 'x'] } },
      { id: 'i', o: [{ n: 1 }] },
      { id: 'j', n: 'q"\\\n', o: { n: 'x' } },
    ];
    await load('arrays', rows);
    const values: FilterValue[] = [true, 'x', 1, '1', null, 1.5e21, 'q"\\\n', false];
    for (const field of ['n', 'o.n', 'missing']) {
      for (const value of values) {
        for (const q of [
          { field, op: 'eq', value },
          { field, op: 'ne', value },
          { field, op: 'in', value: [value, 'x'] },
          { field, op: 'in', value: [] },
        ] as FieldCondition[]) {
          const query: ListQuery = { filter: q, sort: [], page: 1, pageSize: 50 };
          expect({ q, ids: (await run('arrays', query)).ids }).toEqual({
            q,
            ids: runQuery(rows, query).items.map((r) => r.id),
          });
        }
      }
    }
  });

  it('counts exactly up to the cap and says "more" beyond it', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({ id: `c${String(i).padStart(2, '0')}`, n: i }));
    await load('capped', rows);
    const all: ListQuery = { sort: [], page: 1, pageSize: 5 };
    expect(await run('capped', all, 12)).toEqual({ ids: ['c00', 'c01', 'c02', 'c03', 'c04'], total: 12 });
    expect(await run('capped', all, 11)).toEqual({
      ids: ['c00', 'c01', 'c02', 'c03', 'c04'],
      total: 11,
      totalCapped: true,
    });
    // the count itself stops after cap + 1 matches (the store maps that to the cap and "more")
    const { count } = listSql('capped', all, 5);
    expect((await sql.query<{ total: number }>(count.text, count.values)).rows[0].total).toBe(6);
    const narrow = { ...all, filter: { field: 'n', op: 'lt', value: 3 } } as ListQuery;
    expect((await run('capped', narrow, 2)).totalCapped).toBe(true);
    expect(await run('capped', narrow, 3)).toEqual({ ids: ['c00', 'c01', 'c02'], total: 3 });
  });

  it('keeps other collections out', async () => {
    await load('one', [{ id: 'a', name: 'x' }]);
    await load('two', [{ id: 'b', name: 'x' }]);
    expect(await run('one', { sort: [], page: 1, pageSize: 10 })).toEqual({ ids: ['a'], total: 1 });
  });
});

describe('injection', () => {
  const hostile = ["x' OR '1'='1", "a\\'; DROP TABLE records; --", '$1', '"}]', '\\"', "'); SELECT 1; --", '50%_off\\'];

  it('puts values only into parameters, and finds them literally', async () => {
    const rows = hostile.map((name, i) => ({ id: `h${i}`, name, tags: [name] }));
    await load('hostile', rows);
    for (const [i, bad] of hostile.entries()) {
      for (const op of ['eq', 'contains', 'startsWith', 'in', 'gte'] as const) {
        const make = (v: string): ListQuery => ({
          filter: { field: 'name', op, value: op === 'in' ? [v] : v },
          sort: [{ field: 'name', direction: 'asc' }],
          page: 1,
          pageSize: 50,
        });
        const q = make(bad);
        // the text does not depend on the value at all (and the answers below show the value arrived intact)
        const { items, count } = listSql('hostile', q);
        const harmless = listSql('hostile', make('x'));
        expect(items.text).toBe(harmless.items.text);
        expect(count.text).toBe(harmless.count.text);
        const answer = await run('hostile', q);
        expect(answer.ids).toEqual(runQuery(rows, q).items.map((r) => r.id));
        if (op === 'eq') expect(answer.ids).toEqual([`h${i}`]);
      }
    }
    expect((await run('hostile', { sort: [], page: 1, pageSize: 50 })).total).toBe(hostile.length);
  });

  it('keeps the collection name a parameter', () => {
    const { items } = listSql("x' OR 1=1 --", { sort: [], page: 1, pageSize: 1 });
    expect(items.text).not.toContain('OR 1=1');
    expect(items.values[0]).toBe("x' OR 1=1 --");
  });

  it('throws on a field path that is not plain names', () => {
    const bad = [
      "name'--",
      'a..b',
      '',
      'a.b.',
      "a'); DROP TABLE records; --",
      'a b',
      '1a',
      'a\\b',
      'a.b.c.d.e.f.g.h.i',
    ];
    for (const field of bad) {
      expect(() => listSql('c', { sort: [{ field, direction: 'asc' }], page: 1, pageSize: 1 })).toThrow(
        /Invalid field/,
      );
      expect(() => listSql('c', { filter: { field, op: 'eq', value: 1 }, sort: [], page: 1, pageSize: 1 })).toThrow(
        /Invalid field/,
      );
      expect(() => indexStatements('c', { filterable: [field], sortable: [] })).toThrow(/Invalid field/);
    }
    expect(() => indexStatements("c' OR true", { filterable: ['a'], sortable: [] })).toThrow(/Invalid collection/);
  });
});

describe('indexStatements', () => {
  it('names indexes deterministically within 63 characters', () => {
    const fields = { filterable: ['status', 'amount'], sortable: ['amount', 'createdAt'] };
    const statements = indexStatements('res.transactions', fields);
    expect(indexStatements('res.transactions', fields)).toEqual(statements);
    // the partition first, then gin + asc for amount, createdAt, status + desc for amount, createdAt
    expect(statements[0]).toContain(
      `ATTACH PARTITION ${partitionName('res.transactions')} FOR VALUES IN ('res.transactions')`,
    );
    const first = statements.slice(1);
    expect(first).toHaveLength(6);
    const names = first.map((statement) => /INDEX IF NOT EXISTS (\S+) /.exec(statement)?.[1] ?? '');
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name.length).toBeLessThanOrEqual(63);
    expect(indexStatements('res.other', fields).some((s) => names.some((n) => s.includes(n)))).toBe(false);
  });

  it('gives indexes of their own only to the `indexed` fields when a collection names them', () => {
    const all = { filterable: ['status', 'cardHash'], sortable: ['amount', 'createdAt'] };
    const named = (fields: typeof all & { indexed?: string[] }) =>
      indexStatements('res.tx', fields)
        .slice(1)
        .map((statement) => /INDEX IF NOT EXISTS (\S+) /.exec(statement)?.[1]);
    const every = named(all);
    const some = named({ ...all, indexed: ['amount'] });
    // the GIN index (equality filters of every field) and amount's two sort indexes stay
    expect(some).toHaveLength(3);
    expect(some.every((name) => every.includes(name))).toBe(true);
    expect(every).toHaveLength(7);
  });

  it("moves a collection's stored rows into its new partition, once, keeping their insertion order", async () => {
    const collection = 'res.moved';
    await load(collection, [{ id: 'b' }, { id: 'a' }, { id: 'c' }]);
    await load('res.stays', [{ id: 'x' }]);
    const before = await sql.query<{ id: string; seq: string }>(
      'SELECT id, seq FROM records WHERE collection = $1 ORDER BY seq',
      [collection],
    );
    const [partition] = indexStatements(collection, { filterable: [], sortable: [] });
    await sql.query(partition);
    await sql.query(partition); // again: already there, nothing to do
    const placed = await sql.query<{ collection: string; place: string }>(
      'SELECT DISTINCT collection, tableoid::regclass::text AS place FROM records WHERE collection IN ($1, $2)',
      [collection, 'res.stays'],
    );
    expect(Object.fromEntries(placed.rows.map((row) => [row.collection, row.place]))).toEqual({
      [collection]: partitionName(collection),
      'res.stays': 'records_rest',
    });
    const after = await sql.query('SELECT id, seq FROM records WHERE collection = $1 ORDER BY seq', [collection]);
    expect(after.rows).toEqual(before.rows);
    // new rows of the collection go to its partition
    await load(collection, [{ id: 'd' }]);
    const { rows } = await sql.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${partitionName(collection)}`);
    expect(rows[0].n).toBe(1);
  });

  it('makes indexes a sorted page and an eq filter use (plan shape)', async () => {
    const collection = 'res.plan';
    const fields = {
      filterable: ['status', 'name'],
      sortable: ['amount', 'name'],
      searchable: ['name'],
      ranged: ['name'],
      sorts: [
        [
          { field: 'status', direction: 'asc' },
          { field: 'amount', direction: 'desc' },
        ] as SortKey[],
      ],
      rangePairs: [['name', 'amount']] as [string, string][],
    };
    const statements = indexStatements(collection, fields, {
      trigramOps: 'public.gin_trgm_ops',
      expressionStatistics: true,
    });
    for (const statement of statements) await sql.query(statement);
    const named = (pattern: RegExp) => statements.map((text) => pattern.exec(text)?.[1]).find(Boolean);
    const trigramIndex = named(/INDEX IF NOT EXISTS (\S+) .*gin_trgm_ops/);
    const rangeIndex = named(/INDEX IF NOT EXISTS (\S+) ON records_p_\w+ \(query_rank\(data->'name'\), query_text/);
    expect(trigramIndex).toMatch(/^records_q_/);
    expect(rangeIndex).toMatch(/^records_q_/);
    const pairIndex = named(
      /INDEX IF NOT EXISTS (\S+) ON records_p_\w+ \(query_rank\(data->'name'\), query_text\(data->'name'\) COLLATE "C", query_rank\(data->'amount'\)/,
    );
    expect(pairIndex).toMatch(/^records_q_/);
    const statistics = statements.filter((text) => text.startsWith('CREATE STATISTICS'));
    expect(statistics).toHaveLength(3);
    // the folded key inlines to kilobytes the planner would copy on every plan
    expect(statistics.filter((text) => text.includes('query_fold'))).toEqual([]);
    // on the collection's partition: statistics of its own rows alone
    expect(statistics.every((text) => text.endsWith(`FROM ${partitionName(collection)}`))).toBe(true);
    await sql.query(
      `INSERT INTO records SELECT $1, 'r' || g, jsonb_build_object('id', 'r' || g, 'amount', g % 997,
        'name', (ARRAY['Anadolu', 'Ege', 'Atlas', 'Nordic'])[1 + g % 4] || ' Shop ' || g,
        'status', CASE WHEN g % 1000 = 0 THEN 'void' ELSE (ARRAY['open', 'paid', 'held'])[1 + g % 3] END) FROM generate_series(1, 20000) g`,
      [collection],
    );
    // a sample of every row (300 × the target ≥ 20,000): the same statistics, so the same plans, every run
    await sql.query('SET default_statistics_target = 1000');
    await sql.query('ANALYZE records');
    const explain = async ({ text, values }: { text: string; values: unknown[] }) => {
      const { rows } = await sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, values);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    };
    const plan = (q: ListQuery) => explain(listSql(collection, q).items);
    for (const direction of ['asc', 'desc'] as const) {
      const sorted = await plan({ sort: [{ field: 'amount', direction }], page: 3, pageSize: 25 });
      expect(sorted).toMatch(/Index Scan using records_q_/);
      expect(sorted).not.toMatch(/Sort/);
    }

    // startsWith: a range of the name's sort key, in sort order (no row folded, nothing sorted)
    const prefix: ListQuery = {
      filter: { field: 'name', op: 'startsWith', value: 'ege shop 12' },
      sort: [{ field: 'name', direction: 'asc' }],
      page: 1,
      pageSize: 25,
    };
    const prefixed = await plan(prefix);
    expect(prefixed).toMatch(/Index Scan using records_q_\S+ on records_p_/);
    expect(prefixed).toMatch(/Index Cond: .*< 'ege shop 13'::text/);
    expect(prefixed).not.toMatch(/Sort|Seq Scan/);
    expect(await explain(listSql(collection, prefix).count)).not.toMatch(/Seq Scan/);
    // contains on a searchable field: its trigram index
    const contains: ListQuery = {
      filter: { field: 'name', op: 'contains', value: 'shop 1234' },
      sort: [],
      page: 1,
      pageSize: 25,
    };
    // (usable: 20,000 rows are few enough for the planner to read them all instead)
    await sql.query('SET enable_seqscan = off');
    try {
      // eq as one SQL/JSON path test: the collection's GIN index serves it (the planner reads 20,000 rows
      // instead where it guesses few matches; the bench's million rows take the index)
      const filtered = await plan({
        filter: { field: 'status', op: 'eq', value: 'void' },
        sort: [],
        page: 1,
        pageSize: 25,
      });
      expect(filtered).toMatch(/Bitmap Index Scan on records_q_[^\n]*\n\s+Index Cond: \(data @\? /);
      expect(await plan(contains)).toContain(`Bitmap Index Scan on ${trigramIndex}`);
      expect(await explain(listSql(collection, contains).count)).toContain(`Bitmap Index Scan on ${trigramIndex}`);
      // a range of exact text (dates, say) on a ranged field: its text index
      const between: ListQuery = {
        filter: { field: 'name', op: 'between', value: ['Atlas Shop 2', 'Atlas Shop 3'] },
        sort: [],
        page: 1,
        pageSize: 25,
      };
      expect(await explain(listSql(collection, between).count)).toContain(rangeIndex);
      // a declared range pair: both ranges checked in its composite index
      const pair: ListQuery = {
        filter: {
          and: [
            { field: 'name', op: 'between', value: ['Atlas Shop 2', 'Atlas Shop 3'] },
            { field: 'amount', op: 'gte', value: 900 },
          ],
        },
        sort: [],
        page: 1,
        pageSize: 25,
      };
      const pairPlan = await explain(listSql(collection, pair).count);
      expect(pairPlan).toContain(pairIndex);
      expect(pairPlan).toMatch(/Index Cond: .*'amount'/);
    } finally {
      await sql.query('RESET enable_seqscan');
    }
    // a declared multi-key sort: its composite index, nothing sorted
    const twoKeys = await plan({ sort: fields.sorts[0], page: 2, pageSize: 25 });
    expect(twoKeys).toMatch(/Index Scan using records_q_/);
    expect(twoKeys).not.toMatch(/Sort/);
  }, 60_000);
});
