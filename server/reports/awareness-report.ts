import type { ResourceRecord } from '../../core/resources/resource.types';
import type { ScanRecord } from '../../core/scans/scan-record';
import type { CheckStatus, MenuGroupId } from '../../core/scans/scan.types';
import type { AppContext } from '../context';
import type { ReportRecord, SaqRecord } from '../store/records.types';
import { pdfFile, pdfSetting } from './pdf-setting';
import { BAND_COLORS, portfolioOf, RISK_BANDS, riskBand } from './portfolio-reports';
import { countBy, readPages } from './read-pages';
import type { ReportFile, ReportProgress } from './report.types';
import { ASSESSMENT_STATE_COLORS, assessmentsOf } from './vendor-assessment-report';

const GROUPS: readonly MenuGroupId[] = [
  'site_health',
  'ssl_health',
  'attack_surface',
  'network_tools',
  'remote_access_security',
  'web_application_security',
];
const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
const SEVERITY_COLORS: Record<string, string> = {
  critical: '#8e0000',
  high: '#d64545',
  medium: '#f0b429',
  low: '#2680c2',
  info: '#9aa5b1',
};
/** The states of the workflow `issue` that still ask for work. */
const OPEN_ISSUE_STATES = ['open', 'inProgress'];

type Issue = ResourceRecord & { title?: string; severity?: string; state?: string };

/** Each host's latest completed scan of the organisation: what its sites look like now. */
async function latestScans(ctx: AppContext, organizationId: string): Promise<ScanRecord[]> {
  const scans = await readPages<ScanRecord>(ctx, 'scans', { field: 'organizationId', op: 'eq', value: organizationId });
  const latest = new Map<string, ScanRecord>();
  for (const scan of scans) {
    if (scan.status !== 'completed') continue;
    const known = latest.get(scan.host);
    if (!known || (scan.completedAt ?? '') > (known.completedAt ?? '')) latest.set(scan.host, scan);
  }
  return [...latest.values()].sort((a, b) => a.host.localeCompare(b.host));
}

/**
 * The awareness report of one organisation (an admin's batch, docs/domain/reports.md 'Awareness
 * reports'): where it stands on payment security from what the platform already knows of it — its
 * sites' latest scans by check group, its SAQs and their declared compliance, its open action items by
 * severity, its vendor assessments, and for a bank its portfolio by risk band. Each section says when
 * there is nothing to show, so an organisation new to the platform still gets a readable report.
 */
