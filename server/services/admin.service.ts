import type { QueryableFields, ListQuery, SortKey } from '../../core/query/query.types';
import type { AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import { endSessions } from '../auth/session-generation';
import { AppError } from '../http/app-error';
import { asLanguage } from '../http/i18n';
import { endRealtimeAccess } from '../realtime/publish';
import { plainMail } from '../mail/templates';
import { findWhere } from '../store/matching';
import type { MailLogRecord, TokenRecord } from '../store/records.types';
import { removeConversation } from './help-chat.service';
import { publicUser } from '../auth/session';
import { getUser, usersOf } from './users';
import { maskedMail } from '../mail/masked-links';

/** What the users list may sort and filter on (the stored names are the public ones). */
export const USER_FIELDS: QueryableFields = {
  filterable: ['id', 'name', 'email', 'company', 'roles', 'verified', 'approved', 'createdAt'],
  sortable: ['name', 'email', 'company', 'verified', 'approved', 'createdAt'],
  // the list's text columns (a column filter is `contains`)
  searchable: ['name', 'email', 'company'],
  ranged: ['createdAt'],
};

export const MAIL_LOG_FIELDS: QueryableFields = {
  filterable: ['to', 'subject', 'status', 'createdAt'],
  sortable: ['to', 'subject', 'status', 'createdAt'],
  searchable: ['to', 'subject'],
  ranged: ['createdAt'],
};

export const NEWEST_FIRST: SortKey[] = [{ field: 'createdAt', direction: 'desc' }];

/** Admin area: users (approve, delete, write to), mail log; impersonation is in impersonation.service.ts. */
export class AdminService {
  constructor(private readonly ctx: AppContext) {}

  async listUsers(query: ListQuery) {
    const result = await usersOf(this.ctx).query(query);
    return { ...result, items: result.items.map((user) => ({ ...publicUser(user), createdAt: user.createdAt })) };
  }

  async approve({ user: admin }: AuthContext, userId: string) {
    await getUser(this.ctx, userId);
    const updated = await usersOf(this.ctx).update(userId, {
      approved: true,
      approvedAt: this.ctx.clock().toISOString(),
      approvedBy: admin.id,
    });
    return publicUser(updated);
  }

  /** The bulk form of approve: every id must name a user, or nothing changes (404). */
  async approveMany(auth: AuthContext, userIds: string[]) {
    for (const id of userIds) await getUser(this.ctx, id);
    const approved = [];
    for (const id of userIds) approved.push(await this.approve(auth, id));
    return { ids: approved.map((user) => user.id) };
  }

  /**
   * Removes an account, its help-chat conversation included. Its sessions end with it: every request loads the user afresh
   * (server/auth/authenticate.ts), so its tokens answer 401 from now on; its open mailed links go too.
   * An admin cannot delete themself (409), so the last admin can never disappear this way.
   */
  async deleteUser({ user: admin }: AuthContext, userId: string) {
    if (userId === admin.id) throw new AppError(409, 'cannotDeleteYourself');
    await getUser(this.ctx, userId);
    // the account and its open links go together
    await this.ctx.store.transaction(async (tx) => {
      await usersOf(this.ctx).remove(userId);
      const tokens = tx.collection<TokenRecord>('tokens');
      for (const token of await findWhere(tokens, { field: 'userId', op: 'eq', value: userId })) {
        await tokens.remove(token.id);
      }
      await removeConversation(tx, userId);
    });
    await endRealtimeAccess(this.ctx, userId); // its open sockets close too
    return { id: userId };
  }

  /** An admin's message to one user, logged and sent like every mail (the log says sent or failed). */
  async sendMail(_auth: AuthContext, userId: string, message: { subject: string; body: string }) {
    const user = await getUser(this.ctx, userId);
    const mail = plainMail(this.ctx.translator, asLanguage(user.site_language), user.email, message);
    const log = await this.ctx.mailer.send(mail);
    return { id: log.id, status: log.status };
  }

  /**
   * Withdraws the approval: the user cannot sign in (423 `notApproved`) and every session ends,
   * for good — approving the account again does not bring an old token back.
   */
  async deactivate({ user: admin }: AuthContext, userId: string) {
    const target = await getUser(this.ctx, userId);
    if (target.id === admin.id) throw new AppError(400, 'invalidRequest', { uuid: 'invalidRequest' });
    const updated = await usersOf(this.ctx).update(userId, { approved: false, ...endSessions(target) });
    await endRealtimeAccess(this.ctx, userId);
    return publicUser(updated);
  }

  /** The mail log, its reset and verification links without their live tokens (server/mail/masked-links.ts). */
  async mailLogs(query: ListQuery) {
    const page = await this.ctx.store.collection<MailLogRecord>('mailLogs').query(query);
    return { ...page, items: page.items.map(maskedMail) };
  }
}
