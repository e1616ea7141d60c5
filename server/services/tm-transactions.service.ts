import type { ListQuery, ListResult } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import type { RuleSetSource, TraceEntry } from '../../core/transaction-monitoring/tm.types';
import type { AuthContext } from '../auth/authenticate';
import { organizationOf } from '../auth/memberships';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { TmTransactionRecord } from './tm-records';
import { sourceOf } from './tm-rule-sets';
import type { TmScoringService } from './tm-scoring.service';

/** Domain §9: users see transactions and results this long after scoring (the ingest answer is immediate). */
export const VISIBILITY_DELAY_MS = 15 * 60_000;

/** A list row: the trace stays on the transaction's own page, the card hash on the server. */
export type TransactionRow = Omit<TmTransactionRecord, 'trace' | 'cardHash'>;
const row = ({ trace: _trace, cardHash: _hash, ...rest }: TmTransactionRecord): TransactionRow => rest;

/**
 * What transaction-monitoring managers read of their organisation: the transactions scored at
 * least the visibility delay ago (by ctx.clock, so tests move time), one transaction with its trace,
 * and the published rule set's rules. Every query is narrowed to the caller's organisation here.
 */
export class TmTransactionsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly scoring: TmScoringService,
    private readonly delayMs: number,
  ) {}

  private organization(auth: AuthContext): string {
    const organizationId = organizationOf(auth);
    if (!organizationId) throw new AppError(403, 'notAMember');
    return organizationId;
  }

  /** The newest scoredAt a user may see now. */
  private visibleUntil(): string {
    return new Date(this.ctx.clock().getTime() - this.delayMs).toISOString();
  }

  async list(auth: AuthContext, query: ListQuery): Promise<ListResult<TransactionRow>> {
    const scope = {
      and: [
        { field: 'organizationId', op: 'eq' as const, value: this.organization(auth) },
        { field: 'scoredAt', op: 'lte' as const, value: this.visibleUntil() },
      ],
    };
    const result = await this.ctx.store.query<TmTransactionRecord>('tmTransactions', {
      ...query,
      filter: query.filter ? { and: [scope, query.filter] } : scope,
    });
    return { ...result, items: result.items.map(row) };
  }

  private async visible(auth: AuthContext, id: string): Promise<TmTransactionRecord> {
    const record = await this.ctx.store.collection<TmTransactionRecord>('tmTransactions').get(id);
    // another organisation's, or not yet shown: the same 404, so neither is told apart
    if (!record || record.organizationId !== this.organization(auth) || record.scoredAt > this.visibleUntil())
      throw new AppError(404, 'notFound');
    return record;
  }

  async get(auth: AuthContext, id: string): Promise<TransactionRow & { delayMinutes: number }> {
    return { ...row(await this.visible(auth, id)), delayMinutes: Math.round(this.delayMs / 60_000) };
  }

  /** The transaction's trace as list rows (the page's list panel), each rule's title from the version that scored it. */
  async trace(auth: AuthContext, id: string, query: ListQuery): Promise<ListResult<TraceRow>> {
    const record = await this.visible(auth, id);
    const rows = record.trace.map((entry: TraceEntry, index) => ({
      id: String(index + 1),
      ...entry,
      reads: Object.entries(entry.reads)
        .map(([name, value]) => `${name} = ${JSON.stringify(value)}`)
        .join('; '),
    }));
    return runQuery(rows, query);
  }

  /**
   * The rules of the set that scores the organisation now (the rules screen): its own published one,
   * else the platform default; `ruleSet` says which.
   */
  rules(
    auth: AuthContext,
    query: ListQuery,
  ): ListResult<RuleRow> & { version: number; ruleSet: string; source: RuleSetSource } {
    const organizationId = organizationOf(auth);
    if (!organizationId) throw new AppError(403, 'notAMember');
    const { id, version, body } = this.scoring.ruleSet(organizationId);
    const rows = body.rules.map((rule) => ({
      id: rule.id,
      title: rule.title,
      group: rule.group,
      score: rule.score,
      enabled: !rule.disabled,
      condition: JSON.stringify(rule.when),
    }));
    return { ...runQuery(rows, query), version, ruleSet: id, source: sourceOf(id) };
  }
}

export type TraceRow = Omit<TraceEntry, 'reads'> & { id: string; reads: string };
export interface RuleRow {
  id: string;
  title: unknown;
  group: string;
  score: number;
  enabled: boolean;
  condition: string;
}

export const TRACE_FIELDS = {
  filterable: ['outcome', 'group', 'ruleId'],
  sortable: ['ruleId', 'group', 'score', 'outcome'],
};
export const RULE_FIELDS = { filterable: ['group', 'enabled', 'id'], sortable: ['id', 'group', 'score'] };
