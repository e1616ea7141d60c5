import { Callout, FormGroup, InputGroup, Spinner } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { iam } from '../../../api/clients';
import { content, failureOf } from '../../../api/http';
import { translateCode } from '../../../i18n/text';
import { LoadingButton } from '../../../shell/LoadingButton';
import { updateSession } from '../../../session/session.store';
import { readAgain } from '../../../lib/queryClient';

interface Setup {
  secret: string;
  otpauthUrl: string;
  qrDataUrl: string;
}

const meKey = ['iam', 'me'];

/**
 * App-code two-factor authentication: set up (QR + secret), confirm with a code, or turn off. A
 * named panel: a flow of three steps over three calls, which no generic panel says (docs/domain/shell.md 'Two named panels').
 */
export default function TwoFactorPanel() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const me = useQuery({
    queryKey: meKey,
    queryFn: async () => content<{ user: { twoFactorEnabled?: boolean } }>(await iam.get('/me')),
  });
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ intent: 'success' | 'danger'; text: string } | null>(null);
  const enabled = me.data?.user.twoFactorEnabled === true;

  const run = async (work: () => Promise<void>) => {
    setPending(true);
    setMessage(null);
    try {
      await work();
    } catch (error) {
      const failure = failureOf(error);
      setMessage({ intent: 'danger', text: translateCode(failure?.code ?? 'somethingWentWrong', t, i18n) });
    } finally {
      setPending(false);
    }
  };

  const startSetup = () =>
    run(async () => {
      setSetup(content<Setup>(await iam.post('/me/2fa/setup')));
      setCode('');
    });
  const enable = () =>
    run(async () => {
      await iam.post('/me/2fa/enable', { code: code.trim() });
      setSetup(null);
      setCode('');
      setMessage({ intent: 'success', text: t('settings.security.enabled') });
      await readAgain(queryClient, meKey);
    });
  const disable = () =>
    run(async () => {
      // turning 2FA off ends every session; this one goes on with the fresh token of the answer
      const { token } = content<{ token: string }>(await iam.post('/me/2fa/disable', { code: code.trim() }));
      updateSession({ token });
      setCode('');
      setMessage({ intent: 'success', text: t('settings.security.disabled') });
      await readAgain(queryClient, meKey);
    });

  if (me.isPending) return <Spinner aria-label={t('shell.loading')} />;

  const codeField = (
    <FormGroup label={t('settings.security.code')} labelFor="two-factor-code">
      <InputGroup
        id="two-factor-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
    </FormGroup>
  );

  return (
    <div className="two-factor">
      <p>{t(enabled ? 'settings.security.statusOn' : 'settings.security.statusOff')}</p>
      {message && (
        <Callout intent={message.intent} role={message.intent === 'danger' ? 'alert' : 'status'} compact>
          {message.text}
        </Callout>
      )}
      {!enabled && !setup && (
        <LoadingButton
          intent="primary"
          loading={pending}
          text={t('settings.security.setup')}
          onClick={() => void startSetup()}
        />
      )}
      {!enabled && setup && (
        <>
          <p>{t('settings.security.scan')}</p>
          <img src={setup.qrDataUrl} alt={t('settings.security.qrAlt')} width={180} height={180} />
          <p>
            {t('settings.security.secret')} <code data-testid="totp-secret">{setup.secret}</code>
          </p>
          {codeField}
          <LoadingButton
            intent="primary"
            loading={pending}
            text={t('settings.security.enable')}
            onClick={() => void enable()}
          />
        </>
      )}
      {enabled && (
        <>
          {codeField}
          <LoadingButton
            intent="danger"
            loading={pending}
            text={t('settings.security.disable')}
            onClick={() => void disable()}
          />
        </>
      )}
    </div>
  );
}
