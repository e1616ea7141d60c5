import type { FormBody, FormErrors } from '../../core/forms/form.types';
import { validateFormData } from '../../core/forms/form.utils';
import { hashPassword, verifyDummy, verifyPassword } from '../auth/passwords';
import type { AuthContext } from '../auth/authenticate';
import { revokeSession } from '../auth/revocations';
import { endSessions } from '../auth/session-generation';
import { endRealtimeAccess } from '../realtime/publish';
import { acceptTotp } from '../auth/totp';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { asLanguage } from '../http/i18n';
import { linkMail } from '../mail/templates';
import type { OrganizationRecord, UserRecord } from '../store/records.types';
import { AfterAnswer } from './after-answer';
import type { InvitationService } from './invitations.service';
import { LinkTokens, RESET_TOKEN_TTL_MS, VERIFY_TOKEN_TTL_MS } from './link-tokens';
import { loginResponse } from '../auth/session';
import { emailLock, findUserByEmail, normalizeEmail, usersOf } from './users';

export interface LoginInput {
  username: string;
  password: string;
  authcode?: string;
  invitation_code?: string;
}

/**
 * A self-registered account. A merchant (`saq: true`, what the register screen sends) gets the
 * SAQ area and the dashboard; anyone else is a plain user with no permissions until an admin
 * grants some. Either way the account needs e-mail verification and admin approval first — except
 * that registering with an invitation naming the same e-mail address counts as approved by its
 * sender; an invitation also puts the account into the inviting organisation with its role instead
 * of a new organisation of its own.
 */
const MERCHANT_DEFAULTS = {
  roles: ['saq', 'user'],
  permissions: ['saqOverview:view', 'saqList:view', 'dashboard:view'],
};
const PLAIN_DEFAULTS = { roles: ['user'], permissions: [] as string[] };
/** Sign-up fields stored trimmed (never the passwords: a space there is part of the secret). */
const TRIMMED_FIELDS = ['name', 'company', 'phone', 'website'];

const credentialsError = () => new AppError(401, 'credentialsAreIncorrect', { username: 'credentialsAreIncorrect' });

/** Sign-in, registration, e-mail verification and password reset. */
export class AuthService {
  private readonly links: LinkTokens;
  private readonly afterAnswer: AfterAnswer;

  constructor(
    private readonly ctx: AppContext,
    private readonly invitations: InvitationService,
  ) {
    this.links = new LinkTokens(ctx);
    this.afterAnswer = new AfterAnswer(ctx.log);
  }

  /**
   * Shell §4 login order: credentials 401 → 428 → 423 → two-factor 403 → LoginResponse. With an
   * invitation code the user then joins the inviting organisation (its errors: 404, 410, 403) and
   * the session opens in it. Every attempt first claims a turn on the account's delay
   * (server/auth/sign-in-delays.ts, 429 `tooManyAttempts` while it runs, known or unknown address
   * alike); a wrong password or code keeps the failure it was counted as, the right password with a
   * step still missing gives it back, a complete sign-in clears the account's failures.
   */
  async login(input: LoginInput) {
    const account = normalizeEmail(input.username);
    const turn = await this.ctx.signInDelays.claim(account, this.ctx.clock().getTime());
    if (!turn.allowed) {
      throw new AppError(429, 'tooManyAttempts', undefined, { retryAfter: Math.ceil(turn.retryAfterMs / 1000) });
    }
    const user = await findUserByEmail(this.ctx, input.username);
    if (!user) {
      await verifyDummy(input.password);
      throw credentialsError();
    }
    if (!(await verifyPassword(user.passwordHash, input.password))) throw credentialsError();
    const notAGuess = async (error: AppError) => {
      await this.ctx.signInDelays.refund(account);
      return error;
    };
    if (!user.verified) throw await notAGuess(new AppError(428, 'notVerified'));
    if (!user.approved) throw await notAGuess(new AppError(423, 'notApproved'));
    if (user.twoFactor.enabled && user.twoFactor.secret) {
      const code = input.authcode?.trim();
      if (!code) throw await notAGuess(new AppError(403, 'twoFactorRequired', { authcode: 'twoFactorRequired' }));
      if (!(await acceptTotp(usersOf(this.ctx), user, user.twoFactor.secret, code, this.ctx.clock()))) {
        throw new AppError(403, 'twoFactorFailed', { authcode: 'twoFactorFailed' });
      }
    }
    await this.ctx.signInDelays.clear(account);
    const code = input.invitation_code?.trim();
    if (!code) return loginResponse(this.ctx, user);
    const joined = await this.invitations.acceptBySignIn(code, user);
    return loginResponse(this.ctx, joined.user, { org: joined.organizationId });
  }

