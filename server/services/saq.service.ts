import { randomUUID } from 'node:crypto';
import { checkAnswers } from '../../core/questionnaire/questionnaire';
import type { QuestionnaireBody } from '../../core/questionnaire/questionnaire.types';
import type { ListQuery, ListResult, QueryableFields } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import type { ConfigDocument } from '../../core/documents/document.types';
import { type SaqTypeEntry, saqCatalog, saqTypeEntry } from '../../core/saq/saq-catalog';
import { declaredCompliance } from '../../core/saq/saq-summary';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { Language } from '../http/i18n';
import { findWhere } from '../store/matching';
import type { SaqAttestationRecord, SaqRecord } from '../store/records.types';
import { QuestionnaireRecords } from './questionnaire-record/lifecycle';
import { QuestionnaireWorkbook } from './questionnaire-record/workbook';
import type { UploadedWorkbook } from '../workbook/workbook-import';
import type { PinnedQuestionnaires } from './questionnaire-record/pinned';
import { problemViews } from './questionnaire-record/problems';
import { SAQ_WORKFLOW, type SaqCaller, SaqFlow } from './saq-flow';
import { saqPolicy, UNSIGNED } from './saq-policy';
import { UNREVIEWED } from './saq-submissions';
import { type SaqRow, type SaqView, saqRow, saqView } from './saq-views';
import { writeHistory } from './history';

/** GET /saq/api/v1/saq-types with the query contract. */
export const SAQ_TYPE_FIELDS: QueryableFields = {
  filterable: ['saqType', 'documentId', 'standardVersion', 'questionCount'],
  sortable: ['saqType', 'documentId', 'standardVersion', 'questionCount'],
};

/** A catalogue entry, and its document as `{ id, version }` as the first clients read it. */
export type SaqTypeItem = SaqTypeEntry & { document: { id: string; version: number } };

/** GET saqs/ongoing (shell §7): the names the client reads. */
export interface OngoingSaq {
  id: string;
  saqtype: string;
  last_step: string | null;
  status: string;
  document: { id: string; version: number };
}

/**
 * SAQs of merchant users: started from the latest published questionnaire of a type and pinned to
 * that version, answered through the questionnaire-record lifecycle with the SAQ's policy
 * (saq-policy.ts), completion judged on the whole document. One SAQ per user; signing is
 * saq-signing.ts, submission and the bank's decision saq-submissions.ts.
 */
export class SaqService {
  /** Every status change runs through the published `saq` workflow. */
  readonly flow: SaqFlow;
  /** The shared lifecycle: pinned version, answers, history, bulk replace. */
  readonly lifecycle: QuestionnaireRecords<SaqRecord, SaqCaller>;
  /** Its offline workbook (download and import). */
  readonly workbook: QuestionnaireWorkbook<SaqRecord, SaqCaller>;

  constructor(
    private readonly ctx: AppContext,
    questionnaires: PinnedQuestionnaires,
  ) {
    this.flow = new SaqFlow(ctx);
    this.lifecycle = new QuestionnaireRecords(ctx, questionnaires, saqPolicy(ctx, this.flow));
    this.workbook = new QuestionnaireWorkbook(ctx, this.lifecycle);
  }

  /** The questionnaire each SAQ type starts on, from the published documents (core/saq/saq-catalog). */
  private catalog(): Map<string, ConfigDocument<QuestionnaireBody>> {
    return saqCatalog(this.ctx.documents.cache.ofKind('questionnaire'));
  }

  /** The SAQ types a user can start: every type a published questionnaire names, by type. */
  types(): SaqTypeItem[] {
    return [...this.catalog()]
      .sort(([a], [b]) => a.localeCompare(b, 'en'))
      .map(([saqType, document]) => ({
        ...saqTypeEntry(saqType, document),
        document: { id: document.id, version: document.version },
      }));
  }

  /** The same list in the query contract (the list document's call). */
  typesList(query: ListQuery): ListResult<SaqTypeItem> {
    return runQuery(this.types(), query);
  }

