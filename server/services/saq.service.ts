import { createHash, randomUUID } from 'node:crypto';
import {
  type CompiledQuestionnaire,
  checkAnswers,
  isFileRef,
  MESSAGES,
  validateAnswer,
} from '../../core/questionnaire/questionnaire';
import type { AnswerProblem, Answers, QuestionnaireBody } from '../../core/questionnaire/questionnaire.types';
import type { ListQuery, ListResult, QueryableFields, SortKey } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import type { ConfigDocument, Text } from '../../core/documents/document.types';
import { type SaqTypeEntry, saqCatalog, saqTypeEntry } from '../../core/saq/saq-catalog';
import { expiryOf } from '../../core/saq/saq-compliance';
import type { ReviewOutcome } from '../../core/saq/saq-records';
import { declaredCompliance } from '../../core/saq/saq-summary';
import type { Job } from '../jobs/jobs.types';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { isOwnUpload } from './files.service';
import { asLanguage, type Language } from '../http/i18n';
import { publishToUser } from '../realtime/publish';
import { findWhere } from '../store/matching';
import type {
  OrganizationRecord,
  SaqAttestationRecord,
  SaqLevelResultRecord,
  SaqRecord,
  UserRecord,
} from '../store/records.types';
import { createNotification } from './notifications';
import type { PinnedQuestionnaires } from './pinned-questionnaires';
import { renderAttestation } from './saq-attestation';
import { SAQ_WORKFLOW, type SaqAction, type SaqCaller, SaqFlow } from './saq-flow';
import { SYSTEM_ACTOR } from './workflow.service';
import { readHistory, writeHistory } from './history';
import { membershipIn } from '../auth/memberships';

const KIND = 'questionnaire';

/** The background job that renders a signed SAQ's attestation (server/app-jobs.ts). */
export const SIGN_SAQ_JOB = 'saq.sign';

/**
 * What the SAQ endpoints answer for one SAQ (docs/gateway/saq.md), with the workflow
 * actions the caller may take on it now (the SAQ page shows its buttons by them).
 */
export type SaqView = Omit<SaqRecord, 'userId' | 'siteId'> & { actions: string[] };
/** A row of GET /saqs: the record without its answers. */
export type SaqRow = Omit<SaqRecord, 'userId' | 'siteId' | 'answers'>;

/** One move of an SAQ as its history lists it: who by name (the server's own moves as `actor` in the reader's language). */
export interface SaqHistoryRow {
  id: string;
  at: string;
  action: string;
  from: string | null;
  to: string;
  actor: string;
  comment: string | null;
}
/** GET …/saqs/:saqId/history speaks the query contract over these; newest first unless asked. */
export const SAQ_HISTORY_FIELDS: QueryableFields = {
  filterable: ['action', 'from', 'to', 'actor'],
  sortable: ['at', 'action', 'actor'],
};
export const NEWEST_MOVE_FIRST: SortKey[] = [{ field: 'at', direction: 'desc' }];

/** GET /saq/api/v1/saqs (the caller's SAQs) speaks the query contract over these. */
const MY_SAQ_COLUMNS = [
  'saqType',
  'status',
  'standardVersion',
  'createdAt',
  'updatedAt',
  'completedAt',
  'signedAt',
  'submittedAt',
  'expiresAt',
  'bankName',
  'compliance',
];
export const MY_SAQ_FIELDS: QueryableFields = { filterable: MY_SAQ_COLUMNS, sortable: MY_SAQ_COLUMNS };
export const NEWEST_SAQ_FIRST: SortKey[] = [{ field: 'createdAt', direction: 'desc' }];

/** GET /saq/api/v1/saq-types with the query contract. */
export const SAQ_TYPE_FIELDS: QueryableFields = {
  filterable: ['saqType', 'documentId', 'standardVersion', 'questionCount'],
  sortable: ['saqType', 'documentId', 'standardVersion', 'questionCount'],
};