  private form(id: string): FormBody {
    const body = this.ctx.documents.latestBody<FormBody>('form', id);
    if (!body) throw new Error(`Form document form/${id} is not published`);
    return body;
  }

  /** 422 `validationFailed` with field → i18n key when the data breaks the published form. */
  private check(formId: string, data: Record<string, unknown>): void {
    const errors: FormErrors = validateFormData(this.form(formId), data);
    if (Object.keys(errors).length > 0) throw new AppError(422, 'validationFailed', errors);
  }

  /**
   * Sign-up (domain §5), answered alike whether the e-mail has an account or not: the form and any
   * invitation are checked, 201 goes out at once, and the rest happens after the answer — a new
   * account and its verification mail, or a mail telling the owner of the existing account that
   * someone tried. An invitation's own errors are answered (they tell nothing about accounts).
   */
  /**
   * Logout (shell §4 'Session end') on the server: the calling token is revoked on every instance.
   * An impersonation's logout ends the admin's own token too — the browser drops both, and a
   * token kept aside must not outlive the logout that was meant to end it.
   */
  async logout({ claims }: AuthContext): Promise<void> {
    await revokeSession(this.ctx, claims.jti, claims);
    if (claims.ijti) await revokeSession(this.ctx, claims.ijti, { sub: claims.imp ?? claims.sub, exp: claims.exp });
  }

  async register(raw: Record<string, unknown>): Promise<{ uuid: string; email: string; approved: boolean }> {
    // a name of only spaces is no name: text fields are trimmed before the form's rules see them
    const input = { ...raw };
    for (const field of TRIMMED_FIELDS) {
      if (typeof input[field] === 'string') input[field] = (input[field] as string).trim();
    }
    const email = normalizeEmail(input.email);
    const data = { ...input, email: typeof input.email === 'string' ? email : input.email };
    const errors = validateFormData(this.form('register'), data);
    if (Object.keys(errors).length > 0) throw new AppError(422, 'validationFailed', errors);
    const code = typeof input.invitation === 'string' ? input.invitation.trim() : '';
    const invitation = code ? await this.invitations.usable(code, email) : undefined;
    const id = crypto.randomUUID();
    this.afterAnswer.run('Sign-up', () => this.createAccount(id, email, input, invitation));
    // the inviter vouches for the address an invitation names; anyone else waits for an admin
    return { uuid: id, email, approved: typeof invitation?.email === 'string' };
  }

