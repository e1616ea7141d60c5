import type { AssessmentRecord } from '../../core/assessments/assessment.types';
import type { AppContext } from '../context';
import type { ReportRecord } from '../store/records.types';
import { pdfFile, pdfSetting } from './pdf-setting';
import { countBy, readPages } from './read-pages';
import type { ReportFile, ReportProgress } from './report.types';

/** The states of the workflow document `assessment`, in its order, with a colour each for the chart. */
export const ASSESSMENT_STATE_COLORS: Record<string, string> = {
  notInvited: '#9aa5b1',
  invited: '#9aa5b1',
  registered: '#7b93db',
  requested: '#f0b429',
  answering: '#f0b429',
  reviewing: '#2680c2',
  completed: '#3ebd93',
};

/** The organisation's vendor assessments (the owner's organisation's). */
export const assessmentsOf = (ctx: AppContext, organizationId: string) =>
  readPages<AssessmentRecord>(ctx, 'assessments', { field: 'organizationId', op: 'eq', value: organizationId });

/**
 * The vendor-assessment report of an organisation: how many of its assessments are in each state (a
 * chart), the average score of the completed ones and the issues their findings raised, then every
 * assessment by third party — state, answers given, score, deadline.
 */
export async function vendorAssessmentReport(
  ctx: AppContext,
  report: ReportRecord,
  progress: ReportProgress,
): Promise<ReportFile> {
  const { pdf, t, language, date } = await pdfSetting(ctx, report);
  const state = (id: string) => ctx.translator.t(language, `assessmentFlow.states.${id}`);
  const assessments = await assessmentsOf(ctx, report.organizationId ?? '');
  await progress(50);
  const scored = assessments.filter((assessment) => assessment.status === 'completed' && assessment.score !== null);
  const average = scored.length
    ? Math.round(scored.reduce((sum, assessment) => sum + (assessment.score ?? 0), 0) / scored.length)
    : null;
  pdf.paragraph(
    t('vendor.summary', {
      count: String(assessments.length),
      vendors: String(new Set(assessments.map((assessment) => assessment.thirdPartyId)).size),
      completed: String(assessments.filter((assessment) => assessment.status === 'completed').length),
      average: average === null ? '–' : String(average),
      issues: String(assessments.reduce((sum, assessment) => sum + (assessment.issueIds?.length ?? 0), 0)),
    }),
  );
  pdf.heading(t('vendor.byState'));
  const counts = countBy(assessments, Object.keys(ASSESSMENT_STATE_COLORS), (assessment) => assessment.status);
  pdf.barChart(
    Object.entries(ASSESSMENT_STATE_COLORS).map(([id, color]) => ({
      label: state(id),
      value: counts.get(id) ?? 0,
      color,
    })),
  );
  pdf.heading(t('vendor.assessments'));
  const ordered = [...assessments].sort(
    (a, b) => a.thirdPartyName.localeCompare(b.thirdPartyName, language) || a.deadline.localeCompare(b.deadline),
  );
  pdf.table(
    [
      { title: t('columns.thirdParty'), width: 0.26, wrap: true },
      { title: t('columns.assessment'), width: 0.26, wrap: true },
      { title: t('columns.state'), width: 0.16, wrap: true },
      { title: t('columns.answered'), width: 0.09 },
      { title: t('columns.score'), width: 0.08 },
      { title: t('columns.deadline'), width: 0.15 },
    ],
    ordered.map((assessment) => [
      assessment.thirdPartyName,
      assessment.name,
      state(assessment.status),
      `${assessment.progress?.percent ?? 0}%`,
      assessment.score === null || assessment.score === undefined ? '–' : String(assessment.score),
      assessment.deadline.slice(0, 10),
    ]),
  );
  if (assessments.length === 0) pdf.paragraph(t('vendor.none'));
  await progress(90);
  return pdfFile(await pdf.save(), t('vendor.fileName', { date }));
}
