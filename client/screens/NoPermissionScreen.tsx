import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** Access denied for a signed-in user (shell §2.2, §8 'No access'). */
export default function NoPermissionScreen() {
  const { t } = useTranslation();
  return (
    <NonIdealState
      icon="lock"
      title={<h1 className="bp6-heading">{t('noPermission.title')}</h1>}
      description={t('errors.noPermission')}
    />
  );
}
