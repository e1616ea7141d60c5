import { assessScan } from '../onboarding/onboarding-outcome';
import type { ScanRecord } from '../scans/scan-record';

/**
 * One definition of a merchant's "latest scan" (shell §7 get_last_scan_score, the merchant page's
 * Latest scan panel, the portfolio's score, grade and compliance columns) and of the score
 * history's order: completed scans by the time they completed (then by id, so equal times cannot
 * change places). Pure.
 */
export function completedScansInOrder(scans: readonly ScanRecord[]): ScanRecord[] {
  return scans
    .filter((scan) => scan.status === 'completed' && typeof scan.completedAt === 'string')
    .sort((a, b) => String(a.completedAt).localeCompare(String(b.completedAt)) || a.id.localeCompare(b.id));
}

/** The newest completed scan, undefined before the first. */
export function latestScan(scans: readonly ScanRecord[]): ScanRecord | undefined {
  return completedScansInOrder(scans).at(-1);
}

export interface LatestScanFacts {
  score: number | null;
  grade: string | null;
  /** From the ASV verdict; null when the scan gave none. */
  compliance: 'compliant' | 'nonCompliant' | null;
}

/** What the merchant record keeps of its latest scan (so lists can sort and filter on it). */
export function latestScanFacts(scans: readonly ScanRecord[]): LatestScanFacts | null {
  const latest = latestScan(scans);
  if (!latest) return null;
  const { score, grade, asvVerdict } = assessScan(latest);
  const compliance = asvVerdict === 'pass' ? 'compliant' : asvVerdict === 'fail' ? 'nonCompliant' : null;
  return { score, grade, compliance };
}
