/**
 * What the domain detail pages read of a scan (shell §2.4 /app/domain/{scanId}/…): one row per
 * check, one row per finding, and a menu group's summary, with visible names already translated
 * (`t` turns a locale key into the caller's language). Pure.
 */
import type { ScanRecord } from './scan-record';
import type { CheckName, CheckStatus, MenuGroupId, Severity } from './scan.types';
import { CHECK_GROUPS, worstStatus } from './status.utils';

export interface CheckRow {
  id: CheckName;
  /** The scan's id, so a row links to its check's page. */
  scanId: string;
  check: CheckName;
  name: string;
  group: MenuGroupId;
  groupName: string;
  /** null: not run yet (the scan is still going). */
  status: CheckStatus | null;
  findings: number;
  /** Why a check was not measurable or broke, translated (empty otherwise). */
  reason: string;
}

export interface FindingRow {
  id: string;
  check: CheckName;
  checkName: string;
  group: MenuGroupId;
  finding: string;
  title: string;
  severity: Severity;
  cvss: number | null;
  asv: string | null;
  evidence: string;
}

export interface GroupSummary {
  id: MenuGroupId;
  name: string;
  status: CheckStatus | null;
  checks: number;
  findings: number;
  host: string;
  scan_date: string | null;
}

type Translate = (key: string, values?: Record<string, string>) => string;

export const isCheckName = (value: string): value is CheckName => Object.hasOwn(CHECK_GROUPS, value);
export const isMenuGroup = (value: string): value is MenuGroupId =>
  (Object.values(CHECK_GROUPS) as string[]).includes(value);

export function checkRows(scan: Pick<ScanRecord, 'id' | 'results'>, t: Translate): CheckRow[] {
  const byCheck = new Map(scan.results.map((result) => [result.check, result]));
  return (Object.keys(CHECK_GROUPS) as CheckName[]).map((check) => {
    const result = byCheck.get(check);
    const reason = result?.data.reason;
    return {
      id: check,
      scanId: scan.id,
      check,
      name: t(`scan.check.${check}`),
      group: CHECK_GROUPS[check],
      groupName: t(`scan.group.${CHECK_GROUPS[check]}`),
      status: result?.status ?? null,
      findings: result?.findings.length ?? 0,
      reason: typeof reason === 'string' ? t(`scan.reason.${reason}`) : '',
    };
  });
}

export function findingRows(scan: Pick<ScanRecord, 'results'>, t: Translate): FindingRow[] {
  return scan.results.flatMap((result) =>
    result.findings.map((finding, index) => ({
      id: `${result.check}:${index}`,
      check: result.check,
      checkName: t(`scan.check.${result.check}`),
      group: CHECK_GROUPS[result.check],
      finding: finding.id,
      title: t(finding.title),
      severity: finding.severity,
      cvss: finding.cvss ?? null,
      asv: finding.asv ?? null,
      // our own words are translated; what the server sent stays verbatim
      evidence: finding.detail ? t(finding.detail.key, finding.detail.params) : finding.evidence,
    })),
  );
}

export function groupSummary(scan: ScanRecord, group: MenuGroupId, t: Translate): GroupSummary {
  const rows = checkRows(scan, t).filter((row) => row.group === group);
  const ran = rows.flatMap((row) => (row.status ? [row.status] : []));
  return {
    id: group,
    name: t(`scan.group.${group}`),
    status: ran.length > 0 ? worstStatus(ran) : null,
    checks: rows.length,
    findings: rows.reduce((sum, row) => sum + row.findings, 0),
    host: scan.host,
    scan_date: scan.scan_date,
  };
}
