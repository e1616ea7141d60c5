/**
 * An onboarding's outcome from its scan (domain §4 'Onboarding outcomes'). The spec names the
 * outcomes but not how a scan leads to one; the rule, in docs/domain/onboarding.md 'Onboarding outcomes':
 * - the scan job failed, or the ASV verdict is fail → `underReview` (a person must look);
 * - the site did not answer (offline) → `noActionNeeded` (nothing to assess or control);
 * - ASV pass, a good grade (A+ to B, or none measured) and no failed check → `passed`;
 * - any other ASV pass → `passedWithCondition`.
 * Items that need action are the checks that failed or are not recommended. Pure.
 */
import type { ScanRecord } from '../scans/scan-record';
import type { CheckName } from '../scans/scan.types';

export type OnboardingOutcome = 'passed' | 'passedWithCondition' | 'underReview' | 'noActionNeeded';

/** Checks of the fast scan: reachability, TLS and the headers, the ones a first look needs. */
export const FAST_SCAN_CHECKS: CheckName[] = [
  'http_response',
  'https_redirection',
  'security_headers',
  'mixed_content',
  'ssl_certificate',
  'ssl_ciphers',
];

const GOOD_GRADES = new Set(['A+', 'A', 'A-', 'B']);

export interface OnboardingAssessment {
  outcome: OnboardingOutcome;
  /** 0–100: passed checks count 1, not recommended ½, of the checks that measured something. */
  score: number | null;
  /** The SSL grade, else the headers grade. */
  grade: string | null;
  asvVerdict: 'pass' | 'fail' | null;
  /** Checks that failed or are not recommended: what the 30-day controls follow up. */
  itemsNeedingAction: number;
}

export function assessScan(scan: ScanRecord): OnboardingAssessment {
  const measured = scan.results.filter(
    (r) => r.status === 'pass' || r.status === 'not_recommended' || r.status === 'fail',
  );
  const points = measured.reduce(
    (sum, r) => sum + (r.status === 'pass' ? 1 : r.status === 'not_recommended' ? 0.5 : 0),
    0,
  );
  const score = measured.length > 0 ? Math.round((100 * points) / measured.length) : null;
  const grade = scan.grades?.ssl?.grade ?? scan.grades?.headers?.grade ?? null;
  const failed = measured.filter((r) => r.status === 'fail').length;
  const itemsNeedingAction = measured.filter((r) => r.status !== 'pass').length;
  const base = { score, grade, asvVerdict: scan.asvVerdict, itemsNeedingAction };
  if (scan.status === 'failed' || scan.asvVerdict === 'fail') return { ...base, outcome: 'underReview' };
  // nothing answered: nothing to follow up either, so an approval schedules no controls
  if (scan.reachability === 'offline') return { ...base, itemsNeedingAction: 0, outcome: 'noActionNeeded' };
  const goodGrade = grade === null || GOOD_GRADES.has(grade);
  return { ...base, outcome: goodGrade && failed === 0 ? 'passed' : 'passedWithCondition' };
}
