import type { Panel, PanelSource } from '../../../core/pages/page.types';
import { panelWidth } from '../../../core/pages/page.utils';
import type { RouteDef } from '../../../core/routes/route.types';
import { ActionsPanel } from './panels/ActionsPanel';
import { ChartPanel } from './panels/ChartPanel';
import { CustomPanel } from './panels/CustomPanel';
import { FormPanel } from './panels/FormPanel';
import { KeyValuePanel } from './panels/KeyValuePanel';
import { ListPanel } from './panels/ListPanel';
import { ProgressPanel } from './panels/ProgressPanel';
import { StatPanel } from './panels/StatPanel';
import { TextPanel } from './panels/TextPanel';
import { ThreadPanel } from './panels/ThreadPanel';
import { TransitionsPanel } from './panels/TransitionsPanel';
import { PanelFrame } from './PanelFrame';
import { useSource } from './page.data';
import { usePanelShown } from './panelWhen';

interface GridProps {
  panels: Panel[];
  /** The page's record source, read by panels without their own. */
  pageSource: PanelSource | undefined;
  route: RouteDef;
  params: Record<string, string | undefined>;
}

/** Panels in the 12-column grid (one column on narrow screens). */
export function PanelGrid({ panels, ...rest }: GridProps) {
  if (panels.length === 0) return null;
  return (
    <div className="page-grid">
      {panels.map((panel) => (
        <div key={panel.id} className="page-grid__cell" style={{ gridColumn: `span ${panelWidth(panel)}` }}>
          <PagePanel panel={panel} {...rest} />
        </div>
      ))}
    </div>
  );
}

function PagePanel({ panel, pageSource, route, params }: Omit<GridProps, 'panels'> & { panel: Panel }) {
  const source = panel.source ?? pageSource;
  const state = useSource(source, params, panel.type === 'thread' ? panel.live : undefined);
  if (!usePanelShown(panel, state)) return null;
  return (
    <PanelFrame panel={panel} state={state}>
      {(data) => {
        switch (panel.type) {
          case 'keyValue':
            return <KeyValuePanel panel={panel} data={data} params={params} />;
          case 'stat':
            return <StatPanel panel={panel} data={data} />;
          case 'progress':
            return <ProgressPanel panel={panel} data={data} />;
          case 'chart':
            return <ChartPanel panel={panel} data={data} />;
          case 'text':
            return <TextPanel panel={panel} />;
          case 'actions':
            return <ActionsPanel panel={panel} data={data} params={params} />;
          case 'form':
            return <FormPanel panel={panel} data={data} route={route} params={params} />;
          case 'list':
            return <ListPanel panel={panel} route={route} params={params} data={data} />;
          case 'transitions':
            return <TransitionsPanel source={source} params={params} empty={panel.empty} />;
          case 'thread':
            return (
              <ThreadPanel
                panel={panel}
                data={data}
                record={state.status === 'ready' ? state.data : undefined}
                source={source}
                params={params}
              />
            );
          case 'custom':
            return <CustomPanel panel={panel} />;
          default:
            return null;
        }
      }}
    </PanelFrame>
  );
}
