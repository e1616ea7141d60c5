import { Icon, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { ResolvedMenuItem } from '../../core/menus/menu.types';
import { activeMenuItems } from '../../core/menus/menu.utils';
import type { RoutesBody } from '../../core/routes/route.types';
import { matchRoute } from '../../core/routes/route.utils';
import { resolveText } from '../i18n/text';
import { useAppConfig } from '../runtime/appConfig';

interface Props {
  items: ResolvedMenuItem[];
  /** Icons only (folded navbar): the title becomes the accessible name and tooltip. */
  folded?: boolean;
  /** Called after a link is followed (the mobile drawer closes). */
  onNavigate?: () => void;
}

const placeholderUrls = new WeakMap<RoutesBody, Map<string, boolean>>();

/** A link to a route whose area is not built yet (screen `placeholder`): the menu says so before the click. */
function leadsToPlaceholder(routes: RoutesBody, url: string): boolean {
  // the menu renders on every navigation: each url is matched once per published routes document
  let known = placeholderUrls.get(routes);
  if (!known) {
    known = new Map();
    placeholderUrls.set(routes, known);
  }
  let placeholder = known.get(url);
  if (placeholder === undefined) {
    placeholder = matchRoute(routes, url.split('?')[0])?.route.screen === 'placeholder';
    known.set(url, placeholder);
  }
  return placeholder;
}

/**
 * Where an item leads: its url, or for a group its first child's — the first one built, so a
 * group (a bank's Administration) does not open on a page that is not built yet while another is.
 */
function firstUrl(routes: RoutesBody, item: ResolvedMenuItem): string | undefined {
  if (item.url) return item.url;
  const urls = (item.children ?? []).map((child) => firstUrl(routes, child)).filter((url) => url !== undefined);
  return urls.find((url) => !leadsToPlaceholder(routes, url)) ?? urls[0];
}

function contains(item: ResolvedMenuItem, pathname: string): boolean {
  const url = item.url;
  if (url && (pathname === url || pathname.startsWith(`${url}/`))) return true;
  return item.children?.some((child) => contains(child, pathname)) ?? false;
}

/**
 * Menu items as navigation links. A group links to its first child; its children are listed
 * only while the current page is one of them, so the menu stays short.
 */
export function MenuList({ items, folded = false, onNavigate }: Props) {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const { routes } = useAppConfig();
  const active = activeMenuItems(
    items.filter((item) => item.type === 'item'),
    pathname,
    search,
  );
  return (
    <ul className={`menu-list${folded ? ' menu-list--folded' : ''}`}>
      {items.map((item) => {
        const title = resolveText(item.title, t, i18n.language);
        const url = firstUrl(routes, item);
        const soon = url !== undefined && leadsToPlaceholder(routes, url);
        const badge = item.badge ? resolveText(item.badge, t, i18n.language) : soon ? t('placeholder.soon') : null;
        const name = soon ? t('placeholder.soonLabel', { title }) : title;
        return (
          <li key={item.id} className={`menu-list__entry menu-list__entry--${item.type}`}>
            {url ? (
              <Link
                to={url}
                className={`menu-link${active.has(item.id) ? ' menu-link--active' : ''}`}
                aria-current={active.has(item.id) ? 'page' : undefined}
                aria-label={folded ? title : undefined}
                // the name stays the title (what people say and tests find); "not built yet" is its description
                aria-description={soon ? t('placeholder.soonDescription') : undefined}
                title={folded ? name : undefined}
                onClick={onNavigate}
              >
                <Icon icon={(item.icon ?? 'dot') as IconName} aria-hidden />
                {!folded && <span className="menu-link__text">{title}</span>}
                {!folded && badge && (
                  <span className={`menu-link__badge${soon ? ' menu-link__badge--soon' : ''}`} aria-hidden={soon}>
                    {badge}
                  </span>
                )}
              </Link>
            ) : (
              <span className="menu-link menu-link--static">{title}</span>
            )}
            {item.children && item.children.length > 0 && contains(item, pathname) && (
              <MenuList items={item.children} folded={folded} onNavigate={onNavigate} />
            )}
          </li>
        );
      })}
    </ul>
  );
}