export async function awarenessReport(
  ctx: AppContext,
  report: ReportRecord,
  progress: ReportProgress,
): Promise<ReportFile> {
  const { pdf, t, language, date, organization } = await pdfSetting(ctx, report);
  const text = (key: string) => ctx.translator.t(language, key);
  const organizationId = report.organizationId ?? '';
  const name = organization?.name ?? report.subjectName ?? '';
  const kind = organization?.kind === 'bank' ? 'bank' : 'merchant';
  pdf.paragraph(t('awareness.intro', { organization: name, kind: t(`awareness.kinds.${kind}`) }));

  // web security: the sites' latest scans, each check group's verdict counted over the sites
  const scans = await latestScans(ctx, organizationId);
  pdf.heading(t('awareness.scans'));
  if (scans.length === 0) pdf.paragraph(t('awareness.noScans'));
  else {
    const statuses: CheckStatus[] = ['pass', 'not_recommended', 'fail'];
    pdf.paragraph(t('awareness.scansSummary', { count: String(scans.length) }));
    pdf.barChart(
      GROUPS.map((group) => ({
        label: text(`scan.group.${group}`),
        value: scans.filter((scan) => scan.groups?.[group] === 'fail').length,
        color: '#d64545',
      })),
    );
    pdf.table(
      [
        { title: t('columns.group'), width: 0.4, wrap: true },
        ...statuses.map((status) => ({ title: text(`scan.status.${status}`), width: 0.2, wrap: true })),
      ],
      GROUPS.map((group) => [
        text(`scan.group.${group}`),
        ...statuses.map((status) => String(scans.filter((scan) => scan.groups?.[group] === status).length)),
      ]),
    );
    pdf.table(
      [
        { title: t('columns.site'), width: 0.5 },
        { title: t('columns.scanDate'), width: 0.3 },
        { title: t('columns.asv'), width: 0.2 },
      ],
      scans.map((scan) => [
        scan.host,
        scan.scan_date ?? '–',
        scan.asvVerdict ? text(`scan.status.${scan.asvVerdict}`) : '–',
      ]),
    );
  }
  await progress(25);

  // PCI DSS: the SAQs made in the organisation and what they declare
  const saqs = await readPages<SaqRecord>(ctx, 'saqs', { field: 'organizationId', op: 'eq', value: organizationId });
  pdf.heading(t('awareness.saqs'));
  if (saqs.length === 0) pdf.paragraph(t('awareness.noSaqs'));
  else {
    const compliant = saqs.filter((saq) => saq.compliance === 'compliant' || saq.compliance === 'legalException');
    pdf.paragraph(t('awareness.saqsSummary', { count: String(saqs.length), compliant: String(compliant.length) }));
    pdf.table(
      [
        { title: t('columns.saqType'), width: 0.2 },
        { title: t('columns.state'), width: 0.2, wrap: true },
        { title: t('columns.compliance'), width: 0.3, wrap: true },
        { title: t('columns.expires'), width: 0.3 },
      ],
      [...saqs]
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
        .map((saq) => [
          saq.saqType,
          text(`saqFlow.states.${saq.status}`),
          text(`saqAttestation.compliance.${saq.compliance ?? 'none'}`),
          saq.expiresAt ? saq.expiresAt.slice(0, 10) : '–',
        ]),
    );
  }
  await progress(50);

  // action items: the organisation's issues still open, by severity
  const issues = (
    await readPages<Issue>(ctx, 'res.issue', { field: 'organizationId', op: 'eq', value: organizationId })
  ).filter((issue) => OPEN_ISSUE_STATES.includes(String(issue.state)));
  pdf.heading(t('awareness.issues'));
  if (issues.length === 0) pdf.paragraph(t('awareness.noIssues'));
  else {
    const bySeverity = countBy(issues, SEVERITIES, (issue) => String(issue.severity));
    pdf.barChart(
      SEVERITIES.map((severity) => ({
        label: text(`issues.severities.${severity}`),
        value: bySeverity.get(severity) ?? 0,
        color: SEVERITY_COLORS[severity] ?? '#616e7c',
      })),
    );
  }

  // third parties: its vendor assessments by state
  const assessments = await assessmentsOf(ctx, organizationId);
  pdf.heading(t('awareness.vendors'));
  if (assessments.length === 0) pdf.paragraph(t('awareness.noVendors'));
  else {
    const byState = countBy(assessments, Object.keys(ASSESSMENT_STATE_COLORS), (assessment) => assessment.status);
    pdf.barChart(
      Object.entries(ASSESSMENT_STATE_COLORS).map(([id, color]) => ({
        label: text(`assessmentFlow.states.${id}`),
        value: byState.get(id) ?? 0,
        color,
      })),
    );
  }
  await progress(70);

  // a bank: its portfolio's merchants by risk band
  if (kind === 'bank') {
    const merchants = await portfolioOf(ctx, organizationId, async () => {});
    pdf.heading(t('awareness.portfolio'));
    pdf.paragraph(t('complianceSummary', { count: String(merchants.length) }));
    const bands = countBy(merchants, RISK_BANDS, (merchant) => riskBand(merchant.score));
    pdf.barChart(
      RISK_BANDS.map((band) => ({ label: t(`risk.${band}`), value: bands.get(band) ?? 0, color: BAND_COLORS[band] })),
    );
  }
  await progress(90);
  return pdfFile(await pdf.save(), t('awareness.fileName', { organization: name, date }));
}
