/**
 * From scan results to PCI DSS requirements that are not in place (issue 11: scan findings pre-fill
 * the SAQ). The mapping is a document (kind `scan-requirements`); this reads it. Pure.
 */
import type { Text } from '../documents/document.types';
import type { CheckName, CheckResult, FindingDetail } from './scan.types';

export interface ScanRequirementRule {
  id: string;
  check: CheckName;
  /** Check statuses that fire the rule (default: fail). */
  statuses?: ('fail' | 'not_recommended')[];
  /** Finding ids, any of which fires it; absent: the status alone (all its findings are evidence). */
  findings?: string[];
  requirements: string[];
}

export interface ScanRequirementsBody {
  title: Text;
  standard: string;
  rules: ScanRequirementRule[];
}

/** What the scan showed for one requirement: the check, the finding and what the server said. */
export interface SuggestionEvidence {
  rule: string;
  /** The check that found it, or the payment-page script monitoring (server/services/script-monitoring.service.ts). */
  check: CheckName | 'script_monitoring';
  finding: string | null;
  /** Locale key of the finding's title (`scan.finding.<id>`), or of the check when none. */
  title: string;
  evidence: string;
  /** The evidence as a sentence to translate (the finding's `detail`), when it has one. */
  detail?: FindingDetail;
}

/** Requirement number → the evidence of every rule that named it, in rule order. */
export function unmetRequirements(
  results: CheckResult[],
  body: ScanRequirementsBody,
): Map<string, SuggestionEvidence[]> {
  const byCheck = new Map(results.map((result) => [result.check, result]));
  const unmet = new Map<string, SuggestionEvidence[]>();
  for (const rule of body.rules) {
    const result = byCheck.get(rule.check);
    if (!result || !(rule.statuses ?? ['fail']).includes(result.status as 'fail')) continue;
    const matched = rule.findings
      ? result.findings.filter((finding) => rule.findings?.includes(finding.id))
      : result.findings;
    if (rule.findings && matched.length === 0) continue;
    const evidence: SuggestionEvidence[] =
      matched.length > 0
        ? matched.map((finding) => ({
            rule: rule.id,
            check: rule.check,
            finding: finding.id,
            title: finding.title,
            evidence: finding.evidence,
            ...(finding.detail ? { detail: finding.detail } : {}),
          }))
        : [{ rule: rule.id, check: rule.check, finding: null, title: `scan.check.${rule.check}`, evidence: '' }];
    for (const requirement of rule.requirements)
      unmet.set(requirement, [...(unmet.get(requirement) ?? []), ...evidence]);
  }
  return unmet;
}
