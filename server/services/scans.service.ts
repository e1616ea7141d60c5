import { randomUUID } from 'node:crypto';
import { asvVerdict } from '../../core/scans/asv';
import { type ScanMenuGroup, scanMenuItems } from '../../core/scans/menu-items';
import {
  type CheckRow,
  checkRows,
  type FindingRow,
  findingRows,
  type GroupSummary,
  groupSummary,
} from '../../core/scans/scan-views';
import { gradesOf, type ScanRecord, scanDate } from '../../core/scans/scan-record';
import type { CheckName, CheckResult, MenuGroupId, ScanProgress } from '../../core/scans/scan.types';
import { groupStatuses, reachabilityOf } from '../../core/scans/status.utils';
import type { ListQuery, ListResult, QueryableFields, SortKey } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import type { AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { Language } from '../http/i18n';
import type { Job } from '../jobs/jobs.types';
import { publishToUser } from '../realtime/publish';
import { CHECKS } from '../scans/checks';
import { runScan } from '../scans/runner';
import type { CheckRegistry, ScanTarget } from '../scans/scan.types';
import type { ScanSettings } from '../scans/scan-settings';
import { type LoopbackTarget, resolveScanTarget } from '../scans/scan-target-policy';
import { findWhere } from '../store/matching';
import { allOf } from '../../core/resources/resource.utils';
import { sessionOrganization } from './compliance-documents.service';

export const RUN_SCAN_JOB = 'scan.run';
/** The real-time event a scan's owner hears as its checks complete (and once it ends). */
export const SCAN_PROGRESS_EVENT = 'scan.progress';

const LIST = ['url', 'host', 'status', 'reachability', 'asvVerdict', 'createdAt', 'completedAt'];
export const SCAN_FIELDS: QueryableFields = { filterable: LIST, sortable: LIST };
export const NEWEST_FIRST: SortKey[] = [{ field: 'createdAt', direction: 'desc' }];
const CHECK_LIST = ['check', 'name', 'group', 'status', 'findings'];
export const CHECK_FIELDS: QueryableFields = { filterable: CHECK_LIST, sortable: CHECK_LIST };
const FINDING_LIST = ['check', 'checkName', 'group', 'finding', 'title', 'severity', 'cvss', 'asv'];
export const FINDING_FIELDS: QueryableFields = { filterable: FINDING_LIST, sortable: FINDING_LIST };

/** A list row: everything but the checks' results (the detail page reads those). */
export type ScanListItem = Omit<ScanRecord, 'results'>;

/** What a scan reports on the real-time channel. */
export interface ScanProgressEvent {
  id: string;
  status: ScanRecord['status'];
  progress: ScanRecord['progress'];
  check?: CheckName;
}

/** Menus kept in memory (scan × language); the least recently built go first. */
const MENU_CACHE_SIZE = 1000;

interface CachedMenu {
  revision: number;
  groups: ScanMenuGroup[];
}

/**
 * Domain scans as queued jobs (docs/gateway/wbe-scans-portfolio.md 'Scans'): a request is judged and resolved here
 * (never a private address unless loopback is allowed), stored as `queued`, then run by the job
 * `scan.run` with the per-check time limit and connection cap of the settings; every completed
 * check is written to the record and published to the scan's owner. Scoped to the organisation.
 */
export class ScansService {
  /** Per scan and language, valid while the record's revision is unchanged. */
  private readonly menus = new Map<string, CachedMenu>();

  constructor(
    private readonly ctx: AppContext,
    private readonly settings: ScanSettings,
  ) {}

  private get scans() {
    return this.ctx.store.collection<ScanRecord>('scans');
  }

  /** The checks a scan runs: the settings' (default every check), narrowed to the scan's own subset. */
  private registry(only?: CheckName[]): CheckRegistry {
    const allowed = this.settings.checks ?? (Object.keys(CHECKS) as CheckName[]);
    const names = only ? allowed.filter((name) => only.includes(name)) : allowed;
    return Object.fromEntries(names.map((name) => [name, CHECKS[name]]));
  }

  /**
   * Judges and stores a scan of `url` for the session's organisation, and queues its job. `checks`
   * narrows the scan to those checks (the onboarding's fast scan).
   */
  async start(
    auth: AuthContext,
    input: { url: string; target?: LoopbackTarget; checks?: CheckName[]; merchantId?: string },
    now = this.ctx.clock(),
  ) {
    const organizationId = sessionOrganization(auth);
    const { url, target } = await resolveScanTarget(input.url, this.settings, input.target);
    const total = Object.keys(this.registry(input.checks)).length;
    const record: ScanRecord = {
      id: randomUUID(),
      organizationId,
      userId: auth.user.id,
      url,
      host: target.host,
      address: target.address ?? target.host,
      ports: {
        http: target.ports.http ?? null,
        https: target.ports.https ?? null,
        ...(target.ports.services ? { services: target.ports.services as Record<string, number> } : {}),
      },
      resolver: target.resolver ?? null,
      status: 'queued',
      reachability: null,
      progress: { done: 0, total, current: null },
      results: [],
      grades: null,
      asv: null,
      asvVerdict: null,
      groups: {},
      scan_date: null,
      createdAt: now.toISOString(),
      completedAt: null,
      revision: 1,
      error: null,
      ...(input.checks ? { checks: input.checks } : {}),
      ...(input.merchantId ? { merchantId: input.merchantId } : {}),
    };
    await this.scans.insert(record);
    await this.ctx.jobs.send(RUN_SCAN_JOB, { id: record.id });
    return record;
  }

  async list(auth: AuthContext, query: ListQuery): Promise<ListResult<ScanListItem>> {
    const organization = { field: 'organizationId', op: 'eq' as const, value: sessionOrganization(auth) };
    // figures are the stored records' own: counted where they live (SQL on PostgreSQL), in the same scope
    if (query.aggregate) return this.scans.query({ ...query, filter: allOf(organization, query.filter) });
    const mine = await findWhere(this.scans, organization);
    return runQuery(
      mine.map(({ results: _results, ...rest }) => rest),
      query,
    );
  }

  /** One of the organisation's scans; another organisation's is 404 as if it did not exist. */
  async get(auth: AuthContext, id: string): Promise<ScanRecord> {
    const scan = await this.scans.get(id);
    if (!scan || scan.organizationId !== sessionOrganization(auth)) throw new AppError(404, 'scanNotFound');
    return scan;
  }

  /** Every check's row (the overview's list). */
  async checks(auth: AuthContext, id: string, language: Language, query: ListQuery): Promise<ListResult<CheckRow>> {
    return runQuery(checkRows(await this.get(auth, id), this.t(language)), query);
  }

  /** One check's row and its raw data (a check's detail page). */
  async check(auth: AuthContext, id: string, check: CheckName, language: Language) {
    const scan = await this.get(auth, id);
    const row = checkRows(scan, this.t(language)).find((each) => each.check === check) as CheckRow;
    const result = scan.results.find((each) => each.check === check);
    return { ...row, host: scan.host, scan_date: scan.scan_date, data: result?.data ?? null };
  }

  async group(auth: AuthContext, id: string, group: MenuGroupId, language: Language): Promise<GroupSummary> {
    return groupSummary(await this.get(auth, id), group, this.t(language));
  }

  /** Findings of the whole scan, narrowed to one check or one group. */
  async findings(
    auth: AuthContext,
    id: string,
    scope: { check?: CheckName; group?: MenuGroupId },
    language: Language,
    query: ListQuery,
  ): Promise<ListResult<FindingRow>> {
    const rows = findingRows(await this.get(auth, id), this.t(language)).filter(
      (row) => (!scope.check || row.check === scope.check) && (!scope.group || row.group === scope.group),
    );
    return runQuery(rows, query);
  }

  private t(language: Language) {
    return (key: string, values?: Record<string, string>) => this.ctx.translator.t(language, key, values);
  }

  /** The domain menu (shell §7), built once per scan, language and revision. */
  async menuItems(
    auth: AuthContext,
    id: string,
    language: Language,
  ): Promise<{ groups: ScanMenuGroup[]; cached: boolean }> {
    const scan = await this.get(auth, id);
    const key = `${scan.id}:${language}`;
    const cached = this.menus.get(key);
    if (cached && cached.revision === scan.revision) return { groups: cached.groups, cached: true };
    const groups = scanMenuItems(scan, (text) => this.ctx.translator.t(language, text));
    // the oldest entry goes first once the cache is full (a Map keeps insertion order)
    this.menus.delete(key);
    if (this.menus.size >= MENU_CACHE_SIZE) this.menus.delete(this.menus.keys().next().value as string);
    this.menus.set(key, { revision: scan.revision, groups });
    return { groups, cached: false };
  }

  /** The job: runs the checks, writing each completed one to the record, then the verdicts. */
  async run(job: Job<{ id: string }>): Promise<void> {
    const scan = await this.scans.get(job.data.id);
    if (!scan || scan.status === 'completed' || scan.status === 'failed') return;
    let revision = scan.revision;
    // progress writes come from concurrent checks: one after another, in the order they happened
    let writes: Promise<void> = Promise.resolve();
    const write = (patch: Partial<ScanRecord>, event?: Partial<ScanProgressEvent>): Promise<void> => {
      revision += 1;
      const next = { ...patch, revision };
      const task = writes.then(async () => {
        const stored = await this.scans.update(scan.id, next);
        await publishToUser(this.ctx, scan.userId, SCAN_PROGRESS_EVENT, {
          id: scan.id,
          status: stored.status,
          progress: stored.progress,
          ...event,
        } satisfies ScanProgressEvent).catch((error: unknown) =>
          this.ctx.log.error(`Scan ${scan.id} progress not announced`, error),
        );
      });
      // the chain goes on after a failed write; the caller of this one hears of it
      writes = task.catch(() => undefined);
      return task;
    };
    /** A progress write that fails is logged; the checks go on and the final write says how it ended. */
    const note = (patch: Partial<ScanRecord>, event: Partial<ScanProgressEvent>) => {
      write(patch, event).catch((error: unknown) => this.ctx.log.error(`Scan ${scan.id} progress not stored`, error));
    };
    const registry = this.registry(scan.checks);
    const total = Object.keys(registry).length;
    const done: CheckResult[] = [];
    const running: CheckName[] = [];
    await write({ status: 'in_progress', results: [], progress: { done: 0, total, current: null } });
    const onProgress = (event: ScanProgress) => {
      if (event.state === 'in_progress') {
        running.push(event.check);
        note({ progress: { done: done.length, total, current: event.check } }, { check: event.check });
      }
      if (event.state === 'completed' && event.result) {
        done.push(event.result);
        running.splice(running.indexOf(event.check), 1);
        // the groups fill in as their checks complete, so the overview shows them during the scan
        note(
          {
            results: [...done],
            groups: groupStatuses(done),
            progress: { done: done.length, total, current: running.at(-1) ?? null },
          },
          { check: event.check },
        );
      }
    };
    const target: ScanTarget = {
      host: scan.host,
      address: scan.address,
      ports: scan.ports,
      ...(scan.resolver ? { resolver: scan.resolver } : {}),
      ...(this.settings.rdap ? { rdap: this.settings.rdap } : {}),
    };
    try {
      const now = this.ctx.clock();
      const { results } = await runScan(target, registry, {
        concurrency: this.settings.connections,
        timeoutMs: this.settings.checkTimeoutMs,
        ca: this.settings.ca,
        now,
        onProgress,
      });
      await writes;
      const asv = asvVerdict(results);
      const completedAt = this.ctx.clock();
      await write({
        status: 'completed',
        results,
        progress: { done: total, total, current: null },
        reachability: reachabilityOf(results),
        grades: gradesOf(results),
        asv,
        asvVerdict: asv.verdict,
        groups: groupStatuses(results),
        scan_date: scanDate(completedAt),
        completedAt: completedAt.toISOString(),
      });
    } catch (error) {
      await writes;
      await write({ status: 'failed', error: error instanceof Error ? error.message : String(error) });
      const failed = await this.scans.get(scan.id);
      // the reactions (an onboarding waiting on it goes to review) are logged when they fail
      if (failed) {
        await this.ctx.events
          .emit('scan.failed', { scan: failed })
          .catch((reactionError: unknown) =>
            this.ctx.log.error(
              `Scan ${scan.id} failed and a reaction to it (its onboarding, its merchant) failed`,
              reactionError,
            ),
          );
      }
      throw error;
    }
    const completed = await this.scans.get(scan.id);
    // the reactions (the SAQ suggestions first) never fail the scan: their failure is logged
    if (completed) {
      await this.ctx.events
        .emit('scan.completed', { scan: completed })
        .catch((error: unknown) =>
          this.ctx.log.error(
            `Scan ${scan.id} completed but a reaction to it (SAQ suggestions, onboarding, merchant) failed`,
            error,
          ),
        );
    }
  }
}
