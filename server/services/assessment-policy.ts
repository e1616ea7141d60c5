import { type AssessmentRecord, rolesIn } from '../../core/assessments/assessment.types';
import { answerProgressOf } from '../../core/assessments/review-progress';
import type { WorkflowCaller } from '../../core/workflows/workflow.utils';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { Language } from '../http/i18n';
import type { UserRecord } from '../store/records.types';
import { ASSESSMENT_WORKFLOW, type AssessmentFlow } from './assessment-flow';
import { ASSESSMENT_CHANGED, announceAssessment } from './assessment-notices';
import type { QuestionnaireRecordPolicy } from './questionnaire-record/policy';

/** Who calls: the workflow caller plus the session's organisation and the language the answer is read in. */
export type AssessmentCaller = WorkflowCaller & {
  user: { organizationId?: string | null };
  record: UserRecord;
  language?: Language;
};

/**
 * What makes an assessment differ in the questionnaire-record lifecycle: read by its participants
 * (owner, assessor, assessee), locked per assessment. Only the assessee answers, while it is
 * requested (the first answer is the workflow's `start`) or answering — anyone else 403
 * `assessmentRoleRefused`, another state 409 `assessmentNotAnswering`. A changed answer loses its
 * review mark and is the fix the assessor sent back for; progress follows.
 */
export function assessmentPolicy(
  ctx: AppContext,
  flow: AssessmentFlow,
): QuestionnaireRecordPolicy<AssessmentRecord, AssessmentCaller> {
  return {
    collection: 'assessments',
    workflow: ASSESSMENT_WORKFLOW,
    notFound: 'assessmentNotFound',
    lockOf: (_userId, id) => `assessments.${id}`,
    pinnedTo: (record) => record.template,
    mayRead: (record, userId) => rolesIn(record, userId).length > 0,
    answering(record, caller) {
      const roles = rolesIn(record, caller.user.id);
      if (record.status === 'requested') return flow.judge(record, 'start', caller, roles);
      if (!roles.includes('assessee')) throw new AppError(403, 'assessmentRoleRefused');
      if (record.status !== 'answering') throw new AppError(409, 'assessmentNotAnswering');
      return null;
    },
    answered(record, { answers, changed, compiled }) {
      const reviews = { ...record.reviews };
      const sentBack = { ...record.sentBack };
      for (const itemId of changed) {
        delete reviews[itemId];
        delete sentBack[itemId];
      }
      return { ...record, answers, reviews, sentBack, progress: answerProgressOf(compiled, answers) };
    },
    written: (_before, after) => announceAssessment(ctx, after, ASSESSMENT_CHANGED),
    workbook: {
      subject: (record) => `${record.name} · ${record.thirdPartyName}`,
      fileName: ({ template }, language) =>
        `Assessment-${template.id.replace(/[^A-Za-z0-9.-]/g, '')}-v${template.version}-${language}.xlsx`,
    },
  };
}
