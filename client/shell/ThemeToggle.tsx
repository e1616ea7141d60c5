import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/useSession';
import { toggleTheme } from './preferences';

/** Light/dark switch; the name says what a click does. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme } = useSession();
  const label = t(theme === 'dark' ? 'shell.theme.toLight' : 'shell.theme.toDark');
  return (
    <Button
      variant="minimal"
      icon={theme === 'dark' ? 'flash' : 'moon'}
      aria-label={label}
      title={label}
      onClick={toggleTheme}
    />
  );
}
