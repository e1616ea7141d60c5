import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** The notification bell: for now it opens the full list; the menu and live updates come later. */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button
      variant="minimal"
      icon="notifications"
      aria-label={t('shell.notifications')}
      title={t('shell.notifications')}
      onClick={() => navigate('/app/notifications')}
    />
  );
}
