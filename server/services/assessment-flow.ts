import type { AssessmentRecord } from '../../core/assessments/assessment.types';
import type { AppContext } from '../context';
import { RecordFlow } from './questionnaire-record/flow';

/** The workflow document every assessment state change runs through (schemas/workflows/assessment.json). */
export const ASSESSMENT_WORKFLOW = 'assessment';

/** The actions the assessment service takes by name, with the code a refusal of each answers (409). */
export const ASSESSMENT_ACTIONS = {
  invite: 'assessmentNotInvitable',
  register: 'transitionNotAllowed',
  request: 'assessmentNotRegistered',
  start: 'assessmentNotRequested',
  submit: 'assessmentNotAnswering',
  sendBack: 'assessmentNotReviewing',
  complete: 'assessmentNotReviewing',
  reopen: 'assessmentNotCompleted',
} as const;
export type AssessmentAction = keyof typeof ASSESSMENT_ACTIONS;

/**
 * The assessment lifecycle as data. The workflow sees the record with `myRoles`, the caller's roles
 * in that assessment, so a transition's `when` decides by assessment role (owner, assessor,
 * assessee) and its guard by the role's permission: a published change applies at once.
 */
export class AssessmentFlow extends RecordFlow<AssessmentRecord, AssessmentAction> {
  constructor(ctx: AppContext) {
    super(ctx, { workflow: ASSESSMENT_WORKFLOW, refusals: ASSESSMENT_ACTIONS, roleRefusal: 'assessmentRoleRefused' });
  }
}
