import type { Guard, GuardSubject, RoleGroups } from '../guard/guard.types';
import { evaluateGuard } from '../guard/guard.utils';
import { applyRule, truthy } from '../rules/jsonlogic';
import { fillPath } from '../routes/route.utils';
import type { MenuAuth, MenuItem, MenusBody, ResolvedMenuItem, SubDrawer } from './menu.types';

/** The data menu rules read: the subject plus the current path (menu.types 'visible'). */
export type MenuRuleData = GuardSubject & { path: string };

function safeRule(rule: unknown, data: MenuRuleData): unknown {
  try {
    return applyRule(rule, data);
  } catch {
    return undefined;
  }
}

/**
 * The guard a menu item's `auth` stands for: an empty list is open to everyone (unlike a guard's
 * `{ anyOf: [] }`), a list is `anyOf`, a role group is `{ group }`. The server judges the same guard
 * with the same evaluator, so an item shows exactly when its route or endpoint lets the user in.
 */
export function menuAuthGuard(auth: MenuAuth | undefined): Guard {
  if (auth === undefined) return null;
  if (Array.isArray(auth)) return auth.length === 0 ? null : { anyOf: auth };
  return { group: auth.group };
}

interface Context {
  data: MenuRuleData;
  roleGroups: RoleGroups;
  params: Record<string, string>;
}

function resolveItem(item: MenuItem, context: Context): ResolvedMenuItem | null {
  const { data, roleGroups, params } = context;
  if (!evaluateGuard(menuAuthGuard(item.auth), data, roleGroups)) return null;
  if (item.pathMarker && !data.path.includes(item.pathMarker)) return null;
  if (item.visible !== undefined && !truthy(safeRule(item.visible, data))) return null;
  const { url, children, ...rest } = item;
  const resolved: ResolvedMenuItem = { ...rest };
  if (typeof url === 'string') resolved.url = fillPath(url, params);
  else if (url && typeof url === 'object') {
    const target = safeRule(url.rule, data);
    if (typeof target !== 'string' || target === '') return null;
    resolved.url = fillPath(target, params);
  }
  if (children) {
    resolved.children = resolveItems(children, context);
    // a group or collapse whose every child is hidden has nothing to show
    if (children.length > 0 && resolved.children.length === 0) return null;
  }
  return resolved;
}

function resolveItems(items: readonly MenuItem[], context: Context): ResolvedMenuItem[] {
  const out: ResolvedMenuItem[] = [];
  for (const item of items) {
    const resolved = resolveItem(item, context);
    if (resolved) out.push(resolved);
  }
  return out;
}

/**
 * The menu a subject sees on a path (shell §2.8): items whose `auth` passes (an empty list means
 * everyone; a role group is resolved with `roleGroups`, the published document), whose `pathMarker`
 * is in the path and whose `visible` rule holds; `url` rules are resolved to paths. Groups left
 * without children disappear. `params` (from matchRoute) fill `:param` placeholders in urls, e.g.
 * the portfolio drawer's '/app/portfolio/:id/overview'.
 */
export function visibleMenu(
  items: readonly MenuItem[],
  subject: GuardSubject,
  pathname: string,
  params: Record<string, string> = {},
  roleGroups: RoleGroups = {},
): ResolvedMenuItem[] {
  return resolveItems(items, { data: { ...subject, path: pathname }, roleGroups, params });
}

/**
 * The sub-drawer for a path (shell §2.8: saq, admin, management-saq, domain, portfolio): the
 * drawer whose marker the path contains; the longest marker wins, so '/app/management-saq' is
 * not taken for the saq drawer. null when the path has none.
 */
export function subDrawerFor(menusBody: MenusBody, pathname: string): SubDrawer | null {
  let best: SubDrawer | null = null;
  for (const [key, drawer] of Object.entries(menusBody.subDrawers ?? {})) {
    if (!drawer.marker || !pathname.includes(drawer.marker)) continue;
    if (best === null || drawer.marker.length > best.marker.length) best = { key, ...drawer };
  }
  return best;
}

/**
 * The ids of the items (of one list, children not included) that mark where the reader is: an item
 * whose target's path is the location's (or a parent of it) and whose target's query parameters the
 * location carries. The target is `activeUrl` where the item's url redirects (the portfolio drawer's
 * '…/action-items' opens '…/overview?tab=actionItems'), else its url. Of several, the most specific
 * wins (more query parameters, then a longer path): on '…/overview?tab=actionItems' that is Action
 * items, not Overview, whose target names no tab.
 */
export function activeMenuItems(
  items: readonly Pick<ResolvedMenuItem, 'id' | 'url' | 'activeUrl'>[],
  pathname: string,
  search: string,
): Set<string> {
  const location = new URLSearchParams(search);
  let best = -1;
  let ids = new Set<string>();
  for (const item of items) {
    const target = item.activeUrl ?? item.url;
    if (!target) continue;
    const [path, query = ''] = target.split('?');
    if (pathname !== path && !pathname.startsWith(`${path.replace(/\/$/, '')}/`)) continue;
    const wanted = [...new URLSearchParams(query)];
    if (!wanted.every(([name, value]) => location.get(name) === value)) continue;
    const score = wanted.length * 10_000 + path.length;
    if (score > best) {
      best = score;
      ids = new Set([item.id]);
    } else if (score === best) ids.add(item.id);
  }
  return ids;
}
