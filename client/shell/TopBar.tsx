import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from './LanguageMenu';
import { NotificationBell } from './NotificationBell';
import { OrganizationSwitcher } from './OrganizationSwitcher';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';

/** The top bar: mobile menu button, organisation switcher, bell, language, theme and user menu. */
export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t } = useTranslation();
  return (
    <header className="top-bar">
      <Button
        className="top-bar__menu-button"
        variant="minimal"
        icon="menu"
        aria-label={t('shell.openMenu')}
        onClick={onOpenMenu}
      />
      <div className="top-bar__spacer" />
      <OrganizationSwitcher />
      <NotificationBell />
      <LanguageMenu />
      <ThemeToggle />
      <UserMenu />
    </header>
  );
}
