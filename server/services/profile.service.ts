import { endSessions, sessionGeneration } from '../auth/session-generation';
import { endRealtimeAccess } from '../realtime/publish';
import { newTotpSecret, totpProvisioning, acceptTotp } from '../auth/totp';
import type { DateFormat } from '../../core/dates/date-formats';
import type { AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { NotificationPreferences, UserRecord } from '../store/records.types';
import { publicUser, sessionView } from '../auth/session';
import { membershipOf, organizationOf } from '../auth/memberships';
import { usersOf } from './users';

export interface ProfilePatch {
  name?: string;
  site_language?: 'en' | 'tr';
  theme?: 'dark' | 'light';
  timezone?: string | null;
  date_format?: DateFormat | '' | null;
  notifications?: NotificationPreferences;
}

/** The signed-in user's own profile and two-factor settings (/iam/api/me). */
export class ProfileService {
  constructor(private readonly ctx: AppContext) {}

  me(auth: AuthContext) {
    return sessionView(this.ctx, auth.user, organizationOf(auth));
  }

  async update(auth: AuthContext, patch: ProfilePatch) {
    const { user } = auth;
    const changes: Partial<UserRecord> = {};
    if (patch.name !== undefined) changes.name = patch.name.trim();
    if (patch.site_language !== undefined) changes.site_language = patch.site_language;
    if (patch.theme !== undefined) changes.theme = patch.theme;
    if (patch.timezone !== undefined) changes.timezone = patch.timezone || null;
    if (patch.date_format !== undefined) changes.date_format = patch.date_format || null;
    if (patch.notifications !== undefined) changes.notifications = { ...user.notifications, ...patch.notifications };
    return publicUser(await usersOf(this.ctx).update(user.id, changes), membershipOf(auth));
  }

  /** A new pending secret; it takes effect only after `enable` proves the app reads it. */
  async setupTwoFactor({ user }: AuthContext) {
    if (user.twoFactor.enabled) throw new AppError(400, 'invalidRequest', { twoFactor: 'invalidRequest' });
    const secret = newTotpSecret();
    await usersOf(this.ctx).update(user.id, { twoFactor: { ...user.twoFactor, pendingSecret: secret } });
    return { secret, ...(await totpProvisioning(secret, user.email)) };
  }

  async enableTwoFactor(auth: AuthContext, code: string) {
    const { user } = auth;
    const secret = user.twoFactor.pendingSecret;
    if (!secret || !(await acceptTotp(usersOf(this.ctx), user, secret, code, this.ctx.clock())))
      throw new AppError(422, 'twoFactorFailed', { code: 'twoFactorFailed' });
    const updated = await usersOf(this.ctx).update(user.id, { twoFactor: { enabled: true, secret } });
    return publicUser(updated, membershipOf(auth));
  }

  /**
   * Turning 2FA off ends every session of the user; the one asking gets a fresh token
   * (same organisation, same impersonation) so it goes on.
   */
  async disableTwoFactor(auth: AuthContext, code: string) {
    const { user, claims } = auth;
    const secret = user.twoFactor.secret;
    if (
      !user.twoFactor.enabled ||
      !secret ||
      !(await acceptTotp(usersOf(this.ctx), user, secret, code, this.ctx.clock()))
    ) {
      throw new AppError(422, 'twoFactorFailed', { code: 'twoFactorFailed' });
    }
    const updated = await usersOf(this.ctx).update(user.id, { twoFactor: { enabled: false }, ...endSessions(user) });
    // every socket of the user closes too; the page asking opens a new one with the fresh token
    await endRealtimeAccess(this.ctx, user.id);
    const { sub: _sub, gen: _gen, jti: _jti, exp: _exp, ...kept } = claims;
    const token = await this.ctx.tokens.sign({ sub: updated.id, gen: sessionGeneration(updated), ...kept });
    return { ...publicUser(updated, membershipOf(auth)), token };
  }
}
