import { isAssessmentTemplate } from '../../core/assessments/template';
import { randomUUID } from 'node:crypto';
import {
  type AssessmentMessage,
  type AssessmentRecord,
  type AssessmentRole,
  progressOf,
  rolesIn,
} from '../../core/assessments/assessment.types';
import {
  answerProgressOf,
  isFile,
  percentScore,
  reviewProgress,
  unreviewedItems,
} from '../../core/assessments/review-progress';
import { checkAnswers, isFileRef, visibleItems } from '../../core/questionnaire/questionnaire';
import type { QuestionnaireBody } from '../../core/questionnaire/questionnaire.types';
import type { ListQuery, ListResult } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import type { AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { Language } from '../http/i18n';
import type { ResourceRecord } from '../../core/resources/resource.types';
import { writeHistory } from './history';
import { ASSESSMENT_WORKFLOW, type AssessmentAction, AssessmentFlow } from './assessment-flow';
import { AssessmentInvitations } from './assessment-invitations';
import { raiseIssues } from './assessment-issues';
import { remindOfDeadlines } from './assessment-reminders';
import { ASSESSMENT_CHANGED, ASSESSMENT_MESSAGE, announceAssessment, notifyOfAssessment } from './assessment-notices';
import { type AssessmentCaller, assessmentPolicy } from './assessment-policy';
import { type AssessmentRow, type AssessmentView, assessmentRow, assessmentView, itemRows } from './assessment-views';
import { QuestionnaireRecords } from './questionnaire-record/lifecycle';
import { QuestionnaireWorkbook } from './questionnaire-record/workbook';
import type { UploadedWorkbook } from '../workbook/workbook-import';
import type { PinnedQuestionnaires } from './questionnaire-record/pinned';
import { problemViews } from './questionnaire-record/problems';
import type { ResourcesService } from './resources.service';
import { usersOf } from './users';
import type { WorkflowService } from './workflow.service';

const THIRD_PARTY = 'third-party';

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

/**
 * Vendor assessments (docs/gateway/maq.md): made by an owner from a template questionnaire pinned
 * at creation, answered by the assessee through the questionnaire-record lifecycle with the
 * assessment's policy (assessment-policy.ts), reviewed and completed by the assessor. Every write
 * is judged on the server by the caller's role in THAT assessment through the `assessment`
 * workflow; a user with no role in it gets 404, as if it did not exist.
 */
export class AssessmentsService {
  readonly flow: AssessmentFlow;
  /** The shared lifecycle: pinned version, answers, history, bulk replace. */
  readonly lifecycle: QuestionnaireRecords<AssessmentRecord, AssessmentCaller>;
  /** Its offline workbook (download and import). */
  readonly workbook: QuestionnaireWorkbook<AssessmentRecord, AssessmentCaller>;
  private readonly invitations: AssessmentInvitations;

  constructor(
    private readonly ctx: AppContext,
    private readonly questionnaires: PinnedQuestionnaires,
    private readonly resources: ResourcesService,
    workflows: WorkflowService,
  ) {
    this.flow = new AssessmentFlow(ctx);
    this.lifecycle = new QuestionnaireRecords(ctx, questionnaires, assessmentPolicy(ctx, this.flow));
    this.workbook = new QuestionnaireWorkbook(ctx, this.lifecycle);
    this.invitations = new AssessmentInvitations(ctx, resources, workflows, this.flow, this.lifecycle);
  }

  private get records() {
    return this.lifecycle.records;
  }

  /** The published templates, latest version of each: `{ id, version, title }`. */
  templates() {
    return this.ctx.documents.cache
      .ofKind('questionnaire')
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
    const template = this.ctx.documents.cache.get('questionnaire', input.templateId)?.document;
    if (!template || !isAssessmentTemplate(template.body)) throw new AppError(422, 'assessmentTemplateUnknown');
    const thirdParty = await this.thirdParty(input.thirdPartyId, organizationId);
    const companyIds = input.companyIds ?? [];
    const all = [input.thirdPartyId, ...companyIds];
    if (new Set(all).size !== all.length) throw new AppError(409, 'thirdPartyAlreadyInAssessment');
    for (const id of companyIds) await this.thirdParty(id, organizationId);
    if (!(await this.member(input.assessorId, organizationId))) throw new AppError(422, 'assessmentAssessorUnknown');
    const compiled = await this.questionnaires.of(template);
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
    return Promise.all(mine.map(async (record) => assessmentRow(await this.view(record, caller))));
  }

  /** One assessment the caller holds a role in (404 `assessmentNotFound` otherwise). */
  async get(caller: AssessmentCaller, id: string): Promise<AssessmentView> {
    const record = await this.invitations.settle(await this.lifecycle.find(caller.user.id, id));
    return this.view(record, caller);
  }

  /** The pinned questionnaire's items with answers and review marks (the assessor's review list). */
  async items(caller: AssessmentCaller, id: string, language: Language, query: ListQuery) {
    const { record, compiled } = await this.lifecycle.withQuestionnaire(caller.user.id, id);
    return runQuery(itemRows(this.ctx, compiled, record, language), query);
  }

  /** A workflow move with no other effect than its own (request, start, reopen); the others by name. */
  async move(caller: AssessmentCaller, id: string, action: AssessmentAction, language: Language) {
    if (action === 'invite') return this.invite(caller, id);
    if (action === 'submit') return this.submit(caller, id, language);
    if (action === 'complete') return this.complete(caller, id);
    return this.write(caller, id, async (record, roles) => {
      const move = this.flow.judge(record, action, caller, roles);
      if (action === 'request' && !record.assesseeId) throw new AppError(409, 'assessmentInviteFirst');
      await this.lifecycle.recordMove(record, move, caller.user.id);
      return { ...record, status: move.to };
    });
  }

  /** Invites the third party's contact (owner; assessment-invitations.ts). */
  invite(caller: AssessmentCaller, id: string): Promise<AssessmentView> {
    return this.write(caller, id, (record, roles) => this.invitations.invite(caller, record, roles));
  }

  /** Saves one answer of the assessee, judged by the PINNED template version (QuestionnaireRecords.saveAnswer). */
  async answer(caller: AssessmentCaller, id: string, itemId: string, value: unknown, language: Language) {
    return this.view(await this.lifecycle.saveAnswer(caller, id, itemId, value, language), caller);
  }

  /** Refuses, before an upload is read, a caller who could not write answers now (404/403/409). */
  mayAnswer(caller: AssessmentCaller, id: string): Promise<void> {
    return this.lifecycle.mayAnswer(caller, id);
  }

  /** An answered offline workbook (the assessee, while answering), landing as typed answers do (QuestionnaireWorkbook.upload). */
  async importWorkbook(
    caller: AssessmentCaller,
    id: string,
    file: UploadedWorkbook,
    language: Language,
  ): Promise<{ assessment: AssessmentView; changed: number }> {
    const { record, changed } = await this.workbook.upload(caller, id, file, language);
    return { assessment: await this.view(record, caller), changed };
  }

  /** Submits for review (assessee): every visible question and required field answered, else 409. */
  submit(caller: AssessmentCaller, id: string, language: Language): Promise<AssessmentView> {
    return this.write(caller, id, async (record, roles) => {
      const move = this.flow.judge(record, 'submit', caller, roles);
      const compiled = await this.lifecycle.pinned(record);
      const { problems, missing } = checkAnswers(compiled, record.answers);
      if (problems.length > 0 || missing.length > 0) {
        throw new AppError(409, 'assessmentSubmitFailed', undefined, {
          missing,
          problems: problemViews(this.ctx, problems, language),
        });
      }
      await this.lifecycle.recordMove(record, move, caller.user.id);
      const url = `/app/review-requests/assessment/${id}`;
      await notifyOfAssessment(this.ctx, record.assessorId, 'assessmentSubmitted', record, url);
      return {
        ...record,
        status: move.to,
        submissionDate: this.ctx.clock().toISOString(),
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
      const compiled = await this.lifecycle.pinned(record);
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
      const move = this.flow.judge(record, 'sendBack', caller, roles);
      const compiled = await this.lifecycle.pinned(record);
      const visible = visibleItems(compiled, record.answers);
      if (itemIds.some((itemId) => !visible.has(itemId))) throw new AppError(422, 'unknownItem');
      await this.lifecycle.recordMove(record, move, caller.user.id, note);
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
      if (record.assesseeId) {
        const url = `/app/assessment-requests/${id}`;
        await notifyOfAssessment(this.ctx, record.assesseeId, 'assessmentSentBack', record, url);
      }
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
      const move = this.flow.judge(record, 'complete', caller, roles);
      const compiled = await this.lifecycle.pinned(record);
      const unreviewed = unreviewedItems(compiled, record);
      if (unreviewed.length > 0) {
        const filesNotReviewed = unreviewed.filter((itemId) => isFile(compiled, itemId));
        throw new AppError(409, 'assessmentNotReviewed', undefined, { unreviewed, filesNotReviewed });
      }
      await this.lifecycle.recordMove(record, move, caller.user.id);
      const issueIds = await raiseIssues(this.ctx, this.resources, caller, record, compiled);
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
          const compiled = await this.lifecycle.pinned(record);
          if (!compiled.entries.has(itemId)) throw new AppError(422, 'unknownItem');
        }
        return { ...record, messages: [...record.messages, this.message(caller, roles, body, itemId ?? null)] };
      },
      ASSESSMENT_MESSAGE,
    );
  }

  /** The messages of one item's thread (GET …/items/:itemId/messages). */
  async thread(caller: AssessmentCaller, id: string, itemId: string) {
    const record = await this.lifecycle.find(caller.user.id, id);
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

  /** Reminders due `days` before a deadline (the scheduled job; assessment-reminders.ts). */
  remind(today: Date, days: readonly number[]): Promise<number> {
    return remindOfDeadlines(this.ctx, this.lifecycle, today, days);
  }

  /**
   * Whether `userId` may download an upload: the owner and assessor (any participant) of an
   * assessment whose answers name it (FilesService asks this beyond the uploader and admins).
   */
  async mayReadFile({ user }: AuthContext, fileId: string): Promise<boolean> {
    const userId = user.id;
    const naming = await this.records.find(
      (record) =>
        rolesIn(record, userId).length > 0 &&
        Object.values(record.answers).some((value) => isFileRef(value) && value.id === fileId),
    );
    return naming.length > 0;
  }

  /** Reads, judges and writes one assessment under its lock, then tells its participants. */
  private write(
    caller: AssessmentCaller,
    id: string,
    change: (record: AssessmentRecord, roles: AssessmentRole[]) => Promise<AssessmentRecord>,
    event = ASSESSMENT_CHANGED,
  ): Promise<AssessmentView> {
    return this.lifecycle.locked(caller.user.id, id, async () => {
      const record = await this.lifecycle.find(caller.user.id, id);
      const changed = {
        ...(await change(record, rolesIn(record, caller.user.id))),
        updatedAt: this.ctx.clock().toISOString(),
      };
      await this.records.replace(id, changed);
      await announceAssessment(this.ctx, changed, event);
      return this.view(changed, caller);
    });
  }

  private async view(record: AssessmentRecord, caller: AssessmentCaller): Promise<AssessmentView> {
    return assessmentView(this.ctx, this.flow, await this.lifecycle.pinned(record), record, caller);
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
}
