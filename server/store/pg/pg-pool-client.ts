import { createHash } from 'node:crypto';
import pg from 'pg';
import type { SqlClient } from './sql-client';

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Settings of the store's connections. No JIT: a list statement's cost estimate (a branch that does not
 * run, a sort of every match) can pass jit_above_cost, and compiling its expressions then takes 20–30 ms
 * of a call that runs in 1–5 ms (measured on the list-query bench); the store's statements are short.
 */
export const STORE_SETTINGS = '-c jit=off';

/**
 * A node-postgres pool as a SqlClient. `schema` (a test's own, say) becomes every connection's
 * search_path, so the same SQL runs in any schema; it must be a plain lower-case identifier.
 */
export function pgPoolClient(
  connectionString: string,
  options: { schema?: string; max?: number; lockConnections?: number } = {},
): SqlClient {
  const schema = options.schema ?? 'public';
  if (!IDENTIFIER.test(schema)) throw new Error(`Invalid schema name ${schema}`);
  // search_path set at connect, so no statement needs the schema spelled out
  const searchPath = schema === 'public' ? undefined : `-c search_path=${schema}`;
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    options: [searchPath, STORE_SETTINGS].filter(Boolean).join(' '),
  });
  // an idle connection the server drops must not crash the process; the next query reconnects
  pool.on('error', () => {});
  /** Connections that hold store locks (holdLock), made on first use: a lock holder never starves its own work. */
  let locks: pg.Pool | null = null;
  const lockPool = () => {
    if (!locks) {
      locks = new pg.Pool({
        connectionString,
        max: options.lockConnections ?? 4,
        options: searchPath,
        idleTimeoutMillis: 5_000,
      });
      locks.on('error', () => {});
    }
    return locks;
  };
  const over = (runner: pg.Pool | pg.PoolClient): SqlClient['query'] =>
    (async (text: string, values?: readonly unknown[]) => {
      const result = await runner.query(text, values as unknown[] | undefined);
      return { rows: result.rows, rowCount: result.rowCount ?? 0 };
    }) as SqlClient['query'];
  // the name follows the text: node-postgres refuses one name for two texts on a connection
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      if (names.size >= 1_000) names.clear(); // a bound, should some caller inline values into its text
      name = `s_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
      names.set(text, name);
    }
    return name;
  };
  const prepared = (runner: pg.Pool | pg.PoolClient): SqlClient['prepared'] =>
    (async (text: string, values: readonly unknown[]) => {
      const name = nameOf(text);
      const result = await runner.query({ name, text, values: values as unknown[] });
      return { rows: result.rows, rowCount: result.rowCount ?? 0 };
    }) as SqlClient['prepared'];
  // without values node-postgres uses the simple protocol, which runs a whole script; a script answers one result per statement
  const exec = (runner: pg.Pool | pg.PoolClient) => async (script: string) => {
    const result: pg.QueryResult | pg.QueryResult[] = await runner.query(script);
    return { rows: (Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows) as Record<string, unknown>[] };
  };
  return {
    schema,
    engine: 'server',
    connectionString,
    query: over(pool),
    prepared: prepared(pool),
    exec: exec(pool),
    async transaction(work) {
      const connection = await pool.connect();
      try {
        await connection.query('BEGIN');
        const tx: SqlClient = {
          schema,
          engine: 'server',
          connectionString,
          query: over(connection),
          prepared: prepared(connection),
          exec: exec(connection),
          transaction: (inner) => inner(tx), // nested: part of the outer transaction
          close: async () => {},
        };
        const result = await work(tx);
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        connection.release();
      }
    },
    async holdLock(key, work) {
      const connection = await lockPool().connect();
      // a holder checked out has no pool listener: a dropped connection must not crash the process
      let lost: Error | undefined;
      const onError = (error: Error) => {
        lost = error;
      };
      connection.on('error', onError);
      try {
        await connection.query('BEGIN');
        await connection.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
        const holder: SqlClient = {
          schema,
          engine: 'server',
          connectionString,
          query: over(connection),
          transaction: (inner) => inner(holder),
          close: async () => {},
        };
        return await work(holder);
      } finally {
        // it wrote nothing: rolling back only ends the transaction and its locks
        await connection.query('ROLLBACK').catch((error: Error) => {
          lost ??= error;
        });
        connection.removeListener('error', onError);
        connection.release(lost);
      }
    },
    async close() {
      await pool.end();
      await locks?.end();
    },
  };
}
