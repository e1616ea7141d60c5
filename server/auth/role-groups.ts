import type { RoleGroups } from '../../core/guard/guard.types';
import type { AppContext } from '../context';

/** The published role groups (role-groups/app); empty when absent, so group guards fail closed. */
export function publishedRoleGroups(ctx: Pick<AppContext, 'documents'>): RoleGroups {
  const body = ctx.documents.latestBody<{ groups?: RoleGroups }>('role-groups', 'app');
  return body?.groups ?? {};
}
