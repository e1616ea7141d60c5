import type { Guard } from '../../core/guard/guard.types';
import { type ListQuery, MAX_PAGE_SIZE, type QueryableFields, type SortKey } from '../../core/query/query.types';
import { dayOf } from '../../core/dates/days';
import { REPORT_SCHEDULE_RESOURCE } from '../../core/reports/report-template.types';
import type { ResourceRecord } from '../../core/resources/resource.types';
import { isSnapshotKind, type ReportKind, type ReportRequest, type ReportView } from '../../core/reports/report.types';
import { periodEnded, periodOf } from '../../core/reports/report.utils';
import { allOf } from '../../core/resources/resource.utils';
import type { AuthContext } from '../auth/authenticate';
import { ADMIN_GUARD, passesGuard } from '../auth/require-guard';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { asLanguage } from '../http/i18n';
import type { Job } from '../jobs/jobs.types';
import { publishToUser } from '../realtime/publish';
import { REPORT_GENERATORS } from '../reports/report-generators';
import { templateOf } from '../reports/template-look';
import type { ReportFile, ReportSources } from '../reports/report.types';
import type { ReportFileRecord, ReportRecord, UserRecord } from '../store/records.types';
import { MmspService } from './mmsp.service';
import { ResourcesService, resourceCaller } from './resources.service';

/** What the reports list filters and sorts on (the caller's own reports only). */
export const REPORT_FIELDS: QueryableFields = {
  filterable: ['kind', 'period', 'state', 'createdAt'],
  sortable: ['kind', 'period', 'state', 'createdAt', 'readyAt'],
};
/** What the store is asked besides: the owner (every list) and the state (the sweep). */
export const REPORT_STORE_FIELDS: QueryableFields = {
  filterable: [...REPORT_FIELDS.filterable, 'ownerId', 'batchId', 'organizationId', 'subjectKind'],
  sortable: [...REPORT_FIELDS.sortable, 'subjectName'],
};
export const REPORTS_NEWEST_FIRST: SortKey[] = [{ field: 'createdAt', direction: 'desc' }];

/** Who may ask for each kind (the list's toolbar action carries the same guard). */
export const REPORT_GUARDS: Record<ReportKind, Guard> = {
  mailDelivery: ADMIN_GUARD,
  portfolioRisk: { group: 'portfolioReaders' },
  complianceStatus: { group: 'portfolioReaders' },
  vendorAssessment: { group: 'thirdPartyReaders' },
  mmspIntegrity: { group: 'mmspReaders' },
  // made by an admin's batch (AwarenessService), never asked for through POST /reports
  awareness: ADMIN_GUARD,
};

/** The real-time event on the owner's channel when a report moves (progress, ready, failed): the list is `live` on it. */
export const REPORT_CHANGED_EVENT = 'report.changed';

export const GENERATE_REPORT_JOB = 'reports.generate';
/** Reports of a month that was still running when asked for are made once it is over. */
export const GENERATE_DUE_REPORTS_JOB = 'reports.generate-due';
export const GENERATE_DUE_REPORTS_CRON = '7 * * * *';
/** Scheduled PDF reports are sent once a day, early in the UTC morning. */
export const SEND_SCHEDULED_REPORTS_JOB = 'reports.send-scheduled';
export const SEND_SCHEDULED_REPORTS_CRON = '15 6 * * *';

/** A record of the resource `report-schedule`. */
type ReportScheduleRecord = ResourceRecord & {
  kind: ReportKind;
  frequency: 'weekly' | 'monthly';
  templateId?: string;
  active?: boolean;
};

/** What a download finds: a report still being made, or its file. */
export type Download = { state: 'generating'; report: ReportView } | { state: 'ready'; file: ReportFile };

export function view({
  ownerId: _owner,
  language: _language,
  contentType: _type,
  organizationId: _organization,
  templateOrganizationId: _templateOrganization,
  ...report
}: ReportRecord): ReportView {
  return report;
}

