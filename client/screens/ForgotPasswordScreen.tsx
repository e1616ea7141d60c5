import { Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { iam } from '../api/clients';
import { failureOf } from '../api/http';
import { LoadingButton } from '../shell/LoadingButton';
import { AuthCard } from './parts/AuthCard';

/** Ask for a reset link; the answer is the same whether or not the e-mail exists (no enumeration). */
export default function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await iam.post('/auth/forgot-password', { email: email.trim().toLowerCase() });
      setSent(true);
    } catch (failure) {
      const status = failureOf(failure)?.status;
      setError(t(status === 429 ? 'errors.tooManyRequests' : 'errors.somethingWentWrong'));
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthCard title={t('auth.forgot.title')}>
      {sent ? (
        <Callout intent="success" role="status">
          {t('auth.forgot.sent')}
        </Callout>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)}>
          <p>{t('auth.forgot.intro')}</p>
          {error && (
            <Callout intent="danger" role="alert" compact>
              {error}
            </Callout>
          )}
          <FormGroup label={t('auth.forgot.email')} labelFor="forgot-email">
            <InputGroup
              id="forgot-email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </FormGroup>
          <LoadingButton type="submit" intent="primary" fill loading={pending} text={t('auth.forgot.submit')} />
        </form>
      )}
      <div className="auth-card__links">
        <Link to="/login">{t('auth.backToLogin')}</Link>
      </div>
    </AuthCard>
  );
}
