import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ScreenProps } from '../runtime/screen.types';
import { AuthCard } from './parts/AuthCard';
import { PublishedForm } from './parts/PublishedForm';

/** A new password from the `form/reset-password` document; the mailed ?token= travels along. */
export default function ResetPasswordScreen({ props }: ScreenProps) {
  const { t } = useTranslation();
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const formId = typeof props.formId === 'string' ? props.formId : 'reset-password';

  return (
    <AuthCard title={t('auth.reset.title')}>
      <PublishedForm formId={formId} hideTitle hideOnSuccess submitText="auth.reset.submit" extraData={{ token }} />
      <div className="auth-card__links">
        <Link to="/login">{t('auth.backToLogin')}</Link>
      </div>
    </AuthCard>
  );
}
