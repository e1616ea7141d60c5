import type { HistoryRead, HistoryTotal } from '../store.types';
import type { SqlClient } from './sql-client';

/**
 * The history totals of one organisation's scored transactions from `tm_history`
 * (migrations/0007_tm_history.sql), every read of a transaction in one statement: a read is its
 * key's value since an instant, one index range each (LATERAL keeps it a walk of the index per
 * read, whatever the table's statistics say). The amounts' sum stays exact (numeric, as text).
 */
const TOTALS = `SELECT t.count, t.amounts, t.sum
FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS r(key, value, since, n)
CROSS JOIN LATERAL (
  SELECT count(*)::integer AS count, count(h.amount)::integer AS amounts, sum(h.amount)::text AS sum
  FROM tm_history h
  WHERE h.organization_id = $1 AND h.key = r.key AND h.value = r.value AND h.scored_at >= r.since
) AS t
ORDER BY r.n`;

export async function historyTotals(
  sql: SqlClient,
  organizationId: string,
  reads: readonly HistoryRead[],
): Promise<HistoryTotal[]> {
  if (reads.length === 0) return [];
  const run = sql.prepared ?? sql.query; // the same text every time: planned once per connection
  const { rows } = await run<{ count: number; amounts: number; sum: string | null }>(TOTALS, [
    organizationId,
    reads.map((read) => read.key),
    reads.map((read) => read.value),
    reads.map((read) => read.since),
  ]);
  return rows.map((row) => ({ count: row.count, amounts: row.amounts, sum: row.sum ?? '0' }));
}

/** Removes the rows scored before an instant (ISO text, compared as stored); how many went. */
export async function pruneHistory(sql: SqlClient, before: string): Promise<number> {
  const { rowCount } = await sql.query('DELETE FROM tm_history WHERE scored_at < $1', [before]);
  return rowCount;
}
