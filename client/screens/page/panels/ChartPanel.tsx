import type { ChartPanel as ChartDef } from '../../../../core/pages/page.types';
import { chartRows } from '../../../../core/pages/page.utils';
import { PanelEmpty } from '../PanelFrame';
import { ChartView } from './ChartView';

/** A line, bar, area, pie or donut chart of the rows at the panel's data. */
export function ChartPanel({ panel, data }: { panel: ChartDef; data: unknown }) {
  const rows = chartRows(data);
  if (rows.length === 0) return <PanelEmpty panel={panel} />;
  return <ChartView panel={panel} rows={rows} />;
}
