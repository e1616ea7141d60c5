import { wbe } from '../api/clients';

/**
 * Page-view analytics without a third party (shell §7): each route change is sent to our own
 * server, which keeps the route's pattern, never the path (ids in paths stay in the browser),
 * and counts views per route and day. Fire and forget: a lost view never disturbs the page.
 */
export function trackPageView(path: string): void {
  wbe.post('/analytics/page-views', { path }).catch(() => {
    // a throttled (429) or failed view is simply not counted
  });
}
