import { type Filter, MAX_PAGE_SIZE } from '../../core/query/query.types';
import type { AppContext } from '../context';
import type { CollectionName, DynamicCollectionName, StoredRecord } from '../store/store.types';

/** Every record of a collection the filter matches, a page at a time through the store's query. */
export async function readPages<T extends StoredRecord>(
  ctx: AppContext,
  name: CollectionName | DynamicCollectionName,
  filter: Filter,
): Promise<T[]> {
  const found: T[] = [];
  for (let page = 1; ; page += 1) {
    const { items } = await ctx.store.query<T>(name, {
      filter,
      sort: [{ field: 'id', direction: 'asc' }],
      page,
      pageSize: MAX_PAGE_SIZE,
    });
    found.push(...items);
    if (items.length < MAX_PAGE_SIZE) return found;
  }
}

/** How many of `items` fall under each of `keys` (in that order), by `keyOf`. */
export function countBy<T>(items: readonly T[], keys: readonly string[], keyOf: (item: T) => string) {
  const counts = new Map(keys.map((key) => [key, 0]));
  for (const item of items) {
    const key = keyOf(item);
    if (counts.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
