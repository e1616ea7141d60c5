import { Button } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { visibleMenu } from '../../core/menus/menu.utils';
import { useAppConfig } from '../runtime/appConfig';
import { useFirstPaintDone } from '../runtime/firstPaint';
import { updateSession } from '../session/session.store';
import { useSession } from '../session/useSession';
import { MenuList } from './MenuList';
import { useSubject } from './useSubject';

/** The left navbar: main menu of the menus document for this user, foldable (widths from shell settings). */
export function MainNav({ mobile = false, onNavigate }: { mobile?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { menus, shell, roleGroups } = useAppConfig();
  const { navbarFolded } = useSession();
  const subject = useSubject();
  const { pathname } = useLocation();
  // the menu a frame after the screen's first: the nav keeps its width meanwhile, so nothing moves
  const menu = useFirstPaintDone();
  const items = useMemo(
    () => visibleMenu(menus.main, subject, pathname, {}, roleGroups),
    [menus.main, subject, pathname, roleGroups],
  );
  const folded = !mobile && navbarFolded;
  const width = folded ? shell.navbar.foldedWidth : shell.navbar.width;

  return (
    <nav aria-label={t('shell.mainMenu')} className="main-nav" style={mobile ? undefined : { width, minWidth: width }}>
      {!mobile && (
        <div className="main-nav__head">
          {!folded && <span className="main-nav__brand">{t('shell.brand')}</span>}
          <Button
            variant="minimal"
            icon={folded ? 'menu-open' : 'menu-closed'}
            aria-label={t(folded ? 'shell.unfoldNavbar' : 'shell.foldNavbar')}
            title={t(folded ? 'shell.unfoldNavbar' : 'shell.foldNavbar')}
            onClick={() => updateSession({ navbarFolded: !folded })}
          />
        </div>
      )}
      {menu && <MenuList items={items} folded={folded} onNavigate={onNavigate} />}
    </nav>
  );
}
