import pg from 'pg';
import type { SqlClient } from './sql-client';

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * A node-postgres pool as a SqlClient. `schema` (a test's own, say) becomes every connection's
 * search_path, so the same SQL runs in any schema; it must be a plain lower-case identifier.
 */
export function pgPoolClient(connectionString: string, options: { schema?: string; max?: number } = {}): SqlClient {
  const schema = options.schema ?? 'public';
  if (!IDENTIFIER.test(schema)) throw new Error(`Invalid schema name ${schema}`);
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    // search_path set at connect, so no statement needs the schema spelled out
    options: schema === 'public' ? undefined : `-c search_path=${schema}`,
  });
  // an idle connection the server drops must not crash the process; the next query reconnects
  pool.on('error', () => {});
  const over = (runner: pg.Pool | pg.PoolClient): SqlClient['query'] =>
    (async (text: string, values?: readonly unknown[]) => {
      const result = await runner.query(text, values as unknown[] | undefined);
      return { rows: result.rows, rowCount: result.rowCount ?? 0 };
    }) as SqlClient['query'];
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
    close: () => pool.end(),
  };
}