/**
 * Reports generated in the background (a job per report) and downloaded by their owner
 * (shell §7 GET /download/report/{report_id}, domain §8 'not authorized, not found, not ready').
 */
export class ReportsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly sources: ReportSources = { mmsp: new MmspService(ctx, new ResourcesService(ctx)) },
  ) {}

  private get reports() {
    return this.ctx.store.collection<ReportRecord>('reports');
  }

  private get files() {
    return this.ctx.store.collection<ReportFileRecord>('reportFiles');
  }

  async list(auth: AuthContext, query: ListQuery) {
    const mine = { field: 'ownerId', op: 'eq' as const, value: auth.user.id };
    const result = await this.reports.query({ ...query, filter: allOf(mine, query.filter) });
    return { ...result, items: result.items.map(view) };
  }

  /**
   * A monthly report of `period`: made now when the month is over, else once it is (the same one when
   * asked again). A snapshot kind (a PDF from a template) is made at once for the caller's organisation.
   */
  async request(auth: AuthContext, request: ReportRequest, now = this.ctx.clock()): Promise<ReportView> {
    const { kind } = request;
    if (!(await passesGuard(this.ctx, auth, REPORT_GUARDS[kind]))) throw new AppError(403, 'noPermission');
    if (isSnapshotKind(kind)) return this.requestSnapshot(auth, request, now);
    const period = request.period;
    if (!period) throw new AppError(422, 'reportPeriodRequired', { period: 'errors.reportPeriodRequired' });
    if (period > periodOf(now)) throw new AppError(422, 'reportPeriodInFuture');
    const waiting = await this.reports.query({
      filter: {
        and: [
          { field: 'ownerId', op: 'eq', value: auth.user.id },
          { field: 'kind', op: 'eq', value: kind },
          { field: 'period', op: 'eq', value: period },
          { field: 'state', op: 'eq', value: 'generating' },
        ],
      },
      sort: [],
      page: 1,
      pageSize: 1,
    });
    if (waiting.items[0]) return view(waiting.items[0]);
    const report = await this.reports.insert(this.newReport(auth.user, kind, period, now));
    if (periodEnded(period, now)) await this.ctx.jobs.send(GENERATE_REPORT_JOB, { id: report.id });
    return view(report);
  }

  private newReport(user: UserRecord, kind: ReportKind, period: string, now: Date, id: string = crypto.randomUUID()) {
    return {
      id,
      ownerId: user.id,
      kind,
      period,
      state: 'generating' as const,
      language: asLanguage(user.report_language ?? user.site_language),
      createdAt: now.toISOString(),
    };
  }

  /**
   * A PDF report of the caller's organisation, drawn with one of its templates: 404
   * `reportTemplateNotFound` for a template of another organisation, `merchantNotFound` for a
   * merchant not in its portfolio.
   */
  private async requestSnapshot(auth: AuthContext, request: ReportRequest, now: Date): Promise<ReportView> {
    const organizationId = (await resourceCaller(this.ctx, auth)).owner.organizationId;
    if (!organizationId) throw new AppError(403, 'notAMember');
    const template = await templateOf(this.ctx, organizationId, request.templateId);
    if (request.merchantId) {
      const merchant = await this.ctx.store
        .collection<{ id: string; organizationId?: string }>('res.merchant')
        .get(request.merchantId);
      if (merchant?.organizationId !== organizationId) throw new AppError(404, 'merchantNotFound');
    }
    const merchantId = request.kind === 'complianceStatus' ? request.merchantId : undefined;
    return view(await this.startSnapshot(auth.user, organizationId, request.kind, template?.id, merchantId, now));
  }

  /** Writes a snapshot report and sends its job. */
  private async startSnapshot(
    owner: UserRecord,
    organizationId: string,
    kind: ReportKind,
    templateId: string | undefined,
    merchantId: string | undefined,
    now: Date,
    id?: string,
  ): Promise<ReportRecord> {
    const report = await this.reports.insert({
      ...this.newReport(owner, kind, periodOf(now), now, id),
      organizationId,
      progress: 0,
      ...(templateId ? { templateId } : {}),
      ...(merchantId ? { merchantId } : {}),
    });
    await this.ctx.jobs.send(GENERATE_REPORT_JOB, { id: report.id });
    return report;
  }

  /**
   * The daily sweep of the organisations' report schedules (resource `report-schedule`): a weekly one
   * on Mondays, a monthly one on the 1st (UTC), for the user who made it while they still belong to the
   * organisation. A report's id names its schedule and day, so a second sweep of the day makes none.
   */
  async sendScheduled(now = this.ctx.clock()): Promise<number> {
    const due = (schedule: ReportScheduleRecord) =>
      schedule.active !== false && (schedule.frequency === 'weekly' ? now.getUTCDay() === 1 : now.getUTCDate() === 1);
    const users = this.ctx.store.collection<UserRecord>('users');
    let sent = 0;
    for (let page = 1; ; page += 1) {
      const { items } = await this.ctx.store.query<ReportScheduleRecord>(`res.${REPORT_SCHEDULE_RESOURCE}`, {
        sort: [{ field: 'createdAt', direction: 'asc' }],
        page,
        pageSize: MAX_PAGE_SIZE,
      });
      for (const schedule of items.filter(due)) {
        const id = `schedule-${schedule.id}-${dayOf(now)}`;
        const owner = await users.get(schedule.createdBy);
        const organizationId = schedule.organizationId ?? '';
        if ((await this.reports.get(id)) || !owner?.organizationIds.includes(organizationId)) continue;
        // a template removed since falls back to the organisation's default
        const template = await templateOf(this.ctx, organizationId, schedule.templateId).catch(() =>
          templateOf(this.ctx, organizationId),
        );
        await this.startSnapshot(owner, organizationId, schedule.kind, template?.id, undefined, now, id);
        sent += 1;
      }
      if (items.length < MAX_PAGE_SIZE) return sent;
    }
  }

  /** The caller's own report: 404 `reportNotFound`, 403 `reportNotAuthorized` for another user's. */
  private async own(auth: AuthContext, id: string): Promise<ReportRecord> {
    const report = await this.reports.get(id);
    if (!report) throw new AppError(404, 'reportNotFound');
    if (report.ownerId !== auth.user.id) throw new AppError(403, 'reportNotAuthorized');
    return report;
  }

  /** The report's file, or that it is still being generated; 409 `reportFailed` when it could not be made. */
  async download(auth: AuthContext, id: string): Promise<Download> {
    return this.downloadOf(await this.own(auth, id));
  }

  /** A report's download whoever asked for it: the caller has judged who may have it (an admin's awareness reports). */
  async downloadOf(report: ReportRecord): Promise<Download> {
    const id = report.id;
    if (report.state === 'failed') throw new AppError(409, 'reportFailed');
    if (report.state === 'generating') return { state: 'generating', report: view(report) };
    const file = await this.files.get(id);
    if (!file || !report.fileName) throw new AppError(404, 'reportNotFound');
    return {
      state: 'ready',
      file: {
        fileName: report.fileName,
        contentType: report.contentType ?? 'application/octet-stream',
        bytes: Buffer.from(file.data, 'base64'),
      },
    };
  }

  /** Removes one of the caller's reports and its file (a job still due finds nothing to make). */
  async remove(auth: AuthContext, id: string): Promise<{ id: string }> {
    await this.own(auth, id);
    return this.removeRecord(id);
  }

  /** Removes a report and its file, whoever's it is (the caller judged who may). */
  async removeRecord(id: string): Promise<{ id: string }> {
    await this.files.remove(id);
    await this.reports.remove(id);
    return { id };
  }

  /** Starts snapshot reports written by another service (an awareness batch): one job each. */
  async start(reports: readonly ReportRecord[]): Promise<void> {
    if (reports.length > 0) await this.reports.insertMany(reports);
    for (const report of reports) await this.ctx.jobs.send(GENERATE_REPORT_JOB, { id: report.id });
  }

  /** Makes a (snapshot) report again (regenerate, a batch's retry): its old file goes, its job is sent again. */
  async remake(id: string): Promise<ReportRecord> {
    const report = await this.reports.get(id);
    if (!report) throw new AppError(404, 'reportNotFound');
    if (report.state === 'generating') throw new AppError(409, 'reportBeingGenerated');
    await this.files.remove(id);
    const { readyAt: _ready, fileName: _name, contentType: _type, size: _size, ...rest } = report;
    const again = await this.reports.replace(id, { ...rest, state: 'generating', progress: 0 });
    await this.ctx.jobs.send(GENERATE_REPORT_JOB, { id });
    await this.announce(report.ownerId, id);
    return again;
  }

  /** The job: makes the file and marks the report ready; after the last retry, failed. */
  async generate(job: Job<{ id: string }>, now = this.ctx.clock()): Promise<void> {
    const report = await this.reports.get(job.data.id);
    // another job made it already, or it was removed, or its month is still running
    if (report?.state !== 'generating' || !(isSnapshotKind(report.kind) || periodEnded(report.period, now))) return;
    let file: ReportFile;
    const progress = async (percent: number) => {
      await this.reports.update(report.id, { progress: percent });
      await this.announce(report.ownerId, report.id);
    };
    try {
      file = await REPORT_GENERATORS[report.kind](this.ctx, report, progress, this.sources);
    } catch (error) {
      if (job.retryCount < job.retryLimit) throw error;
      this.ctx.log.error(`Report ${report.id} could not be generated`, error);
      const failed = await this.reports.update(report.id, { state: 'failed' });
      await this.announce(report.ownerId, report.id);
      await this.ctx.events
        .emit('report.failed', { report: failed })
        .catch((reaction: unknown) => this.ctx.log.error(`Report ${report.id} failed, a reaction failed`, reaction));
      return;
    }
    const data = file.bytes.toString('base64');
    if (await this.files.get(report.id)) await this.files.update(report.id, { data });
    else await this.files.insert({ id: report.id, data });
    await this.reports.update(report.id, {
      state: 'ready',
      readyAt: this.ctx.clock().toISOString(),
      fileName: file.fileName,
      contentType: file.contentType,
      size: file.bytes.length,
      progress: 100,
    });
    await this.announce(report.ownerId, report.id);
    const ready = await this.reports.get(report.id);
    // the file is there whatever a reaction does: its failure is logged, not retried
    if (ready)
      await this.ctx.events
        .emit('report.ready', { report: ready })
        .catch((error: unknown) => this.ctx.log.error(`Report ${report.id} ready, a reaction failed`, error));
  }

  /** Tells the owner's browsers the report moved; a lost event only delays the list's next read. */
  private async announce(ownerId: string, id: string): Promise<void> {
    await publishToUser(this.ctx, ownerId, REPORT_CHANGED_EVENT, { id }).catch((error: unknown) =>
      this.ctx.log.error(`Report ${id} changed but not announced`, error),
    );
  }

  /** The hourly sweep: a job for every report whose month has ended since it was asked for. */
  async sendDue(now = this.ctx.clock()): Promise<number> {
    const { items } = await this.reports.query({
      filter: { field: 'state', op: 'eq', value: 'generating' },
      sort: [],
      page: 1,
      pageSize: MAX_PAGE_SIZE,
    });
    // snapshot reports are sent when asked for (a dead instance's job is retried by the queue)
    const due = items.filter((report) => !isSnapshotKind(report.kind) && periodEnded(report.period, now));
    for (const report of due) await this.ctx.jobs.send(GENERATE_REPORT_JOB, { id: report.id });
    return due.length;
  }
}
