import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrate, splitStatements } from '../../../server/store/pg/migrate';
import { openPgStore } from '../../../server/store/pg/pg-store';
import type { SqlClient } from '../../../server/store/pg/sql-client';
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
