import { Button } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { resolveLanding } from '../../core/landing/landing.utils';
import type { ItemsSource, ResolvedMenuItem } from '../../core/menus/menu.types';
import { fillSourcePath } from '../../core/pages/page.utils';
import { type ScanMenuGroup, scanMenuEntries } from '../../core/scans/menu-items';
import { clientForPath } from '../api/clients';
import { contentOrSelf } from '../api/http';
import { useRealtimeEvent } from '../realtime/useRealtimeEvent';
import { subDrawerFor, visibleMenu } from '../../core/menus/menu.utils';
import type { RoutesBody } from '../../core/routes/route.types';
import { fillPath, matchRoute } from '../../core/routes/route.utils';
import { useAppConfig } from '../runtime/appConfig';
import { MenuList } from './MenuList';
import { SiteSelector } from './SiteSelector';
import { useSubject } from './useSubject';
import { readAgain } from '../lib/queryClient';

/**
 * Sub-drawer urls name the current page's params (/app/portfolio/:id/overview): fill them in. An url
 * whose route redirects (…/action-items → …/overview?tab=actionItems) keeps where it leads as
 * activeUrl, so the drawer marks that item, not Overview, on the tab it opens.
 */
function fillUrls(items: ResolvedMenuItem[], params: Record<string, string>, routes: RoutesBody): ResolvedMenuItem[] {
  return items.map((item) => {
    const url = item.url ? fillPath(item.url, params) : undefined;
    const match = url ? matchRoute(routes, url) : null;
    return {
      ...item,
      url,
      activeUrl: match?.route.redirect ? fillPath(match.route.redirect, match.params) : undefined,
      children: item.children ? fillUrls(item.children, params, routes) : undefined,
    };
  });
}

/**
 * A drawer's items from the server (the domain menu: GET scan/{scanId}/menu_items), in the reader's
 * language; read again when a scan's progress arrives (the menu follows the checks as they finish).
 */
function useSourcedItems(source: ItemsSource | undefined, params: Record<string, string>, language: string) {
  const path = source ? fillSourcePath(source.path, params) : null;
  const queryClient = useQueryClient();
  useRealtimeEvent('scan.progress', () => {
    if (path) void readAgain(queryClient, ['menu-items', path]);
  });
  const query = useQuery({
    queryKey: ['menu-items', path, language],
    enabled: path !== null,
    queryFn: async () => {
      const { client, url } = clientForPath(path as string);
      const answer = contentOrSelf<{ menu_items?: ScanMenuGroup[] }>(
        (await client.get(url, { params: { language } })).data,
      );
      return scanMenuEntries(answer?.menu_items ?? []);
    },
  });
  return query.data ?? [];
}

/** The area menu on saq, admin, management-saq, domain and portfolio paths (shell §2.8). */
export function SubDrawer() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { menus, routes, landing, shell, roleGroups } = useAppConfig();
  const subject = useSubject();
  const { pathname } = useLocation();
  const drawer = useMemo(() => subDrawerFor(menus, pathname), [menus, pathname]);
  const params = useMemo(() => matchRoute(routes, pathname)?.params ?? {}, [routes, pathname]);
  const sourced = useSourcedItems(drawer?.itemsSource, params, i18n.language === 'tr' ? 'tr' : 'en');
  const items = useMemo(() => {
    if (!drawer) return [];
    return [...fillUrls(visibleMenu(drawer.items, subject, pathname, {}, roleGroups), params, routes), ...sourced];
  }, [drawer, params, subject, pathname, sourced, routes, roleGroups]);
  // a drawer with nothing this user may open would be an empty panel
  if (!drawer || (items.length === 0 && !drawer.siteSelector)) return null;

  return (
    <nav
      aria-label={t('shell.subMenu')}
      className="sub-drawer"
      style={{ width: shell.navbar.width, minWidth: shell.navbar.width }}
    >
      {drawer.backToMain && (
        <Button
          variant="minimal"
          icon="arrow-left"
          alignText="start"
          fill
          text={t('shell.backToMain')}
          onClick={() => navigate(resolveLanding(landing, subject))}
        />
      )}
      {drawer.siteSelector && <SiteSelector />}
      <MenuList items={items} />
    </nav>
  );
}
