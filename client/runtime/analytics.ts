import { gatewayClients } from '../api/gateway';
import { getSession } from '../session/session.store';

const PAGE_VIEWS = '/analytics/page-views';

/**
 * Page-view analytics without a third party (shell §7): each route change is sent to our own
 * server, which keeps the route's pattern, never the path (ids in paths stay in the browser),
 * and counts views per route and day. Fire and forget: a lost view never disturbs the page.
 * A visitor's view carries none of a session's headers, so it goes with fetch: the sign-in page
 * does not load the gateway clients for it. A signed-in view goes through the web-backend client
 * (it attributes the affiliate id, server/gateway/analytics.ts).
 */
export function trackPageView(path: string): void {
  // a throttled (429) or failed view is simply not counted
  if (!getSession().token) {
    void fetch(`/wbe/api${PAGE_VIEWS}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path }),
    })
      // read to its end: an answer left unread stays open (the page never counts as idle)
      .then((answer) => answer.text())
      .catch(() => undefined);
    return;
  }
  void gatewayClients()
    .then(({ wbe }) => wbe.post(PAGE_VIEWS, { path }))
    .catch(() => undefined);
}
