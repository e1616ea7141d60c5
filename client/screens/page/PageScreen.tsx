import { Callout, Card, H2, Spinner, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Text } from '../../../core/documents/document.types';
import type { PageHeaderDef } from '../../../core/pages/page.types';
import { interpolate, selectTab, valueAtPath, visiblePanels, visibleTabs } from '../../../core/pages/page.utils';
import { failureOf } from '../../api/http';
import { resolveText } from '../../i18n/text';
import { useAppConfig } from '../../runtime/appConfig';
import type { ScreenProps } from '../../runtime/screen.types';
import { useSubject } from '../../shell/useSubject';
import { RecordNotFound } from './RecordNotFound';
import { PageHeader } from '../parts/PageHeader';
import { PanelGrid } from './PanelGrid';
import { LiveEvent } from '../parts/LiveEvent';
import { type SourceState, usePageDocument, useRefreshSources, useSource } from './page.data';
import './page.css';

/** The generic page screen: props.pageId names the page document (header, tabs, panels). */
export default function PageScreen(screen: ScreenProps) {
  const { t } = useTranslation();
  const pageId = screen.props.pageId;
  if (typeof pageId !== 'string') return <Callout intent="warning">{t('errors.documentNotFound')}</Callout>;
  return <PageView pageId={pageId} {...screen} />;
}

function PageView({ pageId, route, params }: ScreenProps & { pageId: string }) {
  const { t, i18n } = useTranslation();
  const subject = useSubject();
  const { roleGroups } = useAppConfig();
  const [search, setSearch] = useSearchParams();
  const document = usePageDocument(pageId);
  const body = document.data?.body;
  const record = useSource(body?.source, params, body?.live);
  const refresh = useRefreshSources();

  if (document.isPending) return <Spinner className="screen-spinner" aria-label={t('shell.loading')} />;
  if (!body) {
    const missing = failureOf(document.error)?.status === 404;
    return <Callout intent="danger">{t(missing ? 'errors.documentNotFound' : 'errors.dataCouldNotBeLoaded')}</Callout>;
  }

  // a record that is not there (or another organisation's: the gateway answers 404 for both) is one
  // state of the page, not an empty header over a failed panel each
  if (record.status === 'error' && failureOf(record.error)?.status === 404) return <RecordNotFound />;

  const tabs = visibleTabs(body.tabs, subject, roleGroups);
  const open = selectTab(tabs, search.get('tab'));
  const grid = { pageSource: body.source, route, params };
  const chooseTab = (id: string) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', id);
        return next;
      },
      { replace: true },
    );

  return (
    <section className="page-screen">
      <PageHeader title={resolveText(body.title, t, i18n.language)} />
      {body.live?.event && <LiveEvent event={body.live.event} onEvent={() => void refresh()} />}
      {body.header && <RecordHeader header={body.header} record={record} />}
      <PanelGrid panels={visiblePanels(body.panels, subject, roleGroups)} {...grid} />
      {open && (
        <Tabs
          id={`page-${pageId}`}
          className="page-tabs"
          selectedTabId={open.id}
          renderActiveTabPanelOnly
          onChange={(id) => chooseTab(String(id))}
        >
          {tabs.map((tab) => (
            <Tab
              key={tab.id}
              id={tab.id}
              title={resolveText(tab.title, t, i18n.language)}
              panel={<PanelGrid panels={visiblePanels(tab.panels, subject, roleGroups)} {...grid} />}
            />
          ))}
        </Tabs>
      )}
    </section>
  );
}

/** The record's header: a text with `{{field}}`s filled, or title/subtitle fields, and a status tag. */
function RecordHeader({ header, record }: { header: PageHeaderDef; record: SourceState }) {
  const { t, i18n } = useTranslation();
  if (record.status === 'loading') return <Card className="page-record-header bp6-skeleton">…</Card>;
  const data = record.status === 'ready' ? record.data : undefined;
  const field = (path: string | undefined) => {
    const value = valueAtPath(data, path);
    if (!path || value === undefined || value === null) return '';
    // an {en, tr} pair (a questionnaire's title) in the reader's language, as list text cells show it
    if (typeof value === 'object' && 'en' in value && 'tr' in value)
      return resolveText(value as Text, t, i18n.language);
    return String(value);
  };
  // i18n keys keep their {{placeholders}} for interpolate, which reads the record's paths
  const template = (text: Text) =>
    typeof text === 'string' ? t(text, { skipInterpolation: true }) : resolveText(text, t, i18n.language);
  const title = header.text ? interpolate(template(header.text), data) : field(header.title);
  const status = field(header.status);
  return (
    <Card elevation={1} className="page-record-header">
      <H2>{title}</H2>
      {header.subtitle && <p className="bp6-text-muted">{field(header.subtitle)}</p>}
      {status && (
        <Tag round minimal intent={header.colors?.[status] ?? 'none'}>
          {header.labels?.[status] ? resolveText(header.labels[status], t, i18n.language) : status}
        </Tag>
      )}
    </Card>
  );
}
