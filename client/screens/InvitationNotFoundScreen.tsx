import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The invitation link was used already or never existed (shell §2.1, §8). */
export default function InvitationNotFoundScreen() {
  const { t } = useTranslation();
  return (
    <NonIdealState
      icon="envelope"
      title={<h1 className="bp6-heading">{t('errors.invitationNotFound')}</h1>}
      description={t('auth.invitationNotFound.description')}
      action={<Link to="/login">{t('auth.backToLogin')}</Link>}
    />
  );
}
