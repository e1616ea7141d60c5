import { addDays, DAY_MS, dayOf } from '../dates/days';
import type { FieldCondition, Filter, FilterValue } from '../query/query.types';

/** UTC days (core/dates/days), named here too for this module's users. */
export { addDays, dayOf };

/**
 * ASV scan reports and Attestations of Compliance a merchant uploads (domain §1, §3 'PCI request and
 * documents') and the states a document is in (domain §3 'Document states'), computed from its dates
 * at read (docs/domain/compliance-documents.md).
 */
export const COMPLIANCE_DOCUMENT_TYPES = ['asv', 'aoc'] as const;
export type ComplianceDocumentType = (typeof COMPLIANCE_DOCUMENT_TYPES)[number];

/** The largest PDF accepted (domain §9 'PDF size: value not shown'): 10 MB. */
export const MAX_PDF_MB = 10;
export const MAX_PDF_BYTES = MAX_PDF_MB * 1024 * 1024;

/** How long a document is valid from the date entered with it: a quarterly ASV scan, a yearly AoC. */
export const VALIDITY: Record<ComplianceDocumentType, { days?: number; years?: number }> = {
  asv: { days: 90 },
  aoc: { years: 1 },
};

/** Days before the end of validity in which a document 'expires soon': a third of a quarter; a month of a year. */
export const EXPIRES_SOON_DAYS: Record<ComplianceDocumentType, number> = { asv: 15, aoc: 30 };
/** Days after the end of validity in which a document is 'recently expired' (afterwards: expired). */
export const RECENTLY_EXPIRED_DAYS = 30;
/** Days after its upload in which a valid document is 'newly identified'. */
export const NEWLY_IDENTIFIED_DAYS = 7;

export const DOCUMENT_STATES = ['newlyIdentified', 'awaiting', 'expiresSoon', 'recentlyExpired', 'expired'] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

/** The first day a document of `type` dated `from` is no longer valid (ASV +90 days, AoC +1 year). */
export function validUntilOf(type: ComplianceDocumentType, from: string): string {
  const { days, years } = VALIDITY[type];
  if (days) return addDays(from, days);
  const date = new Date(`${from}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + (years ?? 0));
  return dayOf(date);
}

/** What a state depends on. */
export interface DatedDocument {
  type: ComplianceDocumentType;
  /** `yyyy-MM-dd`: the first day it is no longer valid. */
  validUntil: string;
  /** ISO time of the upload. */
  uploadedAt: string;
}

/**
 * The one state a document is in at `now` (UTC days), the first that holds of:
 * expired (validity ended more than RECENTLY_EXPIRED_DAYS ago), recentlyExpired (ended since),
 * expiresSoon (ends within EXPIRES_SOON_DAYS), newlyIdentified (uploaded within NEWLY_IDENTIFIED_DAYS),
 * awaiting (valid, nothing due: awaiting its renewal).
 */
export function documentState(dated: DatedDocument, now = new Date()): DocumentState {
  const today = dayOf(now);
  if (dated.validUntil <= addDays(today, -RECENTLY_EXPIRED_DAYS)) return 'expired';
  if (dated.validUntil <= today) return 'recentlyExpired';
  if (dated.validUntil <= addDays(today, EXPIRES_SOON_DAYS[dated.type])) return 'expiresSoon';
  if (Date.parse(dated.uploadedAt) >= now.getTime() - NEWLY_IDENTIFIED_DAYS * DAY_MS) return 'newlyIdentified';
  return 'awaiting';
}

/** The same states as store conditions on `validUntil` and `uploadedAt`, so lists filter on them in the store. */
export function stateCondition(type: ComplianceDocumentType, state: DocumentState, now = new Date()): Filter {
  const today = dayOf(now);
  const expiredBy = addDays(today, -RECENTLY_EXPIRED_DAYS);
  const soon = addDays(today, EXPIRES_SOON_DAYS[type]);
  const newSince = new Date(now.getTime() - NEWLY_IDENTIFIED_DAYS * DAY_MS).toISOString();
  const until = (op: FieldCondition['op'], value: string): FieldCondition => ({ field: 'validUntil', op, value });
  switch (state) {
    case 'expired':
      return until('lte', expiredBy);
    case 'recentlyExpired':
      return { and: [until('gt', expiredBy), until('lte', today)] };
    case 'expiresSoon':
      return { and: [until('gt', today), until('lte', soon)] };
    case 'newlyIdentified':
      return { and: [until('gt', soon), { field: 'uploadedAt', op: 'gte', value: newSince }] };
    case 'awaiting':
      return { and: [until('gt', soon), { field: 'uploadedAt', op: 'lt', value: newSince }] };
  }
}

const isState = (value: FilterValue | FilterValue[] | undefined): value is DocumentState =>
  typeof value === 'string' && (DOCUMENT_STATES as readonly string[]).includes(value);

/**
 * A list filter with its conditions on the computed `state` (eq, in, ne) rewritten into stored
 * dates; null when a state condition uses another operator or names no state.
 */
export function withStateConditions(
  filter: Filter | undefined,
  type: ComplianceDocumentType,
  now = new Date(),
): Filter | undefined | null {
  if (!filter) return filter;
  if ('and' in filter || 'or' in filter) {
    const parts = 'and' in filter ? filter.and : filter.or;
    const rewritten = parts.map((part) => withStateConditions(part, type, now));
    if (rewritten.some((part) => part === null)) return null;
    const kept = rewritten as Filter[];
    return 'and' in filter ? { and: kept } : { or: kept };
  }
  if (filter.field !== 'state') return filter;
  const values = Array.isArray(filter.value) ? filter.value : [filter.value];
  if (!values.every(isState)) return null;
  let states: DocumentState[];
  if (filter.op === 'eq' || filter.op === 'in') states = values as DocumentState[];
  else if (filter.op === 'ne') states = DOCUMENT_STATES.filter((state) => state !== filter.value);
  else return null;
  // no state at all matches nothing: validUntil is always set
  if (states.length === 0) return { field: 'validUntil', op: 'isNull', value: true };
  return { or: states.map((state) => stateCondition(type, state, now)) };
}
