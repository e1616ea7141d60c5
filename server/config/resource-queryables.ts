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
  return {
    filterable,
    sortable: declared.sortable,
    searchable: declared.filterable.filter((field) => kindOf(body, field) === 'text'),
    ranged: declared.filterable.filter((field) => kindOf(body, field) === 'date'),
  };
}

/** The system fields holding ISO instants. */
const DATE_FIELDS = new Set(['createdAt', 'updatedAt']);

/**
 * What a field holds, for its indexes: free text (a string that is no choice: lists filter it with
 * `contains`), a date (ISO text filtered by range), or anything else.
 */
function kindOf(body: ResourceBody, field: string): 'text' | 'date' | 'other' {
  if (DATE_FIELDS.has(field)) return 'date';
  const properties = (body.schema as { properties?: Record<string, unknown> }).properties ?? {};
  const property = Object.hasOwn(properties, field) ? properties[field] : undefined;
  if (!property || typeof property !== 'object') return 'other';
  const { type, enum: choices, const: fixed, format } = property as Record<string, unknown>;
  if (type !== 'string' || choices !== undefined || fixed !== undefined) return 'other';
  if (format === 'date' || format === 'date-time') return 'date';
  return format === undefined ? 'text' : 'other';
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
