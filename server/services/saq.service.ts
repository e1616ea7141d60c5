import { randomUUID } from 'node:crypto';
import {
  type CompiledQuestionnaire,
  checkAnswers,
  compileQuestionnaire,
  validateAnswer,
} from '../../core/questionnaire/questionnaire';
import type { AnswerProblem, QuestionnaireBody } from '../../core/questionnaire/questionnaire.types';
import { EDITABLE_STATUSES, SAQ_DOCUMENT_IDS, type SaqStatus } from '../../core/saq/saq-records';
import { SAQ_TYPES, type SaqType } from '../../core/saq/saq-level';
import type { Text } from '../../core/documents/document.types';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { Language } from '../http/i18n';
import type { SaqRecord } from '../store/records.types';

const KIND = 'questionnaire';

/** What the SAQ endpoints answer for one SAQ (docs/contracts.md 'SAQ service'). */
export type SaqView = Omit<SaqRecord, 'userId' | 'siteId'>;

/** GET saqs/ongoing (shell §7): the names the client reads. */
export interface OngoingSaq {
  id: string;
  saqtype: string;
  last_step: string | null;
  status: string;
  document: { id: string; version: number };
}

/** A problem as the client shows it: the message in the caller's language. */
export interface ProblemView {
  item?: string;
  rule?: string;
  message: string;
}

/**
 * SAQs of merchant users: started from the latest published questionnaire of a type and pinned to
 * that version, every answer judged on its own by the pinned questionnaire, completion judged on
 * the whole document — the client's verdict is never trusted. One SAQ per user; writes run under
 * the user's lock so two tabs never interleave a read and its write.
 */
export class SaqService {
  /** Compiled questionnaires by `id@version`: a published version never changes, so compile once. */
  private readonly compiled = new Map<string, CompiledQuestionnaire>();

  constructor(private readonly ctx: AppContext) {}

  private get records() {
    return this.ctx.store.collection<SaqRecord>('saqs');
  }

  private lock(userId: string): string {
    return `saqs.${userId}`;
  }

  /** The SAQ types a user can start: each type whose questionnaire is published, with that version and title. */
  types(): { saqType: SaqType; document: { id: string; version: number }; title: Text }[] {
    return SAQ_TYPES.flatMap((saqType) => {
      const entry = this.ctx.documents.cache.get(KIND, SAQ_DOCUMENT_IDS[saqType]);
      if (!entry) return [];
      const { id, version, body } = entry.document;
      return [{ saqType, document: { id, version }, title: (body as QuestionnaireBody).title }];
    });
  }

  /** Starts an SAQ of `saqType` on the latest published version; the user's previous SAQ is deleted. */
  start(userId: string, siteId: string | null, saqType: SaqType): Promise<SaqView> {
    const documentId = SAQ_DOCUMENT_IDS[saqType];
    const entry = this.ctx.documents.cache.get(KIND, documentId);
    if (!entry) throw new AppError(404, 'documentNotFound');
    const now = new Date().toISOString();
    const record: SaqRecord = {
      id: randomUUID(),
      userId,
      siteId,
      saqType,
      document: { id: documentId, version: entry.document.version },
      status: 'waiting' satisfies SaqStatus,
      lastStep: null,
      answers: {},
      createdAt: now,
      updatedAt: now,
      completedAt: null,
      missingAtCompletion: [],
    };
    // lock first, then one transaction: the old SAQ goes and the new one arrives together
    return this.ctx.store.withLock(this.lock(userId), () =>
      this.ctx.store.transaction(async (tx) => {
        const records = tx.collection<SaqRecord>('saqs');
        for (const old of await records.find((saq) => saq.userId === userId)) await records.remove(old.id);
        await records.insert(record);
        return view(record);
      }),
    );
  }

  /** The caller's SAQ still being answered (status waiting), or null. */
  async ongoing(userId: string): Promise<OngoingSaq | null> {
    const [record] = await this.records.find((saq) => saq.userId === userId && saq.status === 'waiting');
    if (!record) return null;
    return {
      id: record.id,
      saqtype: record.saqType,
      last_step: record.lastStep,
      status: record.status,
      document: record.document,
    };
  }

  /** One of the caller's SAQs; another user's SAQ is 404, as if it did not exist. */
  async get(userId: string, id: string): Promise<SaqView> {
    return view(await this.owned(userId, id));
  }

