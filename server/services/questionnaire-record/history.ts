import type { QueryableFields, SortKey } from '../../../core/query/query.types';
import type { AppContext } from '../../context';
import type { Language } from '../../http/i18n';
import type { UserRecord } from '../../store/records.types';
import { readHistory } from '../history';
import { SYSTEM_ACTOR } from '../workflow.service';

/** One move of a record as its history lists it: who by name (the server's own moves in the reader's language). */
export interface HistoryRow {
  id: string;
  at: string;
  action: string;
  from: string | null;
  to: string;
  actor: string;
  comment: string | null;
}
/** A history list speaks the query contract over these; newest first unless asked. */
export const HISTORY_FIELDS: QueryableFields = {
  filterable: ['action', 'from', 'to', 'actor'],
  sortable: ['at', 'action', 'actor'],
};
export const NEWEST_MOVE_FIRST: SortKey[] = [{ field: 'at', direction: 'desc' }];

/**
 * Every move of a record (workflow history `hist.<workflow>`), with who made it by name: the people
 * around one record (a merchant and its bank) do not know each other's user ids.
 */
export async function namedHistory(
  ctx: AppContext,
  workflow: string,
  recordId: string,
  language: Language,
): Promise<HistoryRow[]> {
  const entries = await readHistory(ctx, workflow, recordId);
  const users = ctx.store.collection<UserRecord>('users');
  const names = new Map<string, string>();
  for (const by of new Set(entries.map((entry) => entry.by))) {
    const user = by === SYSTEM_ACTOR ? undefined : await users.get(by);
    names.set(by, user ? user.name || user.email : ctx.translator.t(language, 'saqHistory.system'));
  }
  return entries.map((entry, index) => ({
    id: String(index + 1),
    at: entry.at,
    action: entry.action,
    from: entry.from,
    to: entry.to,
    actor: names.get(entry.by) ?? entry.by,
    comment: entry.comment ?? null,
  }));
}
