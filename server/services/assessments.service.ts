import { isAssessmentTemplate } from '../../core/assessments/template';
import { randomUUID } from 'node:crypto';
import {
  type AssessmentMessage,
  type AssessmentRecord,
  type AssessmentRole,
  progressOf,
  rolesIn,
} from '../../core/assessments/assessment.types';
import { DAY_MS, shiftDays } from '../../core/dates/days';
import type { Text } from '../../core/documents/document.types';
import { findingsOf } from '../../core/questionnaire/findings';
import {
  answerProgress,
  type CompiledQuestionnaire,
  checkAnswers,
  compileQuestionnaire,
  isFileRef,
  MESSAGES,
  score,
  validateAnswer,
  visibleItems,
} from '../../core/questionnaire/questionnaire';
import type { AnswerProblem, Answers, QuestionnaireBody } from '../../core/questionnaire/questionnaire.types';
import type { ListQuery, ListResult, QueryableFields, SortKey } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import type { WorkflowCaller } from '../../core/workflows/workflow.utils';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { Language } from '../http/i18n';
import { publishToUser } from '../realtime/publish';
import type { ResourceRecord } from '../../core/resources/resource.types';
import type { UserRecord } from '../store/records.types';
import { writeHistory } from './history';
import { ASSESSMENT_WORKFLOW, type AssessmentAction, AssessmentFlow } from './assessment-flow';
import { isOwnUpload } from './files.service';
import { createNotification } from './notifications';
import type { ResourcesService } from './resources.service';
import { findUserByEmail, usersOf } from './users';
import type { WorkflowService } from './workflow.service';

const KIND = 'questionnaire';
const THIRD_PARTY = 'third-party';
const INVITATION = 'invitation';
/** The real-time events on each participant's user channel. */
export const ASSESSMENT_CHANGED = 'assessment.changed';
export const ASSESSMENT_MESSAGE = 'assessment.message';

/** Who calls: the workflow caller plus the session's organisation and the language the answer is read in. */
export type AssessmentCaller = WorkflowCaller & {
  user: { organizationId?: string | null };
  record: UserRecord;
  language?: Language;
};
/** The resource findings raise records of at completion (schemas/resources/issue.json). */
const ISSUE = 'issue';

/** One assessment as the endpoints answer it: names, the caller's roles and actions, review state. */
export type AssessmentView = AssessmentRecord & {
  ownerName: string;
  assessorName: string;
  assesseeName: string | null;
  myRoles: AssessmentRole[];
  actions: string[];
  /** The pinned template as the questionnaire screen reads it (`source` → `{ document, answers, status }`). */
  document: { id: string; version: number };
  /** The pinned version's title in the caller's language (the detail page names the template by it). */
  templateTitle: string;
  lastStep: null;
  /** Answered file items the assessor has not marked reviewed (the warning domain §4 asks for). */
  filesNotReviewed: string[];
  /** The same items by their labels in the caller's language (what the warning panel lists). */
  filesNotReviewedNames: string[];
  /** Items sent back to fix and not changed since. */
  sentBackItems: string[];
};
export type AssessmentRow = Omit<AssessmentView, 'answers' | 'reviews' | 'messages'>;

const ROW_FIELDS = ['name', 'alias', 'status', 'thirdPartyName', 'deadline', 'score', 'createdAt', 'submissionDate'];
export const ASSESSMENT_FIELDS: QueryableFields = {
  filterable: [...ROW_FIELDS, 'group'],
  sortable: [...ROW_FIELDS, 'progress.percent', 'assessorProgress.percent', 'completionDate'],
};
export const NEWEST_FIRST: SortKey[] = [{ field: 'createdAt', direction: 'desc' }];
export const ITEM_FIELDS: QueryableFields = {
  filterable: ['section', 'reviewed', 'answered', 'sentBack'],
  sortable: ['position', 'section', 'reviewed', 'sentBack'],
};

export interface NewAssessment {
  ownerId?: string;
  name: string;
  alias?: string;
  templateId: string;
  thirdPartyId: string;
  companyIds?: string[];
  assessorId: string;
  deadline: string;
  group?: string;
}

/** One item of the pinned questionnaire with its answer and review mark (the review list's rows). */
export interface AssessmentItemRow {
  id: string;
  assessmentId: string;
  /** The item's id again: a row action's path takes `:id` from the route (the assessment), `:itemId` from the row. */
  itemId: string;
  position: number;
  section: string;
  sectionTitle: Text;
  label: Text;
  answer: string;
  answered: boolean;
  reviewed: boolean;
  reviewedAt: string | null;
  /** A file answer's upload, downloadable at /wbe/api/files/:fileId (null for other answers). */
  fileId: string | null;
  /** Sent back to fix (and not changed since), with the assessor's note. */
  sentBack: boolean;
  sentBackNote: string | null;
  /** The assessment is in review: the row's review actions apply (the server judges who). */
  reviewing: boolean;
}

