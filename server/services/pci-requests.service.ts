import { randomInt, randomUUID } from 'node:crypto';
import type { FormBody } from '../../core/forms/form.types';
import { dayOf } from '../../core/dates/days';
import { validateFormData } from '../../core/forms/form.utils';
import {
  ASV_REQUIREMENT,
  documentColumn,
  type PciRequestStatus,
  quotaOf,
  type RequestIdState,
  requestIdState,
  requestStatus,
  saqColumn,
} from '../../core/pci-requests/pci-request-status';
import type { QuestionnaireBody } from '../../core/questionnaire/questionnaire.types';
import type { ListQuery, ListResult, QueryableFields, SortKey } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import { unknownFields } from '../../core/resources/resource.utils';
import { saqCatalog } from '../../core/saq/saq-catalog';
import type { AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { Language } from '../http/i18n';
import { publishToUser } from '../realtime/publish';
import { findWhere } from '../store/matching';
import type {
  ComplianceDocumentRecord,
  ComplianceShareRecord,
  OrganizationRecord,
  PciRequestIdRecord,
  PciRequestRecord,
  SaqLevelResultRecord,
  SaqRecord,
  UserRecord,
} from '../store/records.types';
import { sessionOrganization } from './compliance-documents.service';
import { createNotification } from './notifications';
import type { PinnedQuestionnaires } from './questionnaire-record/pinned';
import { membershipIn } from '../auth/memberships';

/** Who hears of a merchant entering a request ID: those who make them or follow the merchants. */
const FOLLOWERS = ['complianceRequest:view', 'pcidssAcquirerMerchants:view'];

/** The bank's generate form (schemas/forms/pci-request-id-generate.json) judges what a bank sends. */
export const GENERATE_FORM = 'pci-request-id-generate';

/** A request ID as the bank's list shows it: the quota and the state are computed at read. */
export type RequestIdView = PciRequestIdRecord & { quota: number; state: RequestIdState };

/** A PCI request with its columns and status as of now (the merchant's and the bank's lists, the detail page). */
export type PciRequestView = PciRequestRecord & {
  level: number | null;
  saqType: string | null;
  saqStatus: PciRequestStatus;
  asvStatus: PciRequestStatus;
  aocStatus: PciRequestStatus;
  status: PciRequestStatus;
  /** The SAQ the columns read (the page links to it), its own status, and the newest documents' validity. */
  saq: { id: string; status: string; compliance: string | null; expiresAt: string | null } | null;
  /** The same SAQ's id (null: none), for links. */
  saqId: string | null;
  asvValidUntil: string | null;
  aocValidUntil: string | null;
};

const REQUEST_ID_LIST = ['code', 'dueDate', 'limit', 'used', 'quota', 'state', 'createdAt', 'createdByName', 'note'];
export const REQUEST_ID_FIELDS: QueryableFields = { filterable: REQUEST_ID_LIST, sortable: REQUEST_ID_LIST };
const REQUEST_LIST = [
  'bankName',
  'merchantName',
  'requestCode',
  'dueDate',
  'createdAt',
  'level',
  'saqType',
  'saqStatus',
  'asvStatus',
  'aocStatus',
  'status',
];
export const PCI_REQUEST_FIELDS: QueryableFields = { filterable: REQUEST_LIST, sortable: REQUEST_LIST };
export const NEWEST_FIRST: SortKey[] = [{ field: 'createdAt', direction: 'desc' }];

/** Code letters without look-alikes (no 0/O, 1/I/L, U): easy to read out and type. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
const newCode = () => {
  const part = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `PCI-${part()}-${part()}`;
};
/** What a merchant typed, as codes are stored: upper case, no spaces. */
export const normalizeCode = (typed: string) => typed.replace(/\s+/g, '').toUpperCase();

const today = dayOf;

/** What the columns of one merchant organisation's requests read, gathered once per organisation. */
interface MerchantFacts {
  level: number | null;
  levelSaqType: string | null;
  saqs: SaqRecord[];
  asvValidUntil: string | null;
  aocValidUntil: string | null;
}

/**
 * PCI requests and request IDs (domain §3, §4; docs/domain/pci-requests.md):
 * a bank generates codes, a merchant organisation enters one to open a request to that bank, and
 * each request's status is computed at read from the merchant's level, SAQ, ASV reports and AoCs.
 * Not a `resource`: the code is made by the server, a merchant finds a code of another
 * organisation, a request is read by two organisations, and its status is computed.
 */
export class PciRequestsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly questionnaires: PinnedQuestionnaires,
  ) {}

  private get requestIds() {
    return this.ctx.store.collection<PciRequestIdRecord>('pciRequestIds');
  }

  private get requests() {
    return this.ctx.store.collection<PciRequestRecord>('pciRequests');
  }

  // ── the bank's request IDs ────────────────────────────────────────────────────────────────

  async listIds(auth: AuthContext, query: ListQuery, now = this.ctx.clock()): Promise<ListResult<RequestIdView>> {
    const mine = await findWhere(this.requestIds, {
      field: 'organizationId',
      op: 'eq',
      value: sessionOrganization(auth),
    });
    return runQuery(
      mine.map((record) => idView(record, now)),
      query,
    );
  }

  /**
   * Generates a request ID for the session's organisation from the generate form's fields (422 with
   * field keys; `dueDate` must not be past: 422 `dueDateInPast`).
   */
  async generate(auth: AuthContext, input: Record<string, unknown>, now = this.ctx.clock()): Promise<RequestIdView> {
    const organizationId = sessionOrganization(auth);
    const form = this.ctx.documents.latestBody<FormBody>('form', GENERATE_FORM);
    if (!form) throw new Error(`Form document form/${GENERATE_FORM} is not published`);
    const unknown = unknownFields(form.schema, input);
    const known = Object.fromEntries(Object.entries(input).filter(([key]) => !unknown.includes(key)));
    const errors = {
      ...Object.fromEntries(unknown.map((field) => [field, 'validation.invalid'])),
      ...validateFormData(form, known),
    };
    if (Object.keys(errors).length > 0) throw new AppError(422, 'validationFailed', errors);
    const dueDate = String(input.dueDate);
    if (dueDate < today(now)) throw new AppError(422, 'dueDateInPast', { dueDate: 'errors.dueDateInPast' });
    const bank = await this.ctx.store.collection<OrganizationRecord>('organizations').get(organizationId);
    const note = typeof input.note === 'string' && input.note.trim() ? input.note.trim() : null;
    // codes are global (a merchant finds the bank by it): draw again on the rare clash
    return this.ctx.store.withLock('pciRequestIds.codes', async () => {
      let code = newCode();
      while ((await findWhere(this.requestIds, { field: 'code', op: 'eq', value: code })).length > 0) code = newCode();
      const record: PciRequestIdRecord = {
        id: randomUUID(),
        code,
        organizationId,
        bankName: bank?.name ?? organizationId,
        dueDate,
        limit: Number(input.limit ?? 1),
        used: 0,
        note,
        revoked: false,
        createdAt: now.toISOString(),
        createdBy: auth.user.id,
        createdByName: auth.user.name || auth.user.email,
      };
      await this.requestIds.insert(record);
      return idView(record, now);
    });
  }

  /** Withdraws a request ID: no one may enter it any more (requests already opened stay). */
  async revoke(auth: AuthContext, id: string, now = this.ctx.clock()): Promise<RequestIdView> {
    const organizationId = sessionOrganization(auth);
    return this.ctx.store.withLock(`pciRequestIds.${id}`, async () => {
      const record = await this.requestIds.get(id);
      if (!record || record.organizationId !== organizationId) throw new AppError(404, 'requestIdNotFound');
      const revoked = { ...record, revoked: true };
      await this.requestIds.replace(id, revoked);
      return idView(revoked, now);
    });
  }

  // ── the merchant's PCI requests ───────────────────────────────────────────────────────────

  /**
   * Opens a PCI request of the session's organisation to the bank that generated `code`: 404
   * `requestIdNotFound` (unknown, revoked, or the caller's own bank), 410 `requestIdExpired` after
   * its due date, 409 `requestIdUsedUp` when `limit` organisations entered it, 409
   * `pciRequestExists` when this organisation entered it already. The organisation starts sharing
   * its ASV and AoC documents with the bank: the request is the bank asking for them.
   */
  async enter(auth: AuthContext, typed: string, now = this.ctx.clock()): Promise<PciRequestView> {
    const organizationId = sessionOrganization(auth);
    const code = normalizeCode(typed);
    const [found] = await findWhere(this.requestIds, { field: 'code', op: 'eq', value: code });
    if (!found || found.organizationId === organizationId) {
      throw new AppError(404, 'requestIdNotFound', { requestId: 'errors.requestIdNotFound' });
    }
    const created = await this.ctx.store.withLock(`pciRequestIds.${found.id}`, async () => {
      const requestId = (await this.requestIds.get(found.id)) ?? found;
      const state = requestIdState(requestId, requestId.used, now);
      if (state === 'revoked') throw new AppError(404, 'requestIdNotFound', { requestId: 'errors.requestIdNotFound' });
      if (state === 'expired') throw new AppError(410, 'requestIdExpired', { requestId: 'errors.requestIdExpired' });
      const mine = await findWhere(this.requests, { field: 'organizationId', op: 'eq', value: organizationId });
      if (mine.some((request) => request.requestIdId === requestId.id)) {
        throw new AppError(409, 'pciRequestExists', { requestId: 'errors.pciRequestExists' });
      }
      if (state === 'usedUp') throw new AppError(409, 'requestIdUsedUp', { requestId: 'errors.requestIdUsedUp' });
      const merchant = await this.ctx.store.collection<OrganizationRecord>('organizations').get(organizationId);
      const request: PciRequestRecord = {
        id: randomUUID(),
        requestIdId: requestId.id,
        requestCode: requestId.code,
        bankId: requestId.organizationId,
        bankName: requestId.bankName,
        organizationId,
        merchantName: merchant?.name ?? organizationId,
        dueDate: requestId.dueDate,
        createdAt: now.toISOString(),
        createdBy: auth.user.id,
        createdByEmail: auth.user.email,
        answeredBy: null,
      };
      await this.ctx.store.transaction(async () => {
        await this.requests.insert(request);
        await this.requestIds.replace(requestId.id, { ...requestId, used: requestId.used + 1 });
      });
      return request;
    });
    await this.shareWith(auth, created);
    await this.notifyBank(created);
    return this.view(created, await this.factsOf(organizationId), now);
  }

  /** The bank's users who follow request IDs hear of a merchant entering one (bell and `pciRequest.created`). */
  private async notifyBank(request: PciRequestRecord): Promise<void> {
    const staff = await this.ctx.store.collection<UserRecord>('users').find((user) => {
      const held = membershipIn(user, request.bankId);
      return held.roles.includes('bank') && held.permissions.some((permission) => FOLLOWERS.includes(permission));
    });
    const values = { merchant: request.merchantName, code: request.requestCode };
    const texts = (language: Language) => ({
      title: this.ctx.translator.t(language, 'pciRequests.notification.title', values),
      description: this.ctx.translator.t(language, 'pciRequests.notification.description', values),
      url: '/app/pci-dss/merchants',
    });
    for (const user of staff) {
      await createNotification(this.ctx, {
        receiverId: user.id,
        groups: [{ groupValue: 'announcement', groupKey: 'pciRequestCreated' }],
        payload: { ...texts('en'), tr: texts('tr') },
      });
      await publishToUser(this.ctx, user.id, 'pciRequest.created', { id: request.id }).catch((error: unknown) =>
        this.ctx.log.error(`PCI request ${request.id} opened but not announced`, error),
      );
    }
  }

  private async shareWith(auth: AuthContext, request: PciRequestRecord): Promise<void> {
    const id = `${request.organizationId}:${request.bankId}`;
    const shares = this.ctx.store.collection<ComplianceShareRecord>('complianceShares');
    await this.ctx.store.withLock(`complianceShares.${id}`, async () => {
      if (await shares.get(id)) return;
      await shares.insert({
        id,
        organizationId: request.organizationId,
        bankId: request.bankId,
        createdAt: request.createdAt,
        createdBy: auth.user.id,
      });
    });
  }

  /** The session organisation's requests, each with its columns and status now. */
  async list(auth: AuthContext, query: ListQuery, now = this.ctx.clock()): Promise<ListResult<PciRequestView>> {
    const organizationId = sessionOrganization(auth);
    const mine = await findWhere(this.requests, { field: 'organizationId', op: 'eq', value: organizationId });
    return runQuery(await this.views(mine, now), query);
  }

  /** One of the session organisation's requests; another organisation's is 404 as if it did not exist. */
  async get(auth: AuthContext, id: string, now = this.ctx.clock()): Promise<PciRequestView> {
    const organizationId = sessionOrganization(auth);
    const request = (await this.requests.get(id)) ?? (id === organizationId ? await this.newestOf(id) : undefined);
    if (!request || request.organizationId !== organizationId) throw new AppError(404, 'pciRequestNotFound');
    return this.view(request, await this.factsOf(request.organizationId), now);
  }

  /**
   * Shell §2.5 names the request page by the merchant (`/app/pci-dss-requests/request/{merchantId}`):
   * the merchant organisation's newest request stands for it (one per bank it entered a code of).
   */
  private async newestOf(organizationId: string): Promise<PciRequestRecord | undefined> {
    const made = await findWhere(this.requests, { field: 'organizationId', op: 'eq', value: organizationId });
    return made.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))[0];
  }

  /** The bank's view (acquirer merchants, /app/pci-dss): the requests opened to the session's organisation. */
  async bankList(auth: AuthContext, query: ListQuery, now = this.ctx.clock()): Promise<ListResult<PciRequestView>> {
    const bankId = sessionOrganization(auth);
    const made = await findWhere(this.requests, { field: 'bankId', op: 'eq', value: bankId });
    return runQuery(await this.views(made, now), query);
  }

  /** The bank's overview: how many requests are in each status. */
  async bankStats(auth: AuthContext, now = this.ctx.clock()) {
    const { items } = await this.bankList(auth, { sort: [], page: 1, pageSize: 10_000 }, now);
    const byStatus = new Map<string, number>();
    for (const item of items) byStatus.set(item.status, (byStatus.get(item.status) ?? 0) + 1);
    return {
      total: items.length,
      completed: byStatus.get('completed') ?? 0,
      open: items.length - (byStatus.get('completed') ?? 0) - (byStatus.get('notRequired') ?? 0),
      overdue: items.filter((item) => item.dueDate < today(now) && item.status !== 'completed').length,
      byStatus: [...byStatus].map(([key, count]) => ({ key, count })),
    };
  }

  /**
   * Requests an SAQ's submission may answer: the organisation's requests to `bankId` with no valid
   * SAQ given yet (none linked, or the linked one's attestation expired).
   */
  private async openTo(organizationId: string, bankId: string | null, now: Date): Promise<PciRequestRecord[]> {
    const mine = await findWhere(this.requests, { field: 'organizationId', op: 'eq', value: organizationId });
    const saqs = this.ctx.store.collection<SaqRecord>('saqs');
    const open: PciRequestRecord[] = [];
    for (const request of mine) {
      if (bankId !== null && request.bankId !== bankId) continue;
      const linked = request.answeredBy ? await saqs.get(request.answeredBy) : undefined;
      const valid = linked?.expiresAt && Date.parse(linked.expiresAt) > now.getTime();
      if (!valid) open.push(request);
    }
    return open;
  }

  /** The submit form's choices: open requests of the session's organisation, labelled with bank, code and due date. */
  async openChoices(auth: AuthContext, now = this.ctx.clock()): Promise<{ id: string; label: string }[]> {
    const open = await this.openTo(sessionOrganization(auth), null, now);
    return open
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate))
      .map((request) => ({
        id: request.id,
        label: `${request.bankName} · ${request.requestCode} · ${request.dueDate}`,
      }));
  }

  /**
   * SAQ submission (SaqSubmissions.submit asks it; domain §5 'at least one Request ID selected'):
   * when the organisation has open requests to the bank one of them must be picked (422
   * `requestIdRequired`); a pick that is no open request of it to that bank is 422 `requestIdInvalid`.
   * The picked request is linked to the SAQ. Answers the request's id, or null when none was open.
   */
  async answerWithSaq(saq: SaqRecord, bankId: string, picked: string | undefined, now = this.ctx.clock()) {
    const open = await this.openTo(saq.organizationId ?? '', bankId, now);
    if (picked === undefined) {
      if (open.length > 0) throw new AppError(422, 'requestIdRequired', { requestId: 'errors.requestIdRequired' });
      return null;
    }
    const request = open.find((candidate) => candidate.id === picked);
    if (!request) throw new AppError(422, 'requestIdInvalid', { requestId: 'errors.requestIdInvalid' });
    await this.requests.replace(request.id, { ...request, answeredBy: saq.id });
    return request.id;
  }

  // ── statuses ──────────────────────────────────────────────────────────────────────────────

  private async views(requests: PciRequestRecord[], now: Date): Promise<PciRequestView[]> {
    const facts = new Map<string, MerchantFacts>();
    const views: PciRequestView[] = [];
    for (const request of requests) {
      let merchant = facts.get(request.organizationId);
      if (!merchant) {
        merchant = await this.factsOf(request.organizationId);
        facts.set(request.organizationId, merchant);
      }
      views.push(await this.view(request, merchant, now));
    }
    return views;
  }

  /** The merchant organisation's level (its users' newest level result), SAQs and newest documents. */
  private async factsOf(organizationId: string): Promise<MerchantFacts> {
    const members = await this.ctx.store
      .collection<UserRecord>('users')
      .find((user) => user.organizationIds.includes(organizationId));
    const results = this.ctx.store.collection<SaqLevelResultRecord>('saqLevelResults');
    let newest: SaqLevelResultRecord | undefined;
    for (const member of members) {
      const result = await results.get(member.id);
      if (result && (!newest || result.createdAt > newest.createdAt)) newest = result;
    }
    const saqs = await findWhere(this.ctx.store.collection<SaqRecord>('saqs'), {
      field: 'organizationId',
      op: 'eq',
      value: organizationId,
    });
    return {
      level: newest?.level ?? null,
      levelSaqType: newest?.saqType ?? null,
      saqs: saqs.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
      asvValidUntil: await this.newestValidity(organizationId, 'asv'),
      aocValidUntil: await this.newestValidity(organizationId, 'aoc'),
    };
  }

  private async newestValidity(organizationId: string, type: 'asv' | 'aoc'): Promise<string | null> {
    const { items } = await this.ctx.store.collection<ComplianceDocumentRecord>('complianceDocuments').query({
      filter: {
        and: [
          { field: 'organizationId', op: 'eq', value: organizationId },
          { field: 'type', op: 'eq', value: type },
        ],
      },
      sort: [{ field: 'validUntil', direction: 'desc' }],
      page: 1,
      pageSize: 1,
    });
    return items[0]?.validUntil ?? null;
  }

  /**
   * The SAQ a request's columns read: the one submitted for it while its attestation holds, else the
   * one being worked on (newest not submitted), else the expired one given for it, else the newest
   * submitted to its bank.
   */
  private saqFor(request: PciRequestRecord, saqs: SaqRecord[], now: Date): SaqRecord | null {
    const linked = request.answeredBy ? saqs.find((saq) => saq.id === request.answeredBy) : undefined;
    if (linked?.expiresAt && Date.parse(linked.expiresAt) > now.getTime()) return linked;
    return (
      saqs.find((saq) => saq.status !== 'submitted' && saq.status !== 'waitingValidation') ??
      linked ??
      saqs.find((saq) => saq.bankId === request.bankId) ??
      null
    );
  }

  /** Whether the merchant needs an ASV scan: level 1 always; otherwise when its SAQ asks requirement 11.3.2. */
  private async asvRequired(level: number | null, saq: SaqRecord | null, levelSaqType: string | null) {
    if (level === 1) return true;
    let body: QuestionnaireBody | undefined;
    if (saq) body = await this.questionnaires.bodyOf(saq.document);
    else if (levelSaqType) {
      body = saqCatalog(this.ctx.documents.cache.ofKind('questionnaire')).get(levelSaqType)?.body;
    }
    if (!body) return true;
    return body.sections.some((section) =>
      section.items.some((item) => 'requirement' in item && item.requirement === ASV_REQUIREMENT),
    );
  }

  private async view(request: PciRequestRecord, merchant: MerchantFacts, now: Date): Promise<PciRequestView> {
    const saq = this.saqFor(request, merchant.saqs, now);
    const saqStatus = saqColumn(
      {
        level: merchant.level,
        saq: saq
          ? {
              status: saq.status,
              compliance: saq.compliance ?? null,
              validatedCompliance: saq.validatedCompliance ?? null,
              expiresAt: saq.expiresAt ?? null,
              bankId: saq.bankId ?? null,
            }
          : null,
      },
      request.bankId,
      now,
    );
    const asvRequired = await this.asvRequired(merchant.level, saq, merchant.levelSaqType);
    // an SAQ carries its own attestation; a level 1 merchant's AoC comes from its QSA and is uploaded
    const asvStatus = documentColumn({ required: asvRequired, validUntil: merchant.asvValidUntil }, now);
    const aocStatus = documentColumn({ required: merchant.level === 1, validUntil: merchant.aocValidUntil }, now);
    return {
      ...request,
      level: merchant.level,
      saqType: saq?.saqType ?? merchant.levelSaqType,
      saqStatus,
      asvStatus,
      aocStatus,
      status: requestStatus([saqStatus, asvStatus, aocStatus]),
      saq: saq
        ? { id: saq.id, status: saq.status, compliance: saq.compliance ?? null, expiresAt: saq.expiresAt ?? null }
        : null,
      saqId: saq?.id ?? null,
      asvValidUntil: merchant.asvValidUntil,
      aocValidUntil: merchant.aocValidUntil,
    };
  }
}

function idView(record: PciRequestIdRecord, now: Date): RequestIdView {
  return { ...record, quota: quotaOf(record.limit, record.used), state: requestIdState(record, record.used, now) };
}
