import { Button } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { resolveLanding } from '../../core/landing/landing.utils';
import type { ResolvedMenuItem } from '../../core/menus/menu.types';
import { subDrawerFor, visibleMenu } from '../../core/menus/menu.utils';
import { fillPath, matchRoute } from '../../core/routes/route.utils';
import { useAppConfig } from '../runtime/appConfig';
import { MenuList } from './MenuList';
import { SiteSelector } from './SiteSelector';
import { useSubject } from './useSubject';

/** Sub-drawer urls name the current page's params (/app/portfolio/:id/overview): fill them in. */
function fillUrls(items: ResolvedMenuItem[], params: Record<string, string>): ResolvedMenuItem[] {
  return items.map((item) => ({
    ...item,
    url: item.url ? fillPath(item.url, params) : undefined,
    children: item.children ? fillUrls(item.children, params) : undefined,
  }));
}

/** The area menu on saq, admin, management-saq, domain and portfolio paths (shell §2.8). */
export function SubDrawer() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { menus, routes, landing, shell } = useAppConfig();
  const subject = useSubject();
  const { pathname } = useLocation();
  const drawer = useMemo(() => subDrawerFor(menus, pathname), [menus, pathname]);
  const items = useMemo(() => {
    if (!drawer) return [];
    const params = matchRoute(routes, pathname)?.params ?? {};
    return fillUrls(visibleMenu(drawer.items, subject, pathname), params);
  }, [drawer, routes, subject, pathname]);
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
