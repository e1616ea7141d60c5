import {
  type CompiledQuestionnaire,
  isFileRef,
  MESSAGES,
  validateAnswer,
} from '../../../core/questionnaire/questionnaire';
import type { Answers } from '../../../core/questionnaire/questionnaire.types';
import type { HistoryEntry, WorkflowTransition } from '../../../core/workflows/workflow.types';
import type { WorkflowCaller } from '../../../core/workflows/workflow.utils';
import type { AppContext } from '../../context';
import { AppError } from '../../http/app-error';
import type { Language } from '../../http/i18n';
import { isOwnUpload } from '../files.service';
import { writeHistory } from '../history';
import { type HistoryRow, namedHistory } from './history';
import type { PinnedQuestionnaires } from './pinned';
import type { AnswerChange, QuestionnaireRecord, QuestionnaireRecordPolicy } from './policy';
import { problemViews } from './problems';

/** What a bulk replace decides from the record and its pinned questionnaire (or its refusal, thrown). */
export type DecideAnswers<R> = (
  record: R,
  compiled: CompiledQuestionnaire,
) => { answers: Answers; changed: string[]; comment: string };

/**
 * The lifecycle every questionnaire-based record shares (SAQs, assessments): answers judged one by
 * one against the pinned questionnaire version — never the client's verdict —, a file answer only as
 * the answerer's own upload, every write under the record's lock with its workflow move in the
 * history, bulk replaces (the offline workbook) landing as typed answers do. What differs per kind is
 * its policy (policy.ts).
 */
export class QuestionnaireRecords<R extends QuestionnaireRecord, C extends WorkflowCaller> {
  constructor(
    private readonly ctx: AppContext,
    private readonly questionnaires: PinnedQuestionnaires,
    readonly policy: QuestionnaireRecordPolicy<R, C>,
  ) {}

  get records() {
    return this.ctx.store.collection<R>(this.policy.collection);
  }

  /** A record the user may read; 404 with the kind's code otherwise. */
  async find(userId: string, id: string): Promise<R> {
    const record = await this.records.get(id);
    if (!record || !this.policy.mayRead(record, userId)) throw new AppError(404, this.policy.notFound);
    return record;
  }

  /** The compiled questionnaire version the record is pinned to. */
  pinned(record: R): Promise<CompiledQuestionnaire> {
    return this.questionnaires.of(this.policy.pinnedTo(record));
  }

  async withQuestionnaire(userId: string, id: string): Promise<{ record: R; compiled: CompiledQuestionnaire }> {
    const record = await this.find(userId, id);
    return { record, compiled: await this.pinned(record) };
  }

  /** Runs `work` under the record's lock. */
  locked<T>(userId: string, id: string, work: () => Promise<T>): Promise<T> {
    return this.ctx.store.withLock(this.policy.lockOf(userId, id), work);
  }

  /** Refuses, before an upload is read, a caller who could not answer now (404, or the policy's refusal). */
  async mayAnswer(caller: C, id: string): Promise<void> {
    this.policy.answering(await this.find(caller.user.id, id), caller);
  }

  /** Every move of the record, who by name. */
  history(record: R, language: Language): Promise<HistoryRow[]> {
    return namedHistory(this.ctx, this.policy.workflow, record.id, language);
  }

  /** The move's history entry; call under the record's lock. */
  async recordMove(record: R, move: WorkflowTransition, by: string, comment?: string): Promise<void> {
    await this.writeEntry(record.id, { by, from: record.status, to: move.to, action: move.action, comment });
  }

  /**
   * Saves one answer (null clears it): 422 `answerInvalid` with the problems, 422 `unknownStep` for a
   * step (a section id) the version does not have; the policy refuses who may not answer now.
   */
  saveAnswer(caller: C, id: string, itemId: string, value: unknown, language: Language, step?: string): Promise<R> {
    return this.locked(caller.user.id, id, async () => {
      const record = await this.find(caller.user.id, id);
      const move = this.policy.answering(record, caller);
      const compiled = await this.pinned(record);
      const problems = validateAnswer(compiled, itemId, value);
      const item = compiled.entries.get(itemId)?.item;
      // a file answer names the answerer's own upload, exactly as uploaded (never another's file)
      if (problems.length === 0 && item?.type === 'field' && item.input === 'file' && isFileRef(value)) {
        if (!(await isOwnUpload(this.ctx.store, caller.user.id, value)))
          problems.push({ item: itemId, message: MESSAGES.unknownFile });
      }
      if (problems.length > 0) {
        throw new AppError(422, 'answerInvalid', undefined, { problems: problemViews(this.ctx, problems, language) });
      }
      if (step !== undefined && !compiled.body.sections.some((section) => section.id === step)) {
        throw new AppError(422, 'unknownStep');
      }
      const answers = { ...record.answers };
      if (value === null) delete answers[itemId];
      else answers[itemId] = value;
      return this.write(caller, record, move, { answers, changed: [itemId], compiled, step });
    });
  }

  /**
   * Many answers at once (the offline workbook), judged as a typed answer is: `decide` reads the
   * record and its pinned version and gives the answers after it (or throws its refusal). None
   * changed: nothing is written. Otherwise one write with a typed answer's effects and one history
   * entry `action` saying what came in.
   */
  replaceAnswers(
    caller: C,
    id: string,
    action: string,
    decide: DecideAnswers<R>,
  ): Promise<{ record: R; changed: number }> {
    return this.locked(caller.user.id, id, async () => {
      const record = await this.find(caller.user.id, id);
      const move = this.policy.answering(record, caller);
      const compiled = await this.pinned(record);
      const { answers, changed, comment } = decide(record, compiled);
      if (changed.length === 0) return { record, changed: 0 };
      const status = move ? move.to : record.status;
      const written = await this.write(caller, record, move, { answers, changed, compiled }, () =>
        this.writeEntry(record.id, { by: caller.user.id, from: status, to: status, action, comment }),
      );
      return { record: written, changed: changed.length };
    });
  }

  /** One answered write: the move (if any) and its history, what the policy says the answers undo. */
  private async write(
    caller: C,
    record: R,
    move: WorkflowTransition | null,
    change: AnswerChange,
    alsoRecord?: () => Promise<void>,
  ): Promise<R> {
    const changed: R = {
      ...this.policy.answered(record, change),
      status: move ? move.to : record.status,
      updatedAt: this.ctx.clock().toISOString(),
    };
    if (move) await this.recordMove(record, move, caller.user.id);
    await alsoRecord?.();
    await this.records.replace(record.id, changed);
    await this.policy.written(record, changed, move);
    return changed;
  }

  private async writeEntry(recordId: string, entry: Omit<HistoryEntry, 'at'>): Promise<void> {
    const { comment, ...rest } = entry;
    await writeHistory(this.ctx, this.policy.workflow, recordId, {
      at: this.ctx.clock().toISOString(),
      ...rest,
      ...(comment ? { comment } : {}),
    });
  }
}
