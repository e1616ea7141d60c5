import type { ListQuery, ListResult, SortKey } from '../../core/query/query.types';
import { AWARENESS_BATCH_RESOURCE, type AwarenessBatchInput, type BatchStatus } from '../../core/reports/awareness';
import type { OrganizationKind, ReportView } from '../../core/reports/report.types';
import { periodOf } from '../../core/reports/report.utils';
import type { ResourceRecord } from '../../core/resources/resource.types';
import { allOf } from '../../core/resources/resource.utils';
import type { AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { asLanguage } from '../http/i18n';
import { publishToUser } from '../realtime/publish';
import { countBy, readPages } from '../reports/read-pages';
import { templateOf } from '../reports/template-look';
import type { OrganizationRecord, ReportRecord } from '../store/records.types';
import type { ReportNotices } from './report-notices';
import { REPORT_CHANGED_EVENT, type ReportsService, view } from './reports.service';
import { type ResourcesService, resourceCaller } from './resources.service';

/** A record of the resource `awareness-batch`: what was asked, and its reports' counts (the server keeps them). */
export type BatchRecord = ResourceRecord & {
  name: string;
  organizationKind: AwarenessBatchInput['organizationKind'];
  period: string;
  templateId?: string;
  status: BatchStatus;
  total: number;
  done: number;
  failed: number;
  progress: number;
  createdByEmail: string;
  finishedAt?: string;
};

/** What the management list filters and sorts on (awareness reports of every admin). */
export const AWARENESS_REPORT_FIELDS = {
  filterable: ['batchId', 'batchName', 'organizationId', 'subjectName', 'subjectKind', 'state', 'period', 'createdAt'],
  sortable: ['subjectName', 'batchName', 'subjectKind', 'state', 'period', 'createdAt', 'readyAt'],
};
export const AWARENESS_NEWEST_FIRST: SortKey[] = [{ field: 'createdAt', direction: 'desc' }];

const kindOf = (organization: OrganizationRecord): OrganizationKind =>
  organization.kind === 'bank' ? 'bank' : 'merchant';

const awarenessOnly = { field: 'kind', op: 'eq' as const, value: 'awareness' };

/**
 * Awareness reports (admin, docs/domain/reports.md 'Awareness reports'): a batch picks organisations
 * (some, or every one of a kind), a template of the admin's organisation and a month, and makes one
 * report of kind `awareness` per organisation through the reports' own job, records and download.
 * The batch record keeps the counts of its reports, recounted as each one is made or fails.
 */
export class AwarenessService {
  constructor(
    private readonly ctx: AppContext,
    private readonly resources: ResourcesService,
    private readonly reports: ReportsService,
    private readonly notices: ReportNotices,
  ) {}

  private get reportRecords() {
    return this.ctx.store.collection<ReportRecord>('reports');
  }

  private batches() {
    return this.ctx.store.collection<BatchRecord>(`res.${AWARENESS_BATCH_RESOURCE}`);
  }

  /** The organisations a batch covers: the ones named (404 for one that does not exist), or all of a kind. */
  private async organizationsOf(input: AwarenessBatchInput): Promise<OrganizationRecord[]> {
    const organizations = this.ctx.store.collection<OrganizationRecord>('organizations');
    if (input.organizationKind === 'selected') {
      const ids = input.organizationIds ?? [];
      if (ids.length === 0)
        throw new AppError(422, 'awarenessOrganizationsRequired', {
          organizationIds: 'errors.awarenessOrganizationsRequired',
        });
      const found = await Promise.all(ids.map((id) => organizations.get(id)));
      if (found.some((organization) => !organization)) throw new AppError(404, 'organizationNotFound');
      return found as OrganizationRecord[];
    }
    const all = (await organizations.all()).filter((organization) => organization.active !== false);
    const chosen =
      input.organizationKind === 'all'
        ? all
        : all.filter((organization) => kindOf(organization) === input.organizationKind);
    if (chosen.length === 0) throw new AppError(422, 'awarenessNoOrganizations');
    return chosen.sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Makes the batch and one report per organisation, each sent to the reports' job at once. */
  async createBatch(auth: AuthContext, input: AwarenessBatchInput, now = this.ctx.clock()): Promise<BatchRecord> {
    const period = input.period ?? periodOf(now);
    if (period > periodOf(now)) throw new AppError(422, 'reportPeriodInFuture');
    const caller = await resourceCaller(this.ctx, auth);
    const templateOrganizationId = caller.owner.organizationId ?? '';
    // the admin's own template (their session organisation's), else its default at generation
    const template = input.templateId
      ? await templateOf(this.ctx, templateOrganizationId, input.templateId)
      : undefined;
    const organizations = await this.organizationsOf(input);
    const batch = (await this.resources.createAsServer(AWARENESS_BATCH_RESOURCE, caller, {
      name: input.name.trim(),
      organizationKind: input.organizationKind,
      period,
      ...(template ? { templateId: template.id } : {}),
      status: 'generating',
      total: organizations.length,
      done: 0,
      failed: 0,
      progress: 0,
      createdByEmail: auth.user.email,
    })) as BatchRecord;
    const language = input.language ?? asLanguage(auth.user.report_language ?? auth.user.site_language);
    await this.reports.start(
      organizations.map((organization) => ({
        id: crypto.randomUUID(),
        ownerId: auth.user.id,
        kind: 'awareness' as const,
        period,
        state: 'generating' as const,
        language,
        createdAt: now.toISOString(),
        progress: 0,
        organizationId: organization.id,
        templateOrganizationId,
        ...(template ? { templateId: template.id } : {}),
        batchId: batch.id,
        batchName: batch.name,
        subjectName: organization.name,
        subjectKind: kindOf(organization),
      })),
    );
    return batch;
  }

  private async batch(id: string): Promise<BatchRecord> {
    const batch = await this.batches().get(id);
    if (!batch) throw new AppError(404, 'awarenessBatchNotFound');
    return batch;
  }

  private async batchReports(batchId: string): Promise<ReportRecord[]> {
    return readPages<ReportRecord>(this.ctx, 'reports', { field: 'batchId', op: 'eq', value: batchId });
  }

  /** Makes the batch's failed reports again. */
  async retryBatch(id: string): Promise<BatchRecord> {
    await this.batch(id);
    const failed = (await this.batchReports(id)).filter((report) => report.state === 'failed');
    if (failed.length === 0) throw new AppError(409, 'awarenessNothingToRetry');
    for (const report of failed) await this.reports.remake(report.id);
    return this.recount(id);
  }

  /** Removes the batch with its reports and their files (jobs still due find nothing to make). */
  async removeBatch(id: string): Promise<{ id: string }> {
    await this.batch(id);
    for (const report of await this.batchReports(id)) await this.reports.removeRecord(report.id);
    await this.batches().remove(id);
    return { id };
  }

  /** Awareness reports of every admin, in the list contract (filters by organisation, batch, state). */
  async listReports(query: ListQuery): Promise<ListResult<ReportView & { organizationId?: string }>> {
    const result = await this.reportRecords.query({ ...query, filter: allOf(awarenessOnly, query.filter) });
    return {
      ...result,
      items: result.items.map((report) => ({ ...view(report), organizationId: report.organizationId })),
    };
  }

  private async awarenessReport(id: string): Promise<ReportRecord> {
    const report = await this.reportRecords.get(id);
    if (report?.kind !== 'awareness') throw new AppError(404, 'reportNotFound');
    return report;
  }

  download(id: string) {
    return this.awarenessReport(id).then((report) => this.reports.downloadOf(report));
  }

  async regenerate(id: string): Promise<ReportView> {
    const report = await this.reports.remake((await this.awarenessReport(id)).id);
    if (report.batchId) await this.recount(report.batchId);
    return view(report);
  }

  async removeReport(id: string): Promise<{ id: string }> {
    const report = await this.awarenessReport(id);
    await this.reports.removeRecord(id);
    if (report.batchId) await this.recount(report.batchId);
    return { id };
  }

  /** A batch's report was made or failed (the reaction to `report.ready` / `report.failed`). */
  async reportSettled(report: ReportRecord): Promise<void> {
    if (report.kind === 'awareness' && report.batchId) await this.recount(report.batchId);
  }

  /**
   * The batch's counts read again from its reports, one recount at a time per batch (two reports
   * finishing together must not write stale counts). The first time nothing is left to make, its
   * creator hears how it went.
   */
  private recount(id: string): Promise<BatchRecord> {
    return this.ctx.store.withLock(`awareness-batch.${id}`, async () => {
      const batch = await this.batch(id);
      const reports = await this.batchReports(id);
      const counts = countBy(reports, ['generating', 'ready', 'failed'], (report) => report.state);
      const generating = counts.get('generating') ?? 0;
      const done = counts.get('ready') ?? 0;
      const failed = counts.get('failed') ?? 0;
      const total = reports.length;
      const status: BatchStatus =
        generating > 0 ? 'generating' : failed === 0 ? 'ready' : done === 0 ? 'failed' : 'partial';
      const finished = status !== 'generating' && batch.status === 'generating';
      const updated = await this.batches().update(id, {
        status,
        total,
        done,
        failed,
        progress: total === 0 ? 100 : Math.round((100 * (done + failed)) / total),
        updatedAt: this.ctx.clock().toISOString(),
        ...(finished ? { finishedAt: this.ctx.clock().toISOString() } : {}),
      });
      await publishToUser(this.ctx, batch.createdBy, REPORT_CHANGED_EVENT, { id }).catch((error: unknown) =>
        this.ctx.log.error(`Awareness batch ${id} changed but not announced`, error),
      );
      if (finished) await this.notices.batchFinished(updated);
      return updated;
    });
  }
}