/** A catalogue entry, and its document as `{ id, version }` as the first clients read it. */
export type SaqTypeItem = SaqTypeEntry & { document: { id: string; version: number } };

/** Who signs, as the sign form sends it. */
export interface SignInput {
  signerName: string;
  signerTitle: string;
}

/** A signature no longer holds once an answer changes (domain §4): these fields go with it (a migration too). */
export const UNSIGNED = {
  compliance: null,
  signer: null,
  signedAt: null,
  attestation: null,
  expiresAt: null,
} satisfies Partial<SaqRecord>;

/** The bank's decision on a submitted SAQ: it validates it (confirming an outcome) or returns it. */
export interface ReviewInput {
  outcome?: ReviewOutcome;
  note?: string;
}

/** What a bank's decision leaves on the SAQ until it is submitted again. */
const UNREVIEWED = {
  validatedCompliance: null,
  bankNote: null,
  reviewedAt: null,
  reviewedBy: null,
} satisfies Partial<SaqRecord>;

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

/** The PCI request a submission answers (PciRequestsService.answerWithSaq): 422 for a wrong pick, else its id or null. */
export interface SubmissionRequests {
  answerWithSaq(saq: SaqRecord, bankId: string, requestId: string | undefined): Promise<string | null>;
}

/**
 * SAQs of merchant users: started from the latest published questionnaire of a type and pinned to
 * that version, every answer judged on its own by the pinned questionnaire, completion judged on
 * the whole document — the client's verdict is never trusted. One SAQ per user; writes run under
 * the user's lock so two tabs never interleave a read and its write.
 */
export class SaqService {
  /** Every status change runs through the published `saq` workflow. */
  readonly flow: SaqFlow;

  constructor(
    private readonly ctx: AppContext,
    private readonly questionnaires: PinnedQuestionnaires,
    /** PCI requests (pci-requests.service.ts): checks the request a submission picks and links it. */
    private readonly requests: SubmissionRequests,
  ) {
    this.flow = new SaqFlow(ctx);
  }

  private get records() {
    return this.ctx.store.collection<SaqRecord>('saqs');
  }

  private lock(userId: string): string {
    return `saqs.${userId}`;
  }

  private get attestations() {
    return this.ctx.store.collection<SaqAttestationRecord>('saqAttestations');
  }

