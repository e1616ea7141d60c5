import { Callout, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { iam } from '../api/clients';
import { AuthCard } from './parts/AuthCard';

/** E-mail confirmation: POST the ?token= once and say whether the account is active (shell §8 'Activation'). */
export default function VerificationScreen() {
  const { t } = useTranslation();
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const query = useQuery({
    queryKey: ['verify', token],
    queryFn: async () => (await iam.post('/auth/verify', { token })).data,
    enabled: token !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
  const activated = query.isSuccess;
  const failed = query.isError || token === '';

  return (
    <AuthCard title={t('auth.verification.title')}>
      {!activated && !failed && <Spinner aria-label={t('shell.loading')} />}
      {activated && (
        <Callout intent="success" role="status">
          {t('errors.accountActivated')}
        </Callout>
      )}
      {failed && (
        <Callout intent="danger" role="alert">
          {t('errors.activationFailed')}
        </Callout>
      )}
      <div className="auth-card__links">
        <Link to="/login">{t('auth.backToLogin')}</Link>
      </div>
    </AuthCard>
  );
}
