import {
  type BacktestComparison,
  type BacktestResult,
  BacktestTally,
  compareResults,
  EXAMPLE_KINDS,
  factsOf,
} from '../../core/transaction-monitoring/backtest';
import { compileRuleSet, type CompiledRuleSet } from '../../core/transaction-monitoring/engine';
import { ListsAtTime } from '../../core/transaction-monitoring/list-history';
import { prepareLists } from '../../core/transaction-monitoring/list-match';
import { featuresOf } from '../../core/transaction-monitoring/operators';
import { ReplayWindows } from '../../core/transaction-monitoring/replay-windows';
import type { TmRuleSetBody } from '../../core/transaction-monitoring/tm.types';
import type { Filter } from '../../core/query/filter.types';
import { type ListQuery, type ListResult, MAX_PAGE_SIZE } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import type { AuthContext } from '../auth/authenticate';
import { organizationOf } from '../auth/memberships';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { Job } from '../jobs/jobs.types';
import { publishToUser } from '../realtime/publish';
import type { TmListsService } from './tm-lists.service';
import type { TmTransactionRecord } from './tm-records';
import { effectiveRuleSet, ruleSetIdOf, TM_RULES_KIND } from './tm-rule-sets';
import type { ListFeatures, TmScoringService } from './tm-scoring.service';

export const BACKTEST_JOB = 'tm.backtest';
/** The real-time event the backtest page refreshes on (its creator's channel). */
export const BACKTEST_EVENT = 'tm.backtest';
/** The longest period one backtest replays. */
export const MAX_BACKTEST_DAYS = 92;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Transactions read per query: a day of a million a month in one, so no page sits behind an offset. */
const READ_PAGE = 50_000;

export interface BacktestRequest {
  from: string;
  to: string;
  /** A stored version of the rule set, or… */
  version?: number;
  /** …a draft body (judged as publishing would). */
  rules?: TmRuleSetBody;
}

/** A backtest (collection `tmBacktests`): what it replays, how far it got, what it found. */
export interface TmBacktestRecord {
  id: string;
  organizationId: string;
  createdAt: string;
  createdBy: string;
  from: string;
  to: string;
  /** The version replayed; `version: null` for a draft body (kept in `rules`). */
  ruleSet: { id: string; version: number | null };
  rules?: TmRuleSetBody;
  status: BacktestStatus;
  progress: { done: number; total: number };
  finishedAt?: string;
  /** Who stopped it (a stopped backtest keeps its progress and has no result). */
  stoppedBy?: string;
  error?: string;
  result?: BacktestResult;
  /** The same period through the version published when the job ran, beside `result`. */
  comparison?: BacktestComparison;
}

export type BacktestStatus = 'queued' | 'running' | 'completed' | 'failed' | 'stopped';
const FINISHED: ReadonlySet<BacktestStatus> = new Set(['completed', 'failed', 'stopped']);

/** A draft version's latest backtest, as its row in the versions list shows it. */
export interface VersionBacktest {
  backtestId: string;
  backtestStatus: BacktestStatus;
  backtestAlerts: number | null;
  backtestF1: number | null;
  backtestLiveF1: number | null;
}

export type BacktestRow = Omit<TmBacktestRecord, 'organizationId' | 'rules'>;
const row = ({ organizationId: _org, rules: _rules, ...rest }: TmBacktestRecord): BacktestRow => rest;

export const BACKTEST_FIELDS = {
  filterable: ['status', 'createdAt', 'createdBy', 'ruleSet.id', 'ruleSet.version'],
  sortable: ['createdAt', 'from', 'to', 'status'],
};
export const BACKTEST_RULE_FIELDS = {
  filterable: ['ruleId', 'group'],
  sortable: [
    'ruleId',
    'group',
    'hits',
    'truePositives',
    'falsePositives',
    'missed',
    'precision',
    'recall',
    'f1',
    'alertsDelta',
    'precisionDelta',
    'recallDelta',
    'f1Delta',
  ],
};
export const BACKTEST_EXAMPLE_FIELDS = {
  filterable: ['ruleId', 'kind'],
  sortable: ['ruleId', 'kind', 'transactionId'],
};

/**
 * The point-in-time backtest (docs/domain/transaction-monitoring.md 'Backtest'): a job replays an
 * organisation's transactions scored in a past period through the engine's compile and score, each
 * at its own time — the lists as the history says they were then, velocity and the merchant's
 * average over the transactions before it only — and counts hits, decisions and the case labels
 * per rule and overall. Progress is written to the record as it goes.
 */
