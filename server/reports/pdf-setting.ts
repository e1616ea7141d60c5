import type { AppContext } from '../context';
import { ReportPdf } from '../pdf/report-pdf';
import type { OrganizationRecord, ReportRecord } from '../store/records.types';
import type { ReportFile } from './report.types';
import { templateLook, templateOf } from './template-look';

const PDF_TYPE = 'application/pdf';

/**
 * A PDF report begun: its template's look (the template's own organisation may differ from the one
 * described, as for an admin's awareness batch), its texts in the template's language, the subtitle
 * naming the kind, the organisation described and the day.
 */
export async function pdfSetting(ctx: AppContext, report: ReportRecord) {
  const organizationId = report.organizationId ?? '';
  const template = await templateOf(ctx, report.templateOrganizationId ?? organizationId, report.templateId);
  const kindTitle = ctx.translator.t(report.language, `reports.kinds.${report.kind}`);
  const { look, language } = await templateLook(ctx, template, { title: kindTitle, language: report.language });
  const t = (key: string, values?: Record<string, string>) => ctx.translator.t(language, `reports.pdf.${key}`, values);
  const organization = await ctx.store.collection<OrganizationRecord>('organizations').get(organizationId);
  const now = ctx.clock();
  const date = now.toISOString().slice(0, 10);
  const subtitle = t('subtitle', {
    kind: ctx.translator.t(language, `reports.kinds.${report.kind}`),
    organization: organization?.name ?? '',
    date,
  });
  const pdf = await ReportPdf.create(look, subtitle, now);
  return { pdf, t, language, date, organization };
}

/** The finished PDF under its name. */
export const pdfFile = (bytes: Buffer, name: string): ReportFile => ({
  fileName: `${name}.pdf`,
  contentType: PDF_TYPE,
  bytes,
});
