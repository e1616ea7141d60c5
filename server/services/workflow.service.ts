import type { ResourceRecord } from '../../core/resources/resource.types';
import { ownerOf } from '../../core/resources/resource.utils';
import type {
  AvailableAction,
  HistoryEntry,
  WorkflowBody,
  WorkflowTransition,
  WorkflowUser,
} from '../../core/workflows/workflow.types';
import {
  allowedActions,
  judgeAction,
  openTransitions,
  stateOf,
  type WorkflowCaller,
} from '../../core/workflows/workflow.utils';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { Effect } from './workflow-effect.types';
import { readHistory, writeHistory } from './history';
import type { UserRecord } from '../store/records.types';
import { membershipIn } from '../auth/memberships';
import { withUserGroups } from '../auth/user-groups';
import type { PublishedResource, ResourceCaller, ResourcesService } from './resources.service';

/** History `by` of a move the server made on its own (e.g. an expiry). */
export const SYSTEM_ACTOR = 'system';
const SYSTEM_USER: WorkflowUser = { id: SYSTEM_ACTOR, roles: [], permissions: [] };

function workflowCaller({ subject, roleGroups, user, owner }: ResourceCaller): WorkflowCaller {
  const organizationId = owner.organizationId ?? null;
  return {
    subject,
    roleGroups,
    user: { id: user.id, roles: subject.roles, permissions: subject.permissions, organizationId },
  };
}

/**
 * The one place records move between states: the current state, the transition's guard and `when`,
 * its effects, the write and the history entry. Reading actions or history needs the resource's
 * `read` guard; running one its `update` guard plus the transition's own.
 */
export class WorkflowService {
  constructor(
    private readonly ctx: AppContext,
    private readonly resources: ResourcesService,
    /** The registered effects by name (server/workflows/effects.ts, given by the app: they use the services' helpers). */
    private readonly effects: Readonly<Record<string, Effect>>,
  ) {}

  async actions(resourceId: string, caller: ResourceCaller, recordId: string): Promise<AvailableAction[]> {
    const resource = this.resources.authorize(resourceId, 'read', caller);
    const record = await this.resources.find(resource, caller, recordId);
    const workflow = this.resources.workflowOf(resource);
    return workflow ? allowedActions(workflow, record, workflowCaller(caller)) : [];
  }

  async history(resourceId: string, caller: ResourceCaller, recordId: string): Promise<HistoryEntry[]> {
    const resource = this.resources.authorize(resourceId, 'read', caller);
    await this.resources.find(resource, caller, recordId);
    return readHistory(this.ctx, resource.id, recordId);
  }

  /**
   * Runs one action: 409 `transitionNotAllowed` with the `allowed` actions when no such transition
   * leaves the current state (or its `when` does not hold), 403 when its guard refuses the caller.
   */
  run(
    resourceId: string,
    caller: ResourceCaller,
    recordId: string,
    action: string,
    comment?: string,
  ): Promise<ResourceRecord> {
    const resource = this.resources.authorize(resourceId, 'update', caller);
    const workflow = this.resources.workflowOf(resource);
    const who = workflowCaller(caller);
    return this.resources.lock(resource.id, async () => {
      const record = await this.resources.find(resource, caller, recordId);
      const verdict: ReturnType<typeof judgeAction> = workflow
        ? judgeAction(workflow, record, action, who)
        : { refused: 'notAllowed' };
      if (verdict.refused !== undefined) {
        if (verdict.refused === 'noPermission') throw new AppError(403, 'noPermission');
        if (verdict.refused === 'conditionFailed') {
          const { action: refused, whenText, when } = verdict.transition;
          throw new AppError(409, 'transitionConditionFailed', undefined, {
            action: refused,
            condition: whenText ?? null,
            rule: when,
          });
        }
        const allowed = workflow ? allowedActions(workflow, record, who).map((option) => option.action) : [];
        throw new AppError(409, 'transitionNotAllowed', undefined, { allowed });
      }
      if (verdict.transition.comment === 'required' && !comment?.trim())
        throw new AppError(422, 'validationFailed', { comment: 'validation.required' });
      return this.apply(resource, workflow as WorkflowBody, record, verdict.transition, caller.user, comment);
    });
  }

  /**
   * A move the server makes itself (an invitation opened, accepted or past its expiry): the current
   * state and the transition's `when` still decide (409 `transitionNotAllowed` otherwise), but no
   * guard or scope applies, since no user asked for it. `actor` is who caused it (history `by`, and
   * the effects' actor), or null for the server alone ('system'), which may not run effects.
   */
  runAsServer(
    resourceId: string,
    recordId: string,
    action: string,
    actor: UserRecord | null,
    comment?: string,
  ): Promise<ResourceRecord> {
    const resource = this.resources.published(resourceId);
    const workflow = this.resources.workflowOf(resource);
    return this.resources.lock(resource.id, async () => {
      const record = await this.resources.records(resource.id).get(recordId);
      if (!record) throw new AppError(404, 'notFound');
      // what the actor holds in the record's organisation (a newcomer accepting an invitation: nothing yet)
      const organizationId = typeof record.organizationId === 'string' ? record.organizationId : null;
      const held =
        actor && (await withUserGroups(this.ctx, actor, organizationId, membershipIn(actor, organizationId)));
      const user = actor && held ? { id: actor.id, roles: held.roles, permissions: held.permissions } : SYSTEM_USER;
      const transition = workflow && openTransitions(workflow, record, user).find((t) => t.action === action);
      if (!transition) throw new AppError(409, 'transitionNotAllowed', undefined, { allowed: [] });
      return this.apply(resource, workflow as WorkflowBody, record, transition, actor, comment);
    });
  }

  /** Effects in order, then the state, then the history entry; call under the resource's lock. */
  private async apply(
    resource: PublishedResource,
    workflow: WorkflowBody,
    record: ResourceRecord,
    transition: WorkflowTransition,
    actor: UserRecord | null,
    comment?: string,
  ): Promise<ResourceRecord> {
    const from = stateOf(workflow, record) as string;
    // a move may leave a group without its one flagged record (the primary asset deleted)
    const moved = { ...record, [workflow.field]: transition.to };
    const settle = await this.resources.constrained(resource, ownerOf(record), record, moved, workflow.field);
    for (const name of transition.effects ?? []) {
      const effect = this.effects[name];
      if (!effect) throw new Error(`Workflow effect "${name}" is not registered`); // publish refuses these
      if (!actor) throw new Error(`Workflow effect "${name}" needs an actor`);
      await effect({ ctx: this.ctx, resource, workflow, transition, record, from, actor, comment });
    }
    const at = this.ctx.clock().toISOString();
    // the new state and its history entry, or neither (effects ran before: they mail, and a mail cannot be taken back)
    return this.ctx.store.transaction(async () => {
      await settle();
      const stored = await this.resources
        .records(resource.id)
        .update(record.id, { [workflow.field]: transition.to, updatedAt: at });
      await writeHistory(this.ctx, resource.id, record.id, {
        at,
        by: actor?.id ?? SYSTEM_ACTOR,
        from,
        to: transition.to,
        action: transition.action,
        ...(comment ? { comment } : {}),
      });
      return stored;
    });
  }
}