export class TmBacktestService {
  constructor(
    private readonly ctx: AppContext,
    private readonly scoring: TmScoringService,
    private readonly lists: TmListsService,
  ) {}

  private organization(auth: AuthContext): string {
    const organizationId = organizationOf(auth);
    if (!organizationId) throw new AppError(403, 'notAMember');
    return organizationId;
  }

  private records() {
    return this.ctx.store.collection<TmBacktestRecord>('tmBacktests');
  }

  /** Checks the request, stores the backtest as queued and sends the job. */
  async start(auth: AuthContext, request: BacktestRequest): Promise<BacktestRow> {
    const organizationId = this.organization(auth);
    const from = new Date(request.from);
    const to = new Date(request.to);
    const now = this.ctx.clock();
    if (!(from < to)) throw new AppError(422, 'validationFailed', { to: 'errors.tmBacktestPeriod' });
    if (to > now) throw new AppError(422, 'validationFailed', { to: 'errors.tmBacktestFuture' });
    if (to.getTime() - from.getTime() > MAX_BACKTEST_DAYS * DAY)
      throw new AppError(422, 'validationFailed', { from: 'errors.tmBacktestTooLong' });
    if ((request.version === undefined) === (request.rules === undefined))
      throw new AppError(400, 'invalidRequest', { version: 'invalidRequest', rules: 'invalidRequest' });
    // the organisation's own rule set (or the platform default's published version while it has none)
    const ruleSetId = await this.replayedSet(organizationId, request.version);
    if (request.rules) {
      const problems = this.ctx.documents.check({ kind: TM_RULES_KIND, id: ruleSetId, body: request.rules });
      if (problems.length > 0)
        throw new AppError(422, 'validationFailed', { rules: 'errors.tmBacktestRules' }, { problems });
    }
    const record: TmBacktestRecord = {
      id: crypto.randomUUID(),
      organizationId,
      createdAt: now.toISOString(),
      createdBy: auth.user.id,
      from: from.toISOString(),
      to: to.toISOString(),
      ruleSet: { id: ruleSetId, version: request.version ?? null },
      ...(request.rules ? { rules: request.rules } : {}),
      status: 'queued',
      progress: { done: 0, total: 0 },
    };
    await this.records().insert(record);
    await this.ctx.jobs.send(BACKTEST_JOB, { id: record.id });
    return row(record);
  }

  async list(auth: AuthContext, query: ListQuery): Promise<ListResult<BacktestRow>> {
    const scope: Filter = { field: 'organizationId', op: 'eq', value: this.organization(auth) };
    const result = await this.records().query({
      ...query,
      filter: query.filter ? { and: [scope, query.filter] } : scope,
    });
    return { ...result, items: result.items.map(row) };
  }

  private async mine(auth: AuthContext, id: string): Promise<TmBacktestRecord> {
    const record = await this.records().get(id);
    if (!record || record.organizationId !== this.organization(auth)) throw new AppError(404, 'notFound');
    return record;
  }

  async get(auth: AuthContext, id: string): Promise<BacktestRow> {
    return row(await this.mine(auth, id));
  }

  /**
   * The per-rule figures as list rows (the backtest page's table), each beside the live version's
   * (`liveAlerts`, `livePrecision`…, and the `…Delta`s); a rule only the live version has shows its side only.
   */
  async rules(auth: AuthContext, id: string, query: ListQuery) {
    const record = await this.mine(auth, id);
    const own = new Map((record.result?.rules ?? []).map(({ examples: _e, ...figures }) => [figures.ruleId, figures]));
    const rows: Array<Record<string, unknown> & { id: string }> = record.comparison
      ? record.comparison.rules.map((compared) => ({ id: compared.ruleId, ...own.get(compared.ruleId), ...compared }))
      : [...own.values()].map((figures) => ({ id: figures.ruleId, ...figures }));
    return runQuery(rows, query);
  }

  /** The example hits and misses as list rows: rule, kind, the transaction (its page is `transaction`). */
  async examples(auth: AuthContext, id: string, query: ListQuery) {
    const record = await this.mine(auth, id);
    const rows = (record.result?.rules ?? []).flatMap((rule) =>
      EXAMPLE_KINDS.flatMap((kind) =>
        rule.examples[kind].map((example) => ({
          id: `${rule.ruleId}.${kind}.${example.id}`,
          ruleId: rule.ruleId,
          kind,
          transaction: example.id,
          transactionId: example.transactionId,
        })),
      ),
    );
    return runQuery(rows, query);
  }

