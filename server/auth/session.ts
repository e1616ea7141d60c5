import type { SessionUser } from '../../core/session/session.types';
import { packagesOf } from './plan-packages';
import { sessionGeneration } from './session-generation';
import type { TokenClaims } from '../context/signing.types';
import type { AppContext } from '../context';
import { findWhere } from '../store/matching';
import type { Membership, OrganizationRecord, UserRecord } from '../store/records.types';
import { membershipIn } from './memberships';
import { sitesOf } from './sites';
import { withUserGroups } from './user-groups';
import { modeOf } from './tm-mode';

/**
 * The user as the client may see it (no hash, no 2FA secret), with what they hold in the session's
 * organisation — or, outside a session (the admin's users list), in any of theirs.
 */
export function publicUser(
  user: UserRecord,
  held: Membership = user,
): SessionUser & {
  company?: string;
  phone?: string;
  verified: boolean;
  approved: boolean;
  twoFactorEnabled: boolean;
  notifications?: UserRecord['notifications'];
} {
  return {
    uuid: user.id,
    id: user.id,
    name: user.name,
    email: user.email,
    avatar: user.avatar,
    site_language: user.site_language,
    theme: user.theme,
    timezone: user.timezone,
    date_format: user.date_format ?? null,
    roles: held.roles,
    permissions: held.permissions,
    company: user.company,
    phone: user.phone,
    verified: user.verified,
    approved: user.approved,
    twoFactorEnabled: user.twoFactor.enabled,
    notifications: user.notifications,
  };
}

export async function organizationsOf(ctx: AppContext, user: UserRecord): Promise<OrganizationRecord[]> {
  const found = await findWhere(ctx.store.collection<OrganizationRecord>('organizations'), {
    field: 'id',
    op: 'in',
    value: user.organizationIds,
  });
  // in the user's order (the first is where a session opens), whatever order the store answers in
  const byId = new Map(found.map((organization) => [organization.id, organization]));
  return user.organizationIds.flatMap((id) => {
    const organization = byId.get(id);
    return organization ? [{ id, name: organization.name }] : [];
  });
}

/**
 * The parts of a LoginResponse that describe the user in the session's organisation (also the /me
 * answer and the guard subject): roles and permissions are that membership's only, with what the
 * user's groups grant there (permissions, and `roleGroups` the user is a member of by name).
 * `data.hasSites` is derived from the user's sites, so the SAQ menu rule (shell §2.8) stays true
 * to what GET /wbe/api/sites answers.
 */
export async function sessionView(ctx: AppContext, user: UserRecord, organizationId: string | null) {
  const held = await withUserGroups(ctx, user, organizationId, membershipIn(user, organizationId));
  const hasSites = (await sitesOf(ctx, user, held)).length > 0;
  const transactionMonitoringMode = await modeOf(ctx, organizationId, held.permissions);
  // the user's own packages and the organisation's running plan (docs/domain/pricing.md)
  const packageList = await packagesOf(ctx, user, organizationId);
  return {
    user: publicUser(user, held),
    roles: held.roles,
    permissions: held.permissions,
    roleGroups: held.groups,
    protectedData: { platform: user.platform, packageList, email: user.email },
    data: {
      version: ctx.version,
      timezone: user.timezone,
      tutorials: user.data.tutorials ?? [],
      fullOnboarding: user.data.fullOnboarding === true,
      hasSites,
      bankAccount: user.data.bankAccount === true,
      bramOnly: user.data.bramOnly === true,
      transactionMonitoringMode,
    },
  };
}

/** A fresh token plus everything the client keeps in its session (docs/gateway/iam.md 'LoginResponse'). */
export async function loginResponse(ctx: AppContext, user: UserRecord, claims: Omit<TokenClaims, 'sub' | 'gen'> = {}) {
  const organizations = await organizationsOf(ctx, user);
  const org = claims.org ?? organizations[0]?.id;
  const token = await ctx.tokens.sign({
    sub: user.id,
    gen: sessionGeneration(user),
    ...claims,
    ...(org ? { org } : {}),
  });
  return { token, ...(await sessionView(ctx, user, org ?? null)), organization_list: organizations };
}
