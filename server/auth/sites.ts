import { SITES_GUARD } from '../../core/guard/code-guards';
import { evaluateGuard } from '../../core/guard/guard.utils';
import { subjectOf } from '../../core/session/subject';
import { publishedRoleGroups } from './role-groups';
import type { AppContext } from '../context';
import { findWhere } from '../store/matching';
import type { Membership, SiteRecord, UserRecord } from '../store/records.types';

/** What a user holds in one organisation: a membership, with the role groups user groups grant by name. */
type Holding = Membership & { groups?: string[] };

/** A site as the client sees it (shell §3 'Site'). */
export interface SiteView {
  id: string;
  name: string;
}

/**
 * Domain §6: the site list needs the saq permission, held by whoever passes SITES_GUARD (the
 * `siteHolders` role group of the published role-groups document); anyone else has no sites at all.
 * The subject is what the user holds in the session's organisation, and their packages: what a role
 * group can name.
 */
export function mayHaveSites(ctx: AppContext, user: UserRecord, held: Holding): boolean {
  const subject = subjectOf({
    token: null,
    roles: held.roles,
    permissions: held.permissions,
    roleGroups: held.groups,
    protectedData: { platform: user.platform, packageList: user.packages },
  });
  return evaluateGuard(SITES_GUARD, subject, publishedRoleGroups(ctx));
}

/** The sites of the user's organisations, by name; empty without the saq permission. */
export async function sitesOf(ctx: AppContext, user: UserRecord, held: Holding): Promise<SiteView[]> {
  if (!mayHaveSites(ctx, user, held)) return [];
  const sites = await findWhere(ctx.store.collection<SiteRecord>('sites'), {
    field: 'organizationId',
    op: 'in',
    value: user.organizationIds,
  });
  return sites
    .map(({ id, name }) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/**
 * The site named by X-SITE-ID when it is one of the user's sites, otherwise undefined: a stale or
 * foreign id (another user's selection left in the browser) is ignored, never an error.
 */
export async function selectedSiteOf(
  ctx: AppContext,
  user: UserRecord,
  held: Holding,
  header: string | undefined,
): Promise<SiteView | undefined> {
  const id = header?.trim();
  if (!id) return undefined;
  return (await sitesOf(ctx, user, held)).find((site) => site.id === id);
}
