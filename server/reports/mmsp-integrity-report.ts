import { FINDING_STATUSES, MMSP_SECTIONS } from '../../core/mmsp/mmsp-findings';
import type { AppContext } from '../context';
import type { ReportRecord } from '../store/records.types';
import { pdfFile, pdfSetting } from './pdf-setting';
import { countBy } from './read-pages';
import type { ReportFile, ReportProgress, ReportSources } from './report.types';

const SECTION_COLORS: Record<string, string> = {
  bram: '#d64545',
  transactionLaundering: '#8e44ad',
  highRiskMcc: '#f0b429',
  badContent: '#e67e22',
  prohibitedProducts: '#2680c2',
};
const STATUS_COLORS: Record<string, string> = {
  awaiting: '#f0b429',
  false_positive: '#9aa5b1',
  informed: '#2680c2',
  resolved: '#3ebd93',
  no_action_taken: '#d64545',
};

/**
 * The MMSP merchant integrity report (domain §2): the month's review of the portfolio as a PDF — who
 * submits it (the MMSP settings), findings per section and per status as charts, then every finding
 * by merchant. It prints the review as it stands when made (this month's findings, made as the MMSP
 * dashboard makes them); the monthly schedule makes it on the 1st.
 */
export async function mmspIntegrityReport(
  ctx: AppContext,
  report: ReportRecord,
  progress: ReportProgress,
  sources: ReportSources,
): Promise<ReportFile> {
  const { pdf, t, language } = await pdfSetting(ctx, report);
  const mmsp = (key: string) => ctx.translator.t(language, `mmsp.${key}`);
  const { month, findings, settings } = await sources.mmsp.reviewOf(report.organizationId ?? '', report.ownerId);
  await progress(50);
  pdf.paragraph(
    settings
      ? t('mmsp.submitter', { ica: settings.icaNumber, name: settings.submitterName, email: settings.submitterEmail })
      : t('mmsp.noSettings'),
  );
  pdf.paragraph(
    t('mmsp.summary', {
      month,
      count: String(findings.length),
      merchants: String(new Set(findings.map((finding) => finding.merchantId)).size),
      open: String(findings.filter((finding) => finding.state === 'awaiting').length),
    }),
  );
  pdf.heading(t('mmsp.bySection'));
  const sections = countBy(findings, MMSP_SECTIONS, (finding) => String(finding.section));
  pdf.barChart(
    MMSP_SECTIONS.map((section) => ({
      label: mmsp(`sections.${section}`),
      value: sections.get(section) ?? 0,
      color: SECTION_COLORS[section] ?? '#616e7c',
    })),
  );
  pdf.heading(t('mmsp.byStatus'));
  const statuses = countBy(findings, FINDING_STATUSES, (finding) => finding.state);
  pdf.barChart(
    FINDING_STATUSES.map((status) => ({
      label: mmsp(`statuses.${status}`),
      value: statuses.get(status) ?? 0,
      color: STATUS_COLORS[status] ?? '#616e7c',
    })),
  );
  pdf.heading(t('mmsp.findings'));
  const ordered = [...findings].sort(
    (a, b) =>
      String(a.merchantName).localeCompare(String(b.merchantName), language) ||
      String(a.key).localeCompare(String(b.key)),
  );
  pdf.table(
    [
      { title: t('columns.merchant'), width: 0.22, wrap: true },
      { title: t('columns.url'), width: 0.22 },
      { title: t('columns.section'), width: 0.2, wrap: true },
      { title: t('columns.category'), width: 0.18, wrap: true },
      { title: t('columns.state'), width: 0.18, wrap: true },
    ],
    ordered.map((finding) => [
      String(finding.merchantName ?? ''),
      String(finding.merchantUrl ?? ''),
      finding.section ? mmsp(`sections.${finding.section}`) : '',
      finding.category ? mmsp(`categories.${finding.category}`) : '',
      mmsp(`statuses.${finding.state}`),
    ]),
  );
  if (findings.length === 0) pdf.paragraph(t('mmsp.none'));
  await progress(90);
  return pdfFile(await pdf.save(), t('mmsp.fileName', { month }));
}
