/**
 * Invitations (domain §3–§9): what browser and server share about them. The record itself is a
 * `resource` document (schemas/resources/invitation.json) moved by the `invitation` workflow
 * (schemas/workflows/invitation.json); these are the names and rules code relies on.
 */

import { DAY_MS } from '../dates/days';

/** The resource (and workflow) id of invitations. */
export const INVITATION_RESOURCE = 'invitation';

/**
 * valid: usable, not mailed (an anonymous link, or not sent yet) · mailSent: the invitation mail
 * went out · unseen: mailed and not opened for UNSEEN_AFTER_MS · seen: the link was opened ·
 * accepted: used to register or sign in · revoked: withdrawn by an inviter · expired: past expiresAt.
 */
export type InvitationState = 'valid' | 'mailSent' | 'unseen' | 'seen' | 'accepted' | 'revoked' | 'expired';

/** States in which an invitation can still be used. */
export const OPEN_STATES: readonly InvitationState[] = ['valid', 'mailSent', 'unseen', 'seen'];

/** States the public link moves to `seen` when it is opened. */
export const UNOPENED_STATES: readonly InvitationState[] = ['valid', 'mailSent', 'unseen'];

/** Workflow actions the server runs itself (their guard refuses every user). */
export const SERVER_ACTIONS = {
  mail: 'mail',
  see: 'see',
  accept: 'accept',
  expire: 'expire',
  markUnseen: 'markUnseen',
} as const;

/** Domain §9: an invitation is valid for 180 days unless its creator chooses otherwise. */
export const DEFAULT_VALIDITY_DAYS = 180;
/** The longest an invitation may stay valid, on every path that makes or edits one (the create form's `validityDays` maximum too). */
export const MAX_VALIDITY_DAYS = 365;
/** Domain §5 'a resend too soon is rate limited': one mail per invitation per 5 minutes. */
export const RESEND_INTERVAL_MS = 5 * 60 * 1000;
/** However many invitations name one address, it gets at most this many invitation mails per day (no mail bombing). */
export const MAILS_PER_ADDRESS_PER_DAY = 5;
/** A mailed invitation nobody opened for a week shows as `unseen` (time to resend). */
export const UNSEEN_AFTER_MS = 7 * DAY_MS;

/** An invitation's editable fields (the resource schema's properties). */
export interface InvitationFields {
  /** Lower-cased; absent: anyone holding the link may use it (domain §5). */
  email?: string;
  role: string;
  position: 'administrative' | 'manager' | 'technical' | 'other';
  /** ISO date-time after which the invitation can no longer be used. */
  expiresAt: string;
}

/**
 * What `GET /inv/api/invitation/:code` shows anyone holding the link (shell §3 'Invitation'): who
 * invites, into which organisation, with which role; the target e-mail masked.
 */
export interface InvitationView {
  id: string;
  sender_name: string;
  source_name: string;
  role: string;
  position: string;
  target_email: string | null;
  invitation_status: InvitationState;
  expires_at: string;
}

export const isOpen = (state: unknown): boolean => OPEN_STATES.includes(state as InvitationState);

/** The moment an invitation made `now` for `days` days stops being valid. */
export function expiryAfter(now: Date, days: number): string {
  return new Date(now.getTime() + days * DAY_MS).toISOString();
}

/** `errors.invitationExpiryTooFar` when `expiresAt` lies more than MAX_VALIDITY_DAYS after `now`; null otherwise (the format is the schema's to judge). */
export function expiryProblem(expiresAt: unknown, now: Date): string | null {
  const at = typeof expiresAt === 'string' ? Date.parse(expiresAt) : Number.NaN;
  return at > now.getTime() + MAX_VALIDITY_DAYS * DAY_MS ? 'errors.invitationExpiryTooFar' : null;
}

export function isPastExpiry(expiresAt: unknown, now: Date = new Date()): boolean {
  if (typeof expiresAt !== 'string') return false;
  const at = Date.parse(expiresAt);
  return Number.isFinite(at) && at <= now.getTime();
}

/** `m***@demo.test`: enough for the invitee to recognise the address, nothing for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
