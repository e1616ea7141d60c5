import { randomUUID } from 'node:crypto';
import { MAX_BULK_URLS, readBulkUrls } from '../../core/onboarding/bulk-urls';
import { assessScan, FAST_SCAN_CHECKS, type OnboardingOutcome } from '../../core/onboarding/onboarding-outcome';
import type { OnboardingRecord, OnboardingView } from '../../core/onboarding/onboarding.types';
import {
  type OnboardingRuleWarning,
  type OnboardingWarningsBody,
  ruleWarningsFor,
  warningsFor,
} from '../../core/onboarding/onboarding-warnings';
import { blacklistWarnings } from '../../core/admin/admin-lists';
import { blacklistOf } from './admin-lists';
import type { ListQuery, ListResult, QueryableFields, SortKey } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import type { ScanRecord } from '../../core/scans/scan-record';
import type { WorkflowBody, WorkflowTransition } from '../../core/workflows/workflow.types';
import { allowedActions, judgeAction, openTransitions } from '../../core/workflows/workflow.utils';
import type { AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { Language } from '../http/i18n';
import type { Job } from '../jobs/jobs.types';
import type { LoopbackTarget } from '../scans/scan-target-policy';
import { parseUrl } from '../scans/scan-target-policy';
import { findWhere } from '../store/matching';
import type { UserRecord } from '../store/records.types';
import { writeHistory } from './history';
import { sessionOrganization } from './compliance-documents.service';
import { OnboardingCredits } from './onboarding-credits';
import { resourceCaller } from './resources.service';
import type { ResourcesService } from './resources.service';
import { readSanctionsSnapshot } from './sanctions-snapshot';
import { saqCaller } from './saq-flow';
import type { ScansService } from './scans.service';

export const ONBOARDING_WORKFLOW = 'onboarding';
/** The job the approval schedules when items need action: the automatic onboarding controls. */
export const ONBOARDING_CONTROLS_JOB = 'onboarding.controls';
/** Domain §9: cancelling is allowed within 3 minutes of the start, and refunds the credit. */
export const CANCEL_WINDOW_MS = 3 * 60 * 1000;
/** Domain §9: approval triggers the controls after 30 days. */
export const CONTROLS_AFTER_DAYS = 30;
export const WARNINGS_DOCUMENT = { kind: 'onboarding-warnings', id: 'app' } as const;

const LIST = ['url', 'host', 'status', 'fast', 'score', 'grade', 'asvVerdict', 'batchId', 'override', 'createdAt'];
export const ONBOARDING_FIELDS: QueryableFields = { filterable: LIST, sortable: LIST };
export const NEWEST_FIRST: SortKey[] = [{ field: 'createdAt', direction: 'desc' }];

/** The workflow action that records each outcome (server-only transitions of the document). */
const OUTCOME_ACTIONS: Record<OnboardingOutcome, string> = {
  passed: 'pass',
  passedWithCondition: 'passWithCondition',
  underReview: 'review',
  noActionNeeded: 'noActionNeeded',
};
const SYSTEM = { id: 'system', roles: [], permissions: [] };

export type UserAction = 'cancel' | 'approve' | 'reject';

export interface StartInput {
  url: string;
  fast?: boolean;
  override?: boolean;
  target?: LoopbackTarget;
  /** Who the merchant is, for the warning rules (screened against the sanctions lists). */
  merchantName?: string;
  owners?: string[];
}

/** Why an onboarding warns: its domain's categories and the warning rules that held. */
interface Judged {
  warnings: OnboardingRecord['warnings'];
  ruleWarnings: OnboardingRuleWarning[];
}

/**
 * Onboardings (docs/gateway/wbe-scans-portfolio.md 'Onboarding'): a URL → a credit spent → a scan (the scans
 * service; a fast scan runs FAST_SCAN_CHECKS) → an outcome from the scan (core/onboarding) →
 * approve (the merchant joins the portfolio, 30-day controls when items need action), reject or
 * cancel (within 3 minutes, the credit refunded). States and guards are the workflow document's.
 */
export class OnboardingService {
  readonly credits: OnboardingCredits;

  constructor(
    private readonly ctx: AppContext,
    private readonly scans: ScansService,
    private readonly resources: ResourcesService,
  ) {
    this.credits = new OnboardingCredits(ctx);
  }

  private get onboardings() {
    return this.ctx.store.collection<OnboardingRecord>('onboardings');
  }

  private workflow(): WorkflowBody {
    const workflow = this.ctx.documents.latestBody<WorkflowBody>('workflow', ONBOARDING_WORKFLOW);
    if (!workflow) throw new Error(`Workflow "${ONBOARDING_WORKFLOW}" is not published`);
    return workflow;
  }

  /** Host of a typed URL, or 422 `onboardingUrlInvalid` (domain §8 'Invalid URL for onboarding'). */
  private hostOf(url: string): string {
    try {
      return parseUrl(url)
        .hostname.replace(/^\[|\]$/g, '')
        .toLowerCase();
    } catch {
      throw new AppError(422, 'onboardingUrlInvalid', { url: 'errors.onboardingUrlInvalid' });
    }
  }

  /**
   * The document's domain categories, then the admin's blacklist (core/admin/admin-lists.ts), and the
   * document's rules over the onboarding (the sanctions lists read only for rules).
   */
  private async warningsOf(host: string, input: StartInput): Promise<Judged> {
    const body = this.ctx.documents.latestBody<OnboardingWarningsBody>(WARNINGS_DOCUMENT.kind, WARNINGS_DOCUMENT.id);
    const facts = { url: input.url, host, merchantName: input.merchantName ?? null, owners: input.owners ?? [] };
    const snapshot = body?.rules?.length ? await readSanctionsSnapshot(this.ctx) : undefined;
    return {
      warnings: [...warningsFor(host, body), ...blacklistWarnings(host, await blacklistOf(this.ctx))],
      ruleWarnings: ruleWarningsFor(facts, body, snapshot),
    };
  }

  /** One URL: warnings (refused unless overridden) → a credit → a scan → the record. */
  async start(auth: AuthContext, input: StartInput, batchId: string | null = null): Promise<OnboardingView> {
    const organizationId = sessionOrganization(auth);
    const host = this.hostOf(input.url);
    const judged = await this.warningsOf(host, input);
    if (!input.override && judged.warnings.length > 0) {
      throw new AppError(409, 'onboardingWarning', { url: 'errors.onboardingWarning' }, { ...judged });
    }
    if (!input.override && judged.ruleWarnings.length > 0) {
      throw new AppError(409, 'onboardingRuleWarning', { merchantName: 'errors.onboardingRuleWarning' }, { ...judged });
    }
    await this.credits.spend(organizationId, 1);
    return this.startPaid(auth, input, host, judged, batchId);
  }

  /** Starts the scan for a credit already spent; a scan refused gives the credit back. */
  private async startPaid(
    auth: AuthContext,
    input: StartInput,
    host: string,
    { warnings, ruleWarnings }: Judged,
    batchId: string | null,
  ): Promise<OnboardingView> {
    const organizationId = sessionOrganization(auth);
    let scan: ScanRecord;
    try {
      scan = await this.scans.start(auth, {
        url: input.url,
        ...(input.target ? { target: input.target } : {}),
        ...(input.fast ? { checks: FAST_SCAN_CHECKS } : {}),
      });
    } catch (error) {
      await this.credits.refund(organizationId, 1);
      throw error;
    }
    const now = this.ctx.clock().toISOString();
    const record: OnboardingRecord = {
      id: randomUUID(),
      organizationId,
      userId: auth.user.id,
      url: scan.url,
      host,
      fast: Boolean(input.fast),
      scanId: scan.id,
      batchId,
      status: this.workflow().initial as OnboardingRecord['status'],
      ...(input.merchantName ? { merchantName: input.merchantName } : {}),
      ...(input.owners?.length ? { owners: input.owners } : {}),
      warnings,
      ruleWarnings,
      override: warnings.length > 0 || ruleWarnings.length > 0,
      score: null,
      grade: null,
      asvVerdict: null,
      itemsNeedingAction: null,
      merchantId: null,
      controlsDueAt: null,
      controlsJobId: null,
      creditRefunded: false,
      createdAt: now,
      updatedAt: now,
      completedAt: null,
      decidedAt: null,
      decidedBy: null,
    };
    await this.onboardings.insert(record);
    await writeHistory(this.ctx, ONBOARDING_WORKFLOW, record.id, {
      at: now,
      by: auth.user.id,
      from: null,
      to: record.status,
      action: 'create',
    });
    // the scan may have completed already (a tiny fast scan): take its outcome now
    const latest = await this.scans.get(auth, scan.id);
    if (latest.status === 'completed') await this.fromScan(latest);
    return this.get(auth, record.id);
  }

  /**
   * A bulk file (domain §5): at most MAX_BULK_URLS URLs; invalid lines, and warned domains unless
   * overridden, refuse the whole file (422 with each line); the credits must cover every URL.
   * A URL whose scan is then refused (its host not found) is reported and its credit given back.
   */
  async startMany(
    auth: AuthContext,
    text: string,
    options: { fast?: boolean; override?: boolean },
    language: Language,
  ) {
    const organizationId = sessionOrganization(auth);
    const { urls, problems } = readBulkUrls(text);
    if (urls.length + problems.length > MAX_BULK_URLS) {
      throw new AppError(
        400,
        'onboardingTooManyUrls',
        { file: 'errors.onboardingTooManyUrls' },
        { max: MAX_BULK_URLS },
      );
    }
    if (urls.length + problems.length === 0) throw new AppError(400, 'importEmpty', { file: 'errors.importEmpty' });
    const judged = await Promise.all(
      urls.map(async (entry) => {
        const host = this.hostOf(entry.url);
        return { ...entry, host, ...(await this.warningsOf(host, { url: entry.url })) };
      }),
    );
    if (!options.override) {
      for (const entry of judged) {
        if (entry.warnings.length > 0 || entry.ruleWarnings.length > 0) {
          problems.push({ line: entry.line, value: entry.url, message: 'errors.onboardingWarningLine' });
        }
      }
    }
    if (problems.length > 0) {
      const rows = problems
        .sort((a, b) => a.line - b.line)
        .map((problem) => ({ ...problem, message: this.ctx.translator.t(language, problem.message) }));
      // the message names every line, so a toast alone tells the user what to fix
      const t = (key: string) => this.ctx.translator.t(language, key);
      const lines = rows.map((row) => `${t('onboarding.bulk.line')} ${row.line}: ${row.message}`).join('; ');
      throw new AppError(422, 'onboardingBulkInvalid', undefined, {
        rows,
        message: `${t('errors.onboardingBulkInvalid')} ${lines}`,
      });
    }
    await this.credits.spend(organizationId, judged.length);
    const batchId = randomUUID();
    const started: OnboardingView[] = [];
    const failed: { line: number; url: string; code: string }[] = [];
    for (const entry of judged) {
      try {
        started.push(await this.startPaid(auth, { url: entry.url, fast: options.fast }, entry.host, entry, batchId));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        failed.push({ line: entry.line, url: entry.url, code: error.code });
      }
    }
    return { batchId, started, failed };
  }

  /** The organisation's onboardings with their scans' progress. */
  async list(auth: AuthContext, query: ListQuery): Promise<ListResult<OnboardingView>> {
    return runQuery(await this.views(auth), query);
  }

  /** Every onboarding of the organisation as the endpoints serve it (onboarding-pro adds to each). */
  async views(auth: AuthContext): Promise<OnboardingView[]> {
    const organizationId = sessionOrganization(auth);
    const mine = await findWhere(this.onboardings, { field: 'organizationId', op: 'eq', value: organizationId });
    const scans = new Map(
      (
        await findWhere(this.ctx.store.collection<ScanRecord>('scans'), {
          field: 'organizationId',
          op: 'eq',
          value: organizationId,
        })
      ).map((scan) => [scan.id, scan]),
    );
    const caller = await saqCaller(this.ctx, auth);
    return mine.map((record) => this.view(record, scans.get(record.scanId), caller));
  }

  /** The organisation's onboarding; another organisation's is 404 `onboardingNotFound`. */
  async find(auth: AuthContext, id: string): Promise<OnboardingRecord> {
    const record = await this.onboardings.get(id);
    if (!record || record.organizationId !== sessionOrganization(auth)) throw new AppError(404, 'onboardingNotFound');
    return record;
  }

  async get(auth: AuthContext, id: string): Promise<OnboardingView> {
    const record = await this.find(auth, id);
    const scan = await this.ctx.store.collection<ScanRecord>('scans').get(record.scanId);
    return this.view(record, scan, await saqCaller(this.ctx, auth));
  }

  private view(
    record: OnboardingRecord,
    scan: ScanRecord | undefined,
    caller: Awaited<ReturnType<typeof saqCaller>>,
  ): OnboardingView {
    const progress = scan ? scan.progress : null;
    const percent = progress && progress.total > 0 ? Math.round((100 * progress.done) / progress.total) : 0;
    const open = allowedActions(this.workflow(), record as unknown as Record<string, unknown>, caller).map(
      (a) => a.action,
    );
    const actions = this.withinCancelWindow(record) ? open : open.filter((action) => action !== 'cancel');
    return { ...record, progress, percent, scanStatus: scan?.status ?? null, actions };
  }

  private withinCancelWindow(record: OnboardingRecord): boolean {
    return this.ctx.clock().getTime() - Date.parse(record.createdAt) <= CANCEL_WINDOW_MS;
  }

  /** A user's move: cancel (within the window, refunds), approve (into the portfolio) or reject. */
  async act(auth: AuthContext, id: string, action: UserAction): Promise<OnboardingView> {
    await this.ctx.store.withLock(`onboarding:${id}`, async () => {
      const record = await this.find(auth, id);
      if (action === 'cancel' && !this.withinCancelWindow(record)) {
        throw new AppError(409, 'onboardingCancelTooLate');
      }
      const transition = this.judge(record, action, await saqCaller(this.ctx, auth));
      const now = this.ctx.clock();
      const patch: Partial<OnboardingRecord> = {
        status: transition.to as OnboardingRecord['status'],
        updatedAt: now.toISOString(),
        decidedAt: now.toISOString(),
        decidedBy: auth.user.id,
      };
      if (action === 'cancel') {
        await this.credits.refund(record.organizationId, 1);
        patch.creditRefunded = true;
      }
      if (action === 'approve') Object.assign(patch, await this.approve(auth, record, now));
      await this.onboardings.update(record.id, patch);
      await this.history(record, transition, auth.user.id);
    });
    return this.get(auth, id);
  }

  private judge(record: OnboardingRecord, action: UserAction, caller: Awaited<ReturnType<typeof saqCaller>>) {
    const workflow = this.workflow();
    const verdict = judgeAction(workflow, record as unknown as Record<string, unknown>, action, caller);
    if (verdict.refused === undefined) return verdict.transition;
    if (verdict.refused === 'noPermission') throw new AppError(403, 'noPermission');
    const allowed = allowedActions(workflow, record as unknown as Record<string, unknown>, caller).map((a) => a.action);
    throw new AppError(409, 'transitionNotAllowed', undefined, { allowed });
  }

  private history(record: OnboardingRecord, transition: WorkflowTransition, by: string) {
    return writeHistory(this.ctx, ONBOARDING_WORKFLOW, record.id, {
      at: this.ctx.clock().toISOString(),
      by,
      from: record.status,
      to: transition.to,
      action: transition.action,
    });
  }

  /**
   * Approval (domain §4): the merchant joins the portfolio — a new `merchant` record named after
   * the host, or the one of that name already there gets the new scan's facts — and when items
   * need action the onboarding controls are scheduled 30 days on.
   */
  private async approve(auth: AuthContext, record: OnboardingRecord, now: Date): Promise<Partial<OnboardingRecord>> {
    const scan = await this.ctx.store.collection<ScanRecord>('scans').get(record.scanId);
    const facts = {
      scanStatus: scan?.status ?? 'completed',
      ...(record.score !== null ? { score: record.score } : {}),
      ...(record.grade ? { grade: record.grade } : {}),
      ...(record.asvVerdict ? { compliance: record.asvVerdict === 'pass' ? 'compliant' : 'nonCompliant' } : {}),
      scanId: record.scanId,
      onboardingId: record.id,
      onboardingStatus: 'approved',
    };
    const caller = await resourceCaller(this.ctx, auth);
    let merchantId: string;
    const sameName = await findWhere(this.resources.records('merchant'), {
      and: [
        { field: 'organizationId', op: 'eq', value: record.organizationId },
        { field: 'name', op: 'eq', value: record.host },
      ],
    });
    if (sameName[0]) {
      merchantId = sameName[0].id;
      await this.resources.records('merchant').update(merchantId, { ...facts, updatedAt: now.toISOString() });
    } else {
      const created = await this.resources.createAsServer('merchant', caller, {
        name: record.host,
        url: record.url,
        type: 'merchant',
        ...facts,
      });
      merchantId = created.id;
      // the scanned address is the new merchant's first asset and so its primary one (domain §3)
      await this.resources.createAsServer('asset', caller, { merchantId, value: record.url, tier: 1, primary: true });
    }
    // the new portfolio merchant's payment page, providers and modules from the scan that onboarded it
    if (scan?.status === 'completed') await this.ctx.events.emit('onboarding.approved', { merchantId, scan });
    if (!record.itemsNeedingAction) return { merchantId };
    const startAfterSeconds = CONTROLS_AFTER_DAYS * 24 * 60 * 60;
    const controlsJobId = await this.ctx.jobs.send(ONBOARDING_CONTROLS_JOB, { id: record.id }, { startAfterSeconds });
    return {
      merchantId,
      controlsJobId,
      controlsDueAt: new Date(now.getTime() + startAfterSeconds * 1000).toISOString(),
    };
  }

  /** A completed or failed scan (reactions.ts): each onboarding still scanning on this scan takes its outcome. */
  async fromScan(scan: ScanRecord): Promise<void> {
    const waiting = await findWhere(this.onboardings, { field: 'scanId', op: 'eq', value: scan.id });
    for (const record of waiting) {
      await this.ctx.store.withLock(`onboarding:${record.id}`, async () => {
        const current = await this.onboardings.get(record.id);
        if (current?.status !== 'scanning') return;
        const scanned = assessScan(scan);
        // a blacklisted host onboarded anyway is for a person to judge, whatever its scan says
        const blacklisted = current.warnings.some((warning) => warning.category === 'blacklist');
        const assessment = blacklisted ? { ...scanned, outcome: 'underReview' as const } : scanned;
        const action = OUTCOME_ACTIONS[assessment.outcome];
        const transition = openTransitions(this.workflow(), current as unknown as Record<string, unknown>, SYSTEM).find(
          (each) => each.action === action,
        );
        if (!transition) return;
        const now = this.ctx.clock().toISOString();
        await this.onboardings.update(current.id, {
          status: transition.to as OnboardingRecord['status'],
          score: assessment.score,
          grade: assessment.grade,
          asvVerdict: assessment.asvVerdict,
          itemsNeedingAction: assessment.itemsNeedingAction,
          completedAt: now,
          updatedAt: now,
        });
        await this.history(current, transition, 'system');
      });
    }
  }

  /**
   * The 30-day onboarding controls: the merchant's site is scanned again (a full scan, owned by
   * the user who started the onboarding) and the merchant follows that scan.
   */
  async runControls(job: Job<{ id: string }>): Promise<void> {
    const record = await this.onboardings.get(job.data.id);
    if (record?.status !== 'approved' || !record.merchantId) return;
    const user = await this.ctx.store.collection<UserRecord>('users').get(record.userId);
    if (!user) return;
    const auth = { user, claims: { org: record.organizationId }, token: '' } as unknown as AuthContext;
    const scan = await this.scans.start(auth, { url: record.url, merchantId: record.merchantId });
    await this.resources.records('merchant').update(record.merchantId, { scanId: scan.id, scanStatus: scan.status });
  }

  /** Counts for the statistics page (domain §2 'onboarding stats'). */
  async stats(auth: AuthContext) {
    const organizationId = sessionOrganization(auth);
    const mine = await findWhere(this.onboardings, { field: 'organizationId', op: 'eq', value: organizationId });
    const byStatus: Record<string, number> = {};
    const days = new Map<string, number>();
    for (const record of mine) {
      byStatus[record.status] = (byStatus[record.status] ?? 0) + 1;
      const day = record.createdAt.slice(0, 10);
      days.set(day, (days.get(day) ?? 0) + 1);
    }
    return {
      total: mine.length,
      approved: byStatus.approved ?? 0,
      rejected: byStatus.rejected ?? 0,
      underReview: byStatus.underReview ?? 0,
      credits: await this.credits.balance(organizationId),
      byStatus,
      byDay: [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, count]) => ({ day, count })),
    };
  }

  /** A portfolio merchant's scores by day, from the onboardings approved into it (the overview's chart). */
  async scoreHistory(auth: AuthContext, merchantId: string) {
    const caller = await resourceCaller(this.ctx, auth);
    await this.resources.read('merchant', caller, merchantId);
    const mine = await findWhere(this.onboardings, {
      and: [
        { field: 'organizationId', op: 'eq', value: sessionOrganization(auth) },
        { field: 'merchantId', op: 'eq', value: merchantId },
      ],
    });
    return mine
      .filter((record) => record.score !== null && record.completedAt)
      .sort((a, b) => String(a.completedAt).localeCompare(String(b.completedAt)))
      .map((record) => ({ day: String(record.completedAt).slice(0, 10), score: record.score }));
  }
}
