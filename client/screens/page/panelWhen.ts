import type { Panel } from '../../../core/pages/page.types';
import { applyRule, truthy } from '../../../core/rules/jsonlogic';
import { useSession } from '../../session/useSession';
import { useSubject } from '../../shell/useSubject';
import type { SourceState } from './page.data';

/**
 * Whether a panel with a `when` shows: its rule over `{ record, user }` (record: the answer of the
 * panel's source) holds. Hidden while the source loads, so an offer that is not there never flashes;
 * a failed source shows the panel (and its reason); a rule that cannot run hides it.
 */
export function usePanelShown(panel: Panel, state: SourceState): boolean {
  const subject = useSubject();
  const { user } = useSession();
  if (panel.when === undefined) return true;
  if (state.status === 'loading') return false;
  if (state.status === 'error') return true;
  const record = state.status === 'ready' ? state.data : null;
  try {
    return truthy(applyRule(panel.when, { record: record ?? null, user: { ...subject, id: user?.uuid ?? null } }));
  } catch {
    return false;
  }
}
