import type { SqlClient } from '../store/pg/sql-client';
import { WriteQueue } from '../store/write-queue';

/** Apps of one process (tests; PGlite serves this process only) start one after another. */
const inProcess = new WriteQueue();

/**
 * Runs the start-up writes (seeding) of one instance at a time. Across instances sharing a
 * PostgreSQL server a transaction holds an advisory lock (per schema) while `work` runs on the
 * pool's other connections, so instances starting together take turns and the later ones find the
 * seeds stored. PGlite (one session: a transaction would block `work`) and lowdb serve one process.
 */
export function withStartUpLock<R>(sql: SqlClient | undefined, work: () => Promise<R>): Promise<R> {
  return inProcess.run(() => {
    if (sql?.engine !== 'server') return work();
    return sql.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`paysec.start-up.${sql.schema}`]);
      return work();
    });
  });
}
