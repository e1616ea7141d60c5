import type { ResourceRecord } from '../../core/resources/resource.types';
import type { AuthContext } from './authenticate';
import type { AppContext } from '../context';
import { membershipIn, organizationOf } from './memberships';
import type { Membership, UserRecord } from '../store/records.types';

/**
 * The published resource whose records are the user groups (schemas/resources/user-group.json):
 * permissions and role groups an admin grants to users, each in one organisation.
 */
export const USER_GROUP_RESOURCE = 'user-group';

/** One assignment of a user group: a user, by e-mail, in one organisation. */
interface UserGroupMember {
  email: string;
  organization: string;
}

/** A user group record as the resource's schema stores it. */
interface UserGroupRecord extends ResourceRecord {
  name: string;
  permissions?: string[];
  roleGroups?: string[];
  members?: UserGroupMember[];
}

/** What a user holds in one organisation: the membership's roles and permissions, and role groups by name. */
export interface Held extends Membership {
  groups: string[];
}

const union = (...lists: readonly (readonly string[])[]) => [...new Set(lists.flat())];

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The user groups assigning the user in the organisation. Read from the store on every call, never
 * cached: an admin's change applies to the user's next request on every instance. A grant applies
 * only while the user belongs to that organisation, so an assignment outlives neither the account's
 * membership nor (matched by e-mail) the account.
 */
export async function userGroupsOf(
  ctx: AppContext,
  user: UserRecord,
  organizationId: string | null,
): Promise<UserGroupRecord[]> {
  if (!organizationId || !user.organizationIds.includes(organizationId)) return [];
  // no published resource yet means no group was ever made: nothing to read
  if (!ctx.documents.cache.get('resource', USER_GROUP_RESOURCE)) return [];
  return ctx.store
    .collection<UserGroupRecord>(`res.${USER_GROUP_RESOURCE}`)
    .find((group) =>
      (group.members ?? []).some(
        (member) => member.organization === organizationId && sameEmail(member.email, user.email),
      ),
    );
}

/** The membership in the organisation with every grant of the user's groups there added. */
export async function withUserGroups(
  ctx: AppContext,
  user: UserRecord,
  organizationId: string | null,
  membership: Membership,
): Promise<Held> {
  const groups = await userGroupsOf(ctx, user, organizationId);
  return {
    roles: membership.roles,
    permissions: union(membership.permissions, ...groups.map((group) => group.permissions ?? [])),
    groups: union(...groups.map((group) => group.roleGroups ?? [])),
  };
}

/** What the caller holds in the session's organisation, user groups included: what its guards judge. */
export function heldBy(ctx: AppContext, auth: Pick<AuthContext, 'user' | 'claims'>): Promise<Held> {
  const organizationId = organizationOf(auth);
  return withUserGroups(ctx, auth.user, organizationId, membershipIn(auth.user, organizationId));
}
