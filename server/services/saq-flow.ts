import type { WorkflowBody, WorkflowTransition, WorkflowUser } from '../../core/workflows/workflow.types';
import { allowedActions, judgeAction, openTransitions, type WorkflowCaller } from '../../core/workflows/workflow.utils';
import type { AuthContext } from '../auth/authenticate';
import { organizationOf } from '../auth/memberships';
import { heldBy } from '../auth/user-groups';
import { guardSubject } from '../auth/require-guard';
import { publishedRoleGroups } from '../auth/role-groups';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { writeHistory } from './history';
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

const SYSTEM: WorkflowUser = { id: 'system', roles: [], permissions: [] };

/** The caller of a request, for the workflow's guards. */
export async function saqCaller(ctx: AppContext, auth: AuthContext): Promise<SaqCaller> {
  return {
    subject: await guardSubject(ctx, auth),
    roleGroups: publishedRoleGroups(ctx),
    user: { id: auth.user.id, ...(await heldBy(ctx, auth)), organizationId: organizationOf(auth) },
  };
}

/**
 * The SAQ lifecycle as data: reads the latest published `saq` workflow on every move, so publishing
 * a changed one changes what the service allows at once (no restart, no code).
 */
export class SaqFlow {
  constructor(private readonly ctx: AppContext) {}

  private workflow(): WorkflowBody {
    const workflow = this.ctx.documents.latestBody<WorkflowBody>('workflow', SAQ_WORKFLOW);
    // seeded with the app; without it no SAQ could move at all
    if (!workflow) throw new Error(`Workflow "${SAQ_WORKFLOW}" is not published`);
    return workflow;
  }

  /** The state a new SAQ starts in. */
  initial(): string {
    return this.workflow().initial;
  }

  /** The actions this caller may take on the SAQ now (the pages show their buttons by these). */
  actions(record: SaqRecord, caller: SaqCaller): string[] {
    return allowedActions(this.workflow(), asRecord(record), caller).map(({ action }) => action);
  }

  /**
   * The transition a caller's action takes, or the refusal: 403 when its guard refuses the caller,
   * 409 with the action's code and the actions allowed now when it does not leave this state.
   */
  judge(record: SaqRecord, action: SaqAction, caller: SaqCaller): WorkflowTransition {
    const workflow = this.workflow();
    const verdict = judgeAction(workflow, asRecord(record), action, caller);
    if (verdict.refused === undefined) return verdict.transition;
    if (verdict.refused === 'noPermission') throw new AppError(403, 'noPermission');
    const allowed = allowedActions(workflow, asRecord(record), caller).map((option) => option.action);
    throw new AppError(409, SAQ_ACTIONS[action], undefined, { allowed });
  }

  /** A move the server makes itself (the attestation job): state and `when` decide, no guard. */
  system(record: SaqRecord, action: SaqAction): WorkflowTransition | undefined {
    return openTransitions(this.workflow(), asRecord(record), SYSTEM).find((t) => t.action === action);
  }

  /** Whether the SAQ still takes answers: answering, or a state `edit` leaves (a submitted one is the bank's report). */
  takesAnswers(record: SaqRecord): boolean {
    return record.status === this.initial() || this.system(record, 'edit') !== undefined;
  }

  /** The move's history entry (collection `hist.saq`, as a resource's); call under the SAQ's lock. */
  async record(saq: SaqRecord, transition: WorkflowTransition, by: string, comment?: string): Promise<void> {
    await writeHistory(this.ctx, SAQ_WORKFLOW, saq.id, {
      at: this.ctx.clock().toISOString(),
      by,
      from: saq.status,
      to: transition.to,
      action: transition.action,
      ...(comment ? { comment } : {}),
    });
  }
}

const asRecord = (record: SaqRecord) => record as unknown as Record<string, unknown>;
