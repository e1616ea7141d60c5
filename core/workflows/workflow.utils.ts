import type { DocumentProblem, ValidationContext } from '../documents/document.types';
import type { GuardSubject, RoleGroups } from '../guard/guard.types';
import { evaluateGuard } from '../guard/guard.utils';
import { SERVER_FIELDS } from '../resources/resource.types';
import type { ResourceBody } from '../resources/resource.types';
import { guardGroupProblems, publishedGroups, schemaHasField } from '../resources/resource.utils';
import { applyRule, truthy } from '../rules/jsonlogic';
import type { AvailableAction, WorkflowBody, WorkflowTransition, WorkflowUser } from './workflow.types';

/** Who asks to move a record: the guard subject, the published role groups, and what `when` reads. */
export interface WorkflowCaller {
  subject: GuardSubject;
  roleGroups: RoleGroups;
  user: WorkflowUser;
}

/** The record's current state (its workflow field), or undefined. */
export function stateOf(workflow: WorkflowBody, record: Record<string, unknown>): string | undefined {
  const state = record[workflow.field];
  return typeof state === 'string' ? state : undefined;
}

/** Whether a transition's `when` holds for the record and the caller; a refused rule never holds. */
export function whenHolds(
  transition: WorkflowTransition,
  record: Record<string, unknown>,
  user: WorkflowUser,
): boolean {
  if (transition.when === undefined) return true;
  try {
    return truthy(applyRule(transition.when, { record, user }));
  } catch {
    return false;
  }
}

/** Transitions that leave the record's current state and whose `when` holds (guards aside). */
export function openTransitions(
  workflow: WorkflowBody,
  record: Record<string, unknown>,
  user: WorkflowUser,
): WorkflowTransition[] {
  const state = stateOf(workflow, record);
  if (state === undefined) return [];
  return workflow.transitions.filter((t) => t.from.includes(state) && whenHolds(t, record, user));
}

/** The actions this caller may take on the record now: open transitions whose guard passes. */
export function allowedActions(
  workflow: WorkflowBody,
  record: Record<string, unknown>,
  caller: WorkflowCaller,
): AvailableAction[] {
  return openTransitions(workflow, record, caller.user)
    .filter((t) => evaluateGuard(t.guard, caller.subject, caller.roleGroups))
    .map(({ action, to, title, comment }) => ({ action, to, title, ...(comment ? { comment } : {}) }));
}

/**
 * The fields an update would change that the record's current state locks (its `locked`), in
 * `fields`' order: compared as JSON, a field left out or emptied counting as a change.
 */
export function lockedChanges(
  workflow: WorkflowBody,
  current: Record<string, unknown>,
  next: Record<string, unknown>,
  fields: readonly string[],
): string[] {
  const state = workflow.states.find((candidate) => candidate.id === stateOf(workflow, current));
  if (!state?.locked) return [];
  const locked = state.locked === true ? fields : fields.filter((field) => (state.locked as string[]).includes(field));
  return locked.filter((field) => JSON.stringify(current[field]) !== JSON.stringify(next[field]));
}

/**
 * The verdict on one requested action: the transition to run, 'noPermission' when it is open but
 * its guard refuses the caller, or 'notAllowed' when no transition by that name leaves the current
 * state while its `when` holds.
 */
export function judgeAction(
  workflow: WorkflowBody,
  record: Record<string, unknown>,
  action: string,
  caller: WorkflowCaller,
):
  | { transition: WorkflowTransition; refused?: undefined }
  | { refused: 'noPermission' }
  | { refused: 'notAllowed' }
  | { refused: 'conditionFailed'; transition: WorkflowTransition } {
  const transition = openTransitions(workflow, record, caller.user).find((t) => t.action === action);
  if (!transition) {
    // the action leaves this state but its `when` does not hold: say so, and what it asks
    const state = stateOf(workflow, record);
    const waiting = workflow.transitions.find(
      (t) => t.action === action && state !== undefined && t.from.includes(state) && t.when !== undefined,
    );
    if (waiting && evaluateGuard(waiting.guard, caller.subject, caller.roleGroups))
      return { refused: 'conditionFailed', transition: waiting };
    return { refused: 'notAllowed' };
  }
  if (!evaluateGuard(transition.guard, caller.subject, caller.roleGroups)) return { refused: 'noPermission' };
  return { transition };
}

