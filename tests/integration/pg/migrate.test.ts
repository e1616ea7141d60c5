import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrate, splitStatements } from '../../../server/store/pg/migrate';
import { openPgStore } from '../../../server/store/pg/pg-store';
import type { SqlClient } from '../../../server/store/pg/sql-client';
import { partitionName } from '../../../server/store/pg/sql-query';
import { openTestSql } from '../support/harness';

/** The migration runner on the project's PostgreSQL (a server schema, or PGlite). */
describe('PostgreSQL migrations', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });
  async function database(): Promise<() => SqlClient> {
    const { client, dispose } = await openTestSql();
    cleanup.push(dispose);
    return () => {
      const sql = client();
      cleanup.push(() => sql.close());
      return sql;
    };
  }
  const applied = async (sql: SqlClient) =>
    (await sql.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).rows.map((row) => row.name);

  it('applies every migration file once, in name order', async () => {
    const sql = (await database())();
    const first = await migrate(sql);
    expect(first[0]).toBe('0001_records.sql');
    expect(first).toEqual([...first].sort());
    expect(await migrate(sql)).toEqual([]);
    expect(await applied(sql)).toEqual(first);
    const store = await openPgStore(sql); // migrates again: nothing to do
    await store.collection('users').insert({ id: 'u' });
    expect(await applied(sql)).toEqual(first);
  });

  it('lets instances starting together take turns: one applies, the others find nothing to do', async () => {
    const connect = await database();
    const clients = [connect(), connect(), connect()];
    const outcomes = await Promise.all(clients.map((sql) => migrate(sql)));
    const appliedBy = outcomes.filter((names) => names.length > 0);
    expect(appliedBy).toHaveLength(1);
    expect(await applied(clients[0])).toEqual(appliedBy[0]);
  });

  it('applies nothing of a run in which one file fails, and names the failure', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'paysec-migrations-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    await writeFile(join(dir, '0001_first.sql'), 'CREATE TABLE first_table (id text);');
    await writeFile(join(dir, '0002_broken.sql'), 'CREATE TABLE second_table (id text);\nSELECT * FROM missing_table;');
    await writeFile(join(dir, 'notes.txt'), 'not a migration');
    const sql = (await database())();
    await expect(migrate(sql, dir)).rejects.toThrow(/missing_table/);
    const tables = await sql.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name IN ('first_table', 'second_table', 'schema_migrations')",
    );
    expect(tables.rows).toEqual([]);
  });

  it('partitions a database of the one-table layout: rows, order and ids kept, the old indexes dropped', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'paysec-migrations-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const before = (await readdir(MIGRATIONS_DIR)).filter((name) => name < '0004');
    for (const name of before) await copyFile(join(MIGRATIONS_DIR, name), join(dir, name));
    const sql = (await database())();
    expect(await migrate(sql, dir)).toEqual(before);
    await sql.query(
      "INSERT INTO records (collection, id, data) SELECT 'res.shops', 's' || g, jsonb_build_object('id', 's' || g) FROM generate_series(1, 3) g",
    );
    // what the one-table release made per collection and field
    await sql.query("CREATE INDEX records_q_old ON records ((data->'name')) WHERE collection = 'res.shops'");
    if (sql.engine === 'server')
      await sql.query("CREATE STATISTICS records_s_old (dependencies) ON (data->'a'), (data->'b') FROM records");

    // 0004 and whatever came after it
    expect((await migrate(sql))[0]).toBe('0004_partitions.sql');
    const store = await openPgStore(sql);
    const shops = store.collection('res.shops');
    await shops.insert({ id: 's4' });
    expect((await shops.all()).map((shop) => shop.id)).toEqual(['s1', 's2', 's3', 's4']);
    await store.declareQueryable('res.shops', { filterable: ['name'], sortable: ['name'] });
    await shops.insert({ id: 's5' });
    expect((await shops.all()).map((shop) => shop.id)).toEqual(['s1', 's2', 's3', 's4', 's5']);
    const { rows } = await sql.query<{ place: string; n: number }>(
      "SELECT tableoid::regclass::text AS place, count(*)::integer AS n FROM records WHERE collection = 'res.shops' GROUP BY 1",
    );
    expect(rows).toEqual([{ place: partitionName('res.shops'), n: 5 }]);
    const old = await sql.query(
      "SELECT 1 FROM pg_indexes WHERE schemaname = current_schema() AND indexname = 'records_q_old' UNION ALL SELECT 1 FROM pg_statistic_ext WHERE stxname = 'records_s_old' AND stxnamespace = current_schema()::regnamespace",
    );
    expect(old.rows).toEqual([]);
  });

  it('keeps the history totals of scored transactions: those stored before 0007, and each one after, in its partition too', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'paysec-migrations-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const before = (await readdir(MIGRATIONS_DIR)).filter((name) => name < '0007');
    for (const name of before) await copyFile(join(MIGRATIONS_DIR, name), join(dir, name));
    const sql = (await database())();
    await migrate(sql, dir);
    const scored = (id: string, organizationId: string, scoredAt: string, amount: unknown, ip?: string) => ({
      id,
      organizationId,
      scoredAt,
      amount,
      cardHash: 'card-1',
      merchantId: 'm-1',
      ...(ip === undefined ? {} : { ip }),
      trace: [{ rule: 'r', reads: { cardHash: 'card-1' } }],
    });
    const rows = [
      scored('t1', 'org-a', '2026-03-01T10:00:00.000Z', 10.1, ''),
      scored('t2', 'org-a', '2026-03-01T11:00:00.000Z', 'n/a', '10.0.0.1'),
      scored('t3', 'org-b', '2026-03-01T11:00:00.000Z', 5),
    ];
    for (const row of rows)
      await sql.query("INSERT INTO records (collection, id, data) VALUES ('tmTransactions', $1, $2::text::jsonb)", [
        row.id,
        JSON.stringify(row),
      ]);

    expect(await migrate(sql)).toContain('0007_tm_history.sql');
    const store = await openPgStore(sql);
    const transactions = store.collection('tmTransactions');
    await transactions.insert(scored('t4', 'org-a', '2026-03-01T12:00:00.000Z', 0.2, '10.0.0.1'));
    await store.declareQueryable('tmTransactions', { filterable: ['organizationId'], sortable: [] });
    await transactions.insertMany([scored('t5', 'org-a', '2026-03-01T13:00:00.000Z', 3, '10.0.0.1')]);

    const totals = await store.historyTotals?.('org-a', [
      { key: 'cardHash', value: 'card-1', since: '2026-03-01T00:00:00.000Z' },
      { key: 'cardHash', value: 'card-1', since: '2026-03-01T11:00:00.000Z' },
      { key: 'ip', value: '10.0.0.1', since: '2026-03-01T00:00:00.000Z' },
      { key: 'ip', value: '', since: '2026-03-01T00:00:00.000Z' },
      { key: 'merchantId', value: 'm-2', since: '2026-03-01T00:00:00.000Z' },
    ]);
    // t2's amount is not a number: counted, not summed
    expect(totals).toEqual([
      { count: 4, amounts: 3, sum: '13.3' },
      { count: 3, amounts: 2, sum: '3.2' },
      { count: 3, amounts: 2, sum: '3.2' },
      { count: 0, amounts: 0, sum: '0' },
      { count: 0, amounts: 0, sum: '0' },
    ]);
    expect(await store.historyTotals?.('org-b', [{ key: 'merchantId', value: 'm-1', since: '' }])).toEqual([
      { count: 1, amounts: 1, sum: '5' },
    ]);
    // pruned before 11:30: t1 (card, merchant), t2 (card, IP, merchant) and t3 (card, merchant) go
    expect(await store.pruneHistory?.('2026-03-01T11:30:00.000Z')).toBe(7);
    expect(await store.historyTotals?.('org-a', [{ key: 'cardHash', value: 'card-1', since: '' }])).toEqual([
      { count: 2, amounts: 2, sum: '3.2' },
    ]);
  });

  it('splits a file at semicolons outside quotes, dollar quotes and comments', () => {
    const text = `-- a comment; not a statement
CREATE TABLE a (t text DEFAULT 'x;y'''); /* block; comment */
CREATE FUNCTION f() RETURNS text LANGUAGE sql AS $body$ SELECT 'a;b' $body$;

SELECT "odd;name" FROM a`;
    expect(splitStatements(text)).toEqual([
      "CREATE TABLE a (t text DEFAULT 'x;y''')",
      "CREATE FUNCTION f() RETURNS text LANGUAGE sql AS $body$ SELECT 'a;b' $body$",
      'SELECT "odd;name" FROM a',
    ]);
    expect(MIGRATIONS_DIR).toMatch(/server\/store\/pg\/migrations$/);
  });
});
