import type { AuthContext } from '../auth/authenticate';
import { organizationOf } from '../auth/memberships';
import type { AppContext, IngestBudget } from '../context';
import { AppError } from '../http/app-error';
import { SharedCache } from '../scale/shared-cache';
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

function memberOrganization(auth: AuthContext): string {
  const organizationId = organizationOf(auth);
  if (!organizationId) throw new AppError(403, 'notAMember');
  return organizationId;
}

/**
 * The ingest API's budget per organisation (docs/gateway/tm.md 'Throttle'): the deployment's, or the
 * organisation's own choice. Every ingest call reads it, so it is kept in each instance (SharedCache)
 * until a save drops it everywhere — on PostgreSQL that read was a statement per transaction.
 */
export class TmIngestBudgetService {
  /** The organisation's own limit, or null for the deployment's, by organisation id. */
  private readonly chosen: SharedCache<number | null>;

  constructor(private readonly ctx: AppContext) {
    this.chosen = new SharedCache<number | null>(ctx, 'tm.ingestBudgetChanged');
  }

  private organizations() {
    return this.ctx.store.collection<OrganizationRecord>('organizations');
  }

  private chosenLimit(organizationId: string): Promise<number | null> {
    return this.chosen.get(
      organizationId,
      '',
      async () => (await this.organizations().get(organizationId))?.tmIngestLimit ?? null,
    );
  }

  /** The budget of a key of this organisation: its own choice, else the deployment's. */
  async limitOf(organizationId: string): Promise<number> {
    return (await this.chosenLimit(organizationId)) ?? this.ctx.transactionMonitoring.ingestBudget.limit;
  }

  private async viewOf(organizationId: string): Promise<IngestBudgetView> {
    const { limit, windowMs, maxLimit } = this.ctx.transactionMonitoring.ingestBudget;
    const chosen = await this.chosenLimit(organizationId);
    return {
      limit: chosen ?? limit,
      windowSeconds: windowMs / 1000,
      defaultLimit: limit,
      custom: chosen !== null,
      maxLimit,
    };
  }

  /** GET …/transaction-monitoring/ingest-budget: the session organisation's budget. */
  of(auth: AuthContext): Promise<IngestBudgetView> {
    return this.viewOf(memberOrganization(auth));
  }

  /** PUT …/ingest-budget: the organisation's own budget (1 to maxLimit), or null for the deployment's. */
  async save(auth: AuthContext, limit: number | null): Promise<IngestBudgetView> {
    const organizationId = memberOrganization(auth);
    if (limit !== null && limit > this.ctx.transactionMonitoring.ingestBudget.maxLimit)
      throw new AppError(422, 'validationFailed', { limit: 'errors.tmIngestLimitTooHigh' });
    // read-modify-write, so null takes the member away (a merge would keep it)
    await this.organizations().upsertWith(organizationId, (current) => {
      if (!current) return undefined;
      const { tmIngestLimit: _previous, ...rest } = current;
      return limit === null ? rest : { ...rest, tmIngestLimit: limit };
    });
    // every instance reads it afresh before this answers
    await this.chosen.changed(organizationId);
    return this.viewOf(organizationId);
  }
}
