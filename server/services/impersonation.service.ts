import type { ListQuery, QueryableFields, SortKey } from '../../core/query/query.types';
import type { AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { ImpersonationRecord } from '../store/records.types';
import { impersonationClaims } from '../auth/impersonation-binding';
import { loginResponse, publicUser } from '../auth/session';
import { membershipOf } from '../auth/memberships';
import { getUser, usersOf } from './users';

/** What the audit trail's list may filter and sort on. */
export const IMPERSONATION_FIELDS: QueryableFields = {
  filterable: ['action', 'adminId', 'adminEmail', 'userId', 'userEmail', 'at'],
  sortable: ['action', 'adminEmail', 'userEmail', 'at'],
};

export const LATEST_FIRST: SortKey[] = [{ field: 'at', direction: 'desc' }];

/**
 * Shell §4 'Impersonation', with an audit trail: every take-over and every return is a record
 * with both user ids and the time, written before the answer, so no session changes hands unseen.
 */
export class ImpersonationService {
  constructor(private readonly ctx: AppContext) {}

  private trail() {
    return this.ctx.store.collection<ImpersonationRecord>('impersonations');
  }

  /**
   * A session as the target, plus the admin's own user and token so the client can go back. The
   * token remembers who impersonates (`imp`), the take-over's record (`ims`) and the admin's
   * session it lives in (`igen`, `ijti`: server/auth/impersonation-binding.ts).
   */
  async takeOver({ user: admin, token, claims }: AuthContext, userId: string) {
    const target = await getUser(this.ctx, userId);
    if (target.id === admin.id || !target.verified || !target.approved) {
      throw new AppError(400, 'invalidRequest', { uuid: 'invalidRequest' });
    }
    const record = await this.trail().insert({
      id: crypto.randomUUID(),
      action: 'takeOver',
      at: this.ctx.clock().toISOString(),
      adminId: admin.id,
      adminEmail: admin.email,
      userId: target.id,
      userEmail: target.email,
    });
    const session = await loginResponse(this.ctx, target, impersonationClaims(admin, claims, record.id));
    return { ...session, originalUser: publicUser(admin, membershipOf({ user: admin, claims })), originalToken: token };
  }

  /**
   * 'Go Back To Original User', called with the impersonation session itself: only such a session
   * may say it ends (403 otherwise). A second call for one take-over answers the first record.
   */
  async giveBack({ user, claims }: AuthContext) {
    if (!claims.imp) throw new AppError(403, 'noPermission');
    const id = claims.ims ? `${claims.ims}.return` : crypto.randomUUID();
    const earlier = await this.trail().get(id);
    if (earlier) return earlier;
    const admin = await usersOf(this.ctx).get(claims.imp);
    const record: ImpersonationRecord = {
      id,
      action: 'return',
      at: this.ctx.clock().toISOString(),
      adminId: claims.imp,
      adminEmail: admin?.email ?? '',
      userId: user.id,
      userEmail: user.email,
      ...(claims.ims ? { takeOverId: claims.ims } : {}),
    };
    return this.trail()
      .insert(record)
      .catch(async (error: unknown) => {
        // two returns of one take-over racing: the first one written is the answer
        const first = await this.trail().get(id);
        if (first) return first;
        throw error;
      });
  }

  list(query: ListQuery) {
    return this.trail().query(query);
  }
}