/**
 * Vendor assessments (docs/gateway/maq.md): made by an owner from a template
 * questionnaire pinned at creation, answered by the assessee, reviewed and completed by the assessor.
 * Every write is judged on the server by the caller's role in THAT assessment through the `assessment`
 * workflow; a user with no role in it gets 404, as if it did not exist.
 */
export class AssessmentsService {
  readonly flow: AssessmentFlow;
  private readonly compiled = new Map<string, CompiledQuestionnaire>();

  constructor(
    private readonly ctx: AppContext,
    private readonly resources: ResourcesService,
    private readonly workflows: WorkflowService,
  ) {
    this.flow = new AssessmentFlow(ctx);
  }

  private get records() {
    return this.ctx.store.collection<AssessmentRecord>('assessments');
  }

  private lock(id: string) {
    return `assessments.${id}`;
  }

  /** The published templates, latest version of each: `{ id, version, title }`. */
  templates() {
    return this.ctx.documents.cache
      .ofKind(KIND)
      .filter((document) => isAssessmentTemplate(document.body))
      .map((document) => ({
        id: document.id,
        version: document.version,
        title: (document.body as QuestionnaireBody).title,
      }))
      .sort((a, b) => a.id.localeCompare(b.id));
  }

  /** The organisation's members, the choices for owner and assessor. */
  async people(organizationId: string) {
    const members = await usersOf(this.ctx).find((user) => user.organizationIds.includes(organizationId));
    return members
      .map((user) => ({ id: user.id, name: user.name || user.email, email: user.email }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The organisation's third parties (`third-party` records), the choices for a new assessment. */
  async thirdParties(organizationId: string) {
    const found = await this.resources.records(THIRD_PARTY).find((record) => record.organizationId === organizationId);
    return found
      .map((record) => ({ id: record.id, name: String(record.name), contactEmail: record.contactEmail ?? null }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * A new assessment in `notInvited`: the owner is judged first (domain §5 'The owner must be chosen
   * before other assessment fields'), then the template (latest published version, pinned), the third
   * party and its companies (one third party once), the assessor. A third party without a contact
   * e-mail is a warning: it cannot be invited until it has one.
   */
  async create(caller: AssessmentCaller, input: NewAssessment): Promise<{ view: AssessmentView; warnings: string[] }> {
    const organizationId = this.organizationOf(caller);
    const ownerId = input.ownerId ?? caller.user.id;
    if (!(await this.member(ownerId, organizationId))) throw new AppError(422, 'assessmentOwnerUnknown');
    const template = this.ctx.documents.cache.get(KIND, input.templateId)?.document;
    if (!template || !isAssessmentTemplate(template.body)) throw new AppError(422, 'assessmentTemplateUnknown');
    const thirdParty = await this.thirdParty(input.thirdPartyId, organizationId);
    const companyIds = input.companyIds ?? [];
    const all = [input.thirdPartyId, ...companyIds];
    if (new Set(all).size !== all.length) throw new AppError(409, 'thirdPartyAlreadyInAssessment');
    for (const id of companyIds) await this.thirdParty(id, organizationId);
    if (!(await this.member(input.assessorId, organizationId))) throw new AppError(422, 'assessmentAssessorUnknown');
    const compiled = await this.pinned({ id: template.id, version: template.version });
    const now = this.ctx.clock().toISOString();
    const record: AssessmentRecord = {
      id: randomUUID(),
      name: input.name,
      alias: input.alias ?? null,
      template: { id: template.id, version: template.version },
      group: input.group ?? null,
      ownerId,
      assessorId: input.assessorId,
      assesseeId: null,
      thirdPartyId: thirdParty.id,
      thirdPartyName: String(thirdParty.name),
      ...(companyIds.length > 0 ? { companyIds } : {}),
      contactEmail: typeof thirdParty.contactEmail === 'string' ? thirdParty.contactEmail : null,
      invitationId: null,
      deadline: input.deadline,
      status: this.flow.initial(),
      answers: {},
      reviews: {},
      messages: [],
      progress: answerProgressOf(compiled, {}),
      assessorProgress: progressOf(0, 0),
      submissionDate: null,
      completionDate: null,
      score: null,
      remindersSent: [],
      organizationId,
      createdAt: now,
      updatedAt: now,
    };
    await this.records.insert(record);
    await writeHistory(this.ctx, ASSESSMENT_WORKFLOW, record.id, {
      at: now,
      by: caller.user.id,
      from: null,
      to: record.status,
      action: 'create',
    });
    const warnings = record.contactEmail ? [] : ['assessmentContactEmailMissing'];
    return { view: await this.view(record, caller), warnings };
  }

  /** Adds a company (a third party) to the assessment: the owner's; one already in it is 409. */
  addCompany(caller: AssessmentCaller, id: string, thirdPartyId: string): Promise<AssessmentView> {
    return this.write(caller, id, async (record, roles) => {
      if (!roles.includes('owner')) throw new AppError(403, 'assessmentRoleRefused');
      const present = [record.thirdPartyId, ...((record as { companyIds?: string[] }).companyIds ?? [])];
      if (present.includes(thirdPartyId)) throw new AppError(409, 'thirdPartyAlreadyInAssessment');
      await this.thirdParty(thirdPartyId, record.organizationId);
      return { ...record, companyIds: [...present.slice(1), thirdPartyId] } as AssessmentRecord;
    });
  }

  /** The assessments where the caller holds `role`, in the query contract, without answers. */
  async list(caller: AssessmentCaller, role: AssessmentRole, query: ListQuery): Promise<ListResult<AssessmentRow>> {
    return runQuery(await this.rows(caller, role), query);
  }

  /** The caller's assessments in `role` as list rows (without answers), those `where` keeps. */
  async rows(
    caller: AssessmentCaller,
    role: AssessmentRole,
    where: (record: AssessmentRecord) => boolean = () => true,
  ): Promise<AssessmentRow[]> {
    const field = ({ owner: 'ownerId', assessor: 'assessorId', assessee: 'assesseeId' } as const)[role];
    const mine = await this.records.find((record) => record[field] === caller.user.id && where(record));
    return Promise.all(mine.map(async (record) => row(await this.view(record, caller))));
  }

  /** One assessment the caller holds a role in (404 `assessmentNotFound` otherwise). */
  async get(caller: AssessmentCaller, id: string): Promise<AssessmentView> {
    const record = await this.settle(await this.visible(caller, id));
    return this.view(record, caller);
  }

  /** The pinned questionnaire's items with answers and review marks (the assessor's review list). */
  async items(caller: AssessmentCaller, id: string, language: Language, query: ListQuery) {
    const record = await this.visible(caller, id);
    const compiled = await this.pinned(record.template);
    const visible = visibleItems(compiled, record.answers);
    const rows: AssessmentItemRow[] = [];
    for (const section of compiled.body.sections) {
      for (const item of section.items) {
        if (!visible.has(item.id)) continue;
        const value = record.answers[item.id];
        const mark = record.reviews[item.id];
        const back = record.sentBack?.[item.id];
        rows.push({
          id: item.id,
          assessmentId: record.id,
          itemId: item.id,
          position: rows.length + 1,
          section: section.id,
          sectionTitle: section.title,
          label: item.type === 'question' ? item.text : item.label,
          answer: this.answerText(compiled, item.id, value, language),
          answered: !isEmpty(value),
          reviewed: mark?.reviewed === true,
          reviewedAt: mark?.reviewed ? mark.at : null,
          fileId: isFileRef(value) ? value.id : null,
          sentBack: back !== undefined,
          sentBackNote: back?.note ?? null,
          reviewing: record.status === 'reviewing',
        });
      }
    }
    return runQuery(rows, query);
  }

  /** A workflow move with no other effect than its own (invite, request, start, sendBack, reopen). */
  async move(caller: AssessmentCaller, id: string, action: AssessmentAction, language: Language) {
    if (action === 'invite') return this.invite(caller, id);
    if (action === 'submit') return this.submit(caller, id, language);
    if (action === 'complete') return this.complete(caller, id);
    return this.write(caller, id, async (record, roles) => {
      const move = this.flow.judge(record, roles, action, caller);
      if (action === 'request' && !record.assesseeId) throw new AppError(409, 'assessmentInviteFirst');
      await this.flow.record(record, move, caller.user.id);
      return { ...record, status: move.to };
    });
  }

  /**
   * Invites the third party's contact (owner): 409 without a contact e-mail. A member of the
   * organisation with that address becomes the assessee at once (registered); anyone else gets an
   * invitation with the role `assessee` (docs/gateway/inv.md), mailed to the address.
   */
  invite(caller: AssessmentCaller, id: string): Promise<AssessmentView> {
    return this.write(caller, id, async (record, roles) => {
      const move = this.flow.judge(record, roles, 'invite', caller);
      const thirdParty = await this.resources.records(THIRD_PARTY).get(record.thirdPartyId);
      const email = typeof thirdParty?.contactEmail === 'string' ? thirdParty.contactEmail : record.contactEmail;
      if (!email) throw new AppError(409, 'assessmentContactEmailMissing');
      await this.flow.record(record, move, caller.user.id);
      let invited: AssessmentRecord = { ...record, status: move.to, contactEmail: email };
      const user = await findUserByEmail(this.ctx, email);
      if (user?.organizationIds.includes(record.organizationId)) return this.registered(invited, user);
      if (!record.invitationId) invited = { ...invited, invitationId: await this.invitation(caller, email) };
      return invited;
    });
  }

  /**
   * Saves one answer of the assessee, judged by the PINNED template version (422 `answerInvalid`).
   * In `requested` the first answer is the workflow's `start`; outside answering it is 409. A
   * changed answer loses its review mark.
   */
  answer(caller: AssessmentCaller, id: string, itemId: string, value: unknown, language: Language) {
    return this.write(caller, id, async (record, roles) => {
      let status = record.status;
      if (status === 'requested') {
        const start = this.flow.judge(record, roles, 'start', caller);
        await this.flow.record(record, start, caller.user.id);
        status = start.to;
      } else if (!roles.includes('assessee')) throw new AppError(403, 'assessmentRoleRefused');
      else if (status !== 'answering') throw new AppError(409, 'assessmentNotAnswering');
      const compiled = await this.pinned(record.template);
      const problems = validateAnswer(compiled, itemId, value);
      // a file answer names the assessee's own upload, exactly as uploaded (never another's file)
      if (problems.length === 0 && isFile(compiled, itemId) && isFileRef(value)) {
        if (!(await isOwnUpload(this.ctx.store, caller.user.id, value)))
          problems.push({ item: itemId, message: MESSAGES.unknownFile });
      }
      if (problems.length > 0) {
        throw new AppError(422, 'answerInvalid', undefined, { problems: this.translate(problems, language) });
      }
      const answers = { ...record.answers };
      if (value === null) delete answers[itemId];
      else answers[itemId] = value;
      const reviews = { ...record.reviews };
      delete reviews[itemId];
      // a changed answer is the fix the assessor asked for
      const sentBack = { ...record.sentBack };
      delete sentBack[itemId];
      return { ...record, status, answers, reviews, sentBack, progress: answerProgressOf(compiled, answers) };
    });
  }

  /** One assessment the caller holds a role in, with its pinned questionnaire (the workbook's download). */
  async withQuestionnaire(caller: AssessmentCaller, id: string) {
    const record = await this.visible(caller, id);
    return { record, compiled: await this.pinned(record.template) };
  }

  /**
   * Who may write answers now, judged as a typed answer is: the assessee while it is requested (the
   * first answer starts it) or answering; anyone else 403 `assessmentRoleRefused`, another state 409.
   * Returns the `start` move when the answers would start it.
   */
  private answering(caller: AssessmentCaller, record: AssessmentRecord, roles: AssessmentRole[]) {
    if (record.status === 'requested') return this.flow.judge(record, roles, 'start', caller);
    if (!roles.includes('assessee')) throw new AppError(403, 'assessmentRoleRefused');
    if (record.status !== 'answering') throw new AppError(409, 'assessmentNotAnswering');
    return null;
  }

  /** Refuses, before an upload is read, a caller who could not write answers now (404/403/409). */
  async mayAnswer(caller: AssessmentCaller, id: string): Promise<void> {
    const record = await this.visible(caller, id);
    this.answering(caller, record, rolesIn(record, caller.user.id));
  }

  /**
   * Replaces answers all at once as typed ones land (the offline workbook's import): judged by
   * `decide` against the pinned version under the assessment's lock, changed answers lose their
   * review mark, progress follows, and one history entry `action` says what came in.
   */
  replaceAnswers(
    caller: AssessmentCaller,
    id: string,
    action: string,
    decide: (
      record: AssessmentRecord,
      compiled: CompiledQuestionnaire,
    ) => { answers: Answers; changed: string[]; comment: string },
  ): Promise<{ assessment: AssessmentView; changed: number }> {
    let changed = 0;
    const written = this.write(caller, id, async (record, roles) => {
      const start = this.answering(caller, record, roles);
      const compiled = await this.pinned(record.template);
      const decided = decide(record, compiled);
      changed = decided.changed.length;
      if (changed === 0) return record;
      let status = record.status;
      if (start) {
        await this.flow.record(record, start, caller.user.id);
        status = start.to;
      }
      await writeHistory(this.ctx, ASSESSMENT_WORKFLOW, record.id, {
        at: this.ctx.clock().toISOString(),
        by: caller.user.id,
        from: status,
        to: status,
        action,
        comment: decided.comment,
      });
      const reviews = { ...record.reviews };
      for (const itemId of decided.changed) delete reviews[itemId];
      const { answers } = decided;
      return { ...record, status, answers, reviews, progress: answerProgressOf(compiled, answers) };
    });
    return written.then((assessment) => ({ assessment, changed }));
  }

  /** Submits for review (assessee): every visible question and required field answered, else 409. */
  submit(caller: AssessmentCaller, id: string, language: Language): Promise<AssessmentView> {
    return this.write(caller, id, async (record, roles) => {
      const move = this.flow.judge(record, roles, 'submit', caller);
      const compiled = await this.pinned(record.template);
      const { problems, missing } = checkAnswers(compiled, record.answers);
      if (problems.length > 0 || missing.length > 0) {
        throw new AppError(409, 'assessmentSubmitFailed', undefined, {
          missing,
          problems: this.translate(problems, language),
        });
      }
      await this.flow.record(record, move, caller.user.id);
      const now = this.ctx.clock().toISOString();
      await this.notify(record.assessorId, 'assessmentSubmitted', record, `/app/review-requests/assessment/${id}`);
      return {
        ...record,
        status: move.to,
        submissionDate: now,
        score: percentScore(compiled, record.answers),
        assessorProgress: reviewProgress(compiled, record),
      };
    });
  }

  /**
   * Marks answers reviewed or not (assessor, while reviewing): one item, or every visible item of a
   * section. 422 `unknownItem` for an item or section the pinned version does not show.
   */
  review(caller: AssessmentCaller, id: string, target: { itemId?: string; sectionId?: string }, reviewed: boolean) {
    return this.write(caller, id, async (record, roles) => {
      if (!roles.includes('assessor')) throw new AppError(403, 'assessmentRoleRefused');
      if (record.status !== 'reviewing') throw new AppError(409, 'assessmentNotReviewing');
      const compiled = await this.pinned(record.template);
      const visible = visibleItems(compiled, record.answers);
      const ids = target.sectionId
        ? (compiled.body.sections.find((section) => section.id === target.sectionId)?.items ?? [])
            .map((item) => item.id)
            .filter((itemId) => visible.has(itemId))
        : [target.itemId ?? ''].filter((itemId) => visible.has(itemId));
      if (ids.length === 0) throw new AppError(422, 'unknownItem');
      const at = this.ctx.clock().toISOString();
      const reviews = { ...record.reviews };
      for (const itemId of ids) reviews[itemId] = { reviewed, by: caller.user.id, at };
      const marked = { ...record, reviews };
      return { ...marked, assessorProgress: reviewProgress(compiled, marked) };
    });
  }

  /**
   * Sends the assessment back to answering (assessor), optionally naming the answers to fix: they
   * lose their review mark, are marked sent back with the note (until the assessee changes them) and
   * the note goes to the assessment's chat, on each item's thread. 422 `unknownItem` for an item the
   * pinned version does not show.
   */
  sendBack(caller: AssessmentCaller, id: string, itemIds: string[], note: string | undefined) {
    return this.write(caller, id, async (record, roles) => {
      const move = this.flow.judge(record, roles, 'sendBack', caller);
      const compiled = await this.pinned(record.template);
      const visible = visibleItems(compiled, record.answers);
      if (itemIds.some((itemId) => !visible.has(itemId))) throw new AppError(422, 'unknownItem');
      await this.flow.record(record, move, caller.user.id, note);
      const at = this.ctx.clock().toISOString();
      const reviews = { ...record.reviews };
      const sentBack = { ...record.sentBack };
      for (const itemId of itemIds) {
        delete reviews[itemId];
        sentBack[itemId] = { note: note ?? null, by: caller.user.id, at };
      }
      const messages = [...record.messages];
      if (note) {
        for (const itemId of itemIds.length > 0 ? itemIds : [null])
          messages.push(this.message(caller, roles, note, itemId));
      }
      if (record.assesseeId)
        await this.notify(record.assesseeId, 'assessmentSentBack', record, `/app/assessment-requests/${id}`);
      return {
        ...record,
        status: move.to,
        reviews,
        sentBack,
        messages,
        assessorProgress: reviewProgress(compiled, { ...record, reviews }),
      };
    });
  }

  /**
   * Completes the assessment (assessor): every answered visible item reviewed, else 409 with them
   * (and the files among them). The answers the template's findings mark raise issues.
   */
  complete(caller: AssessmentCaller, id: string): Promise<AssessmentView> {
    return this.write(caller, id, async (record, roles) => {
      const move = this.flow.judge(record, roles, 'complete', caller);
      const compiled = await this.pinned(record.template);
      const unreviewed = unreviewedItems(compiled, record);
      if (unreviewed.length > 0) {
        const filesNotReviewed = unreviewed.filter((itemId) => isFile(compiled, itemId));
        throw new AppError(409, 'assessmentNotReviewed', undefined, { unreviewed, filesNotReviewed });
      }
      await this.flow.record(record, move, caller.user.id);
      const issueIds = await this.raiseIssues(caller, record, compiled);
      return {
        ...record,
        issueIds: [...(record.issueIds ?? []), ...issueIds],
        status: move.to,
        completionDate: this.ctx.clock().toISOString(),
        score: percentScore(compiled, record.answers),
        assessorProgress: reviewProgress(compiled, record),
      };
    });
  }

  /** A chat message on the assessment (or on one item): any participant; every participant is told at once. */
  say(caller: AssessmentCaller, id: string, body: string, itemId: string | undefined) {
    return this.write(
      caller,
      id,
      async (record, roles) => {
        if (itemId !== undefined) {
          const compiled = await this.pinned(record.template);
          if (!compiled.entries.has(itemId)) throw new AppError(422, 'unknownItem');
        }
        return { ...record, messages: [...record.messages, this.message(caller, roles, body, itemId ?? null)] };
      },
      ASSESSMENT_MESSAGE,
    );
  }

  /** The messages of one item's thread (GET …/items/:itemId/messages). */
  async thread(caller: AssessmentCaller, id: string, itemId: string) {
    const record = await this.visible(caller, id);
    return { id: record.id, itemId, messages: record.messages.filter((message) => message.itemId === itemId) };
  }

  /** The latest completed assessment's score of a third party (or of any the caller takes part in). */
  async latestClosedScore(caller: AssessmentCaller, thirdPartyId?: string) {
    const organizationId = this.organizationOf(caller);
    const closed = await this.records.find(
      (record) =>
        record.organizationId === organizationId &&
        record.completionDate !== null &&
        (thirdPartyId ? record.thirdPartyId === thirdPartyId : rolesIn(record, caller.user.id).length > 0),
    );
    const [latest] = closed.sort((a, b) => String(b.completionDate).localeCompare(String(a.completionDate)));
    return latest
      ? {
          assessmentId: latest.id,
          thirdPartyId: latest.thirdPartyId,
          score: latest.score,
          completionDate: latest.completionDate,
        }
      : null;
  }

  /** Reminders due `days` before a deadline to the assessee (or the owner before an invitation). */
  async remind(today: Date, days: readonly number[]): Promise<number> {
    let sent = 0;
    const open = await this.records.find((record) => record.completionDate === null && record.status !== 'reviewing');
    for (const record of open) {
      const left = Math.ceil((Date.parse(`${record.deadline}T00:00:00Z`) - today.getTime()) / DAY_MS);
      const due = days.filter((day) => left >= 0 && left <= day && !record.remindersSent.includes(day));
      if (due.length === 0) continue;
      await this.ctx.store.withLock(this.lock(record.id), async () => {
        const current = await this.records.get(record.id);
        if (!current) return;
        const receiver = current.assesseeId ?? current.ownerId;
        const path = current.assesseeId
          ? `/app/assessment-requests/${current.id}`
          : `/app/vendor-assessment/detail/${current.id}`;
        await this.notify(receiver, 'assessmentDeadline', current, path);
        await this.records.replace(current.id, { ...current, remindersSent: [...current.remindersSent, ...due] });
        sent += 1;
      });
    }
    return sent;
  }

  /**
   * Whether `userId` may download an upload: the owner and assessor (any participant) of an
   * assessment whose answers name it (FilesService asks this beyond the uploader and admins).
   */
  async mayReadFile(userId: string, fileId: string): Promise<boolean> {
    const naming = await this.records.find(
      (record) =>
        rolesIn(record, userId).length > 0 &&
        Object.values(record.answers).some((value) => isFileRef(value) && value.id === fileId),
    );
    return naming.length > 0;
  }

  // ---- helpers ----

  /**
   * One `issue` record (source assessment, state open) per finding of the completed answers, linked
   * by assessmentId and assessmentItemId, on the third party (asset and merchantId); an item that
   * raised one at an earlier completion raises none again. Made by the completing assessor.
   */
  private async raiseIssues(
    caller: AssessmentCaller,
    record: AssessmentRecord,
    compiled: CompiledQuestionnaire,
  ): Promise<string[]> {
    const findings = findingsOf(compiled, record.answers);
    if (findings.length === 0) return [];
    const resource = this.resources.published(ISSUE);
    const workflow = this.resources.workflowOf(resource);
    const records = this.resources.records(ISSUE);
    const raised = new Set(
      (await records.find((issue) => issue.assessmentId === record.id)).map((issue) => String(issue.assessmentItemId)),
    );
    const language = caller.language ?? 'en';
    const owner = { user: caller.record, owner: { userId: caller.user.id, organizationId: record.organizationId } };
    const fresh = findings
      .filter(({ itemId }) => !raised.has(itemId))
      .map(({ itemId, rule }) => {
        const item = compiled.entries.get(itemId)?.item;
        const label = item?.type === 'question' ? item.text : (item?.label ?? itemId);
        const question = this.text(label, language);
        const answer = this.answerText(compiled, itemId, record.answers[itemId], language);
        const fields = {
          title: `${record.thirdPartyName}: ${question}`.slice(0, 200),
          description: this.ctx.translator
            .t(language, 'assessments.findingDescription', { name: record.name, answer })
            .slice(0, 4000),
          source: 'assessment',
          severity: rule.severity,
          category: rule.category,
          ...(rule.priority ? { priority: rule.priority } : {}),
          asset: record.thirdPartyName.slice(0, 253),
          merchantId: record.thirdPartyId,
          assessmentId: record.id,
          assessmentItemId: itemId,
        };
        return this.resources.newRecord(resource, owner as never, fields, workflow);
      });
    if (fresh.length === 0) return [];
    await this.ctx.store.transaction(() => this.resources.insertAllNew(resource, owner as never, fresh, workflow));
    return fresh.map((issue) => issue.id);
  }

  private text(label: Text, language: Language): string {
    return typeof label === 'string' ? this.ctx.translator.t(language, label) : label[language];
  }

  /** Reads, judges and writes one assessment under its lock, then tells its participants. */
  private write(
    caller: AssessmentCaller,
    id: string,
    change: (record: AssessmentRecord, roles: AssessmentRole[]) => Promise<AssessmentRecord>,
    event = ASSESSMENT_CHANGED,
  ): Promise<AssessmentView> {
    return this.ctx.store.withLock(this.lock(id), async () => {
      const record = await this.visible(caller, id);
      const changed = {
        ...(await change(record, rolesIn(record, caller.user.id))),
        updatedAt: this.ctx.clock().toISOString(),
      };
      await this.records.replace(id, changed);
      await this.announce(changed, event);
      return this.view(changed, caller);
    });
  }

  /** The assessment when the caller holds a role in it; 404 for anyone else (as an SAQ). */
  private async visible(caller: AssessmentCaller, id: string): Promise<AssessmentRecord> {
    const record = await this.records.get(id);
    if (!record || rolesIn(record, caller.user.id).length === 0) throw new AppError(404, 'assessmentNotFound');
    return record;
  }

  /** An invited contact who has joined the organisation since is the assessee now (system move). */
  private async settle(record: AssessmentRecord): Promise<AssessmentRecord> {
    if (!record.contactEmail || !this.flow.system(record, 'register')) return record;
    const user = await findUserByEmail(this.ctx, record.contactEmail);
    if (!user?.organizationIds.includes(record.organizationId)) return record;
    return this.ctx.store.withLock(this.lock(record.id), async () => {
      const current = await this.records.get(record.id);
      if (!current || !this.flow.system(current, 'register')) return current ?? record;
      const registered = await this.registered(current, user);
      await this.records.replace(current.id, registered);
      return registered;
    });
  }

  private async registered(record: AssessmentRecord, user: UserRecord): Promise<AssessmentRecord> {
    const register = this.flow.system(record, 'register');
    if (!register) return record;
    await this.flow.record(record, register, 'system');
    return { ...record, assesseeId: user.id, status: register.to };
  }

  /** An invitation with the role `assessee`, made and mailed as the server on the owner's behalf. */
  private async invitation(caller: AssessmentCaller, email: string): Promise<string> {
    const resource = this.resources.published(INVITATION);
    const workflow = this.resources.workflowOf(resource);
    const owner = {
      user: caller.record,
      owner: { userId: caller.user.id, organizationId: this.organizationOf(caller) },
    };
    const expiresAt = shiftDays(this.ctx.clock(), 180).toISOString();
    const fields = { email: email.toLowerCase(), role: 'assessee', position: 'other', expiresAt };
    const record = this.resources.newRecord(resource, owner as never, fields, workflow);
    await this.ctx.store.transaction(() => this.resources.insertNew(resource, owner as never, record, workflow));
    await this.workflows.runAsServer(INVITATION, record.id, 'send', caller.record).catch((error: unknown) => {
      // the invitation stands (its link can be shared) even when the mail could not go now
      this.ctx.log.error(`Assessment invitation ${record.id} not mailed`, error);
    });
    return record.id;
  }

  private async thirdParty(id: string, organizationId: string): Promise<ResourceRecord> {
    const record = await this.resources.records(THIRD_PARTY).get(id);
    if (!record || record.organizationId !== organizationId) throw new AppError(422, 'thirdPartyNotFound');
    return record;
  }

  private async member(userId: string, organizationId: string): Promise<boolean> {
    const user = await usersOf(this.ctx).get(userId);
    return user?.organizationIds.includes(organizationId) === true;
  }

  private organizationOf(caller: AssessmentCaller): string {
    const organizationId = caller.user.organizationId;
    if (!organizationId) throw new AppError(403, 'noPermission');
    return organizationId;
  }

  private message(
    caller: AssessmentCaller,
    roles: AssessmentRole[],
    body: string,
    itemId: string | null,
  ): AssessmentMessage {
    return {
      id: randomUUID(),
      itemId,
      authorId: caller.user.id,
      authorName: caller.record.name || caller.record.email,
      role: roles[0] ?? 'owner',
      body,
      createdAt: this.ctx.clock().toISOString(),
    };
  }

  private async announce(record: AssessmentRecord, event: string): Promise<void> {
    const to = new Set([record.ownerId, record.assessorId, record.assesseeId].filter((id): id is string => !!id));
    for (const userId of to) {
      await publishToUser(this.ctx, userId, event, { id: record.id, status: record.status }).catch((error: unknown) =>
        this.ctx.log.error(`Assessment ${record.id} change not announced`, error),
      );
    }
  }

  /** A notification in both languages (`assessmentNotices.<key>.*`), group `assessment`. */
  private async notify(receiverId: string, key: string, record: AssessmentRecord, url: string): Promise<void> {
    const values = { name: record.name, deadline: record.deadline, thirdParty: record.thirdPartyName };
    const texts = (language: Language) => ({
      title: this.ctx.translator.t(language, `assessmentNotices.${key}.title`, values),
      description: this.ctx.translator.t(language, `assessmentNotices.${key}.description`, values),
      url,
    });
    await createNotification(this.ctx, {
      receiverId,
      groups: [{ groupValue: 'assessment', groupKey: key }],
      payload: { ...texts('en'), tr: texts('tr') },
    });
  }

  private async view(record: AssessmentRecord, caller: AssessmentCaller): Promise<AssessmentView> {
    const myRoles = rolesIn(record, caller.user.id);
    const users = usersOf(this.ctx);
    const nameOf = async (id: string | null) => {
      if (!id) return null;
      const user = await users.get(id);
      return user ? user.name || user.email : id;
    };
    const compiled = await this.pinned(record.template);
    const filesNotReviewed = answeredItems(compiled, record.answers).filter(
      (id) => isFile(compiled, id) && record.reviews[id]?.reviewed !== true,
    );
    const labelOf = (id: string) => {
      const item = compiled.entries.get(id)?.item;
      return item?.type === 'field' ? this.text(item.label, caller.language ?? 'en') : id;
    };
    return {
      ...record,
      ownerName: (await nameOf(record.ownerId)) ?? '',
      assessorName: (await nameOf(record.assessorId)) ?? '',
      assesseeName: await nameOf(record.assesseeId),
      document: record.template,
      templateTitle: this.text(compiled.body.title, caller.language ?? 'en'),
      lastStep: null,
      myRoles,
      actions: this.flow.actions(record, myRoles, caller),
      filesNotReviewed,
      filesNotReviewedNames: filesNotReviewed.map(labelOf),
      sentBackItems: Object.keys(record.sentBack ?? {}),
    };
  }

  private async pinned(template: { id: string; version: number }): Promise<CompiledQuestionnaire> {
    const key = `${template.id}@${template.version}`;
    let compiled = this.compiled.get(key);
    if (!compiled) {
      const document = await this.ctx.documents.version(KIND, template.id, template.version);
      compiled = compileQuestionnaire(document.body as QuestionnaireBody);
      this.compiled.set(key, compiled);
    }
    return compiled;
  }

  private answerText(compiled: CompiledQuestionnaire, id: string, value: unknown, language: Language): string {
    if (isEmpty(value)) return '';
    const item = compiled.entries.get(id)?.item;
    const text = (label: Text) => this.text(label, language);
    if (item?.type === 'question' && typeof value === 'string') {
      const option = compiled.body.responseSets[item.responseSet]?.options.find((o) => o.value === value);
      return option ? text(option.label) : value;
    }
    if (item?.type === 'field' && item.options) {
      const values = Array.isArray(value) ? value : [value];
      return values
        .map((v) => item.options?.find((o) => o.value === v))
        .map((o, i) => (o ? text(o.label) : String(values[i])))
        .join(', ');
    }
    if (item?.type === 'table' && Array.isArray(value)) return `${value.length}`;
    if (isFileRef(value)) return value.name;
    return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
  }

  private translate(problems: AnswerProblem[], language: Language) {
    return problems.map(({ item, rule, message }) => ({
      ...(item !== undefined ? { item } : {}),
      ...(rule !== undefined ? { rule } : {}),
      message: typeof message === 'string' ? this.ctx.translator.t(language, message) : message[language],
    }));
  }
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Visible items a user answers: questions and fields, tables with rows. */
function answeredItems(compiled: CompiledQuestionnaire, answers: Answers): string[] {
  const visible = visibleItems(compiled, answers);
  return compiled.order.filter((id) => visible.has(id) && !isEmpty(answers[id]));
}

function isFile(compiled: CompiledQuestionnaire, id: string): boolean {
  const item = compiled.entries.get(id)?.item as { input?: string } | undefined;
  return item?.input === 'file';
}

/** Answered of what must be answered (core answerProgress: what the questionnaire's bar shows too). */
function answerProgressOf(compiled: CompiledQuestionnaire, answers: Answers) {
  const { answered, total } = answerProgress(compiled, answers);
  return progressOf(answered, total);
}

function unreviewedItems(compiled: CompiledQuestionnaire, record: Pick<AssessmentRecord, 'answers' | 'reviews'>) {
  return answeredItems(compiled, record.answers).filter((id) => record.reviews[id]?.reviewed !== true);
}

function reviewProgress(compiled: CompiledQuestionnaire, record: Pick<AssessmentRecord, 'answers' | 'reviews'>) {
  const answered = answeredItems(compiled, record.answers);
  return progressOf(answered.length - unreviewedItems(compiled, record).length, answered.length);
}

/** The template's scoring as a percent of the best points; null without scoring. */
function percentScore(compiled: CompiledQuestionnaire, answers: Answers): number | null {
  const result = score(compiled, answers);
  if (!result) return null;
  return result.max === 0 ? 0 : Math.round((result.points / result.max) * 100);
}

function row({ answers: _a, reviews: _r, messages: _m, ...view }: AssessmentView): AssessmentRow {
  return view;
}
