import type { GuardSubject, RoleGroups } from '../../core/guard/guard.types';
import { evaluateGuard } from '../../core/guard/guard.utils';
import type { MenusBody, ResolvedMenuItem } from '../../core/menus/menu.types';
import { visibleMenu } from '../../core/menus/menu.utils';
import type { RouteDef, RoutesBody } from '../../core/routes/route.types';
import { matchRoute } from '../../core/routes/route.utils';
import { depthOf } from './routePaths';
import { screenFor } from './screenRegistry';

// Safari has no requestIdleCallback: a short timeout stands in
const idle = (work: () => void): void => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work);
  else setTimeout(work, 200);
};

/** The browser asks to save data (Save-Data, a metered connection): nothing is fetched on speculation. */
function savesData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

export interface PreloadContext {
  routes: RoutesBody;
  /** The menus and the page shown: the main menu's visible links are the likely next pages. */
  menus: MenusBody;
  pathname: string;
  subject: GuardSubject;
  roleGroups: RoleGroups;
  limit: number;
}

function menuUrls(items: ResolvedMenuItem[], out: string[] = []): string[] {
  for (const item of items) {
    if (item.url) out.push(item.url);
    if (item.children) menuUrls(item.children, out);
  }
  return out;
}

/**
 * Warm the chunks of up to `limit` sibling routes (shell §9: up to 5) once the browser is idle:
 * routes of the same depth that the visible menu links to and the user may open. Visitors get
 * none, so the sign-in page stays light.
 */
export function preloadSiblings(
  current: RouteDef,
  { routes, menus, pathname, subject, roleGroups, limit }: PreloadContext,
): void {
  if (!subject.signedIn || current.layout !== 'app' || limit <= 0 || savesData()) return;
  const menu = visibleMenu(menus.main, subject, pathname, {}, roleGroups);
  const depth = depthOf(current.path);
  const siblings: RouteDef[] = [];
  for (const url of menuUrls(menu)) {
    if (siblings.length >= limit) break;
    const route = matchRoute(routes, url)?.route;
    if (!route || route === current || siblings.includes(route) || !route.screen || route.layout !== 'app') continue;
    if (depthOf(route.path) === depth && evaluateGuard(route.guard, subject, roleGroups)) siblings.push(route);
  }
  idle(() => {
    for (const route of siblings)
      void screenFor(route.screen)
        .preload()
        .catch(() => undefined);
  });
}
