import type { AuthContext } from './authenticate';
import type { Membership, UserRecord } from '../store/records.types';

const NOTHING: Membership = { roles: [], permissions: [] };

const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];

/** The organisation the session works for: the one switched to, else the user's first. */
export const organizationOf = ({ user, claims }: Pick<AuthContext, 'user' | 'claims'>): string | null =>
  claims.org ?? user.organizationIds[0] ?? null;

/**
 * What the user holds in one organisation, and nothing outside their own. An account stored before
 * roles were per organisation has no `memberships`: each of its organisations holds the account's
 * roles and permissions, as every organisation did then (the migration, on read).
 */
export function membershipIn(user: UserRecord, organizationId: string | null | undefined): Membership {
  if (!organizationId || !user.organizationIds.includes(organizationId)) return NOTHING;
  if (!user.memberships) return { roles: user.roles, permissions: user.permissions };
  return Object.hasOwn(user.memberships, organizationId) ? user.memberships[organizationId] : NOTHING;
}

/** What the caller holds in the session's organisation: the roles and permissions its guards judge. */
export function membershipOf(auth: Pick<AuthContext, 'user' | 'claims'>): Membership {
  return membershipIn(auth.user, organizationOf(auth));
}

/**
 * The change that lets the user hold `roles` in the organisation (joining it if need be) and nowhere
 * else: every membership is written out first, so a stored-before account keeps its roles where it had
 * them and the account-wide union cannot leak into them.
 */
export function grantIn(
  user: UserRecord,
  organizationId: string,
  roles: readonly string[],
): Pick<UserRecord, 'organizationIds' | 'memberships' | 'roles'> {
  const organizationIds = union(user.organizationIds, [organizationId]);
  const memberships = Object.fromEntries(user.organizationIds.map((id) => [id, membershipIn(user, id)]));
  const held = memberships[organizationId] ?? NOTHING;
  memberships[organizationId] = { roles: union(held.roles, roles), permissions: held.permissions };
  return { organizationIds, memberships, roles: union(user.roles, roles) };
}
