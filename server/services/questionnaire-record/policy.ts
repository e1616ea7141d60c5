import type { CompiledQuestionnaire } from '../../../core/questionnaire/questionnaire';
import type { Answers } from '../../../core/questionnaire/questionnaire.types';
import type { WorkflowTransition } from '../../../core/workflows/workflow.types';
import type { WorkflowCaller } from '../../../core/workflows/workflow.utils';
import type { Language } from '../../http/i18n';
import type { CollectionName } from '../../store/store.types';
import type { QuestionnaireRef } from './pinned';

/** What every questionnaire-based record holds: answers to a pinned questionnaire version, moved by a workflow. */
export interface QuestionnaireRecord {
  id: string;
  status: string;
  answers: Answers;
  updatedAt: string;
}

/** Answers that just changed, as a policy sees them to say what else they undo. */
export interface AnswerChange {
  answers: Answers;
  /** The items whose answer was given again (a typed one, or those a workbook changed). */
  changed: string[];
  compiled: CompiledQuestionnaire;
  /** The section the user was on (typed answers only). */
  step?: string;
}

/**
 * What one record kind adds to the shared lifecycle (lifecycle.ts): where its records live, who
 * reads them, who may answer in which state, and what an answer undoes. Everything else — the
 * pinned version, answer validation, file ownership, history, bulk replace — is the lifecycle's.
 */
export interface QuestionnaireRecordPolicy<R extends QuestionnaireRecord, C extends WorkflowCaller> {
  collection: CollectionName;
  /** The workflow document whose history (`hist.<workflow>`) the record's moves go into. */
  workflow: string;
  /** The 404 code for a record the user may not read (as if it did not exist). */
  notFound: string;
  /** The lock a write takes: two writers never interleave a read and its write. */
  lockOf(userId: string, id: string): string;
  pinnedTo(record: R): QuestionnaireRef;
  mayRead(record: R, userId: string): boolean;
  /** The caller may answer now (else it throws the refusal); the workflow move answering makes, or null. */
  answering(record: R, caller: C): WorkflowTransition | null;
  /** The record once answers changed: what a changed answer undoes in this kind. */
  answered(record: R, change: AnswerChange): R;
  /** After the write, under the lock: what the kind tells or tidies (real-time events, stale files). */
  written(before: R, after: R, move: WorkflowTransition | null): Promise<void>;
  /** How its offline workbook is titled and named. */
  workbook: {
    subject(record: R): string;
    fileName(record: R, language: Language): string;
  };
}