  /** Stops a queued or running backtest: the job sees it between chunks and ends, keeping its progress. */
  async stop(auth: AuthContext, id: string): Promise<BacktestRow> {
    const record = await this.mine(auth, id);
    if (FINISHED.has(record.status)) throw new AppError(409, 'tmBacktestFinished');
    const written = await this.records().update(id, {
      status: 'stopped',
      stoppedBy: auth.user.id,
      finishedAt: this.ctx.clock().toISOString(),
    });
    await publishToUser(this.ctx, record.createdBy, BACKTEST_EVENT, {
      id,
      status: written.status,
      progress: written.progress,
    });
    return row(written);
  }

  /**
   * The rule set a backtest of the organisation replays: its own (any stored version) once it has
   * one, else the platform default, of which only the published version; 404 for another version.
   */
  private async replayedSet(organizationId: string, version: number | undefined): Promise<string> {
    const own = ruleSetIdOf(organizationId);
    if (await this.ctx.documents.exists(TM_RULES_KIND, own)) {
      if (version !== undefined) await this.ctx.documents.version(TM_RULES_KIND, own, version);
      return own;
    }
    const fallback = effectiveRuleSet(this.ctx.documents, organizationId);
    if (version !== undefined && version !== fallback.version) throw new AppError(404, 'documentNotFound');
    return fallback.id;
  }

  /** The latest backtest of each of these stored versions of a rule set in the organisation (what the approver reads). */
  async latestOfVersions(
    organizationId: string,
    ruleSetId: string,
    versions: readonly number[],
  ): Promise<Map<number, VersionBacktest>> {
    const latest = new Map<number, VersionBacktest>();
    if (versions.length === 0) return latest;
    const { items } = await this.records().query({
      filter: {
        and: [
          { field: 'organizationId', op: 'eq', value: organizationId },
          { field: 'ruleSet.id', op: 'eq', value: ruleSetId },
          { field: 'ruleSet.version', op: 'in', value: [...versions] },
        ],
      },
      sort: [{ field: 'createdAt', direction: 'desc' }],
      page: 1,
      pageSize: MAX_PAGE_SIZE,
    });
    for (const record of items) {
      const version = record.ruleSet.version as number;
      if (latest.has(version)) continue;
      latest.set(version, {
        backtestId: record.id,
        backtestStatus: record.status,
        backtestAlerts: record.result?.alerts ?? null,
        backtestF1: record.result?.overall.f1 ?? null,
        backtestLiveF1: record.comparison?.overall.liveF1 ?? null,
      });
    }
    return latest;
  }

  private async body(record: TmBacktestRecord): Promise<{ body: TmRuleSetBody; compiled: CompiledRuleSet }> {
    if (record.rules) return { body: record.rules, compiled: compileRuleSet(record.rules) };
    const version = record.ruleSet.version as number;
    const { id } = record.ruleSet;
    const document = await this.ctx.documents.version(TM_RULES_KIND, id, version);
    const body = document.body as TmRuleSetBody;
    // a draft's author may still edit it: only a version once published is compiled into the cache
    if (document.status === 'draft') return { body, compiled: compileRuleSet(body) };
    return { body, compiled: this.scoring.compiledVersion(id, version, body) };
  }

  /**
   * The organisation's transactions scored in [from, to), ascending by scoredAt, a page at a time
   * (a day's at most, so no page sits behind a long offset), without holding the period in memory.
   */
  private async *transactions(organizationId: string, from: number, to: number): AsyncGenerator<TmTransactionRecord[]> {
    for (let start = from; start < to; start += DAY) {
      const filter: Filter = {
        and: [
          { field: 'organizationId', op: 'eq', value: organizationId },
          { field: 'scoredAt', op: 'gte', value: new Date(start).toISOString() },
          { field: 'scoredAt', op: 'lt', value: new Date(Math.min(start + DAY, to)).toISOString() },
        ],
      };
      for (let page = 1; ; page += 1) {
        // scoredAt alone: both stores break ties by id themselves; with the id as a second key (folded)
        // PostgreSQL sorted the whole day again for every page, spilling to disk (175 ms a page of 10,000)
        const { items } = await this.ctx.store.query<TmTransactionRecord>('tmTransactions', {
          filter,
          sort: [{ field: 'scoredAt', direction: 'asc' }],
          page,
          pageSize: READ_PAGE,
        });
        if (items.length > 0) yield items;
        if (items.length < READ_PAGE) break;
      }
    }
  }

