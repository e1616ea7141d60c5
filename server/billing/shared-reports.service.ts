import type { Text } from '../../core/documents/document.types';
import type { ListQuery, QueryableFields, SortKey } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import type { AuthContext } from '../auth/authenticate';
import { guardSubject, judgeGuard } from '../auth/require-guard';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { asLanguage, type Language } from '../http/i18n';
import { sharedReportPdf } from './billing-pdf';
import type { SharedReportRecord } from './billing.types';

export const SHARED_REPORT_FIELDS: QueryableFields = {
  filterable: ['title', 'period', 'publishedAt'],
  sortable: ['title', 'period', 'publishedAt'],
};
export const SHARED_REPORTS_NEWEST_FIRST: SortKey[] = [{ field: 'publishedAt', direction: 'desc' }];

const textIn = (text: Text, language: Language) => (typeof text === 'string' ? text : text[language]);

/**
 * Shared reports (/app/shared-reports, docs/domain/pricing.md): reports the platform publishes to the
 * organisations of some e-commerce checklist tiers. Each report's tiers are a guard judged like any
 * other, over the package names the caller holds now (theirs and their organisation's plan).
 */
export class SharedReportsService {
  constructor(private readonly ctx: AppContext) {}

  private get reports() {
    return this.ctx.store.collection<SharedReportRecord>('sharedReports');
  }

  private async readable(auth: AuthContext): Promise<SharedReportRecord[]> {
    const subject = await guardSubject(this.ctx, auth);
    return (await this.reports.all()).filter((report) => judgeGuard(this.ctx, subject, { anyOf: report.tiers }));
  }

  /** The reports published to a tier the caller holds, in their language (a handful: read in memory). */
  async list(auth: AuthContext, query: ListQuery) {
    const language = asLanguage(auth.user.site_language);
    const rows = (await this.readable(auth)).map((report) => ({
      id: report.id,
      title: textIn(report.title, language),
      summary: textIn(report.summary, language),
      period: report.period,
      tiers: report.tiers,
      publishedAt: report.publishedAt,
    }));
    return runQuery(rows, query);
  }

  /** A report's PDF; 404 when unknown, 403 `planUpgradeRequired` when no tier the caller holds has it. */
  async file(auth: AuthContext, id: string): Promise<{ fileName: string; bytes: Buffer }> {
    const report = await this.reports.get(id);
    if (!report) throw new AppError(404, 'sharedReportNotFound');
    if (!judgeGuard(this.ctx, await guardSubject(this.ctx, auth), { anyOf: report.tiers })) {
      throw new AppError(403, 'planUpgradeRequired');
    }
    const language = asLanguage(auth.user.site_language);
    const bytes = await sharedReportPdf(this.ctx, report, language, this.ctx.clock());
    return { fileName: `${report.id}.pdf`, bytes };
  }
}