  /**
   * Starts an SAQ of `saqType` on the questionnaire the catalogue names for it, in the workflow's
   * initial state; the user's SAQs never submitted are deleted (one submitted is the bank's report
   * and stays, whatever the bank decided).
   */
  start(caller: SaqCaller, siteId: string | null, organizationId: string | null, saqType: string): Promise<SaqView> {
    const userId = caller.user.id;
    const document = this.catalog().get(saqType);
    if (!document) throw new AppError(400, 'saqTypeUnknown', { saqType: 'saqTypeUnknown' });
    const now = this.ctx.clock().toISOString();
    const record: SaqRecord = {
      id: randomUUID(),
      userId,
      siteId,
      saqType,
      document: { id: document.id, version: document.version },
      standardVersion: document.body.standard?.version ?? '',
      organizationId,
      status: this.flow.initial(),
      lastStep: null,
      answers: {},
      createdAt: now,
      updatedAt: now,
      completedAt: null,
      missingAtCompletion: [],
      ...UNSIGNED,
      submittedAt: null,
      bankId: null,
      bankName: null,
      ...UNREVIEWED,
    };
    // lock first, then one transaction: the old SAQ goes and the new one arrives together
    return this.lifecycle.locked(userId, record.id, async () => {
      const started = await this.ctx.store.transaction(async (tx) => {
        const records = tx.collection<SaqRecord>('saqs');
        const attestations = tx.collection<SaqAttestationRecord>('saqAttestations');
        for (const old of await records.find((saq) => saq.userId === userId && !saq.submittedAt)) {
          if (old.attestation) await attestations.remove(old.id);
          await records.remove(old.id);
        }
        await records.insert(record);
        return saqView(this.flow, record, caller);
      });
      // the history starts with the SAQ (as a resource record's does)
      await writeHistory(this.ctx, SAQ_WORKFLOW, record.id, {
        at: record.createdAt,
        by: userId,
        from: null,
        to: record.status,
        action: 'create',
      });
      return started;
    });
  }

  /** The caller's SAQs, every status, without their answers (GET /saqs). */
  async list(userId: string, query: ListQuery): Promise<ListResult<SaqRow>> {
    const mine = await findWhere(this.lifecycle.records, { field: 'userId', op: 'eq', value: userId });
    return runQuery(mine.map(saqRow), query);
  }

  /** The caller's SAQ still being answered (the workflow's initial state), or null. */
  async ongoing(userId: string): Promise<OngoingSaq | null> {
    const initial = this.flow.initial();
    const [record] = await this.lifecycle.records.find((saq) => saq.userId === userId && saq.status === initial);
    if (!record) return null;
    return {
      id: record.id,
      saqtype: record.saqType,
      last_step: record.lastStep,
      status: record.status,
      document: record.document,
    };
  }

  /** The caller's SAQ's history (GET /saqs/:saqId/history), kept across edits and re-submissions. */
  async historyOfOwn(userId: string, id: string, query: ListQuery, language: Language) {
    return runQuery(await this.lifecycle.history(await this.lifecycle.find(userId, id), language), query);
  }

  /** One of the caller's SAQs; another user's SAQ is 404, as if it did not exist. */
  async get(caller: SaqCaller, id: string): Promise<SaqView> {
    return saqView(this.flow, await this.lifecycle.find(caller.user.id, id), caller);
  }

  /** Saves one answer (null clears it); `step` (a section id) becomes last_step (QuestionnaireRecords.saveAnswer). */
  async saveAnswer(
    caller: SaqCaller,
    id: string,
    itemId: string,
    input: { value: unknown; step?: string },
    language: Language,
  ): Promise<SaqView> {
    const saved = await this.lifecycle.saveAnswer(caller, id, itemId, input.value, language, input.step);
    return saqView(this.flow, saved, caller);
  }

  /** An answered offline workbook, landing as typed answers do (QuestionnaireWorkbook.upload). */
  async importWorkbook(
    caller: SaqCaller,
    id: string,
    file: UploadedWorkbook,
    language: Language,
  ): Promise<{ saq: SaqView; changed: number }> {
    const { record, changed } = await this.workbook.upload(caller, id, file, language);
    return { saq: saqView(this.flow, record, caller), changed };
  }

  /**
   * Completes the SAQ (waiting for signing) after the whole-document check on the server: any
   * problem is 422 `saqRefused` with the rules' messages (and `missing`); missing answers are 409
   * `saqAnswersMissing` with their ids unless `continueAnyway` (domain §5's prompt).
   */
  complete(caller: SaqCaller, id: string, continueAnyway: boolean, language: Language): Promise<SaqView> {
    const userId = caller.user.id;
    return this.lifecycle.locked(userId, id, async () => {
      const record = await this.lifecycle.find(userId, id);
      const move = this.flow.judge(record, 'complete', caller);
      const { problems, missing } = checkAnswers(await this.lifecycle.pinned(record), record.answers);
      if (problems.length > 0) {
        // the missing answers too, so the page can mark them alongside the refusals
        const views = problemViews(this.ctx, problems, language);
        throw new AppError(422, 'saqRefused', undefined, { problems: views, missing });
      }
      if (missing.length > 0 && !continueAnyway) {
        throw new AppError(409, 'saqAnswersMissing', undefined, { missing });
      }
      const now = this.ctx.clock().toISOString();
      const completed: SaqRecord = {
        ...record,
        status: move.to,
        completedAt: now,
        updatedAt: now,
        missingAtCompletion: missing,
        compliance: declaredCompliance(record.answers),
      };
      await this.lifecycle.recordMove(record, move, userId);
      await this.lifecycle.records.replace(record.id, completed);
      return saqView(this.flow, completed, caller);
    });
  }

  /** A pinned SAQ's questionnaire body (the bank's answer summary reads it too). */
  async bodyOf(record: SaqRecord): Promise<QuestionnaireBody> {
    return (await this.lifecycle.pinned(record)).body;
  }
}
