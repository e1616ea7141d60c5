/**
 * The list total on PostgreSQL: an exact count against the capped one (stops after COUNT_CAP + 1
 * matches) over 1,000,000 records of one collection, beside the sorted page itself. Creates its own
 * database on the server of BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) and
 * drops it after. Prints median milliseconds per statement and the plan of the capped count.
 * Run: npx tsx bench/count-cap.ts. Not part of npm test.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { ListQuery } from '../core/query/query.types';
// @ts-expect-error a plain script without type declarations
import { QUERY_SQL_FILE } from '../scripts/gen-query-sql.mjs';
import { indexStatements, listSql } from '../server/store/pg/sql-query';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const RUNS = 7;
const COLLECTION = 'res.transactions';
const DATABASE = `bench_count_cap_${process.pid}`;

const QUERIES: Record<string, ListQuery> = {
  'no filter, -amount': { sort: [{ field: 'amount', direction: 'desc' }], page: 1, pageSize: 25 },
  'status = paid (1/3), -amount': {
    filter: { field: 'status', op: 'eq', value: 'paid' },
    sort: [{ field: 'amount', direction: 'desc' }],
    page: 1,
    pageSize: 25,
  },
  'amount >= 100 (90%), amount': {
    filter: { field: 'amount', op: 'gte', value: 100 },
    sort: [{ field: 'amount', direction: 'asc' }],
    page: 1,
    pageSize: 25,
  },
  'status = void (0.1%), -amount': {
    filter: { field: 'status', op: 'eq', value: 'void' },
    sort: [{ field: 'amount', direction: 'desc' }],
    page: 1,
    pageSize: 25,
  },
};

async function median(client: pg.Client, text: string, values: unknown[]): Promise<{ ms: number; rows: unknown[] }> {
  const times: number[] = [];
  let rows: unknown[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    rows = (await client.query(text, values)).rows;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(RUNS / 2)], rows };
}

async function main() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await client.connect();
    await client.query(`CREATE TABLE records (collection text NOT NULL, id text NOT NULL, data jsonb NOT NULL,
      PRIMARY KEY (collection, id))`);
    await client.query(readFileSync(QUERY_SQL_FILE, 'utf8'));
    await client.query(
      `INSERT INTO records SELECT $1, 'r' || g, jsonb_build_object('id', 'r' || g, 'amount', g % 997,
        'status', CASE WHEN g % 1000 = 0 THEN 'void' ELSE (ARRAY['open', 'paid', 'held'])[1 + g % 3] END)
       FROM generate_series(1, $2::integer) g`,
      [COLLECTION, RECORDS],
    );
    for (const statement of indexStatements(COLLECTION, { filterable: ['status', 'amount'], sortable: ['amount'] }))
      await client.query(statement);
    await client.query('VACUUM ANALYZE records');
    console.log(`${RECORDS.toLocaleString('en')} records in ${COLLECTION}; median of ${RUNS} runs, ms`);
    console.log('query | page | exact count | capped count (total)');
    for (const [name, query] of Object.entries(QUERIES)) {
      const { items, count } = listSql(COLLECTION, query);
      const exactText = count.text.replace(
        /^SELECT count\(\*\)::integer AS total FROM \(SELECT 1 (.*) LIMIT \$\d+\) AS matches$/s,
        'SELECT count(*)::integer AS total $1',
      );
      const page = await median(client, items.text, items.values);
      const exact = await median(client, exactText, count.values.slice(0, -1));
      const capped = await median(client, count.text, count.values);
      const total = (capped.rows[0] as { total: number }).total;
      const exactTotal = (exact.rows[0] as { total: number }).total;
      console.log(
        `${name} | ${page.ms.toFixed(1)} | ${exact.ms.toFixed(1)} (${exactTotal}) | ${capped.ms.toFixed(1)} (${total})`,
      );
      const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${count.text}`, count.values);
      console.log(plan.rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n'));
    }
  } finally {
    await client.end();
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE}`);
    await admin.end();
  }
}

await main();
