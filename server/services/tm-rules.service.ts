import type { ConfigDocument } from '../../core/documents/document.types';
import type { ListQuery, ListResult } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import type { PreviewAnswer } from '../../core/transaction-monitoring/preview.types';
import type { TmRuleSetBody } from '../../core/transaction-monitoring/tm.types';
import type { AuthContext } from '../auth/authenticate';
import { organizationOf } from '../auth/memberships';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { TmBacktestService, VersionBacktest } from './tm-backtest.service';
import { type PreviewOptions, previewRuleSet } from './tm-rule-preview';
import { TM_RULES, type TmScoringService } from './tm-scoring.service';

/** One row of the rule set's history: who wrote each version, who approved it, and when. */
export interface RuleVersionRow {
  id: string;
  version: number;
  status: ConfigDocument['status'];
  author: string;
  createdAt: string;
  approver: string | null;
  approvedAt: string | null;
  /** The earliest other version with the same content: what a rollback restores. */
  sameAs: number | null;
  rules: number;
  /** A draft older than the published version cannot be approved any more (made again from the current one). */
  superseded: boolean;
}

/** A version's row with its latest backtest in the reader's organisation (the approver decides with it). */
export type RuleVersionWithBacktest = RuleVersionRow & (VersionBacktest | Record<keyof VersionBacktest, null>);
const NO_BACKTEST: Record<keyof VersionBacktest, null> = {
  backtestId: null,
  backtestStatus: null,
  backtestAlerts: null,
  backtestF1: null,
  backtestLiveF1: null,
};

export const VERSION_FIELDS = {
  filterable: ['status', 'author', 'approver'],
  sortable: ['version', 'createdAt', 'approvedAt', 'status'],
};

/**
 * Maker-checker over the `tm-rules/acquirer` document (docs/documents/tm-rules.md): a change is a
 * draft by its author; an approver who is not its author publishes it, and every instance scores
 * with it from then on (the document cache follows publishes); a rollback is a new draft equal to
 * an earlier version, approved like any other. The four-eyes rule itself is the config service's
 * (FOUR_EYES), so the admin's document editor obeys it too.
 */
export class TmRulesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly scoring: TmScoringService,
    private readonly backtests: TmBacktestService,
    private readonly delayMs: number,
  ) {}

  private async all(): Promise<ConfigDocument[]> {
    const { kind, id } = TM_RULES;
    const metas = await this.ctx.documents.versions(kind, id, true);
    return Promise.all(metas.map((meta) => this.ctx.documents.version(kind, id, meta.version)));
  }

  async versions(auth: AuthContext, query: ListQuery): Promise<ListResult<RuleVersionWithBacktest>> {
    const documents = await this.all();
    const organizationId = organizationOf(auth);
    const backtests = organizationId
      ? await this.backtests.latestOfVersions(
          organizationId,
          documents.map((document) => document.version),
        )
      : new Map<number, VersionBacktest>();
    const published = documents.find((document) => document.status === 'published')?.version ?? 0;
    const rows = documents.map((document): RuleVersionWithBacktest => {
      const twin = documents.find((other) => other.hash === document.hash && other.version < document.version);
      return {
        id: String(document.version),
        version: document.version,
        status: document.status,
        author: document.createdBy,
        createdAt: document.createdAt,
        approver: document.publishedBy ?? null,
        approvedAt: document.publishedAt ?? null,
        sameAs: twin?.version ?? null,
        rules: (document.body as TmRuleSetBody).rules?.length ?? 0,
        superseded: document.status === 'draft' && document.version < published,
        ...(backtests.get(document.version) ?? NO_BACKTEST),
      };
    });
    return runQuery(rows, query);
  }

  /** One version with its body (the editor starts from it). */
  async version(version: number): Promise<ConfigDocument> {
    return this.ctx.documents.version(TM_RULES.kind, TM_RULES.id, version);
  }

  /** A draft for approval: refused with every problem (422) when publishing it would be. */
  async draft(auth: AuthContext, body: TmRuleSetBody): Promise<ConfigDocument> {
    const { kind, id } = TM_RULES;
    const problems = this.ctx.documents.check({ kind, id, body });
    if (problems.length > 0) throw new AppError(422, 'documentInvalid', undefined, { problems });
    return this.ctx.documents.createDraft(kind, id, body, auth.user.email);
  }

  /** Publishes a draft: the config service refuses its author (403) and a superseded draft (409). */
  async approve(auth: AuthContext, version: number): Promise<ConfigDocument> {
    return this.ctx.documents.publish(TM_RULES.kind, TM_RULES.id, version, auth.user.email);
  }

  /** A new draft equal to an earlier published (or retired) version; it goes through approval like any other. */
  async rollback(auth: AuthContext, version: number): Promise<ConfigDocument> {
    const earlier = await this.version(version);
    if (earlier.status === 'draft') throw new AppError(409, 'rollbackOfDraft');
    return this.ctx.documents.createDraft(TM_RULES.kind, TM_RULES.id, earlier.body, auth.user.email);
  }

  /** A draft (not stored) run over the organisation's recent transactions: which decisions would change. */
  preview(auth: AuthContext, body: TmRuleSetBody, options: PreviewOptions): Promise<PreviewAnswer> {
    return previewRuleSet(this.ctx, this.scoring, this.delayMs, auth, body, options);
  }
}
