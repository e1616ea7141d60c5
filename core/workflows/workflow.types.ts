import type { Text } from '../documents/document.types';
import type { Guard } from '../guard/guard.types';
import type { JsonLogicRule } from '../rules/rule.types';

export type StateIntent = 'success' | 'warning' | 'danger' | 'primary' | 'none';

export interface WorkflowState {
  id: string;
  title: Text;
  intent?: StateIntent;
  /**
   * Fields an update may not change while a record is in this state (409 `fieldsLocked`), or `true`
   * for every field: a closed monitoring case keeps its label until it is reopened.
   */
  locked?: string[] | true;
}

/** One move of the state machine: from any of `from` to `to`, by the named action. */
export interface WorkflowTransition {
  action: string;
  title: Text;
  from: string[];
  to: string;
  /** Who may take it (besides the resource's `update` guard). */
  guard?: Guard;
  /** json-logic over { record, user: { id, roles, permissions, organizationId } }: the transition exists only while it holds. */
  when?: JsonLogicRule;
  /** What `when` asks, in words: the reason given when the action is asked for while it does not hold. */
  whenText?: Text;
  /** Names of server effects run with the transition (server/workflows/effects.ts). */
  effects?: string[];
  /** `required`: the move must say why (its `comment`, kept in the history) — an authorisation's justification. */
  comment?: 'required';
}

/**
 * Who keeps a workflow's records: a published resource (the generic resources API runs it), or a
 * server service that owns its record type and runs every state change of it through the workflow.
 */
export type WorkflowRecords = 'resource' | 'service';

/** A workflow document (kind 'workflow'): the state machine of one resource's records. */
export interface WorkflowBody {
  /** The resource whose records it moves, or with `records: 'service'` the service-owned record type. */
  resource: string;
  /** Default 'resource'. */
  records?: WorkflowRecords;
  /** The record member that holds the state; only transitions write it. */
  field: string;
  initial: string;
  states: WorkflowState[];
  transitions: WorkflowTransition[];
}

/** What a `when` rule reads about the caller. */
export interface WorkflowUser {
  id: string;
  roles: string[];
  permissions: string[];
  /** The organisation the session works for (a bank may decide only on what was submitted to it). */
  organizationId?: string | null;
}

/** An action the caller may take now (GET …/:id/actions). */
export interface AvailableAction {
  action: string;
  to: string;
  title: Text;
  /** The move must say why: a plain button cannot run it (a page's action with a comment form does). */
  comment?: 'required';
}

/** One entry of a record's history: who moved it, when, from which state to which, by what action. */
export interface HistoryEntry {
  at: string;
  /** User id. */
  by: string;
  /** null for the entry written at creation (action 'create'). */
  from: string | null;
  to: string;
  action: string;
  comment?: string;
}