// ---- publish-time checks ----

function stateProblems(body: WorkflowBody): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  const ids = new Set<string>();
  body.states.forEach((state, index) => {
    if (ids.has(state.id))
      problems.push({ path: `/body/states/${index}/id`, message: `duplicate state "${state.id}"` });
    ids.add(state.id);
  });
  if (!ids.has(body.initial)) problems.push({ path: '/body/initial', message: `unknown state "${body.initial}"` });
  if (SERVER_FIELDS.includes(body.field)) {
    problems.push({ path: '/body/field', message: `"${body.field}" is a system field` });
  }
  body.transitions.forEach((transition, index) => {
    const path = `/body/transitions/${index}`;
    transition.from.forEach((from, position) => {
      if (!ids.has(from)) problems.push({ path: `${path}/from/${position}`, message: `unknown state "${from}"` });
    });
    if (!ids.has(transition.to)) problems.push({ path: `${path}/to`, message: `unknown state "${transition.to}"` });
    // one action name leaves a state by one transition only, so a request names exactly one
    const earlier = body.transitions
      .slice(0, index)
      .find((other) => other.action === transition.action && other.from.some((from) => transition.from.includes(from)));
    if (earlier) {
      problems.push({ path: `${path}/action`, message: `"${transition.action}" already leaves one of these states` });
    }
  });
  return problems;
}

/**
 * What the meta-schema cannot say about a workflow: unique state ids, a known initial state, known
 * from/to states, one transition per action and state, a state field that is no system field. With
 * a context: effects the server has, group guards of published role groups, and — when its resource
 * is published already — a resource that names this workflow and has no schema property of that name.
 * A workflow of a service's records (`records: 'service'`) names no resource: none may have its id.
 */
export function workflowProblems(id: string, body: WorkflowBody, context: ValidationContext = {}): DocumentProblem[] {
  const problems = stateProblems(body);
  if (context.effects) {
    const known = context.effects;
    body.transitions.forEach((transition, index) => {
      (transition.effects ?? []).forEach((effect, position) => {
        if (!known.includes(effect)) {
          problems.push({
            path: `/body/transitions/${index}/effects/${position}`,
            message: `unknown effect "${effect}"`,
          });
        }
      });
    });
  }
  if (!context.published) return problems;
  const groups = publishedGroups(context);
  body.transitions.forEach((transition, index) => {
    if (transition.guard) {
      problems.push(...guardGroupProblems({ guard: transition.guard }, groups, `/body/transitions/${index}`));
    }
  });
  const resource = context.published('resource', body.resource) as ResourceBody | undefined;
  if (body.records === 'service') {
    // a service's record type is no resource: a resource of that id would have two state machines
    if (resource) {
      problems.push({
        path: '/body/resource',
        message: `"${body.resource}" is a published resource, not a service's records`,
      });
    }
    return problems;
  }
  if (resource && resource.workflow !== undefined && resource.workflow !== id) {
    problems.push({
      path: '/body/resource',
      message: `resource "${body.resource}" uses workflow "${resource.workflow}"`,
    });
  }
  if (resource) {
    body.states.forEach((state, index) => {
      if (!Array.isArray(state.locked)) return;
      state.locked.forEach((field, position) => {
        if (!schemaHasField(resource.schema, field))
          problems.push({
            path: `/body/states/${index}/locked/${position}`,
            message: `"${field}" is no field of "${body.resource}"`,
          });
      });
    });
  }
  if (resource && schemaHasField(resource.schema, body.field)) {
    problems.push({ path: '/body/field', message: `"${body.field}" is an editable field of "${body.resource}"` });
  }
  return problems;
}
