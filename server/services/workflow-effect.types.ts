import type { ResourceRecord } from '../../core/resources/resource.types';
import type { WorkflowBody, WorkflowTransition } from '../../core/workflows/workflow.types';
import type { AppContext } from '../context';
import type { PublishedResource } from './resources.service';
import type { UserRecord } from '../store/records.types';

/** What an effect is told about the transition it runs with. */
export interface EffectInput {
  ctx: AppContext;
  resource: PublishedResource;
  workflow: WorkflowBody;
  transition: WorkflowTransition;
  /** The record as it is before the move. */
  record: ResourceRecord;
  from: string;
  actor: UserRecord;
  comment?: string;
}

/**
 * A named server action a workflow transition may run. Effects run in order after every check and
 * before anything is written, so one that throws an AppError refuses the transition (e.g. 429).
 */
export type Effect = (input: EffectInput) => Promise<void>;