  private async createAccount(
    id: string,
    email: string,
    input: Record<string, unknown>,
    invitation: Awaited<ReturnType<InvitationService['usable']>> | undefined,
  ): Promise<void> {
    // hashed either way, so a sign-up for a known address costs the server the same
    const passwordHash = await hashPassword(String(input.password));
    // the duplicate-e-mail check and the insert hold the address's lock on every instance
    await this.ctx.store.withLock(emailLock(email), async () => {
      const existing = await findUserByEmail(this.ctx, email);
      if (existing) {
        const link = `${this.ctx.appUrl}/forgot-password`;
        const mail = linkMail(
          this.ctx.translator,
          existing.site_language,
          'accountExists',
          existing.email,
          existing.name,
          link,
        );
        await this.ctx.mailer.send(mail);
        return;
      }
      const defaults = input.saq === false ? PLAIN_DEFAULTS : MERCHANT_DEFAULTS;
      const user: UserRecord = {
        id,
        email,
        name: String(input.name).trim(),
        company: String(input.company).trim(),
        phone: String(input.phone),
        website: typeof input.website === 'string' ? input.website.trim() : undefined,
        passwordHash,
        roles: invitation ? [...new Set([...defaults.roles, String(invitation.role)])] : [...defaults.roles],
        permissions: [...defaults.permissions],
        verified: false,
        // the inviter vouches for the address an invitation names; anyone else waits for an admin
        approved: typeof invitation?.email === 'string',
        // product defaults (shell §1): dark theme; the language the user registered with, else English
        site_language: asLanguage(input.site_language),
        report_language: asLanguage(input.report_language ?? input.site_language),
        theme: 'dark',
        timezone: null,
        avatar: null,
        commercial_consent: input.commercial_consent === true,
        platform: 'default',
        packages: [],
        organizationIds: [],
        data: {},
        twoFactor: { enabled: false },
        createdAt: this.ctx.clock().toISOString(),
      };
      // the invitation accepted (or the organisation made), the user and the link token: all or nothing
      const token = await this.invitations.withAcceptance(() =>
        this.ctx.store.transaction(async () => {
          if (invitation) {
            // accepted first: a second registration racing for the same invitation is refused here
            await this.invitations.accept(invitation, user);
            user.organizationIds = [String(invitation.organizationId)];
            if (user.approved) Object.assign(user, { approvedAt: user.createdAt, approvedBy: invitation.createdBy });
          } else {
            const organization: OrganizationRecord = { id: crypto.randomUUID(), name: user.company ?? '' };
            await this.ctx.store.collection<OrganizationRecord>('organizations').insert(organization);
            user.organizationIds = [organization.id];
          }
          // what the account holds, it holds in its one organisation
          user.memberships = { [user.organizationIds[0]]: { roles: user.roles, permissions: user.permissions } };
          await usersOf(this.ctx).insert(user);
          return this.links.issue('verify', user.id, VERIFY_TOKEN_TTL_MS);
        }),
      );
      const link = `${this.ctx.appUrl}/verification?token=${encodeURIComponent(token)}`;
      await this.ctx.mailer.send(
        linkMail(this.ctx.translator, user.site_language, 'verification', user.email, user.name, link),
      );
    });
  }

  async verify(token: string): Promise<void> {
    const userId = await this.links.consume('verify', token);
    const user = userId ? await usersOf(this.ctx).get(userId) : undefined;
    if (!user) throw new AppError(400, 'activationFailed');
    await usersOf(this.ctx).update(user.id, { verified: true });
  }

  /**
   * Always answered alike and at once: the lookup, the token and the mail happen after the answer,
   * so neither its content nor its time tells which e-mails have accounts.
   */
  forgotPassword(emailInput: string): void {
    this.afterAnswer.run('Password reset request', async () => {
      const user = await findUserByEmail(this.ctx, emailInput);
      if (!user) return;
      const token = await this.links.issue('reset', user.id, RESET_TOKEN_TTL_MS);
      const link = `${this.ctx.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await this.ctx.mailer.send(
        linkMail(this.ctx.translator, user.site_language, 'reset', user.email, user.name, link),
      );
    });
  }

  /** Resolves once the work left after answers is done (the app waits for it before closing). */
  settled(): Promise<void> {
    return this.afterAnswer.settled();
  }

  async resetPassword(input: { token: string; password: string; password_confirm: string }): Promise<void> {
    this.check('reset-password', { password: input.password, password_confirm: input.password_confirm });
    const userId = await this.links.consume('reset', input.token);
    const user = userId ? await usersOf(this.ctx).get(userId) : undefined;
    if (!user) throw new AppError(400, 'resetFailed');
    const passwordHash = await hashPassword(input.password);
    // the new password and the end of the other reset links, together
    await this.ctx.store.transaction(async () => {
      await usersOf(this.ctx).update(user.id, { passwordHash, ...endSessions(user) });
      await this.links.revokeAll('reset', user.id);
    });
    await endRealtimeAccess(this.ctx, user.id);
  }
}
