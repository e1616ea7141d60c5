import type { ResourceRecord } from '../../core/resources/resource.types';
import type { AvailableAction, HistoryEntry, WorkflowBody } from '../../core/workflows/workflow.types';
import { allowedActions, judgeAction, stateOf, type WorkflowCaller } from '../../core/workflows/workflow.utils';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { EFFECTS } from '../workflows/effects';
import { readHistory, writeHistory } from '../workflows/history';
import type { ResourceCaller, ResourcesService } from './resources.service';

function workflowCaller({ subject, roleGroups, user }: ResourceCaller): WorkflowCaller {
  return { subject, roleGroups, user: { id: user.id, roles: user.roles, permissions: user.permissions } };
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
      const verdict = workflow ? judgeAction(workflow, record, action, who) : ({ refused: 'notAllowed' } as const);
      if ('refused' in verdict) {
        if (verdict.refused === 'noPermission') throw new AppError(403, 'noPermission');
        const allowed = workflow ? allowedActions(workflow, record, who).map((option) => option.action) : [];
        throw new AppError(409, 'transitionNotAllowed', undefined, { allowed });
      }
      const { transition } = verdict;
      const flow = workflow as WorkflowBody;
      const from = stateOf(flow, record) as string;
      for (const name of transition.effects ?? []) {
        const effect = EFFECTS[name];
        if (!effect) throw new Error(`Workflow effect "${name}" is not registered`); // publish refuses these
        await effect({
          ctx: this.ctx,
          resource,
          workflow: flow,
          transition,
          record,
          from,
          actor: caller.user,
          comment,
        });
      }
      const at = new Date().toISOString();
      const moved = await this.resources
        .records(resource.id)
        .update(record.id, { [flow.field]: transition.to, updatedAt: at });
      await writeHistory(this.ctx, resource.id, record.id, {
        at,
        by: caller.user.id,
        from,
        to: transition.to,
        action,
        ...(comment ? { comment } : {}),
      });
      return moved;
    });
  }
}
