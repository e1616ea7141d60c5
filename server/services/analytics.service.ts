import { dayOf, shiftDays } from '../../core/dates/days';
import {
  type Filter,
  MAX_PAGE_SIZE,
  type ListQuery,
  type QueryableFields,
  type SortKey,
} from '../../core/query/query.types';
import type { RoutesBody } from '../../core/routes/route.types';
import { matchRoute } from '../../core/routes/route.utils';
import type { AppContext } from '../context';
import type { PageViewRecord } from '../store/records.types';

/** What the page-view list may filter and sort on. */
export const PAGE_VIEW_FIELDS: QueryableFields = {
  filterable: ['day', 'route', 'views'],
  sortable: ['day', 'route', 'views'],
};

export const LATEST_DAY_FIRST: SortKey[] = [
  { field: 'day', direction: 'desc' },
  { field: 'views', direction: 'desc' },
];

/** Where paths no route matches are counted. */
export const UNMATCHED_ROUTE = '*';
/** The routes chart shows the busiest ones. */
export const TOP_ROUTES = 20;

/**
 * Page views without a third party (shell §7): each route change of the browser is one view,
 * counted on a per-day-per-route record (an atomic upsert on either store), so the report reads
 * at most days × routes small records whatever the traffic.
 */
export class AnalyticsService {
  constructor(private readonly ctx: AppContext) {}

  private counters() {
    return this.ctx.store.collection<PageViewRecord>('pageViews');
  }

  /** Counts one view of the route `path` belongs to (by the published routes document). */
  async record(path: string, signedIn: boolean, now = this.ctx.clock()): Promise<{ day: string; route: string }> {
    const routes = this.ctx.documents.latestBody<RoutesBody>('routes', 'app');
    const route = (routes && matchRoute(routes, path)?.route.path) || UNMATCHED_ROUTE;
    const day = dayOf(now);
    const id = `${day} ${route}`;
    await this.counters().upsertWith(id, (current) => ({
      id,
      day,
      route,
      views: (current?.views ?? 0) + 1,
      signedIn: (current?.signedIn ?? 0) + (signedIn ? 1 : 0),
      anonymous: (current?.anonymous ?? 0) + (signedIn ? 0 : 1),
    }));
    return { day, route };
  }

  /** Every counter matching `filter`, page by page (a list query, so PostgreSQL reads it in SQL). */
  private async all(filter: Filter): Promise<PageViewRecord[]> {
    const rows: PageViewRecord[] = [];
    for (let page = 1; ; page++) {
      const { items } = await this.counters().query({ filter, sort: [], page, pageSize: MAX_PAGE_SIZE });
      rows.push(...items);
      if (items.length < MAX_PAGE_SIZE) return rows;
    }
  }

  /**
   * Views per day (every day of the window, zeros included) and per route (busiest first) over
   * the last `days` UTC days, today included.
   */
  async report(days: number, now = this.ctx.clock()) {
    const first = dayOf(shiftDays(now, -(days - 1)));
    const counters = await this.all({ field: 'day', op: 'gte', value: first });
    const byDay = Array.from({ length: days }, (_, index) => ({
      day: dayOf(shiftDays(now, -(days - 1 - index))),
      views: 0,
      signedIn: 0,
      anonymous: 0,
    }));
    const slot = new Map(byDay.map((entry) => [entry.day, entry]));
    const routes = new Map<string, number>();
    for (const counter of counters) {
      const entry = slot.get(counter.day);
      if (!entry) continue; // a day after today (a clock moved back)
      entry.views += counter.views;
      entry.signedIn += counter.signedIn;
      entry.anonymous += counter.anonymous;
      routes.set(counter.route, (routes.get(counter.route) ?? 0) + counter.views);
    }
    const byRoute = [...routes]
      .map(([route, views]) => ({ route, views }))
      .sort((a, b) => b.views - a.views || a.route.localeCompare(b.route))
      .slice(0, TOP_ROUTES);
    const sum = (key: 'views' | 'signedIn' | 'anonymous') => byDay.reduce((total, entry) => total + entry[key], 0);
    return {
      days,
      views: sum('views'),
      signedIn: sum('signedIn'),
      anonymous: sum('anonymous'),
      routes: routes.size,
      byDay,
      byRoute,
    };
  }

  list(query: ListQuery) {
    return this.counters().query(query);
  }
}
