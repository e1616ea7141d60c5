import { Callout, Card, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../api/http';
import { resolveText } from '../../i18n/text';
import type { ScreenProps } from '../../runtime/screen.types';
import { PageHeader } from '../parts/PageHeader';
import { loadWizardStart } from './wizard.api';
import { WizardRun } from './WizardRun';
import './wizard.css';

/**
 * The generic wizard screen: props.wizardId names a wizard document. It resumes the user's saved
 * progress (at the step they left, on the version they started with) or starts the latest
 * published version; after Start over it starts the latest version afresh.
 */
export default function WizardScreen({ props }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const wizardId = typeof props.wizardId === 'string' ? props.wizardId : '';
  const start = useQuery({
    queryKey: ['wizard', wizardId, 'start'],
    queryFn: () => loadWizardStart(wizardId),
    enabled: wizardId !== '',
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

  if (wizardId === '') return <Callout intent="warning">{t('errors.documentNotFound')}</Callout>;
  if (start.isPending) return <Spinner aria-label={t('shell.loading')} />;
  if (start.isError) {
    const status = failureOf(start.error)?.status;
    return (
      <Callout intent="danger" role="alert">
        {t(
          status === 404
            ? 'errors.documentNotFound'
            : status === 403
              ? 'errors.noPermission'
              : 'errors.dataCouldNotBeLoaded',
        )}
      </Callout>
    );
  }

  return (
    <section className="wizard">
      <PageHeader title={resolveText(start.data.body.title, t, i18n.language)} />
      <Card elevation={1}>
        {/* a new run (new key) after starting over: the answers come from the server again */}
        <WizardRun
          key={start.dataUpdatedAt}
          wizardId={wizardId}
          start={start.data}
          onRestarted={() => void start.refetch()}
        />
      </Card>
    </section>
  );
}
