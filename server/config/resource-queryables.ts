import type { QueryableFields } from '../../core/query/query.types';
import type { ResourceBody } from '../../core/resources/resource.types';
import { queryableFields } from '../../core/resources/resource.utils';
import type { Store } from '../store/store.types';
import type { DocumentsService } from './documents.service';

/** A resource's history is read by record (server/workflows/history.ts). */
const HISTORY_FIELDS: QueryableFields = { filterable: ['recordId'], sortable: [] };

/**
 * What the store is asked to index for a resource's records: the fields its lists filter and sort
 * on, plus those the server filters on itself (the scope's owner member, unique-constraint fields).
 */
export function resourceQueryable(body: ResourceBody): QueryableFields {
  const declared = queryableFields(body);
  const owner = body.scope === 'organization' ? ['organizationId'] : body.scope === 'user' ? ['ownerId'] : [];
  const filterable = [...new Set([...declared.filterable, ...owner, ...(body.unique ?? []).flat()])];
  return { filterable, sortable: declared.sortable };
}

/** Declares a published resource's record and history collections (indexes on PostgreSQL). */
export async function declareResource(store: Store, id: string, body: ResourceBody): Promise<void> {
  await store.declareQueryable(`res.${id}`, resourceQueryable(body));
  await store.declareQueryable(`hist.${id}`, HISTORY_FIELDS);
}

/** At start-up: every resource with a published version. */
export async function declarePublishedResources(store: Store, documents: DocumentsService): Promise<void> {
  for (const entry of await documents.list(false)) {
    const body = entry.kind === 'resource' ? documents.latestBody<ResourceBody>('resource', entry.id) : undefined;
    if (body) await declareResource(store, entry.id, body);
  }
}
