import type { AssessmentRecord, AssessmentRole } from '../../core/assessments/assessment.types';
import type { WorkflowBody, WorkflowTransition, WorkflowUser } from '../../core/workflows/workflow.types';
import { allowedActions, judgeAction, openTransitions, type WorkflowCaller } from '../../core/workflows/workflow.utils';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { writeHistory } from './history';

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

const SYSTEM: WorkflowUser = { id: 'system', roles: [], permissions: [] };

/**
 * The assessment lifecycle as data. The workflow sees the record with `myRoles`, the caller's roles
 * in that assessment, so a transition's `when` decides by assessment role (owner, assessor,
 * assessee) and its guard by the role's permission: a published change applies at once.
 */
export class AssessmentFlow {
  constructor(private readonly ctx: AppContext) {}

  private workflow(): WorkflowBody {
    const workflow = this.ctx.documents.latestBody<WorkflowBody>('workflow', ASSESSMENT_WORKFLOW);
    // seeded with the app; without it no assessment could move at all
    if (!workflow) throw new Error(`Workflow "${ASSESSMENT_WORKFLOW}" is not published`);
    return workflow;
  }

  initial(): string {
    return this.workflow().initial;
  }

  /** The actions this caller may take now (the page shows its buttons by these). */
  actions(record: AssessmentRecord, myRoles: AssessmentRole[], caller: WorkflowCaller): string[] {
    return allowedActions(this.workflow(), seen(record, myRoles), caller).map(({ action }) => action);
  }

  /** The caller's move, or 403 (guard) / 409 with the action's code and the actions allowed now. */
  judge(
    record: AssessmentRecord,
    myRoles: AssessmentRole[],
    action: AssessmentAction,
    caller: WorkflowCaller,
  ): WorkflowTransition {
    const workflow = this.workflow();
    const verdict = judgeAction(workflow, seen(record, myRoles), action, caller);
    if (verdict.refused === undefined) return verdict.transition;
    if (verdict.refused === 'noPermission') throw new AppError(403, 'noPermission');
    const allowed = this.actions(record, myRoles, caller);
    // the state allows the move, but not to this caller's role in the assessment (the `when`)
    if (workflow.transitions.some((t) => t.action === action && t.from.includes(record.status)))
      throw new AppError(403, 'assessmentRoleRefused', undefined, { allowed });
    throw new AppError(409, ASSESSMENT_ACTIONS[action], undefined, { allowed });
  }

  /** A move the server makes itself (an invited user found registered): state and `when` decide. */
  system(record: AssessmentRecord, action: AssessmentAction): WorkflowTransition | undefined {
    return openTransitions(this.workflow(), seen(record, []), SYSTEM).find((t) => t.action === action);
  }

  /** The move's history entry (collection `hist.assessment`). */
  async record(record: AssessmentRecord, transition: WorkflowTransition, by: string, comment?: string) {
    await writeHistory(this.ctx, ASSESSMENT_WORKFLOW, record.id, {
      at: this.ctx.clock().toISOString(),
      by,
      from: record.status,
      to: transition.to,
      action: transition.action,
      ...(comment ? { comment } : {}),
    });
  }
}

const seen = (record: AssessmentRecord, myRoles: AssessmentRole[]) =>
  ({ ...record, myRoles }) as unknown as Record<string, unknown>;
