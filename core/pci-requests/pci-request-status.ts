import { dayOf } from '../dates/days';
import type { SaqStatus } from '../saq/saq-records';

/**
 * PCI requests (domain §3 'Request ID', 'PCI request and documents'; §4 'PCI request statuses'): a
 * bank asks a merchant organisation for its PCI DSS validation through a request ID; what the
 * request shows is computed at read from the merchant's level, SAQ, ASV reports and AoCs (docs/domain/pci-requests.md).
 */
export const PCI_REQUEST_STATUSES = [
  'noLevel',
  'notRequired',
  'inProgress',
  'awaitingSignature',
  'signed',
  'nonCompliant',
  'uploadRequired',
  'waitingCheck',
  'expired',
  'completed',
] as const;
export type PciRequestStatus = (typeof PCI_REQUEST_STATUSES)[number];

/** A request ID's own state: usable, past its due date, used by as many merchants as its limit allows, withdrawn. */
export const REQUEST_ID_STATES = ['active', 'expired', 'usedUp', 'revoked'] as const;
export type RequestIdState = (typeof REQUEST_ID_STATES)[number];

/** The requirement whose answer is the quarterly external scan by an ASV (PCI DSS v4 11.3.2). */
export const ASV_REQUIREMENT = '11.3.2';

/**
 * A request ID's state at `now`: revoked by its bank; expired once its due date has passed (a due
 * date is the last day); used up when `used` merchant organisations reached `limit`; else active.
 */
export function requestIdState(
  requestId: { dueDate: string; limit: number; revoked?: boolean },
  used: number,
  now = new Date(),
): RequestIdState {
  if (requestId.revoked) return 'revoked';
  if (requestId.dueDate < dayOf(now)) return 'expired';
  if (used >= requestId.limit) return 'usedUp';
  return 'active';
}

/** The quota of a request ID: how many more merchant organisations may still enter it (never below 0). */
export const quotaOf = (limit: number, used: number): number => Math.max(0, limit - used);

/** What the SAQ column reads: the SAQ answering the request (or the one being worked on) and the level. */
export interface SaqFacts {
  /** The merchant organisation's PCI DSS level (the level wizard's latest result), if any. */
  level: number | null;
  saq: {
    status: SaqStatus | string;
    compliance: string | null;
    /** The bank's confirmed outcome once it validated the SAQ (overrides the declaration). */
    validatedCompliance?: string | null;
    expiresAt: string | null;
    /** The bank it was submitted to. */
    bankId: string | null;
  } | null;
}

/**
 * The SAQ column, for a request to `bankId`: a level 1 merchant validates with a QSA's report, not
 * an SAQ (notRequired); without a level and an SAQ nothing has begun (noLevel); a level without an
 * SAQ or an SAQ being answered is inProgress; completed or signed but waiting for its PDF is
 * awaitingSignature; signed and not given to this bank is signed; given to this bank: expired once
 * the attestation lapsed, nonCompliant when the bank returned it, as the bank validated it, else as
 * declared (or undeclared), else completed.
 */
export function saqColumn({ level, saq }: SaqFacts, bankId: string, now = new Date()): PciRequestStatus {
  if (level === 1) return 'notRequired';
  if (!saq) return level === null ? 'noLevel' : 'inProgress';
  if (saq.expiresAt && Date.parse(saq.expiresAt) <= now.getTime()) return 'expired';
  switch (saq.status) {
    case 'waiting':
      return 'inProgress';
    case 'completed':
    case 'pending':
      return 'awaitingSignature';
    case 'signed':
      return 'signed';
  }
  if (saq.bankId !== bankId) return 'signed';
  if (saq.status === 'returned') return 'nonCompliant';
  const outcome = saq.status === 'validated' ? saq.validatedCompliance : saq.compliance;
  if (outcome === 'compliant' || outcome === 'legalException') return 'completed';
  return 'nonCompliant';
}

/** What the ASV and AoC columns read: whether the document is needed and the newest one's validity. */
export interface DocumentFacts {
  required: boolean;
  /** `yyyy-MM-dd`, the first day the newest uploaded document is no longer valid; null: none uploaded. */
  validUntil: string | null;
}

/**
 * An ASV or AoC column: notRequired when this merchant needs none; uploadRequired when none was
 * uploaded; expired when the newest one's validity ended; else waitingCheck (valid and uploaded:
 * the bank reads it through sharing and checks it).
 */
export function documentColumn({ required, validUntil }: DocumentFacts, now = new Date()): PciRequestStatus {
  if (!required) return 'notRequired';
  if (validUntil === null) return 'uploadRequired';
  if (validUntil <= dayOf(now)) return 'expired';
  return 'waitingCheck';
}

/**
 * The request's status: the column that most needs the merchant, in this order — noLevel, expired,
 * nonCompliant, uploadRequired, inProgress, awaitingSignature, signed, waitingCheck; completed when
 * every column is completed or notRequired; notRequired when all three are.
 */
const PRECEDENCE: PciRequestStatus[] = [
  'noLevel',
  'expired',
  'nonCompliant',
  'uploadRequired',
  'inProgress',
  'awaitingSignature',
  'signed',
  'waitingCheck',
  'completed',
];

export function requestStatus(columns: PciRequestStatus[]): PciRequestStatus {
  return PRECEDENCE.find((status) => columns.includes(status)) ?? 'notRequired';
}
