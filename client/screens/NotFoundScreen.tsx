import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** /pages/errors/error-404: where unknown paths end up (shell §2.2). */
export default function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <NonIdealState
      icon="search"
      title={<h1 className="bp6-heading">404</h1>}
      description={t('errors.notFound')}
      action={<Link to="/">{t('shell.home')}</Link>}
    />
  );
}
