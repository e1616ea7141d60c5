import { Spinner } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartPanel as ChartDef } from '../../../../core/pages/page.types';
import { chartRows } from '../../../../core/pages/page.utils';
import { PanelEmpty } from '../PanelFrame';

// the chart code (d3-scale, d3-shape) is a chunk of its own: pages without charts never load it
const ChartView = lazy(() => import('./ChartView'));

/** A line, bar, area, pie or donut chart of the rows at the panel's data. */
export function ChartPanel({ panel, data }: { panel: ChartDef; data: unknown }) {
  const { t } = useTranslation();
  const rows = chartRows(data);
  if (rows.length === 0) return <PanelEmpty panel={panel} />;
  return (
    <Suspense fallback={<Spinner size={24} aria-label={t('shell.loading')} />}>
      <ChartView panel={panel} rows={rows} />
    </Suspense>
  );
}
