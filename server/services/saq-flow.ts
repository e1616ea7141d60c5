import type { WorkflowCaller } from '../../core/workflows/workflow.utils';
import type { AuthContext } from '../auth/authenticate';
import { organizationOf } from '../auth/memberships';
import { heldBy } from '../auth/user-groups';
import { guardSubject } from '../auth/require-guard';
import { publishedRoleGroups } from '../auth/role-groups';
import type { AppContext } from '../context';
import { RecordFlow } from './questionnaire-record/flow';
import type { SaqRecord } from '../store/records.types';

/** The workflow document every SAQ state change runs through (schemas/workflows/saq.json). */
export const SAQ_WORKFLOW = 'saq';

/**
 * The actions the SAQ service takes by name; their states, guards and `when` are the document's.
 * Each refusal keeps the code the SAQ endpoints answered before the workflow (still with `allowed`).
 */
export const SAQ_ACTIONS = {
  complete: 'saqNotWaiting',
  edit: 'saqLocked',
  sign: 'saqNotCompleted',
  attest: 'transitionNotAllowed',
  attestationFailed: 'transitionNotAllowed',
  submit: 'saqNotSigned',
  validate: 'saqNotSubmitted',
  return: 'saqNotSubmitted',
} as const;
export type SaqAction = keyof typeof SAQ_ACTIONS;

/** Who asks to move an SAQ: the guard subject, the published role groups, and what `when` reads. */
export type SaqCaller = WorkflowCaller;

/** The caller of a request, for the workflow's guards. */
export async function saqCaller(ctx: AppContext, auth: AuthContext): Promise<SaqCaller> {
  return {
    subject: await guardSubject(ctx, auth),
    roleGroups: publishedRoleGroups(ctx),
    user: { id: auth.user.id, ...(await heldBy(ctx, auth)), organizationId: organizationOf(auth) },
  };
}

/**
 * The SAQ lifecycle as data (the `saq` workflow): whatever an analyst publishes applies at once.
 */
export class SaqFlow extends RecordFlow<SaqRecord, SaqAction> {
  constructor(ctx: AppContext) {
    super(ctx, { workflow: SAQ_WORKFLOW, refusals: SAQ_ACTIONS });
  }

  /** Whether the SAQ still takes answers: answering, or a state `edit` leaves (a submitted one is the bank's report). */
  takesAnswers(record: SaqRecord): boolean {
    return record.status === this.initial() || this.system(record, 'edit') !== undefined;
  }
}
