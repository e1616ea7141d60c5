import type { FormBody } from '../../core/forms/form.types';
import { validateFormData } from '../../core/forms/form.utils';
import {
  DEFAULT_VALIDITY_DAYS,
  expiryAfter,
  INVITATION_RESOURCE,
  type InvitationView,
  isOpen,
  isPastExpiry,
  maskEmail,
  OPEN_STATES,
  SERVER_ACTIONS,
  UNOPENED_STATES,
  UNSEEN_AFTER_MS,
} from '../../core/invitations/invitation';
import { type Filter, type ListResult, MAX_PAGE_SIZE } from '../../core/query/query.types';
import type { ResourceRecord } from '../../core/resources/resource.types';
import { unknownFields } from '../../core/resources/resource.utils';
import type { AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { OrganizationRecord, UserRecord } from '../store/records.types';
import { type ResourceCaller, type ResourcesService, resourceCaller } from './resources.service';
import { assertInvitationMailAllowed } from './invitation-mail-allowance';
import { findUserByEmail, normalizeEmail, usersOf } from './users';
import type { WorkflowService } from './workflow.service';
import { grantIn } from '../auth/memberships';

/** The form document the create endpoint judges its body with (and whose default validity it uses). */
const CREATE_FORM = 'invitation-create';

const invalid = () => new AppError(404, 'invitationInvalid');

/**
 * Invitations (domain §3–§9) over the generic resource and workflow machinery: creation with the
 * mail, the public view of a link, acceptance by sign-in or registration, resend, and the moves
 * that fall due with time (expiry, unseen). Guards and scope are the `invitation` resource's.
 */
export class InvitationService {
  constructor(
    private readonly ctx: AppContext,
    private readonly resources: ResourcesService,
    private readonly workflows: WorkflowService,
  ) {}

  private records() {
    return this.resources.records(INVITATION_RESOURCE);
  }

  /** The caller, refused (403 `notAMember`) when the token's organisation is no longer theirs. */
  async caller(auth: AuthContext): Promise<ResourceCaller> {
    if (auth.claims.org && !auth.user.organizationIds.includes(auth.claims.org)) throw new AppError(403, 'notAMember');
    return resourceCaller(this.ctx, auth);
  }

  private createForm(): FormBody {
    const body = this.ctx.documents.latestBody<FormBody>('form', CREATE_FORM);
    if (!body) throw new Error(`Form document form/${CREATE_FORM} is not published`);
    return body;
  }

  /**
   * Creates an invitation in the caller's organisation (the resource's create guard, 403) from the
   * create form's fields (422), valid for `validityDays` (default: the form's, 180), and mails it
   * when it names an e-mail address. `merchant` links it to the portfolio merchant it invites.
   */
  async create(
    auth: AuthContext,
    input: Record<string, unknown>,
    merchant?: { merchantId: string; merchantName: string },
  ): Promise<ResourceRecord> {
    const caller = await this.caller(auth);
    this.resources.authorize(INVITATION_RESOURCE, 'create', caller);
    const form = this.createForm();
    const email = normalizeEmail(input.email);
    const data: Record<string, unknown> = { ...input, ...(email ? { email } : {}) };
    // members the form does not know are named one by one (ajv files them under the object)
    const unknown = unknownFields(form.schema, data);
    const known = Object.fromEntries(Object.entries(data).filter(([key]) => !unknown.includes(key)));
    const errors = {
      ...Object.fromEntries(unknown.map((field) => [field, 'validation.invalid'])),
      ...validateFormData(form, known),
    };
    if (Object.keys(errors).length > 0) throw new AppError(422, 'validationFailed', errors);
    await this.requirePortfolioCompany(caller);
    if (email && (await this.isMember(email, caller.owner.organizationId))) {
      throw new AppError(409, 'invitationResendRegistered');
    }
    // asked before the record exists, so a refused mail leaves no invitation behind (the send effect asks again)
    if (email) await assertInvitationMailAllowed(this.ctx, email);
    const days = typeof data.validityDays === 'number' ? data.validityDays : defaultValidityDays(form);
    const fields = {
      ...(email ? { email } : {}),
      role: data.role,
      position: data.position,
      expiresAt: expiryAfter(this.ctx.clock(), days),
      // an invitation of a portfolio merchant's contact names that merchant (shell §5 'Invitation')
      ...(merchant ?? {}),
    };
    const created = await this.resources.create(INVITATION_RESOURCE, caller, fields);
    if (!email) return created;
    return this.workflows.runAsServer(INVITATION_RESOURCE, created.id, 'send', caller.user);
  }

  /**
   * CHECK POINT (domain §5 'It needs at least one company in the portfolio'): portfolios do not
   * exist yet. When they do, refuse here (e.g. 409 with the catalogue's 'invite a user first'
   * counterpart) unless the caller's organisation has at least one company in its portfolio.
   */
  private async requirePortfolioCompany(_caller: ResourceCaller): Promise<void> {}

  /** A page of the caller organisation's invitations (the resource's list guard), due moves applied first. */
  async list(auth: AuthContext, params: Record<string, unknown>): Promise<ListResult<ResourceRecord>> {
    const caller = await this.caller(auth);
    this.resources.authorize(INVITATION_RESOURCE, 'list', caller);
    await this.applyDueMoves(caller.owner.organizationId);
    return this.resources.list(INVITATION_RESOURCE, caller, params);
  }

  /**
   * Mails the invitation again (workflow action `send`, whose effect refuses a resend too soon with
   * 429): 409 `invitationResendRegistered` once it was accepted, 410 `invitationResendExpired` once
   * expired; the resource's read guard and scope first (403, 404).
   */
  async resend(auth: AuthContext, id: string): Promise<ResourceRecord> {
    const caller = await this.caller(auth);
    const record = await this.dueApplied(await this.resources.read(INVITATION_RESOURCE, caller, id));
    if (record.state === 'accepted') throw new AppError(409, 'invitationResendRegistered');
    if (record.state === 'expired') throw new AppError(410, 'invitationResendExpired');
    return this.workflows.run(INVITATION_RESOURCE, caller, id, 'send');
  }

  /**
   * The public view of a link (anyone holding it); opening it moves an unopened invitation to
   * `seen`. Unknown, revoked, expired and accepted invitations are all 404 `invitationInvalid`.
   */
  async publicView(code: string): Promise<InvitationView> {
    let record = await this.current(code);
    if (!record || !isOpen(record.state)) throw invalid();
    if (UNOPENED_STATES.includes(record.state as never)) {
      record = await this.serverMove(record, SERVER_ACTIONS.see, null);
    }
    const [sender, organization] = await Promise.all([
      usersOf(this.ctx).get(record.createdBy),
      this.organization(record.organizationId),
    ]);
    return {
      id: record.id,
      sender_name: sender?.name ?? '',
      source_name: organization?.name ?? '',
      role: String(record.role),
      position: String(record.position),
      target_email: typeof record.email === 'string' ? maskEmail(record.email) : null,
      invitation_status: record.state as InvitationView['invitation_status'],
      expires_at: String(record.expiresAt),
    };
  }

  /**
   * The invitation `code` as someone signing in or registering with `email` may use it: 404
   * `invitationInvalid` (unknown, revoked, accepted), 410 `invitationTokenExpired`, 403
   * `invitationEmailMismatch` when it names another address.
   */
  async usable(code: string, email: string): Promise<ResourceRecord> {
    const record = await this.current(code);
    if (record?.state === 'expired') throw new AppError(410, 'invitationTokenExpired');
    if (!record || !isOpen(record.state)) throw invalid();
    if (typeof record.email === 'string' && record.email !== normalizeEmail(email)) {
      throw new AppError(403, 'invitationEmailMismatch');
    }
    return record;
  }

  /** Marks a usable invitation accepted by `user` (a second use racing this one gets 404). */
  async accept(record: ResourceRecord, user: UserRecord): Promise<void> {
    await this.serverMove(record, SERVER_ACTIONS.accept, user);
  }

  /**
   * Sign-in with an invitation code: the user joins the inviting organisation with the invitation's
   * role — held there only, never in their other organisations — and the invitation is accepted.
   * Returns the organisation, which the session then opens.
   */
  async acceptBySignIn(code: string, user: UserRecord): Promise<{ user: UserRecord; organizationId: string }> {
    const record = await this.usable(code, user.email);
    // accepted and joined as one: never an accepted invitation whose user did not join
    return this.withAcceptance(() =>
      this.ctx.store.transaction(async () => {
        await this.accept(record, user);
        const organizationId = String(record.organizationId);
        // read again under the lock: another acceptance of this user's may have joined meanwhile
        const current = (await usersOf(this.ctx).get(user.id)) ?? user;
        const joined = await usersOf(this.ctx).update(user.id, grantIn(current, organizationId, [String(record.role)]));
        return { user: joined, organizationId };
      }),
    );
  }

  /**
   * Runs `work` holding the invitations' lock, so it may open a transaction that accepts one (the
   * lock must come before the transaction; the acceptance inside takes it again at once).
   */
  withAcceptance<R>(work: () => Promise<R>): Promise<R> {
    return this.resources.lock(INVITATION_RESOURCE, work);
  }

  private async isMember(email: string, organizationId: string | undefined): Promise<boolean> {
    const user = await findUserByEmail(this.ctx, email);
    return Boolean(user && organizationId && user.organizationIds.includes(organizationId));
  }

  private organization(id: unknown): Promise<OrganizationRecord | undefined> {
    return typeof id === 'string'
      ? this.ctx.store.collection<OrganizationRecord>('organizations').get(id)
      : Promise.resolve(undefined);
  }

  /** The stored invitation with the moves due by now applied, or undefined. */
  private async current(code: string): Promise<ResourceRecord | undefined> {
    const record = await this.records().get(code);
    return record ? this.dueApplied(record) : undefined;
  }

  /** Past its expiry an open invitation becomes `expired`, however it is reached. */
  private async dueApplied(record: ResourceRecord): Promise<ResourceRecord> {
    if (!isOpen(record.state) || !isPastExpiry(record.expiresAt, this.ctx.clock())) return record;
    return this.serverMove(record, SERVER_ACTIONS.expire, null);
  }

  /**
   * The moves time makes in one organisation: open invitations past their expiry → `expired`;
   * mailed ones unchanged for UNSEEN_AFTER_MS → `unseen`.
   */
  private async applyDueMoves(organizationId: string | undefined): Promise<void> {
    if (!organizationId) return;
    const now = this.ctx.clock();
    const unseenBefore = new Date(now.getTime() - UNSEEN_AFTER_MS).toISOString();
    const due = async (conditions: Filter[], action: string) => {
      const filter: Filter = { and: [{ field: 'organizationId', op: 'eq', value: organizationId }, ...conditions] };
      const { items } = await this.records().query({ filter, sort: [], page: 1, pageSize: MAX_PAGE_SIZE });
      // one already moved by someone else is simply no longer due
      for (const record of items) await this.serverMove(record, action, null).catch(() => undefined);
    };
    await due(
      [
        { field: 'state', op: 'in', value: [...OPEN_STATES] },
        { field: 'expiresAt', op: 'lte', value: now.toISOString() },
      ],
      SERVER_ACTIONS.expire,
    );
    await due(
      [
        { field: 'state', op: 'eq', value: 'mailSent' },
        { field: 'updatedAt', op: 'lt', value: unseenBefore },
      ],
      SERVER_ACTIONS.markUnseen,
    );
  }

  /** A server move; a 409 (someone moved it first) reads as an invitation no longer usable. */
  private async serverMove(record: ResourceRecord, action: string, actor: UserRecord | null) {
    try {
      return await this.workflows.runAsServer(INVITATION_RESOURCE, record.id, action, actor);
    } catch (error) {
      if (error instanceof AppError && error.code === 'transitionNotAllowed') throw invalid();
      throw error;
    }
  }
}

/** The create form's default validity (domain §9: 180 days unless the published form says otherwise). */
function defaultValidityDays(form: FormBody): number {
  const properties = (form.schema as { properties?: Record<string, { default?: unknown }> }).properties;
  const value = properties?.validityDays?.default;
  return typeof value === 'number' && value > 0 ? value : DEFAULT_VALIDITY_DAYS;
}
