import { type Filter, type ListQuery, MAX_PAGE_SIZE } from '../../core/query/query.types';
import type { Collection, StoredRecord } from './store.types';

/** Every record a filter matches, in stored order: runs where the data lives, unlike `find`. */
export async function findWhere<T extends StoredRecord>(collection: Collection<T>, filter: Filter): Promise<T[]> {
  const query: ListQuery = { filter, sort: [], page: 1, pageSize: MAX_PAGE_SIZE };
  return (await collection.query(query)).items;
}
