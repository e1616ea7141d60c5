import type { LandingBody } from '../../../core/landing/landing.types';
import type { ClientActionName } from '../../../core/lists/list.types';
import { impersonate } from '../../account/impersonation';

/** What a named client action gets: the row it runs on and the app documents it may need. */
export interface ClientActionContext {
  row: Record<string, unknown>;
  landing: LandingBody;
}

/**
 * Named client actions (a list action's `clientAction`): what a plain call or route cannot say,
 * such as switching the browser's session. Each name is also in core's CLIENT_ACTIONS, which
 * publishing checks, so a document can only name what is implemented here.
 */
export const clientActions: Record<ClientActionName, (context: ClientActionContext) => Promise<void>> = {
  // shell §4 'Impersonation': the server checks the admin guard and answers the target's session
  impersonate: ({ row, landing }) => impersonate(String(row.uuid ?? row.id), landing),
};
