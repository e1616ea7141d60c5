import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ScreenProps } from '../runtime/screen.types';
import { useSession } from '../session/useSession';
import { AuthCard } from './parts/AuthCard';
import { PublishedForm } from './parts/PublishedForm';

/** Registration from the `form/register` document (shell §5, §7 'POST auth/register'). */
export default function RegisterScreen({ props }: ScreenProps) {
  const { t } = useTranslation();
  const { language } = useSession();
  const invitation = new URLSearchParams(window.location.search).get('invitation') ?? undefined;
  const formId = typeof props.formId === 'string' ? props.formId : 'register';

  return (
    <AuthCard title={t('auth.register.title')}>
      <PublishedForm
        formId={formId}
        hideTitle
        hideOnSuccess
        submitText="auth.register.submit"
        extraData={{
          saq: true,
          site_language: language,
          report_language: language,
          ...(invitation ? { invitation } : {}),
        }}
      />
      <div className="auth-card__links">
        <Link to="/login">{t('auth.backToLogin')}</Link>
      </div>
    </AuthCard>
  );
}
