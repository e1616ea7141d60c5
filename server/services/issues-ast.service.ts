import {
  byCategory,
  type IssueFacts,
  type IssueSource,
  leaderboard,
  progress,
  severities,
  states,
  totals,
} from '../../core/issues/issue-stats';
import { evaluateGuard } from '../../core/guard/guard.utils';
import type { Filter } from '../../core/query/query.types';
import { thirdPartyStates } from '../../core/third-parties/third-party-status';
import type { ResourceRecord } from '../../core/resources/resource.types';
import { allOf, scopeFilter } from '../../core/resources/resource.utils';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { findWhere } from '../store/matching';
import { historyOf } from './history';
import type { ResourceCaller, ResourcesService } from './resources.service';

/** The resource whose records the AST reads count (schemas/resources/issue.json). */
export const ISSUE_RESOURCE = 'issue';
/** The resource of the third parties the dashboard counts (schemas/resources/third-party.json). */
export const THIRD_PARTY_RESOURCE = 'third-party';

/** The lens of a read: the assessment role it is asked for (shell §7 `{userType}`). */
export const USER_TYPES = ['owner', 'assessor', 'assessee'] as const;
export type UserType = (typeof USER_TYPES)[number];
const PERMISSION_OF: Record<UserType, string> = {
  owner: 'assessmentOwner:view',
  assessor: 'assessmentAssessor:view',
  assessee: 'assessmentAssessee:view',
};

/** The rows a list read answers: an issue as the dashboards show it. */
export type IssueRow = IssueFacts & { priority: string | null; dueDate: string | null };

/**
 * The AST issue reads (docs/gateway/ast.md): figures over the issue records the caller may
 * list — the resource's `list` guard and scope, so nothing here widens what the records endpoint
 * shows. A `{userType}` read is answered only for a role the caller holds (403 otherwise); it is
 * the lens the dashboards ask with, over the same organisation's issues.
 */
export class IssuesAstService {
  constructor(
    private readonly ctx: AppContext,
    private readonly resources: ResourcesService,
  ) {}

  /** The caller's issues (scope of the resource), optionally narrowed. */
  private async issues(caller: ResourceCaller, filter?: Filter): Promise<IssueFacts[]> {
    const resource = this.resources.authorize(ISSUE_RESOURCE, 'list', caller);
    const scoped = allOf(scopeFilter(resource.body.scope, caller.owner), filter);
    const records = this.resources.records(resource.id);
    const found = scoped ? await findWhere(records, scoped) : await records.all();
    return found.map(facts);
  }

  /** 403 unless the caller holds the role the lens names, or is an admin (a guard, as routes have). */
  lens(caller: ResourceCaller, userType: UserType): void {
    const guard = { anyOf: [PERMISSION_OF[userType], 'admin'] };
    if (!evaluateGuard(guard, caller.subject, caller.roleGroups)) throw new AppError(403, 'noPermission');
  }

  async list(caller: ResourceCaller, source: IssueSource, merchantId?: string): Promise<IssueRow[]> {
    const issues = await this.issues(caller, bySource(source, merchantId));
    return issues.sort((a, b) => b.createdAt.localeCompare(a.createdAt)) as IssueRow[];
  }

  async totals(caller: ResourceCaller, source?: IssueSource, merchantId?: string) {
    return totals(await this.issues(caller, bySource(source, merchantId)));
  }

  async severities(caller: ResourceCaller, source: IssueSource) {
    return severities(await this.issues(caller, bySource(source)));
  }

  async states(caller: ResourceCaller, source: IssueSource) {
    return states(await this.issues(caller, bySource(source)));
  }

  async byCategory(caller: ResourceCaller) {
    return byCategory(await this.issues(caller, bySource('assessment')));
  }

  async leaderboard(caller: ResourceCaller) {
    return leaderboard(await this.issues(caller));
  }

  /** The issues the caller raised, by state (shell §7 get_issue_statuses_by_owner). */
  async statesOfOwn(caller: ResourceCaller) {
    return states(await this.issues(caller, { field: 'createdBy', op: 'eq', value: caller.user.id }));
  }

  /** The organisation's third parties (resource `third-party`, its `list` guard and scope). */
  private async thirdParties(caller: ResourceCaller): Promise<ResourceRecord[]> {
    const resource = this.resources.authorize(THIRD_PARTY_RESOURCE, 'list', caller);
    const scoped = scopeFilter(resource.body.scope, caller.owner);
    const records = this.resources.records(resource.id);
    return scoped ? findWhere(records, scoped) : records.all();
  }

  async thirdPartyTotal(caller: ResourceCaller): Promise<{ total: number }> {
    return { total: (await this.thirdParties(caller)).length };
  }

  /** Third parties by where their licence stands today (core/third-parties/third-party-status.ts). */
  async thirdPartyStates(caller: ResourceCaller, now = this.ctx.clock()) {
    return thirdPartyStates(
      (await this.thirdParties(caller)).map((party) => party.licenseEnd),
      now,
    );
  }

  /** Raised, resolved and still active per week (1 month) or per month (3, 6, 12). */
  async progress(caller: ResourceCaller, months: number, now = this.ctx.clock()) {
    const issues = await this.issues(caller);
    return progress(issues, await this.resolvedAt(issues), months, now);
  }

  /** When each resolved issue was resolved: its last move into `resolved` in the workflow history. */
  private async resolvedAt(issues: IssueFacts[]): Promise<Map<string, string>> {
    const resolved = issues.filter((issue) => issue.state === 'resolved').map((issue) => issue.id);
    const at = new Map<string, string>();
    if (resolved.length === 0) return at;
    const entries = await findWhere(historyOf(this.ctx, ISSUE_RESOURCE), {
      field: 'recordId',
      op: 'in',
      value: resolved,
    });
    for (const entry of entries) {
      if (entry.to !== 'resolved') continue;
      const known = at.get(entry.recordId);
      if (!known || entry.at > known) at.set(entry.recordId, entry.at);
    }
    return at;
  }
}

function bySource(source?: IssueSource, merchantId?: string): Filter | undefined {
  return allOf(
    source ? { field: 'source', op: 'eq', value: source } : undefined,
    merchantId ? { field: 'merchantId', op: 'eq', value: merchantId } : undefined,
  );
}

function facts(record: ResourceRecord): IssueRow {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    id: record.id,
    title: text(record.title),
    source: text(record.source),
    severity: text(record.severity),
    category: text(record.category),
    state: text(record.state),
    ...(typeof record.asset === 'string' ? { asset: record.asset } : {}),
    ...(typeof record.merchantId === 'string' ? { merchantId: record.merchantId } : {}),
    priority: typeof record.priority === 'string' ? record.priority : null,
    dueDate: typeof record.dueDate === 'string' ? record.dueDate : null,
    createdAt: record.createdAt,
  };
}
