import type { ConfigDocument } from '../../core/documents/document.types';
import type { ListQuery, ListResult } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import type { PreviewAnswer } from '../../core/transaction-monitoring/preview.types';
import type { RuleSetSource, TmRuleSetBody } from '../../core/transaction-monitoring/tm.types';
import type { AuthContext } from '../auth/authenticate';
import { organizationOf } from '../auth/memberships';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { TmBacktestService, VersionBacktest } from './tm-backtest.service';
import { type PreviewOptions, previewRuleSet } from './tm-rule-preview';
import { DEFAULT_RULE_SET, effectiveRuleSet, ruleSetIdOf, sourceOf, TM_RULES_KIND } from './tm-rule-sets';
import type { TmScoringService } from './tm-scoring.service';

/** One row of the rule set's history: who wrote each version, who approved it, and when. */
export interface RuleVersionRow {
  id: string;
  /** The rule set the version belongs to: the organisation's own, or the platform default it falls back to. */
  ruleSet: string;
  /** The organisation's own rule set, or the platform default (read only here: no approve nor rollback). */
  source: RuleSetSource;
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
 * Maker-checker over the session organisation's own rule set, `tm-rules/org.<organisation>`
 * (docs/documents/tm-rules.md): a change is a draft by its author; an approver of the same
 * organisation who is not its author publishes it, and every instance scores the organisation's
 * transactions with it from then on (the document cache follows publishes); a rollback is a new
 * draft equal to an earlier version, approved like any other. Until its first draft an organisation
 * has no set of its own and reads the platform default (`tm-rules/acquirer`); its first draft starts
 * its set from the default as it is then. Every method names the set by the session's organisation,
 * so no route can reach another's. The four-eyes rule itself is the config service's (FOUR_EYES).
 */
export class TmRulesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly scoring: TmScoringService,
    private readonly backtests: TmBacktestService,
    private readonly delayMs: number,
  ) {}

  /** The session's organisation: every rule-set route works on its set only. */
  private organization(auth: AuthContext): string {
    const organizationId = organizationOf(auth);
    if (!organizationId) throw new AppError(403, 'notAMember');
    return organizationId;
  }

  /** Whether the organisation has started a rule set of its own. */
  private async hasOwn(organizationId: string): Promise<boolean> {
    return this.ctx.documents.exists(TM_RULES_KIND, ruleSetIdOf(organizationId));
  }

  /**
   * The versions the organisation sees: all of its own set's; without one, only the platform
   * default's published version (its drafts and history are the platform's).
   */
  private async all(organizationId: string): Promise<ConfigDocument[]> {
    if (!(await this.hasOwn(organizationId))) return [effectiveRuleSet(this.ctx.documents, organizationId)];
    const id = ruleSetIdOf(organizationId);
    const metas = await this.ctx.documents.versions(TM_RULES_KIND, id, true);
    return Promise.all(metas.map((meta) => this.ctx.documents.version(TM_RULES_KIND, id, meta.version)));
  }

  async versions(auth: AuthContext, query: ListQuery): Promise<ListResult<RuleVersionWithBacktest>> {
    const organizationId = this.organization(auth);
    const documents = await this.all(organizationId);
    const ruleSet = documents[0]?.id ?? DEFAULT_RULE_SET;
    const backtests = await this.backtests.latestOfVersions(
      organizationId,
      ruleSet,
      documents.map((document) => document.version),
    );
    const published = documents.find((document) => document.status === 'published')?.version ?? 0;
    const rows = documents.map((document): RuleVersionWithBacktest => {
      const twin = documents.find((other) => other.hash === document.hash && other.version < document.version);
      return {
        id: String(document.version),
        ruleSet: document.id,
        source: sourceOf(document.id),
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

  /** One version of the organisation's rule set with its body (the editor starts from it); 404 for any other. */
  async version(auth: AuthContext, version: number): Promise<ConfigDocument> {
    const found = (await this.all(this.organization(auth))).find((document) => document.version === version);
    if (!found) throw new AppError(404, 'documentNotFound');
    return found;
  }

  /**
   * A draft for approval: refused with every problem (422) when publishing it would be. The
   * organisation's first draft starts its own set: version 1 is the platform default as it is now
   * (same rules, so nothing scores differently until a draft is approved).
   */
  async draft(auth: AuthContext, body: TmRuleSetBody): Promise<ConfigDocument> {
    const organizationId = this.organization(auth);
    const id = ruleSetIdOf(organizationId);
    const problems = this.ctx.documents.check({ kind: TM_RULES_KIND, id, body });
    if (problems.length > 0) throw new AppError(422, 'documentInvalid', undefined, { problems });
    await this.startOwn(organizationId);
    return this.ctx.documents.createDraft(TM_RULES_KIND, id, body, auth.user.email);
  }

  private async startOwn(organizationId: string): Promise<void> {
    if (await this.hasOwn(organizationId)) return;
    const fallback = effectiveRuleSet(this.ctx.documents, organizationId);
    await this.ctx.documents.start(TM_RULES_KIND, ruleSetIdOf(organizationId), fallback.body);
  }

  /**
   * Publishes a draft of the organisation's set: the config service refuses its author (403) and a
   * superseded draft (409); the route asked for an approver of this same organisation.
   */
  async approve(auth: AuthContext, version: number): Promise<ConfigDocument> {
    const organizationId = this.organization(auth);
    if (!(await this.hasOwn(organizationId))) throw new AppError(404, 'documentNotFound');
    return this.ctx.documents.publish(TM_RULES_KIND, ruleSetIdOf(organizationId), version, auth.user.email);
  }

  /** A new draft equal to an earlier published (or retired) version; it goes through approval like any other. */
  async rollback(auth: AuthContext, version: number): Promise<ConfigDocument> {
    const earlier = await this.version(auth, version);
    if (earlier.status === 'draft') throw new AppError(409, 'rollbackOfDraft');
    return this.draft(auth, earlier.body as TmRuleSetBody);
  }

  /** A draft (not stored) run over the organisation's recent transactions: which decisions would change. */
  preview(auth: AuthContext, body: TmRuleSetBody, options: PreviewOptions): Promise<PreviewAnswer> {
    return previewRuleSet(this.ctx, this.scoring, this.delayMs, auth, body, options);
  }
}
