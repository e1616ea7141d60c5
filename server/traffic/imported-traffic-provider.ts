import type { TrafficMonth } from '../../core/traffic/traffic';
import type { Store } from '../store/store.types';
import type { TrafficDataProvider } from './traffic-provider';

/** Collection `trafficData`: one record per domain and month, id `<domain>|<YYYY-MM>`. */
export type TrafficDataRecord = TrafficMonth & { id: string; importedAt: string; fileName?: string };

export const TRAFFIC_DATA_FIELDS = { filterable: ['domain'], sortable: ['trafficDate'] };

/** How many months a query reads back (the direction's window and the result's chart). */
export const MONTHS_READ = 12;

export const trafficDataId = (month: Pick<TrafficMonth, 'domain' | 'trafficDate'>) =>
  `${month.domain}|${month.trafficDate}`;

/**
 * The provider over imported data files (CSV or JSON, core/traffic/traffic-file.ts): an admin's
 * import, or the demo's at seed, lands in the store's `trafficData`, shared by every instance.
 */
export class ImportedTrafficProvider implements TrafficDataProvider {
  readonly name = 'imported';

  constructor(private readonly store: Store) {}

  async months(domain: string): Promise<TrafficMonth[]> {
    const { items } = await this.store.collection<TrafficDataRecord>('trafficData').query({
      filter: { field: 'domain', op: 'eq', value: domain },
      sort: [{ field: 'trafficDate', direction: 'desc' }],
      page: 1,
      pageSize: MONTHS_READ,
    });
    return items.reverse().map(({ domain: name, trafficDate, averageVisitors, traffic }) => ({
      domain: name,
      trafficDate,
      averageVisitors,
      traffic,
    }));
  }
}
