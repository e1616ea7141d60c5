import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { SqlClient } from './sql-client';

/**
 * PGlite (PostgreSQL in WebAssembly, in this process) as a SqlClient: what tests run on where no
 * PostgreSQL server answers. One session only, so its transactions queue one after another.
 */
export function pgliteClient(db: PGlite, options: { closeWith?: boolean } = {}): SqlClient {
  const over = (runner: PGlite | Transaction): SqlClient['query'] =>
    (async (text: string, values?: readonly unknown[]) => {
      const result = await runner.query(text, values as unknown[] | undefined);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    }) as SqlClient['query'];
  // PGlite's query() prepares one statement; exec() takes a script (the simple protocol)
  const exec = (runner: PGlite | Transaction) => async (script: string) => {
    const results = await runner.exec(script);
    return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
  };
  return {
    schema: 'public',
    engine: 'pglite',
    session: db,
    query: over(db),
    exec: exec(db),
    transaction(work) {
      return db.transaction(async (transaction) => {
        const tx: SqlClient = {
          schema: 'public',
          engine: 'pglite',
          query: over(transaction),
          exec: exec(transaction),
          transaction: (inner) => inner(tx),
          close: async () => {},
        };
        return work(tx);
      });
    },
    close: async () => {
      if (options.closeWith !== false) await db.close();
    },
  };
}
