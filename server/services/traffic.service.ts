/**
 * Traffic queries (docs/domain/traffic-social.md): a query for a domain spends one of its
 * organisation's credits, asks the configured traffic-data provider and keeps the result.
 */
import { randomUUID } from 'node:crypto';
import type { ListQuery, ListResult, QueryableFields, SortKey } from '../../core/query/query.types';
import { businessDirection, normalizeDomain, type TrafficMonth, type TrafficResult } from '../../core/traffic/traffic';
import { readTrafficFile, type TrafficFileFormat } from '../../core/traffic/traffic-file';
import type { AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { OrganizationRecord } from '../store/records.types';
import { type TrafficDataRecord, trafficDataId } from '../traffic/imported-traffic-provider';
import type { TrafficDataProvider } from '../traffic/traffic-provider';
import { sessionOrganization } from './compliance-documents.service';

/** What one query costs (domain §9: traffic queries use a credit balance). */
export const QUERY_COST = 1;

/** Collection `trafficCredits`: one balance per organisation (id = the organisation's id). */
export interface TrafficCreditRecord {
  id: string;
  /** Every credit ever granted. */
  total: number;
  remaining: number;
  updatedAt: string;
}

/** Collection `trafficQueries`: one answered query. */
export type TrafficQueryRecord = TrafficResult & {
  id: string;
  organizationId: string;
  userId: string;
  userEmail: string;
  queryDate: string;
  provider: string;
  credits: number;
};

export const TRAFFIC_QUERY_FIELDS: QueryableFields = {
  filterable: ['domain', 'direction', 'userEmail', 'trafficDate'],
  sortable: ['domain', 'queryDate', 'trafficDate', 'averageVisitors', 'direction', 'userEmail'],
};
export const NEWEST_QUERIES_FIRST: SortKey[] = [{ field: 'queryDate', direction: 'desc' }];

/** A result shows shares as percentages of visits, one decimal (the data files hold fractions). */
const asPercentages = (traffic: TrafficMonth['traffic']) =>
  Object.fromEntries(
    Object.entries(traffic).map(([type, share]) => [type, Math.round(share * 1000) / 10]),
  ) as TrafficMonth['traffic'];

export interface TrafficImport {
  imported: number;
  domains: number;
  rejected: number;
  problems: { line: number; column: string; message: string }[];
}

export class TrafficService {
  constructor(
    private readonly ctx: AppContext,
    private readonly provider: TrafficDataProvider,
  ) {}

  private get balances() {
    return this.ctx.store.collection<TrafficCreditRecord>('trafficCredits');
  }

  private get queries() {
    return this.ctx.store.collection<TrafficQueryRecord>('trafficQueries');
  }

  /** The session organisation's balance; one never granted any has none. */
  async credits(auth: AuthContext) {
    return this.balanceOf(sessionOrganization(auth));
  }

  private async balanceOf(organizationId: string) {
    const record = await this.balances.get(organizationId);
    const total = record?.total ?? 0;
    const remaining = record?.remaining ?? 0;
    return { organizationId, total, remaining, used: total - remaining };
  }

  /**
   * Takes the cost as one compare-and-set (`upsertWith`): two queries sent at once can never both
   * spend the last credit. Refuses (402 `trafficNotEnoughCredits`) taking nothing.
   */
  private async spend(organizationId: string): Promise<void> {
    let refused = false;
    await this.balances.upsertWith(organizationId, (current) => {
      refused = false; // PostgreSQL may run this step again: only the last run counts
      if (!current || current.remaining < QUERY_COST) {
        refused = true;
        return undefined;
      }
      return { ...current, remaining: current.remaining - QUERY_COST, updatedAt: this.ctx.clock().toISOString() };
    });
    if (refused) throw new AppError(402, 'trafficNotEnoughCredits');
  }

  private async refund(organizationId: string): Promise<void> {
    await this.balances.upsertWith(organizationId, (current) =>
      current
        ? { ...current, remaining: current.remaining + QUERY_COST, updatedAt: this.ctx.clock().toISOString() }
        : undefined,
    );
  }

  /**
   * A query: the domain checked, a credit spent (refused at zero before the provider is asked), the
   * provider's months read; with too few to tell a direction the credit comes back (422
   * `trafficNotEnoughData`), as it does when the provider fails.
   */
  async query(auth: AuthContext, input: { domain: string }): Promise<TrafficQueryRecord> {
    const domain = normalizeDomain(input.domain);
    if (!domain) throw new AppError(422, 'trafficInvalidDomain', { domain: 'errors.trafficInvalidDomain' });
    const organizationId = sessionOrganization(auth);
    await this.spend(organizationId);
    let result: TrafficResult;
    try {
      const months = await this.provider.months(domain);
      const direction = businessDirection(months.map((month) => month.averageVisitors));
      const latest = months.at(-1);
      if (!latest || !direction) throw new AppError(422, 'trafficNotEnoughData');
      result = {
        ...latest,
        traffic: asPercentages(latest.traffic),
        direction,
        history: months.map(({ trafficDate, averageVisitors }) => ({ trafficDate, averageVisitors })),
      };
    } catch (error) {
      await this.refund(organizationId);
      throw error;
    }
    const record: TrafficQueryRecord = {
      ...result,
      id: randomUUID(),
      organizationId,
      userId: auth.user.id,
      userEmail: auth.user.email,
      queryDate: this.ctx.clock().toISOString(),
      provider: this.provider.name,
      credits: QUERY_COST,
    };
    return this.queries.insert(record);
  }

  /** The organisation's past queries (the query contract, aggregates included). */
  async list(auth: AuthContext, query: ListQuery): Promise<ListResult<TrafficQueryRecord>> {
    const scope = { field: 'organizationId', op: 'eq' as const, value: sessionOrganization(auth) };
    return this.queries.query({ ...query, filter: query.filter ? { and: [scope, query.filter] } : scope });
  }

  /** One of the organisation's queries; another's is as absent as a missing one. */
  async find(auth: AuthContext, id: string): Promise<TrafficQueryRecord> {
    const record = await this.queries.get(id);
    if (!record || record.organizationId !== sessionOrganization(auth)) throw new AppError(404, 'trafficQueryNotFound');
    return record;
  }

  /** An admin grants credits: both the total and what remains grow. */
  async grant(input: { organizationId: string; credits: number }) {
    const organization = await this.ctx.store.collection<OrganizationRecord>('organizations').get(input.organizationId);
    if (!organization)
      throw new AppError(404, 'organizationNotFound', { organizationId: 'errors.organizationNotFound' });
    const at = this.ctx.clock().toISOString();
    await this.balances.upsertWith(input.organizationId, (current) => ({
      id: input.organizationId,
      total: (current?.total ?? 0) + input.credits,
      remaining: (current?.remaining ?? 0) + input.credits,
      updatedAt: at,
    }));
    return { ...(await this.balanceOf(input.organizationId)), organizationName: organization.name };
  }

  /**
   * An admin imports a data file for the `imported` provider: each good row replaces that domain's
   * month; bad rows are reported by line. A file nothing could be read from is 422.
   */
  async importData(input: { format: TrafficFileFormat; content: string; fileName?: string }): Promise<TrafficImport> {
    const file = readTrafficFile(input.format, input.content);
    if (file.unreadable) throw new AppError(422, 'trafficFileUnreadable', { content: 'errors.trafficFileUnreadable' });
    if (file.rows.length === 0) {
      throw new AppError(422, 'trafficFileEmpty', { content: 'errors.trafficFileEmpty' }, { problems: file.problems });
    }
    const importedAt = this.ctx.clock().toISOString();
    const data = this.ctx.store.collection<TrafficDataRecord>('trafficData');
    // each month is its own compare-and-set: a re-import replaces that domain's month, nothing else
    for (const row of file.rows) {
      const record = {
        ...row,
        id: trafficDataId(row),
        importedAt,
        ...(input.fileName ? { fileName: input.fileName } : {}),
      };
      await data.upsertWith(record.id, () => record);
    }
    return {
      imported: file.rows.length,
      domains: new Set(file.rows.map((row) => row.domain)).size,
      rejected: file.problems.length,
      problems: file.problems.slice(0, 1000),
    };
  }
}
