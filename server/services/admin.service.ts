import type { AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import { endSessions } from '../auth/session-generation';
import { AppError } from '../http/app-error';
import type { MailLogRecord } from '../store/records.types';
import { loginResponse, publicUser } from './session';
import { getUser, usersOf } from './users';

const newestFirst = <T extends { createdAt: string }>(a: T, b: T) => b.createdAt.localeCompare(a.createdAt);

/** Admin area: user approval, impersonation, mail log. */
export class AdminService {
  constructor(private readonly ctx: AppContext) {}

  async listUsers() {
    const users = await usersOf(this.ctx).all();
    return users.sort(newestFirst).map((user) => ({ ...publicUser(user), createdAt: user.createdAt }));
  }

  async approve({ user: admin }: AuthContext, userId: string) {
    await getUser(this.ctx, userId);
    const updated = await usersOf(this.ctx).update(userId, {
      approved: true,
      approvedAt: new Date().toISOString(),
      approvedBy: admin.id,
    });
    return publicUser(updated);
  }

  /**
   * Withdraws the approval: the user cannot sign in (423 `notApproved`) and every session ends,
   * for good — approving the account again does not bring an old token back.
   */
  async deactivate({ user: admin }: AuthContext, userId: string) {
    const target = await getUser(this.ctx, userId);
    if (target.id === admin.id) throw new AppError(400, 'invalidRequest', { uuid: 'invalidRequest' });
    const updated = await usersOf(this.ctx).update(userId, { approved: false, ...endSessions(target) });
    return publicUser(updated);
  }

  /**
   * Shell §4 'Impersonation': a session as the target, plus the admin's own user and token so the
   * client can go back. The token remembers who impersonates (`imp`).
   */
  async impersonate({ user: admin, token }: AuthContext, userId: string) {
    const target = await getUser(this.ctx, userId);
    if (target.id === admin.id || !target.verified || !target.approved) {
      throw new AppError(400, 'invalidRequest', { uuid: 'invalidRequest' });
    }
    const session = await loginResponse(this.ctx, target, { imp: admin.id });
    return { ...session, originalUser: publicUser(admin), originalToken: token };
  }

  async mailLogs() {
    const logs = await this.ctx.store.collection<MailLogRecord>('mailLogs').all();
    return logs.sort(newestFirst);
  }
}
