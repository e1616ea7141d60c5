import { Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { resolveAfterLogin } from '../../core/landing/landing.utils';
import { content, failureOf } from '../api/content';
import { gatewayClients } from '../api/gateway';
import { useAppConfig } from '../runtime/appConfig';
import { hardRedirect } from '../lib/navigation';
import type { ScreenProps } from '../runtime/screen.types';
import { getSession, storeLogin, updateSession } from '../session/session.store';
import type { LoginResponse } from '../session/session.types';
import { sessionSubject } from '../session/subject';
import { LoadingButton } from '../shell/LoadingButton';
import { showToast } from '../lib/toaster';
import { AuthCard } from './parts/AuthCard';
import { LazyInvitationNotice as InvitationNotice } from './parts/LazyInvitationNotice';

type TwoFactor = null | 'twoFactorRequired' | 'twoFactorFailed';

/** The page paints without the gateway clients; they load once someone starts to sign in. */
const warmGateway = () => void gatewayClients().catch(() => undefined);

/** Invitation refusals on sign-in (invalid, expired, another address): shown as the server words them. */
const isInvitationRefusal = (code: string) => code.startsWith('invitation');

/**
 * Sign-in (shell §4 'Login', §5, §8): e-mail + password, then the 2FA code when the server asks.
 * At /login/:invitationId it first shows the invitation and sends its code with the sign-in, which
 * accepts it; the registration link carries the code along.
 */
export default function LoginScreen({ params }: ScreenProps) {
  const { t } = useTranslation();
  const app = useAppConfig();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [authcode, setAuthcode] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [twoFactor, setTwoFactor] = useState<TwoFactor>(null);
  const [pending, setPending] = useState(false);
  const invitation = params.invitationId;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setEmailError(null);
    const form = new URLSearchParams({ username: email.trim().toLowerCase(), password });
    if (authcode.trim()) form.set('authcode', authcode.trim());
    if (invitation) form.set('invitation_code', invitation);
    try {
      // loaded by now if the form was touched (warmGateway); a failed load is 'something went wrong'
      const { iam } = await gatewayClients();
      const login = content<LoginResponse>(await iam.post('/login', form));
      const session = storeLogin(login);
      const target = resolveAfterLogin({
        remembered: getSession().rememberedPath,
        routes: app.routes,
        roleGroups: app.roleGroups,
        landing: app.landing,
        subject: sessionSubject(session),
      });
      updateSession({ rememberedPath: undefined });
      hardRedirect(target);
    } catch (error) {
      const failure = failureOf(error);
      setPending(false);
      if (failure && isInvitationRefusal(failure.code)) {
        void showToast(t(`errors.${failure.code}`), 'warning');
        return;
      }
      switch (failure?.status) {
        case 401:
          setEmailError(t('errors.credentialsAreIncorrect'));
          break;
        case 403:
          setTwoFactor(failure.code === 'twoFactorFailed' ? 'twoFactorFailed' : 'twoFactorRequired');
          break;
        case 428:
          void showToast(t('errors.notVerified'), 'warning');
          break;
        case 423:
          void showToast(t('errors.notApproved'), 'warning');
          break;
        case 429:
          void showToast(t('errors.tooManyAttempts'), 'warning');
          break;
        default:
          void showToast(t('errors.somethingWentWrong'), 'danger');
      }
    }
  };

  return (
    <AuthCard title={t('auth.login.title')}>
      {invitation && <InvitationNotice code={invitation} hint={t('invitations.accept.howTo')} />}
      <form onSubmit={(event) => void onSubmit(event)} onFocus={warmGateway} noValidate>
        <FormGroup
          label={t('auth.login.email')}
          labelFor="login-email"
          intent={emailError ? 'danger' : 'none'}
          helperText={emailError ? <span role="alert">{emailError}</span> : undefined}
        >
          <InputGroup
            id="login-email"
            type="email"
            autoComplete="username"
            required
            value={email}
            intent={emailError ? 'danger' : 'none'}
            aria-invalid={emailError ? true : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
        </FormGroup>
        <FormGroup label={t('auth.login.password')} labelFor="login-password">
          <InputGroup
            id="login-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </FormGroup>
        {twoFactor && (
          <>
            <Callout intent="warning" role="alert" compact className="login__two-factor">
              {t(`errors.${twoFactor}`)}
            </Callout>
            <FormGroup label={t('auth.login.code')} labelFor="login-authcode">
              <InputGroup
                id="login-authcode"
                inputMode="numeric"
                autoComplete="one-time-code"
                autoFocus
                value={authcode}
                onChange={(event) => setAuthcode(event.target.value)}
              />
            </FormGroup>
          </>
        )}
        <LoadingButton type="submit" intent="primary" fill loading={pending} text={t('auth.login.submit')} />
      </form>
      <div className="auth-card__links">
        <Link to="/forgot-password">{t('auth.login.forgotPassword')}</Link>
        {invitation ? (
          <Link to={`/register?invitation=${encodeURIComponent(invitation)}`}>{t('invitations.accept.register')}</Link>
        ) : (
          <Link to="/register">{t('auth.login.register')}</Link>
        )}
      </div>
    </AuthCard>
  );
}