  /** The questionnaire each SAQ type starts on, from the published documents (core/saq/saq-catalog). */
  private catalog(): Map<string, ConfigDocument<QuestionnaireBody>> {
    return saqCatalog(this.ctx.documents.cache.ofKind(KIND));
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
    return this.ctx.store.withLock(this.lock(userId), async () => {
      const started = await this.ctx.store.transaction(async (tx) => {
        const records = tx.collection<SaqRecord>('saqs');
        const attestations = tx.collection<SaqAttestationRecord>('saqAttestations');
        for (const old of await records.find((saq) => saq.userId === userId && !saq.submittedAt)) {
          if (old.attestation) await attestations.remove(old.id);
          await records.remove(old.id);
        }
        await records.insert(record);
        return this.view(record, caller);
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
    const mine = await findWhere(this.records, { field: 'userId', op: 'eq', value: userId });
    return runQuery(mine.map(row), query);
  }

  /** The caller's SAQ still being answered (the workflow's initial state), or null. */
  async ongoing(userId: string): Promise<OngoingSaq | null> {
    const initial = this.flow.initial();
    const [record] = await this.records.find((saq) => saq.userId === userId && saq.status === initial);
    if (!record) return null;
    return {
      id: record.id,
      saqtype: record.saqType,
      last_step: record.lastStep,
      status: record.status,
      document: record.document,
    };
  }

  /** The caller's SAQ's history (GET /saqs/:saqId/history). */
  async historyOfOwn(userId: string, id: string, query: ListQuery, language: Language) {
    return runQuery(await this.history(await this.owned(userId, id), language), query);
  }

  /**
   * Every move of the SAQ (workflow history `hist.saq`, kept across edits and re-submissions): who
   * made it by name, since the merchant and the bank do not know each other's user ids.
   */
  async history(saq: SaqRecord, language: Language): Promise<SaqHistoryRow[]> {
    const entries = await readHistory(this.ctx, SAQ_WORKFLOW, saq.id);
    const users = this.ctx.store.collection<UserRecord>('users');
    const names = new Map<string, string>();
    for (const by of new Set(entries.map((entry) => entry.by))) {
      const user = by === SYSTEM_ACTOR ? undefined : await users.get(by);
      names.set(by, user ? user.name || user.email : this.ctx.translator.t(language, 'saqHistory.system'));
    }
    return entries.map((entry, index) => ({
      id: String(index + 1),
      at: entry.at,
      action: entry.action,
      from: entry.from,
      to: entry.to,
      actor: names.get(entry.by) ?? entry.by,
      comment: entry.comment ?? null,
    }));
  }

  /** One of the caller's SAQs; another user's SAQ is 404, as if it did not exist. */
  async get(caller: SaqCaller, id: string): Promise<SaqView> {
    return this.view(await this.owned(caller.user.id, id), caller);
  }

  /**
   * Saves one answer (null clears it) judged by the pinned questionnaire: 422 `answerInvalid` with
   * the problems. `step` (a section id) becomes last_step. Outside the initial state an answer is
   * the workflow's `edit` (back to answering, the signature dropped); where `edit` does not leave
   * (submitted, validated) it is 409 `saqLocked`.
   */
  saveAnswer(
    caller: SaqCaller,
    id: string,
    itemId: string,
    input: { value: unknown; step?: string },
    language: Language,
  ): Promise<SaqView> {
    const userId = caller.user.id;
    return this.ctx.store.withLock(this.lock(userId), async () => {
      const record = await this.owned(userId, id);
      const edit = record.status === this.flow.initial() ? null : this.flow.judge(record, 'edit', caller);
      const compiled = await this.pinned(record);
      const problems = validateAnswer(compiled, itemId, input.value);
      const item = compiled.entries.get(itemId)?.item;
      // a file answer must name the caller's own upload, as it was uploaded
      if (problems.length === 0 && item?.type === 'field' && item.input === 'file' && isFileRef(input.value)) {
        if (!(await isOwnUpload(this.ctx.store, userId, input.value)))
          problems.push({ item: itemId, message: MESSAGES.unknownFile });
      }
      if (problems.length > 0) {
        throw new AppError(422, 'answerInvalid', undefined, { problems: this.translate(problems, language) });
      }
      if (input.step !== undefined && !compiled.body.sections.some((section) => section.id === input.step)) {
        throw new AppError(422, 'unknownStep');
      }
      const answers = { ...record.answers };
      if (input.value === null) delete answers[itemId];
      else answers[itemId] = input.value;
      // any edit undoes completion and the signature on what was completed (domain §4)
      const changed: SaqRecord = {
        ...record,
        answers,
        // answering a question again is re-reading it
        ...rereadAfter(record, [itemId]),
        lastStep: input.step ?? record.lastStep,
        status: edit ? edit.to : record.status,
        completedAt: null,
        missingAtCompletion: [],
        ...UNSIGNED,
        updatedAt: this.ctx.clock().toISOString(),
      };
      if (record.attestation) await this.attestations.remove(record.id);
      if (edit) await this.flow.record(record, edit, userId);
      await this.records.replace(record.id, changed);
      if (edit) await this.announce(changed);
      return this.view(changed, caller);
    });
  }

  /**
   * Many answers at once, landing as typed ones do (the offline workbook): under the user's lock,
   * after the same `edit` check as saveAnswer, `decide` reads the SAQ and its pinned questionnaire
   * and gives the answers after it (or throws its refusal) and how many changed. None changed:
   * nothing is written. Otherwise one write with saveAnswer's effects (outside answering the
   * workflow's `edit`, completion and signature dropped) and one history entry `action`.
   */
  replaceAnswers(
    caller: SaqCaller,
    id: string,
    action: string,
    decide: (
      record: SaqRecord,
      compiled: CompiledQuestionnaire,
    ) => { answers: Answers; changed: number; comment: string },
  ): Promise<{ saq: SaqView; changed: number }> {
    const userId = caller.user.id;
    return this.ctx.store.withLock(this.lock(userId), async () => {
      const record = await this.owned(userId, id);
      const edit = record.status === this.flow.initial() ? null : this.flow.judge(record, 'edit', caller);
      const { answers, changed, comment } = decide(record, await this.pinned(record));
      if (changed === 0) return { saq: this.view(record, caller), changed };
      const now = this.ctx.clock().toISOString();
      const replaced: SaqRecord = {
        ...record,
        answers,
        // an answer the file changed or cleared was answered again
        ...rereadAfter(
          record,
          [...new Set([...Object.keys(answers), ...Object.keys(record.answers)])].filter(
            (item) => answers[item] !== record.answers[item],
          ),
        ),
        status: edit ? edit.to : record.status,
        completedAt: null,
        missingAtCompletion: [],
        ...UNSIGNED,
        updatedAt: now,
      };
      if (record.attestation) await this.attestations.remove(record.id);
      if (edit) await this.flow.record(record, edit, userId);
      await writeHistory(this.ctx, SAQ_WORKFLOW, record.id, {
        at: now,
        by: userId,
        from: replaced.status,
        to: replaced.status,
        action,
        comment,
      });
      await this.records.replace(record.id, replaced);
      if (edit) await this.announce(replaced);
      return { saq: this.view(replaced, caller), changed };
    });
  }

  /** One of the caller's SAQs with its pinned questionnaire (404 `saqNotFound` for another user's). */
  async withQuestionnaire(userId: string, id: string): Promise<{ record: SaqRecord; compiled: CompiledQuestionnaire }> {
    const record = await this.owned(userId, id);
    return { record, compiled: await this.pinned(record) };
  }

  /**
   * Completes the SAQ (waiting for signing) after the whole-document check on the server: any
   * problem is 422 `saqRefused` with the rules' messages (and `missing`); missing answers are 409
   * `saqAnswersMissing` with their ids unless `continueAnyway` (domain §5's prompt).
   */
  complete(caller: SaqCaller, id: string, continueAnyway: boolean, language: Language): Promise<SaqView> {
    const userId = caller.user.id;
    return this.ctx.store.withLock(this.lock(userId), async () => {
      const record = await this.owned(userId, id);
      const move = this.flow.judge(record, 'complete', caller);
      const { problems, missing } = checkAnswers(await this.pinned(record), record.answers);
      if (problems.length > 0) {
        // the missing answers too, so the page can mark them alongside the refusals
        throw new AppError(422, 'saqRefused', undefined, { problems: this.translate(problems, language), missing });
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
      await this.flow.record(record, move, userId);
      await this.records.replace(record.id, completed);
      return this.view(completed, caller);
    });
  }

  /**
   * Signs a completed SAQ: it waits for its attestation (`pending`) while a background job renders
   * the PDF (SIGN_SAQ_JOB); 409 `saqNotCompleted` in any other status.
   */
  sign(caller: SaqCaller, id: string, input: SignInput): Promise<SaqView> {
    const userId = caller.user.id;
    return this.ctx.store.withLock(this.lock(userId), async () => {
      const record = await this.owned(userId, id);
      const move = this.flow.judge(record, 'sign', caller);
      const pending: SaqRecord = {
        ...record,
        status: move.to,
        signer: { name: input.signerName, title: input.signerTitle },
        updatedAt: this.ctx.clock().toISOString(),
      };
      await this.flow.record(record, move, userId);
      await this.records.replace(record.id, pending);
      await this.ctx.jobs.send(SIGN_SAQ_JOB, { id: record.id });
      return this.view(pending, caller);
    });
  }

  /**
   * The job: renders the attestation of a pending SAQ, keeps it, and marks the SAQ signed (the
   * workflow's system move `attest`). An SAQ edited (or replaced) meanwhile is no longer where
   * `attest` leaves from: nothing is signed then.
   */
  async renderSigned(job: Job<{ id: string }>): Promise<void> {
    const found = await this.records.get(job.data.id);
    if (!found || !this.flow.system(found, 'attest')) return;
    await this.ctx.store.withLock(this.lock(found.userId), async () => {
      const record = await this.records.get(job.data.id);
      const attest = record && this.flow.system(record, 'attest');
      if (!record || !attest) return;
      const owner = await this.ctx.store.collection<UserRecord>('users').get(record.userId);
      const signedAt = this.ctx.clock();
      let pdf: Buffer;
      try {
        pdf = await renderAttestation(this.ctx.translator, {
          saq: record,
          body: (await this.pinned(record)).body,
          merchantName: await this.organizationName(record.organizationId),
          signedAt,
          language: asLanguage(owner?.report_language ?? owner?.site_language),
        });
      } catch (error) {
        if (job.retryCount < job.retryLimit) throw error;
        // after the last try the signature is given back: the user may sign again
        this.ctx.log.error(`SAQ ${record.id} attestation could not be rendered`, error);
        const failed = this.flow.system(record, 'attestationFailed');
        if (!failed) return;
        const unsigned: SaqRecord = { ...record, status: failed.to, signer: null, updatedAt: signedAt.toISOString() };
        await this.flow.record(record, failed, SYSTEM_ACTOR);
        await this.records.replace(record.id, unsigned);
        await this.announce(unsigned);
        return;
      }
      const attestation = {
        fileName: `SAQ-${record.saqType}-${signedAt.toISOString().slice(0, 10)}.pdf`,
        size: pdf.length,
        sha256: createHash('sha256').update(pdf).digest('hex'),
      };
      const file: SaqAttestationRecord = {
        id: record.id,
        saqId: record.id,
        ...attestation,
        pdfBase64: pdf.toString('base64'),
      };
      if (await this.attestations.get(record.id)) await this.attestations.replace(record.id, file);
      else await this.attestations.insert(file);
      const signed: SaqRecord = {
        ...record,
        // who the report is about, as the banks it is shared with read it before any submission
        ...(await this.merchantOf(record)),
        status: attest.to,
        signedAt: signedAt.toISOString(),
        attestation,
        expiresAt: expiryOf(signedAt).toISOString(),
        updatedAt: signedAt.toISOString(),
      };
      await this.flow.record(record, attest, SYSTEM_ACTOR);
      await this.records.replace(record.id, signed);
      await this.announce(signed);
    });
  }

  /** The caller's signed SAQ's attestation; 404 `attestationNotFound` before it is signed. */
  async attestation(userId: string, id: string): Promise<Attestation> {
    return this.attestationOf(await this.owned(userId, id));
  }

  /** The attestation file of an SAQ record (the bank's download too). */
  async attestationOf(record: SaqRecord): Promise<Attestation> {
    const file = record.attestation ? await this.attestations.get(record.id) : undefined;
    if (!file || !record.attestation) throw new AppError(404, 'attestationNotFound');
    return { fileName: record.attestation.fileName, bytes: Buffer.from(file.pdfBase64, 'base64') };
  }

  /** Organisations SAQs can be submitted to (record kind 'bank'), by name. */
  async banks(): Promise<{ id: string; name: string }[]> {
    const banks = await this.ctx.store
      .collection<OrganizationRecord>('organizations')
      .find((organization) => organization.kind === 'bank');
    return banks.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * Submits a signed SAQ to a bank (409 `saqNotSigned` before; 422 `bankNotFound` for an id that is
   * no bank): the bank's users are notified and told in real time (`saq.submitted`).
   */
  async submit(caller: SaqCaller, id: string, bankId: string, requestId?: string): Promise<SaqView> {
    const userId = caller.user.id;
    const submitted = await this.ctx.store.withLock(this.lock(userId), async () => {
      const record = await this.owned(userId, id);
      const move = this.flow.judge(record, 'submit', caller);
      const bank = await this.ctx.store.collection<OrganizationRecord>('organizations').get(bankId);
      if (bank?.kind !== 'bank') throw new AppError(422, 'bankNotFound');
      const pciRequestId = await this.requests.answerWithSaq(record, bank.id, requestId);
      const now = this.ctx.clock().toISOString();
      const changed: SaqRecord = {
        ...record,
        status: move.to,
        submittedAt: now,
        bankId: bank.id,
        bankName: bank.name,
        ...(await this.merchantOf(record)),
        // a new submission waits for a new decision
        ...UNREVIEWED,
        pciRequestId,
        updatedAt: now,
      };
      await this.flow.record(record, move, userId);
      await this.records.replace(record.id, changed);
      return changed;
    });
    await this.announce(submitted);
    await this.notifyBank(submitted);
    return this.view(submitted, caller);
  }

  /**
   * The bank's decision on an SAQ submitted to it (the caller's organisation is checked by the
   * management service): `validate` confirms an outcome (compliant or non-compliant), `return` sends
   * it back to the merchant with a note. The workflow judges both; the merchant is notified.
   */
  async review(
    caller: SaqCaller,
    reviewer: string,
    record: SaqRecord,
    action: Extract<SaqAction, 'validate' | 'return'>,
    input: ReviewInput,
  ): Promise<SaqRecord> {
    const reviewed = await this.ctx.store.withLock(this.lock(record.userId), async () => {
      const current = await this.records.get(record.id);
      if (!current) throw new AppError(404, 'saqNotFound');
      const move = this.flow.judge(current, action, caller);
      const now = this.ctx.clock().toISOString();
      const changed: SaqRecord = {
        ...current,
        status: move.to,
        validatedCompliance: action === 'validate' ? (input.outcome ?? null) : null,
        bankNote: input.note?.trim() || null,
        reviewedAt: now,
        reviewedBy: reviewer,
        updatedAt: now,
      };
      await this.flow.record(current, move, caller.user.id, changed.bankNote ?? undefined);
      await this.records.replace(current.id, changed);
      return changed;
    });
    await this.announce(reviewed);
    await this.notifyMerchant(reviewed, action);
    return reviewed;
  }

  /** The merchant who submitted the SAQ hears the bank's decision (notification and `saq.changed`). */
  private async notifyMerchant(saq: SaqRecord, action: 'validate' | 'return'): Promise<void> {
    const key = action === 'validate' ? 'saqReview.validated' : 'saqReview.returned';
    const outcome = (language: Language) =>
      saq.validatedCompliance ? this.ctx.translator.t(language, `saqReview.outcomes.${saq.validatedCompliance}`) : '';
    const texts = (language: Language) => {
      const values = {
        bank: saq.bankName ?? '',
        type: saq.saqType,
        outcome: outcome(language),
        note: saq.bankNote ?? '',
      };
      return {
        title: this.ctx.translator.t(language, `${key}.title`, values),
        description: this.ctx.translator.t(language, saq.bankNote ? `${key}.withNote` : `${key}.description`, values),
        url: `/app/pci-dss-requests/saq/${saq.id}`,
      };
    };
    await createNotification(this.ctx, {
      receiverId: saq.userId,
      groups: [{ groupValue: 'announcement', groupKey: action === 'validate' ? 'saqValidated' : 'saqReturned' }],
      payload: { ...texts('en'), tr: texts('tr') },
    });
  }

  /** Every user of the bank with role `bank` gets a notification and a `saq.submitted` event. */
  private async notifyBank(saq: SaqRecord): Promise<void> {
    const bankId = saq.bankId ?? '';
    const staff = await this.ctx.store
      .collection<UserRecord>('users')
      .find((user) => membershipIn(user, bankId).roles.includes('bank'));
    const values = { merchant: saq.merchantName ?? '', type: saq.saqType, bank: saq.bankName ?? '' };
    const texts = (language: Language) => ({
      title: this.ctx.translator.t(language, 'saqSubmission.title', values),
      description: this.ctx.translator.t(language, 'saqSubmission.description', values),
      url: `/app/management-saq/saq-details/${saq.id}`,
    });
    for (const user of staff) {
      await createNotification(this.ctx, {
        receiverId: user.id,
        groups: [{ groupValue: 'announcement', groupKey: 'saqSubmitted' }],
        payload: { ...texts('en'), tr: texts('tr') },
      });
      await publishToUser(this.ctx, user.id, 'saq.submitted', { id: saq.id, bankId }).catch((error: unknown) => {
        this.ctx.log.error(`SAQ ${saq.id} submitted but not announced`, error);
      });
    }
  }

  /** Tells the owner's browsers the SAQ's status changed (the SAQ page is `live` on it). */
  private async announce(saq: SaqRecord): Promise<void> {
    await publishToUser(this.ctx, saq.userId, 'saq.changed', { id: saq.id, status: saq.status }).catch(
      (error: unknown) => this.ctx.log.error(`SAQ ${saq.id} changed but not announced`, error),
    );
  }

  /** The merchant a bank reads on the report: organisation name, the owner's e-mail, the PCI DSS level. */
  private async merchantOf(record: SaqRecord): Promise<Pick<SaqRecord, 'merchantName' | 'merchantEmail' | 'level'>> {
    const owner = await this.ctx.store.collection<UserRecord>('users').get(record.userId);
    const level = await this.ctx.store.collection<SaqLevelResultRecord>('saqLevelResults').get(record.userId);
    return {
      merchantName: await this.organizationName(record.organizationId),
      merchantEmail: owner?.email ?? null,
      level: level?.level ?? null,
    };
  }

  private async organizationName(id: string | null | undefined): Promise<string> {
    if (!id) return '';
    return (await this.ctx.store.collection<OrganizationRecord>('organizations').get(id))?.name ?? '';
  }

  /** The record as its owner reads it, with the actions the caller may take now. */
  private view(record: SaqRecord, caller: SaqCaller): SaqView {
    const { userId: _userId, siteId: _siteId, ...saq } = record;
    return { ...saq, actions: this.flow.actions(record, caller) };
  }

  /** A pinned SAQ's questionnaire body (the bank's answer summary reads it too). */
  async bodyOf(record: SaqRecord): Promise<QuestionnaireBody> {
    return this.questionnaires.bodyOf(record);
  }

  private async owned(userId: string, id: string): Promise<SaqRecord> {
    const record = await this.records.get(id);
    if (!record || record.userId !== userId) throw new AppError(404, 'saqNotFound');
    return record;
  }

  /** The compiled questionnaire version the SAQ is pinned to (read and compiled once per version). */
  private pinned(record: SaqRecord): Promise<CompiledQuestionnaire> {
    return this.questionnaires.of(record);
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

/** A file to download. */
export interface Attestation {
  fileName: string;
  bytes: Buffer;
}

/** The re-read flags left once `answered` were answered again (nothing to write when none was flagged). */
function rereadAfter(record: SaqRecord, answered: string[]): Pick<SaqRecord, 'reread'> {
  if (!record.reread?.some((flag) => answered.includes(flag.itemId))) return {};
  return { reread: record.reread.filter((flag) => !answered.includes(flag.itemId)) };
}

function row({ userId: _userId, siteId: _siteId, answers: _answers, ...saq }: SaqRecord): SaqRow {
  return saq;
}
