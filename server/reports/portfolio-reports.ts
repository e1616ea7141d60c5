import { MAX_PAGE_SIZE } from '../../core/query/query.types';
import type { ResourceRecord } from '../../core/resources/resource.types';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { ReportRecord } from '../store/records.types';
import type { ReportFile, ReportProgress } from './report.types';
import { pdfFile, pdfSetting } from './pdf-setting';

/** The fields of a portfolio merchant (resource `merchant`) the reports print. */
type Merchant = ResourceRecord & {
  name: string;
  url?: string;
  score?: number;
  grade?: string;
  pciLevel?: number;
  compliance?: 'compliant' | 'nonCompliant';
  scanStatus?: string;
};

/** Risk bands by the scan score: below 50 high, below 80 medium, else low; unscanned apart. */
export const RISK_BANDS = ['high', 'medium', 'low', 'unscanned'] as const;
type RiskBand = (typeof RISK_BANDS)[number];
export const BAND_COLORS: Record<RiskBand, string> = {
  high: '#d64545',
  medium: '#f0b429',
  low: '#3ebd93',
  unscanned: '#9aa5b1',
};
export function riskBand(score: number | undefined): RiskBand {
  if (typeof score !== 'number') return 'unscanned';
  if (score < 50) return 'high';
  return score < 80 ? 'medium' : 'low';
}

const COMPLIANCE = ['compliant', 'nonCompliant', 'unknown'] as const;
const COMPLIANCE_COLORS = { compliant: '#3ebd93', nonCompliant: '#d64545', unknown: '#9aa5b1' };

/** The organisation's portfolio, a page at a time, telling progress as pages arrive (the first half of the work). */
export async function portfolioOf(
  ctx: AppContext,
  organizationId: string,
  progress: ReportProgress,
): Promise<Merchant[]> {
  const merchants: Merchant[] = [];
  for (let page = 1; ; page += 1) {
    const { items, total } = await ctx.store.query<Merchant>('res.merchant', {
      filter: { field: 'organizationId', op: 'eq', value: organizationId },
      sort: [{ field: 'name', direction: 'asc' }],
      page,
      pageSize: MAX_PAGE_SIZE,
    });
    merchants.push(...items);
    await progress(Math.round((50 * merchants.length) / Math.max(total, 1)));
    if (items.length < MAX_PAGE_SIZE) return merchants;
  }
}

/**
 * The bank's merchant portfolio risk report: how many merchants fall in each risk band (a bar chart),
 * then every merchant, riskiest first, with its score, grade, band, PCI level and compliance.
 */
export async function portfolioRiskReport(
  ctx: AppContext,
  report: ReportRecord,
  progress: ReportProgress,
): Promise<ReportFile> {
  const { pdf, t, date } = await pdfSetting(ctx, report);
  const merchants = await portfolioOf(ctx, report.organizationId ?? '', progress);
  const counts = new Map<RiskBand, number>(RISK_BANDS.map((band) => [band, 0]));
  for (const merchant of merchants)
    counts.set(riskBand(merchant.score), (counts.get(riskBand(merchant.score)) ?? 0) + 1);
  const scored = merchants.filter((merchant) => typeof merchant.score === 'number');
  const average = scored.length
    ? Math.round(scored.reduce((sum, merchant) => sum + (merchant.score ?? 0), 0) / scored.length)
    : 0;
  pdf.paragraph(t('portfolioSummary', { count: String(merchants.length), average: String(average) }));
  pdf.heading(t('byRisk'));
  pdf.barChart(
    RISK_BANDS.map((band) => ({ label: t(`risk.${band}`), value: counts.get(band) ?? 0, color: BAND_COLORS[band] })),
  );
  pdf.heading(t('merchants'));
  const riskiest = [...merchants].sort((a, b) => (a.score ?? -1) - (b.score ?? -1));
  pdf.table(
    [
      { title: t('columns.merchant'), width: 0.27 },
      { title: t('columns.url'), width: 0.25 },
      { title: t('columns.score'), width: 0.08 },
      { title: t('columns.grade'), width: 0.08 },
      { title: t('columns.risk'), width: 0.12 },
      { title: t('columns.pciLevel'), width: 0.08 },
      { title: t('columns.compliance'), width: 0.12 },
    ],
    riskiest.map((merchant) => [
      merchant.name,
      merchant.url ?? '',
      merchant.score === undefined ? '–' : String(merchant.score),
      merchant.grade ?? '–',
      t(`risk.${riskBand(merchant.score)}`),
      merchant.pciLevel ? String(merchant.pciLevel) : '–',
      t(`compliance.${merchant.compliance ?? 'unknown'}`),
    ]),
  );
  await progress(90);
  return pdfFile(await pdf.save(), t('portfolioRiskFile', { date }));
}

/**
 * The PCI DSS compliance status report: of the whole portfolio (merchants per status as a chart,
 * then each merchant) or of one merchant (its facts).
 */
export async function complianceStatusReport(
  ctx: AppContext,
  report: ReportRecord,
  progress: ReportProgress,
): Promise<ReportFile> {
  const { pdf, t, date } = await pdfSetting(ctx, report);
  const all = await portfolioOf(ctx, report.organizationId ?? '', progress);
  const merchants = report.merchantId ? all.filter((merchant) => merchant.id === report.merchantId) : all;
  if (report.merchantId && merchants.length === 0) throw new AppError(404, 'merchantNotFound');
  const statusOf = (merchant: Merchant) => merchant.compliance ?? 'unknown';
  if (!report.merchantId) {
    pdf.paragraph(t('complianceSummary', { count: String(merchants.length) }));
    pdf.heading(t('byCompliance'));
    pdf.barChart(
      COMPLIANCE.map((status) => ({
        label: t(`compliance.${status}`),
        value: merchants.filter((merchant) => statusOf(merchant) === status).length,
        color: COMPLIANCE_COLORS[status],
      })),
    );
  }
  pdf.heading(report.merchantId ? (merchants[0]?.name ?? '') : t('merchants'));
  pdf.table(
    [
      { title: t('columns.merchant'), width: 0.3 },
      { title: t('columns.pciLevel'), width: 0.12 },
      { title: t('columns.compliance'), width: 0.2 },
      { title: t('columns.scanStatus'), width: 0.2 },
      { title: t('columns.score'), width: 0.18 },
    ],
    merchants.map((merchant) => [
      merchant.name,
      merchant.pciLevel ? String(merchant.pciLevel) : '–',
      t(`compliance.${statusOf(merchant)}`),
      merchant.scanStatus ?? '–',
      merchant.score === undefined ? '–' : String(merchant.score),
    ]),
  );
  await progress(90);
  const name = report.merchantId
    ? `${t('complianceStatusFile', { date })} ${merchants[0]?.name ?? ''}`
    : t('complianceStatusFile', { date });
  return pdfFile(await pdf.save(), name);
}