  /** How many transactions the period holds (the progress's total). */
  private async count(organizationId: string, from: string, to: string): Promise<number> {
    const { aggregate } = await this.ctx.store.query<TmTransactionRecord>('tmTransactions', {
      filter: {
        and: [
          { field: 'organizationId', op: 'eq', value: organizationId },
          { field: 'scoredAt', op: 'between', value: [from, to] },
        ],
      },
      sort: [],
      page: 1,
      pageSize: 1,
      aggregate: { measures: [{ op: 'count', as: 'count' }] },
    });
    return Number(aggregate?.totals.count ?? 0);
  }

  /** The job: replays the period, writing progress about twenty times and the result at the end. */
  async run(job: Job<{ id: string }>): Promise<void> {
    const record = await this.records().get(job.data.id);
    if (!record || FINISHED.has(record.status)) return;
    const report = async (patch: Partial<TmBacktestRecord>) => {
      const written = await this.records().update(record.id, patch);
      await publishToUser(this.ctx, record.createdBy, BACKTEST_EVENT, {
        id: record.id,
        status: written.status,
        progress: written.progress,
      });
    };
    try {
      await this.replay(record, report);
    } catch (error) {
      this.ctx.log.error(`Backtest ${record.id} failed`, error);
      await report({ status: 'failed', error: 'tmBacktestFailed', finishedAt: this.ctx.clock().toISOString() });
    }
  }

  /** Whether someone stopped the backtest since the job read it. */
  private async stopped(id: string): Promise<boolean> {
    return (await this.records().get(id))?.status === 'stopped';
  }

  /**
   * One pass over the period scores each transaction twice — through the replayed rule set and
   * through the published one — with the same lists and history, so both sets of figures see
   * exactly the same transactions. Between chunks (about twenty) it writes progress and ends if stopped.
   */
  private async replay(record: TmBacktestRecord, report: (patch: Partial<TmBacktestRecord>) => Promise<void>) {
    const candidate = await this.body(record);
    const published = this.scoring.ruleSet(record.organizationId);
    const sameAsLive = record.ruleSet.id === published.id && record.ruleSet.version === published.version;
    const sets = sameAsLive ? [candidate] : [candidate, published];
    // velocity and the merchant's average kept as the replay goes, for both sets at once: only what
    // was scored before, no look-ahead
    const windows = new ReplayWindows(sets.map(({ compiled }) => compiled.needs));
    const lookback = windows.lookback();
    const from = Date.parse(record.from);
    const to = Date.parse(record.to);
    const total = await this.count(record.organizationId, record.from, record.to);
    if (await this.stopped(record.id)) return;
    await report({ status: 'running', progress: { done: 0, total } });

    const changes = await this.lists.changesUntil(record.organizationId, record.to);
    const timeline = new ListsAtTime(changes.map(({ entryId, at, after }) => ({ entryId, at, after })));
    const listIds = [...new Set(sets.flatMap(({ compiled }) => [...compiled.needs.lists]))];
    let lists: ListFeatures = { lists: {} };
    let listsRevision = -1;
    const tallies = sets.map(({ body }) => new BacktestTally(body));
    const step = Math.max(1, Math.ceil(total / 20));
    let done = 0;
    // the look-back before the period fills the windows; `to` itself is in the period (between is inclusive)
    for await (const page of this.transactions(record.organizationId, from - lookback, to + 1)) {
      for (const transaction of page) {
        const at = Date.parse(transaction.scoredAt);
        const facts = factsOf(transaction);
        if (at >= from) {
          timeline.advanceTo(transaction.scoredAt);
          if (timeline.revision !== listsRevision) {
            lists = prepareLists(timeline.current(), listIds);
            listsRevision = timeline.revision;
          }
          // one set of figures for both: a set reads only the names it needs
          const features = featuresOf(lists, at, windows.figures(facts, at));
          for (const [which, { compiled }] of sets.entries()) {
            const verdict = compiled.score(facts, features, undefined, { trace: false });
            tallies[which].add(verdict, transaction.label, transaction);
          }
          done += 1;
          if (done % step === 0 && done < total) {
            if (await this.stopped(record.id)) return void (await report({ progress: { done, total } }));
            await report({ progress: { done, total } });
          }
        }
        windows.add(facts, at);
      }
    }
    if (await this.stopped(record.id)) return void (await report({ progress: { done, total } }));
    const result = tallies[0].result();
    const live = sameAsLive ? result : tallies[1].result();
    await report({
      status: 'completed',
      progress: { done, total },
      result,
      comparison: compareResults(result, live, published.version),
      finishedAt: this.ctx.clock().toISOString(),
    });
  }
}
