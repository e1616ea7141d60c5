import type { AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { keptImpersonation } from '../auth/impersonation-binding';
import { loginResponse, organizationsOf } from '../auth/session';

/** Organisation list and switch (flow API, shell §4 'Organization switch'). */
export class OrganizationService {
  constructor(private readonly ctx: AppContext) {}

  list({ user }: AuthContext) {
    return organizationsOf(this.ctx, user);
  }

  /** A token bound to the chosen organisation; an impersonation stays an impersonation. */
  async switchTo({ user, claims }: AuthContext, organizationId: string) {
    if (!user.organizationIds.includes(organizationId)) throw new AppError(403, 'notAMember');
    const {
      token,
      user: sessionUser,
      roles,
      permissions,
      protectedData,
      data,
      organization_list,
    } = await loginResponse(this.ctx, user, { org: organizationId, ...keptImpersonation(claims) });
    return { token, user: sessionUser, roles, permissions, protectedData, data, organization_list };
  }
}
