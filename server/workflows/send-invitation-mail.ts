import { isPastExpiry, RESEND_INTERVAL_MS } from '../../core/invitations/invitation';
import type { ResourceRecord } from '../../core/resources/resource.types';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { asLanguage, type Language } from '../http/i18n';
import { localizedActionMail } from '../mail/templates';
import { findUserByEmail } from '../services/users';
import type { OrganizationRecord, UserRecord } from '../store/records.types';
import type { EffectInput } from '../services/workflow-effect.types';
import { readHistory } from '../services/history';
import { assertInvitationMailAllowed } from '../services/invitation-mail-allowance';

/** When the invitation was last mailed (its latest move into `mailSent`), from its history. */
async function lastMailedAt(ctx: AppContext, resourceId: string, recordId: string): Promise<number | null> {
  const history = await readHistory(ctx, resourceId, recordId);
  const last = history.filter((entry) => entry.to === 'mailSent').at(-1);
  return last ? Date.parse(last.at) : null;
}

function dateIn(language: Language, iso: string): string {
  return new Intl.DateTimeFormat(language === 'tr' ? 'tr-TR' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}

/** The invitation mail: who invites, into which organisation, with which role; the link to /login/<id>. */
async function invitationMail(ctx: AppContext, record: ResourceRecord, to: string, language: Language) {
  const inviter = await ctx.store.collection<UserRecord>('users').get(record.createdBy);
  const organization = record.organizationId
    ? await ctx.store.collection<OrganizationRecord>('organizations').get(record.organizationId)
    : undefined;
  const values = {
    inviter: inviter?.name ?? '',
    organization: organization?.name ?? '',
    role: ctx.translator.t(language, `invitations.roles.${String(record.role)}`),
    date: dateIn(language, String(record.expiresAt)),
  };
  const link = `${ctx.appUrl}/login/${encodeURIComponent(record.id)}`;
  return localizedActionMail(ctx.translator, language, 'invitations.mail', to, values, link);
}

/**
 * Effect `sendInvitationMail`: mails the invitation link to its e-mail address, in the language of
 * the account that address has, else the sender's. It refuses (and so does the transition) an
 * invitation past its expiry (410), one whose address already belongs to a member of the inviting
 * organisation (409), a mail within RESEND_INTERVAL_MS of the last one (429), and a mail to an
 * address that had its day's invitation mails already, from any invitation (429).
 */
export async function sendInvitationMail({ ctx, resource, record, actor }: EffectInput): Promise<void> {
  const email = typeof record.email === 'string' ? record.email : '';
  if (!email) throw new AppError(409, 'transitionNotAllowed', undefined, { allowed: [] }); // the workflow's `when` says so too
  const now = ctx.clock();
  if (isPastExpiry(record.expiresAt, now)) throw new AppError(410, 'invitationResendExpired');
  const invitee = await findUserByEmail(ctx, email);
  if (invitee && record.organizationId && invitee.organizationIds.includes(record.organizationId)) {
    throw new AppError(409, 'invitationResendRegistered');
  }
  const last = await lastMailedAt(ctx, resource.id, record.id);
  if (last !== null && now.getTime() - last < RESEND_INTERVAL_MS) throw new AppError(429, 'invitationResendTooSoon');
  await assertInvitationMailAllowed(ctx, email);
  const language = asLanguage(invitee?.site_language ?? actor.site_language);
  await ctx.mailer.send(await invitationMail(ctx, record, email, language));
}
