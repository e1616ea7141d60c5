import type { SqlClient } from './sql-client';

/** One record waiting for its batch: its text, and whom to tell whether it went in. */
interface Pending {
  id: string;
  text: string;
  settle: (inserted: boolean) => void;
  fail: (error: unknown) => void;
}

/** Rows one statement writes at most. */
const MAX_ROWS = 500;

/**
 * Single-record inserts made outside a transaction, written together per collection: while one
 * statement writes, the inserts that arrive meanwhile wait and go in the next, one statement for
 * all of them (no timer: a lone insert goes at once). On a partition of many indexes a statement's
 * set-up costs more than its rows (30 indexes: about 1 ms a statement against 0.3 ms a row, the
 * ingested transactions), and the rows share one commit. Each row stands alone, as its own insert
 * would: ON CONFLICT DO NOTHING RETURNING says which went in, so a duplicate id fails its caller
 * only.
 */
export class InsertBatches {
  private readonly queues = new Map<string, { collection: string; unqueried: readonly string[]; pending: Pending[] }>();

  constructor(private readonly sql: SqlClient) {}

  /** Resolves true once the row is committed, false when its id was stored already. */
  insert(collection: string, unqueried: readonly string[], id: string, text: string): Promise<boolean> {
    const key = `${collection}\u0000${unqueried.join('\u0000')}`;
    return new Promise<boolean>((settle, fail) => {
      const queue = this.queues.get(key);
      if (queue) {
        queue.pending.push({ id, text, settle, fail });
        return;
      }
      const fresh = { collection, unqueried, pending: [{ id, text, settle, fail }] };
      this.queues.set(key, fresh);
      void this.write(key, fresh);
    });
  }

  /** Writes the queue's batches one after another until none is left, then forgets the queue. */
  private async write(key: string, queue: { collection: string; unqueried: readonly string[]; pending: Pending[] }) {
    while (queue.pending.length > 0) {
      const batch = queue.pending.splice(0, MAX_ROWS);
      try {
        const { rows } = await this.sql.query<{ id: string }>(
          `INSERT INTO records (collection, id, data, doc)
           SELECT $1, e.id, e.text::jsonb - $4::text[], e.text::json
           FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS e(id, text, n)
           ORDER BY e.n
           ON CONFLICT (collection, id) DO NOTHING
           RETURNING id`,
          [queue.collection, batch.map((row) => row.id), batch.map((row) => row.text), queue.unqueried],
        );
        const inserted = new Set(rows.map((row) => row.id));
        // the same id twice in one batch: the first went in, the second is a duplicate
        for (const row of batch) row.settle(inserted.delete(row.id));
      } catch (error) {
        for (const row of batch) row.fail(error);
      }
    }
    this.queues.delete(key);
  }
}
