import type { JsonLogicRule } from '../rules/rule.types';
import type { Text } from '../documents/document.types';

/**
 * Who sees a menu item: a list like a guard's `anyOf` (empty means everyone), or a role group by
 * name — the same definition the route it opens names, so the permissions are written once.
 */
export type MenuAuth = string[] | { group: string };

/** A menu item (shell §3 'Menu item'). `auth` empty means everyone. */
export interface MenuItem {
  id: string;
  title: Text;
  type: 'item' | 'group' | 'collapse';
  icon?: string;
  /** A path, or json-logic over the GuardSubject that yields a path. */
  url?: string | { rule: JsonLogicRule };
  auth: MenuAuth;
  /** Extra visibility condition (json-logic over GuardSubject & {path}). */
  visible?: JsonLogicRule;
  /** Shown only when the current path contains this marker. */
  pathMarker?: string;
  badge?: Text;
  children?: MenuItem[];
}

export interface MenusBody {
  main: MenuItem[];
  /** Sub-drawer menus keyed by path marker: saq, admin, management-saq, domain, portfolio. */
  subDrawers: Record<
    string,
    { marker: string; items: MenuItem[]; backToMain?: boolean; siteSelector?: boolean; itemsSource?: ItemsSource }
  >;
}

/**
 * Items a sub-drawer adds from the server below its own: a gateway path (`:params` from the current
 * route) answering scan menu groups (`content.menu_items`, shell §3 'Scan menu group'); the reader's
 * language goes along as `?language=`.
 */
export interface ItemsSource {
  path: string;
}

/** A menu item after visibleMenu: hidden items removed, `url` resolved to a path. */
export interface ResolvedMenuItem extends Omit<MenuItem, 'url' | 'children'> {
  url?: string;
  /** Where `url` leads when its route redirects (a tab of a page): what marks the item as the current one. */
  activeUrl?: string;
  children?: ResolvedMenuItem[];
}

/** The sub-drawer menu for a path, with its key in MenusBody.subDrawers. */
export interface SubDrawer {
  key: string;
  marker: string;
  items: MenuItem[];
  backToMain?: boolean;
  siteSelector?: boolean;
  itemsSource?: ItemsSource;
}
