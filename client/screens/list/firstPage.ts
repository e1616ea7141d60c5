import type { ListBody } from '../../../core/lists/list.types';
import { fillPath } from '../../../core/routes/route.utils';
import { displayZone } from '../../runtime/dates';
import { getSession } from '../../session/session.store';
import { queryOfState, startFirstPageReads } from './listQuery';
import { stateFromParams } from './useListState';

/** What the boot knows of a list screen that opens a visit: its route's props and params, the address's query. */
export interface FirstList {
  listId: string;
  body: ListBody;
  /** The route's `source` prop, read instead of the document's source (ListScreen). */
  source?: string;
  params: Record<string, string>;
  search: string;
  defaultTimezone?: string;
}

/**
 * The rows a list screen opening the visit will show first (a big page's first rows, else the page),
 * asked as soon as its document is in (client/app/firstScreen.ts) rather than once the shell and the
 * list have rendered: the list's queries take them (useListPage). Settles when they are in or failed.
 */
export function startFirstPage({ listId, body, source, params, search, defaultTimezone }: FirstList): Promise<unknown> {
  const path = fillPath(source ?? body.source.path, params);
  const zone = displayZone(getSession().user?.timezone, defaultTimezone);
  const query = queryOfState(body, stateFromParams(new URLSearchParams(search), body), zone);
  return startFirstPageReads(listId, path, query);
}
