/**
 * List queries (filter + sort + page, the list contract's ListQuery) over 100,000 merchants and
 * 1,000,000 transactions stored as resource records (res.merchants, res.transactions) with declared
 * queryable fields: p95 per query on the PostgreSQL store (its own database, dropped after) beside
 * the embedded store on the same records, in the same run. Measured at the store (store.query), the
 * call a list endpoint makes after guards and scoping. Target: p95 < 50 ms on PostgreSQL. Beside the
 * wall time, the server's CPU time per call (page + count statements, log_statement_stats): on a
 * machine shared with other work the wall time includes waiting for a CPU, the CPU time does not.
 * Run: npx tsx bench/pg-list-query.ts (also in npm run bench). Not part of npm test.
 * BENCH_MERCHANTS, BENCH_TRANSACTIONS, BENCH_SAMPLES change the sizes; BENCH_LOWDB_TRANSACTIONS caps
 * what the embedded store is given (default: all of them).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { ListQuery } from '../core/query/query.types';
import { openLowdbStore } from '../server/store/lowdb-store';
import { insertRecords } from '../server/store/migrate-store';
import { pgPoolClient, STORE_SETTINGS } from '../server/store/pg/pg-pool-client';
import { openPgStore } from '../server/store/pg/pg-store';
import { listSql } from '../server/store/pg/sql-query';
import type { DynamicCollectionName, Store, StoredRecord } from '../server/store/store.types';
import { createScratchDatabase } from '../tests/support/scratch-database';
import { MERCHANT_FIELDS, merchant, queries, random, TX_FIELDS, transaction } from './support/pg-list-data';

const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 100_000);
const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);
const LOWDB_TRANSACTIONS = Number(process.env.BENCH_LOWDB_TRANSACTIONS ?? TRANSACTIONS);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const TARGET_MS = 50;
const BUDGET_MS = 15_000;
const p95 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.ceil(samples.length * 0.95) - 1];

/** SAMPLES sequential calls, or fewer (at least 20) once BUDGET_MS is spent: the embedded store takes seconds a call at 1M. */
async function measure(store: Store, collection: DynamicCollectionName, query: ListQuery) {
  const samples: number[] = [];
  let total = -1;
  const began = performance.now();
  for (let i = 0; i < SAMPLES + 3; i++) {
    const start = performance.now();
    const result = await store.query(collection, query);
    const elapsed = performance.now() - start;
    if (i >= 3) samples.push(elapsed); // the first calls warm caches and the JIT
    total = result.total;
    if (samples.length >= 20 && performance.now() - began > BUDGET_MS) break;
  }
  return { p95: p95(samples), total, samples: samples.length };
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * The server's CPU time (user + system) for one list call — its page and count statements, run as the
 * store runs them: what a call costs whatever else the machine does (wall times above include waiting
 * for a CPU on a busy one). From log_statement_stats sent to this client; null where not allowed.
 */
async function serverCpu(url: string, collection: string, query: ListQuery, samples: number) {
  const client = new pg.Client({ connectionString: url, options: STORE_SETTINGS });
  await client.connect();
  let cpu = 0;
  client.on('notice', (notice) => {
    const match = /([\d.]+) s user, ([\d.]+) s system/.exec(notice.detail ?? '');
    if (match) cpu += Number(match[1]) + Number(match[2]);
  });
  try {
    await client.query('SET client_min_messages = log');
    await client.query('SET log_statement_stats = on');
  } catch {
    await client.end();
    return null;
  }
  const { items, count } = listSql(collection, query);
  const perCall: number[] = [];
  try {
    for (let i = 0; i < samples + 2; i++) {
      cpu = 0;
      await client.query(items.text, items.values);
      await client.query(count.text, count.values);
      if (i >= 2) perCall.push(cpu * 1000);
    }
  } finally {
    await client.end();
  }
  return p95(perCall);
}

const rndM = random(1);
const merchants = Array.from({ length: MERCHANTS }, (_, i) => merchant(i, rndM));
const rndT = random(2);
let transactions: StoredRecord[] | null = Array.from({ length: TRANSACTIONS }, (_, i) =>
  transaction(i, rndT, merchants),
);
const topMerchant = merchants.find((m) => m.organizationId === 'org-bank')?.id ?? merchants[0].id;
const list = queries(topMerchant);
console.log(
  `list queries over ${MERCHANTS.toLocaleString('en')} merchants and ${TRANSACTIONS.toLocaleString('en')} transactions, page of 25, scoped to one organisation (p95 of up to ${SAMPLES} sequential calls each, at least 20):`,
);

const database = await createScratchDatabase('bench_pglist');
const sql = pgPoolClient(database.url, { max: 4 });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pglist-'));
const pgResults: { p95: number; total: number; samples: number }[] = [];
const cpuResults: (number | null)[] = [];
try {
  const pgStore = await openPgStore(sql);
  // each collection its partition first, as publishing a resource does before its records come
  await pgStore.declareQueryable('res.merchants', { filterable: [], sortable: [] });
  await pgStore.declareQueryable('res.transactions', { filterable: [], sortable: [] });
  let started = performance.now();
  await sql.transaction(async (tx) => {
    await insertRecords(tx, 'res.merchants', merchants, 5000);
    await insertRecords(tx, 'res.transactions', transactions ?? [], 5000);
  });
  console.log(`  PostgreSQL: loaded in ${seconds(started)} s (multi-row INSERT … unnest, 5,000 a statement)`);
  started = performance.now();
  await pgStore.declareQueryable('res.merchants', MERCHANT_FIELDS);
  await pgStore.declareQueryable('res.transactions', TX_FIELDS);
  // what autovacuum keeps up on a live database: statistics, and the visibility map
  await sql.query('vacuum analyze records');
  console.log(`  PostgreSQL: indexes for the declared fields + vacuum analyze in ${seconds(started)} s`);
  for (const { collection, query } of list) pgResults.push(await measure(pgStore, collection, query));
  await pgStore.close();
  for (const [index, { collection, query }] of list.entries())
    cpuResults[index] = await serverCpu(database.url, collection, query, Math.min(SAMPLES, 30));

  // the embedded store reads the same records from its JSON files
  fs.writeFileSync(path.join(dataDir, 'res.merchants.json'), JSON.stringify(merchants));
  const lowdbTransactions = Math.min(LOWDB_TRANSACTIONS, TRANSACTIONS);
  fs.writeFileSync(
    path.join(dataDir, 'res.transactions.json'),
    JSON.stringify(transactions.slice(0, lowdbTransactions)),
  );
  transactions = null; // the embedded store holds its own copy
  started = performance.now();
  const lowdb = await openLowdbStore(dataDir);
  console.log(`  embedded: ${lowdbTransactions.toLocaleString('en')} transactions, opened in ${seconds(started)} s`);
  let ok = true;
  console.log(
    `  ${'query'.padEnd(58)} ${'matches'.padStart(9)}  ${'PostgreSQL p95'.padStart(14)}  ${'server CPU p95'.padStart(14)}  ${'embedded p95'.padStart(12)} calls  ratio`,
  );
  for (const [index, { name, collection, query }] of list.entries()) {
    const pg = pgResults[index];
    const embedded = await measure(lowdb, collection, query);
    const comparable = collection === 'res.merchants' || lowdbTransactions === TRANSACTIONS;
    if (comparable && embedded.total !== pg.total)
      throw new Error(`${name}: totals differ ${pg.total} vs ${embedded.total}`);
    ok &&= pg.p95 < TARGET_MS;
    console.log(
      `  ${name.padEnd(58)} ${pg.total.toLocaleString('en').padStart(9)}  ${`${pg.p95.toFixed(1)} ms`.padStart(14)}  ${(cpuResults[index] === null ? 'n/a' : `${cpuResults[index]?.toFixed(1)} ms`).padStart(14)}  ${`${embedded.p95.toFixed(1)} ms`.padStart(12)} ${`(${embedded.samples})`.padStart(5)}  ${(pg.p95 / embedded.p95).toFixed(2)}${pg.p95 < TARGET_MS ? '' : '  ABOVE TARGET'}`,
    );
  }
  await lowdb.close();
  const worst = Math.max(...pgResults.map((r) => r.p95));
  console.log(
    `  worst PostgreSQL p95 ${worst.toFixed(1)} ms vs target ${TARGET_MS} ms: ratio ${(worst / TARGET_MS).toFixed(2)} (target < 1.00) ${ok ? 'OK' : 'ABOVE TARGET'}; load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')} on ${os.availableParallelism()} CPUs`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await sql.close().catch(() => {});
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
