import { Callout, Card, H3, NonIdealState, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Panel } from '../../../core/pages/page.types';
import { valueAtPath } from '../../../core/pages/page.utils';
import { failureOf } from '../../api/http';
import { resolveText, translateCode } from '../../i18n/text';
import { InfoTip } from '../../runtime/InfoTip';
import type { SourceState } from './page.data';

interface Props {
  panel: Panel;
  state: SourceState;
  className?: string;
  /** The panel's body once its data is there (undefined data: the panel has no source). */
  children: (data: unknown) => ReactNode;
}

/**
 * A panel's card: its title with the tip whose id the panel names, then loading (spinner),
 * failure (a Callout with the gateway's reason) or the body with the data at the panel's `field`.
 */
export function PanelFrame({ panel, state, className, children }: Props) {
  const { t, i18n } = useTranslation();
  const title = resolveText(panel.title, t, i18n.language);
  let body: ReactNode;
  if (state.status === 'loading') body = <Spinner size={24} aria-label={t('shell.loading')} />;
  else if (state.status === 'error') {
    const failure = failureOf(state.error);
    const reason = failure && failure.status < 500 ? failure.code : 'dataCouldNotBeLoaded';
    body = (
      <Callout intent="danger" role="alert" compact>
        {translateCode(reason, t, i18n)}
      </Callout>
    );
  } else body = children(state.status === 'ready' ? valueAtPath(state.data, panel.field) : undefined);

  return (
    <Card elevation={1} className={`page-panel page-panel--${panel.type} ${className ?? ''}`} data-panel={panel.id}>
      {title && (
        <div className="page-panel__title">
          <H3 className="page-panel__heading">{title}</H3>
          <InfoTip dataId={panel.tooltip} label={title} />
        </div>
      )}
      {body}
    </Card>
  );
}

/** What a panel shows when its source answered nothing to show. */
export function PanelEmpty({ panel }: { panel: Panel }) {
  const { t, i18n } = useTranslation();
  return (
    <NonIdealState
      icon="inbox"
      layout="horizontal"
      description={panel.empty ? resolveText(panel.empty, t, i18n.language) : t('page.empty')}
    />
  );
}