  /**
   * Saves one answer (null clears it) judged by the pinned questionnaire: 422 `answerInvalid` with
   * the problems. `step` (a section id) becomes last_step. An edit after completion sends the SAQ
   * back to waiting; a submitted SAQ is 409 `saqLocked`.
   */
  saveAnswer(
    userId: string,
    id: string,
    itemId: string,
    input: { value: unknown; step?: string },
    language: Language,
  ): Promise<SaqView> {
    return this.ctx.store.withLock(this.lock(userId), async () => {
      const record = await this.owned(userId, id);
      if (!EDITABLE_STATUSES.includes(record.status as SaqStatus)) throw new AppError(409, 'saqLocked');
      const compiled = await this.pinned(record);
      const problems = validateAnswer(compiled, itemId, input.value);
      if (problems.length > 0) {
        throw new AppError(422, 'answerInvalid', undefined, { problems: this.translate(problems, language) });
      }
      if (input.step !== undefined && !compiled.body.sections.some((section) => section.id === input.step)) {
        throw new AppError(422, 'unknownStep');
      }
      const answers = { ...record.answers };
      if (input.value === null) delete answers[itemId];
      else answers[itemId] = input.value;
      const changed: SaqRecord = {
        ...record,
        answers,
        lastStep: input.step ?? record.lastStep,
        status: 'waiting',
        completedAt: null,
        missingAtCompletion: [],
        updatedAt: new Date().toISOString(),
      };
      await this.records.replace(record.id, changed);
      return view(changed);
    });
  }

  /**
   * Completes the SAQ (waiting for signing) after the whole-document check on the server: any
   * problem is 422 `saqRefused` with the rules' messages (and `missing`); missing answers are 409
   * `saqAnswersMissing` with their ids unless `continueAnyway` (domain §5's prompt).
   */
  complete(userId: string, id: string, continueAnyway: boolean, language: Language): Promise<SaqView> {
    return this.ctx.store.withLock(this.lock(userId), async () => {
      const record = await this.owned(userId, id);
      if (record.status !== 'waiting') throw new AppError(409, 'saqNotWaiting');
      const { problems, missing } = checkAnswers(await this.pinned(record), record.answers);
      if (problems.length > 0) {
        // the missing answers too, so the page can mark them alongside the refusals
        throw new AppError(422, 'saqRefused', undefined, { problems: this.translate(problems, language), missing });
      }
      if (missing.length > 0 && !continueAnyway) {
        throw new AppError(409, 'saqAnswersMissing', undefined, { missing });
      }
      const now = new Date().toISOString();
      const completed: SaqRecord = {
        ...record,
        status: 'completed' satisfies SaqStatus,
        completedAt: now,
        updatedAt: now,
        missingAtCompletion: missing,
      };
      await this.records.replace(record.id, completed);
      return view(completed);
    });
  }

  private async owned(userId: string, id: string): Promise<SaqRecord> {
    const record = await this.records.get(id);
    if (!record || record.userId !== userId) throw new AppError(404, 'saqNotFound');
    return record;
  }

  /** The compiled questionnaire version the SAQ is pinned to (read and compiled once per version). */
  private async pinned(record: SaqRecord): Promise<CompiledQuestionnaire> {
    const key = `${record.document.id}@${record.document.version}`;
    let compiled = this.compiled.get(key);
    if (!compiled) {
      const document = await this.ctx.documents.version(KIND, record.document.id, record.document.version);
      compiled = compileQuestionnaire(document.body as QuestionnaireBody);
      this.compiled.set(key, compiled);
    }
    return compiled;
  }

  private translate(problems: AnswerProblem[], language: Language): ProblemView[] {
    return problems.map(({ item, rule, message }) => ({
      ...(item !== undefined ? { item } : {}),
      ...(rule !== undefined ? { rule } : {}),
      message: this.text(message, language),
    }));
  }

  /** A document's text ({en, tr}) in the language, or an i18n key through the translator. */
  private text(message: Text, language: Language): string {
    return typeof message === 'string' ? this.ctx.translator.t(language, message) : message[language];
  }
}

function view({ userId: _userId, siteId: _siteId, ...saq }: SaqRecord): SaqView {
  return saq;
}
