import { DAY_MS } from '../dates/days';
import type { ReviewOutcome } from './saq-records';
import type { Compliance } from './saq-summary';

/** How a bank reads a submitted SAQ at a moment (compliance tracking's coloured tag). */
export const OVERALL_STATUSES = ['compliant', 'nonCompliant', 'expiresSoon', 'expired'] as const;
export type OverallStatus = (typeof OVERALL_STATUSES)[number];

/** An attestation is valid for a year from signing; in its last 30 days it "expires soon". */
export const VALID_FOR_MONTHS = 12;
export const EXPIRES_SOON_DAYS = 30;

/** signedAt + one year (the attestation's validity). */
export function expiryOf(signedAt: Date): Date {
  const expires = new Date(signedAt);
  expires.setUTCMonth(expires.getUTCMonth() + VALID_FOR_MONTHS);
  return expires;
}

/**
 * An SAQ the bank returned is non-compliant until it is submitted again (its signature may be gone
 * while the merchant reworks it). Otherwise expired first (nothing else counts once the attestation
 * lapsed), then non-compliance — the bank's when it validated the SAQ (it overrides the merchant's
 * declaration), else the merchant's — then an attestation in its last 30 days; otherwise compliant
 * (a legal exception included).
 */
export function overallStatus(
  saq: {
    compliance: Compliance | null;
    expiresAt: string | null;
    returned?: boolean;
    validatedCompliance?: ReviewOutcome | null;
  },
  now: Date = new Date(),
): OverallStatus {
  if (saq.returned) return 'nonCompliant';
  const expires = saq.expiresAt ? Date.parse(saq.expiresAt) : Number.NaN;
  if (Number.isNaN(expires) || expires <= now.getTime()) return 'expired';
  const compliance = saq.validatedCompliance ?? saq.compliance;
  if (compliance === 'nonCompliant' || compliance === null) return 'nonCompliant';
  if (expires - now.getTime() <= EXPIRES_SOON_DAYS * DAY_MS) return 'expiresSoon';
  return 'compliant';
}

export interface KeyCount {
  key: string;
  count: number;
}

/** The bank overview's figures over the SAQs submitted to it (GET /wbe/api/management-saq/stats). */
export interface ComplianceStats {
  totals: { submitted: number } & Record<OverallStatus, number>;
  byOverallStatus: KeyCount[];
  bySaqType: KeyCount[];
  byLevel: KeyCount[];
  expiriesByMonth: { month: string; count: number }[];
}

const counted = (keys: string[]): KeyCount[] => {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts].map(([key, count]) => ({ key, count })).sort((a, b) => a.key.localeCompare(b.key));
};

/** `YYYY-MM` of a date in UTC. */
const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/**
 * How many months the expiry chart covers: this month and the next twelve, since an attestation
 * signed today expires in the same month next year (the 13th month counted from this one).
 */
export const EXPIRY_MONTHS = 13;

/** Totals and breakdowns; expiries per month for this month and the twelve after it (UTC). */
export function complianceStats(
  rows: readonly { overallStatus: OverallStatus; saqType: string; level: number | null; expiresAt: string | null }[],
  now: Date = new Date(),
): ComplianceStats {
  const totals = { submitted: rows.length, compliant: 0, nonCompliant: 0, expiresSoon: 0, expired: 0 };
  for (const row of rows) totals[row.overallStatus] += 1;
  const months = Array.from({ length: EXPIRY_MONTHS }, (_, i) =>
    monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 1))),
  );
  const expiries = new Map(months.map((month) => [month, 0]));
  for (const row of rows) {
    const month = row.expiresAt ? row.expiresAt.slice(0, 7) : null;
    if (month !== null && expiries.has(month)) expiries.set(month, (expiries.get(month) ?? 0) + 1);
  }
  return {
    totals,
    byOverallStatus: OVERALL_STATUSES.map((key) => ({ key, count: totals[key] })),
    bySaqType: counted(rows.map((row) => row.saqType)),
    byLevel: counted(rows.map((row) => (row.level === null ? 'unknown' : String(row.level)))),
    expiriesByMonth: [...expiries].map(([month, count]) => ({ month, count })),
  };
}
