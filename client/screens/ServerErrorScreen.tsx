import { NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { wbe } from '../api/clients';
import type { ScreenProps } from '../runtime/screen.types';
import { LoadingButton } from '../shell/LoadingButton';
import { showToast } from '../lib/toaster';

/** /pages/errors/error-500 and the error boundary's page: report the problem, then thank the user (shell §2.2). */
export default function ServerErrorScreen({ props }: ScreenProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');

  const report = async () => {
    setState('sending');
    try {
      await wbe.post('/user/log/error', {
        page_url: window.location.href,
        error_reason: typeof props.errorReason === 'string' ? props.errorReason : 'error-500 page',
      });
      setState('sent');
      void showToast(t('error500.thanks'), 'success');
    } catch {
      setState('idle');
      void showToast(t('errors.somethingWentWrong'), 'danger');
    }
  };

  return (
    <NonIdealState
      icon="error"
      title={<h1 className="bp6-heading">{t('error500.title')}</h1>}
      description={t('error500.description')}
      action={
        <LoadingButton
          intent="primary"
          loading={state === 'sending'}
          disabled={state === 'sent'}
          text={t('error500.report')}
          onClick={() => void report()}
        />
      }
    />
  );
}
