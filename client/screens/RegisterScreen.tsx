import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ScreenProps } from '../runtime/screen.types';
import { useSession } from '../session/useSession';
import { AuthCard } from './parts/AuthCard';
import { LazyInvitationNotice as InvitationNotice } from './parts/LazyInvitationNotice';
import { PublishedForm } from './parts/PublishedForm';

/** An account an invitation approved needs no admin: the success text says so. */
const successFor = (content: unknown) =>
  (content as { approved?: boolean } | undefined)?.approved ? 'invitations.accept.registered' : undefined;

/**
 * Registration from the `form/register` document (shell §5, §7 'POST auth/register'); with
 * `?invitation=<code>` it shows the invitation and sends its code as `invitation`.
 */
export default function RegisterScreen({ props }: ScreenProps) {
  const { t } = useTranslation();
  const { language } = useSession();
  const invitation = new URLSearchParams(window.location.search).get('invitation') ?? undefined;
  const formId = typeof props.formId === 'string' ? props.formId : 'register';

  return (
    <AuthCard title={t('auth.register.title')}>
      {invitation && <InvitationNotice code={invitation} />}
      <PublishedForm
        formId={formId}
        hideTitle
        hideOnSuccess
        failureToast
        submitText="auth.register.submit"
        successMessageFor={successFor}
        extraData={{
          saq: true,
          site_language: language,
          report_language: language,
          ...(invitation ? { invitation } : {}),
        }}
      />
      <div className="auth-card__links">
        <Link to={invitation ? `/login/${encodeURIComponent(invitation)}` : '/login'}>{t('auth.backToLogin')}</Link>
      </div>
    </AuthCard>
  );
}
