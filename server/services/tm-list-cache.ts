import { prepareLists } from '../../core/transaction-monitoring/list-match';
import type { Features } from '../../core/transaction-monitoring/operators';
import type { AppContext } from '../context';
import { SharedCache } from '../scale/shared-cache';
import type { TmListEntryRecord } from './tm-records';

/** The prepared lists a scoring reads. */
export type ListFeatures = Pick<Features, 'lists' | 'allow'>;

/**
 * The lists scoring reads (those a rule set names, and the organisation's white lists: allow beats
 * block), prepared once and kept per organisation until one of its lists changes, instead of read
 * and prepared for every transaction. Expiry needs nothing: a prepared entry keeps its `expiresAt`
 * and matching asks at the transaction's instant (list-match.ts). A change (TmListsService, domain
 * event `tm.listsChanged`) is answered once every instance dropped the organisation's lists
 * (SharedCache).
 */
export class TmListCache {
  private readonly cache: SharedCache<ListFeatures>;

  constructor(private readonly ctx: AppContext) {
    this.cache = new SharedCache(ctx, 'tm.listsChanged');
  }

  /** The prepared lists `listIds` and the white lists of the organisation, as stored now. */
  lists(organizationId: string, listIds: readonly string[]): Promise<ListFeatures> {
    if (listIds.length === 0) return Promise.resolve({ lists: {} });
    return this.cache.get(organizationId, listIds.join('\u0000'), () => this.read(organizationId, listIds));
  }

  /** The organisation's lists changed (stored): every instance reads them again. */
  changed(organizationId: string): Promise<void> {
    return this.cache.changed(organizationId);
  }

  private async read(organizationId: string, listIds: readonly string[]): Promise<ListFeatures> {
    const { items } = await this.ctx.store.query<TmListEntryRecord>('tmListEntries', {
      filter: {
        and: [
          { field: 'organizationId', op: 'eq', value: organizationId },
          {
            or: [
              { field: 'listId', op: 'in', value: [...listIds] },
              { field: 'listKind', op: 'eq', value: 'white' },
            ],
          },
        ],
      },
      sort: [],
      page: 1,
      pageSize: 10_000,
    });
    return prepareLists(items, listIds);
  }
}
