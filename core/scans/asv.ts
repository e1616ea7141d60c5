/**
 * The PCI ASV verdict (PCI SSC ASV Program Guide v4.0, "Scoring"): a scan fails when any finding
 * has CVSS 4.0 or more, or falls under an automatic-failure rule (SSL/early TLS, unsupported
 * software, reachable databases, default accounts, SQL injection, XSS, directory browsing,
 * unrestricted zone transfers) — whatever its score.
 */
import type { AsvRule, CheckName, CheckResult } from './scan.types';

export interface AsvReason {
  check: CheckName;
  finding: string;
  rule: AsvRule | 'cvss';
  cvss?: number;
}

export interface AsvVerdict {
  verdict: 'pass' | 'fail';
  reasons: AsvReason[];
}

export const ASV_CVSS_THRESHOLD = 4.0;

export function asvVerdict(results: CheckResult[]): AsvVerdict {
  const reasons: AsvReason[] = [];
  for (const result of results) {
    for (const finding of result.findings) {
      if (finding.asv)
        reasons.push({ check: result.check, finding: finding.id, rule: finding.asv, cvss: finding.cvss });
      else if ((finding.cvss ?? 0) >= ASV_CVSS_THRESHOLD)
        reasons.push({ check: result.check, finding: finding.id, rule: 'cvss', cvss: finding.cvss });
    }
  }
  return { verdict: reasons.length > 0 ? 'fail' : 'pass', reasons };
}
