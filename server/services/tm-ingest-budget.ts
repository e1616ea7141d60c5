import type { AuthContext } from '../auth/authenticate';
import { organizationOf } from '../auth/memberships';
import type { AppContext, IngestBudget } from '../context';
import { AppError } from '../http/app-error';
import type { OrganizationRecord } from '../store/records.types';

/** 1,000 transactions a second per key, the ingest's target rate; an organisation may choose up to ten times that. */
export const DEFAULT_INGEST_BUDGET: IngestBudget = { limit: 60_000, windowMs: 60_000, maxLimit: 600_000 };

export type { IngestBudget };

export interface IngestBudgetView {
  limit: number;
  windowSeconds: number;
  /** The deployment's budget, and whether the organisation chose its own. */
  defaultLimit: number;
  custom: boolean;
  maxLimit: number;
}

const organizations = (ctx: Pick<AppContext, 'store'>) => ctx.store.collection<OrganizationRecord>('organizations');

/** The budget of a key of this organisation: its own choice, else the deployment's. */
export async function ingestLimitOf(ctx: AppContext, organizationId: string): Promise<number> {
  const organization = await organizations(ctx).get(organizationId);
  return organization?.tmIngestLimit ?? ctx.transactionMonitoring.ingestBudget.limit;
}

async function viewOf(ctx: AppContext, organizationId: string): Promise<IngestBudgetView> {
  const { limit, windowMs, maxLimit } = ctx.transactionMonitoring.ingestBudget;
  const chosen = (await organizations(ctx).get(organizationId))?.tmIngestLimit;
  return {
    limit: chosen ?? limit,
    windowSeconds: windowMs / 1000,
    defaultLimit: limit,
    custom: chosen !== undefined,
    maxLimit,
  };
}

function memberOrganization(auth: AuthContext): string {
  const organizationId = organizationOf(auth);
  if (!organizationId) throw new AppError(403, 'notAMember');
  return organizationId;
}

/** GET …/transaction-monitoring/ingest-budget: the session organisation's budget. */
export function ingestBudgetOf(ctx: AppContext, auth: AuthContext): Promise<IngestBudgetView> {
  return viewOf(ctx, memberOrganization(auth));
}

/** PUT …/ingest-budget: the organisation's own budget (1 to maxLimit), or null for the deployment's. */
export async function saveIngestBudget(ctx: AppContext, auth: AuthContext, limit: number | null) {
  const organizationId = memberOrganization(auth);
  if (limit !== null && limit > ctx.transactionMonitoring.ingestBudget.maxLimit)
    throw new AppError(422, 'validationFailed', { limit: 'errors.tmIngestLimitTooHigh' });
  // read-modify-write, so null takes the member away (a merge would keep it)
  await organizations(ctx).upsertWith(organizationId, (current) => {
    if (!current) return undefined;
    const { tmIngestLimit: _previous, ...rest } = current;
    return limit === null ? rest : { ...rest, tmIngestLimit: limit };
  });
  return viewOf(ctx, organizationId);
}
