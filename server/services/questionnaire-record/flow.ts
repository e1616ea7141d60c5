import type { WorkflowBody, WorkflowTransition, WorkflowUser } from '../../../core/workflows/workflow.types';
import {
  allowedActions,
  judgeAction,
  openTransitions,
  type WorkflowCaller,
} from '../../../core/workflows/workflow.utils';
import type { AppContext } from '../../context';
import { AppError } from '../../http/app-error';

/** Which workflow document moves a record kind, and how a refusal answers. */
export interface FlowSpec<A extends string> {
  /** The workflow document (`records: "service"`) every state change runs through. */
  workflow: string;
  /** The actions the service takes by name, with the 409 code a refusal of each answers (still with `allowed`). */
  refusals: Record<A, string>;
  /**
   * The workflow reads the caller's roles in the record (`record.myRoles`): a move the state allows
   * but not to this role (its `when`) is 403 with this code.
   */
  roleRefusal?: string;
}

const SYSTEM: WorkflowUser = { id: 'system', roles: [], permissions: [] };

/**
 * A record kind's lifecycle as data: reads the latest published workflow on every move, so
 * publishing a changed one changes what the service allows at once (no restart, no code).
 */
export class RecordFlow<R extends { status: string }, A extends string> {
  constructor(
    protected readonly ctx: AppContext,
    private readonly spec: FlowSpec<A>,
  ) {}

  private workflow(): WorkflowBody {
    const workflow = this.ctx.documents.latestBody<WorkflowBody>('workflow', this.spec.workflow);
    // seeded with the app; without it no record could move at all
    if (!workflow) throw new Error(`Workflow "${this.spec.workflow}" is not published`);
    return workflow;
  }

  /** The state a new record starts in. */
  initial(): string {
    return this.workflow().initial;
  }

  /** The actions this caller (holding `myRoles` in the record) may take now: the pages show their buttons by these. */
  actions(record: R, caller: WorkflowCaller, myRoles: string[] = []): string[] {
    return allowedActions(this.workflow(), this.seen(record, myRoles), caller).map(({ action }) => action);
  }

  /**
   * The transition a caller's action takes, or the refusal: 403 when its guard refuses the caller,
   * 409 with the action's code and the actions allowed now when it does not leave this state.
   */
  judge(record: R, action: A, caller: WorkflowCaller, myRoles: string[] = []): WorkflowTransition {
    const workflow = this.workflow();
    const verdict = judgeAction(workflow, this.seen(record, myRoles), action, caller);
    if (verdict.refused === undefined) return verdict.transition;
    if (verdict.refused === 'noPermission') throw new AppError(403, 'noPermission');
    const allowed = this.actions(record, caller, myRoles);
    const { roleRefusal } = this.spec;
    if (roleRefusal && workflow.transitions.some((t) => t.action === action && t.from.includes(record.status)))
      throw new AppError(403, roleRefusal, undefined, { allowed });
    throw new AppError(409, this.spec.refusals[action], undefined, { allowed });
  }

  /** A move the server makes itself (a job, a registration found): state and `when` decide, no guard. */
  system(record: R, action: A): WorkflowTransition | undefined {
    return openTransitions(this.workflow(), this.seen(record, []), SYSTEM).find((t) => t.action === action);
  }

  private seen(record: R, myRoles: string[]): Record<string, unknown> {
    return (this.spec.roleRefusal ? { ...record, myRoles } : record) as unknown as Record<string, unknown>;
  }
}
