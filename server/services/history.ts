import { MAX_PAGE_SIZE } from '../../core/query/query.types';
import type { HistoryEntry } from '../../core/workflows/workflow.types';
import type { AppContext } from '../context';
import type { Collection } from '../store/store.types';

/** A stored history entry: one per transition (and one at creation), kept when the record is deleted. */
export interface HistoryRecord extends HistoryEntry {
  id: string;
  recordId: string;
}

/** The history of a resource's records: collection `hist.<resource id>`. */
export function historyOf(ctx: AppContext, resourceId: string): Collection<HistoryRecord> {
  return ctx.store.collection<HistoryRecord>(`hist.${resourceId}`);
}

const byRecord = (recordId: string) => ({ field: 'recordId', op: 'eq' as const, value: recordId });

/** The id of a record's n-th entry: `<record id>.<n, six digits>`, so ids sort as entries happened. */
function entryId(recordId: string, sequence: number): string {
  return `${recordId}.${String(sequence).padStart(6, '0')}`;
}

/** The first entry of a record just made (its creation), to store with others in one write. */
export function creationEntry(recordId: string, entry: HistoryEntry): HistoryRecord {
  return { id: entryId(recordId, 1), recordId, ...entry };
}

/**
 * Writes one entry; its id `<record id>.<sequence>` orders a record's entries even within one
 * millisecond. Call under the resource's lock, so two writers never take the same number.
 */
export async function writeHistory(
  ctx: AppContext,
  resourceId: string,
  recordId: string,
  entry: HistoryEntry,
): Promise<HistoryRecord> {
  const history = historyOf(ctx, resourceId);
  // the last entry's number, not the total: a list total stops being exact at COUNT_CAP
  const { items } = await history.query({
    filter: byRecord(recordId),
    sort: [{ field: 'id', direction: 'desc' }],
    page: 1,
    pageSize: 1,
  });
  const last = items.length > 0 ? Number(items[0].id.slice(recordId.length + 1)) : 0;
  return history.insert({ id: entryId(recordId, last + 1), recordId, ...entry });
}

/** A record's entries, oldest first. */
export async function readHistory(ctx: AppContext, resourceId: string, recordId: string): Promise<HistoryEntry[]> {
  const query = { filter: byRecord(recordId), sort: [], page: 1, pageSize: MAX_PAGE_SIZE };
  const { items } = await historyOf(ctx, resourceId).query(query);
  return items.map(({ id: _id, recordId: _record, ...entry }) => entry);
}
