import type { CheckName, CheckResult, CheckStatus, Finding, MenuGroupId, Reachability, Severity } from './scan.types';

/**
 * Worst first. An errored check ranks above not_recommended: a group whose check could not run
 * cannot be called compliant; not_measurable only says what a scan from outside cannot see.
 */
const RANK: Record<CheckStatus, number> = { pass: 0, not_measurable: 1, not_recommended: 2, error: 3, fail: 4 };

/** The worst of several statuses; pass when there are none. */
export function worstStatus(statuses: CheckStatus[]): CheckStatus {
  return statuses.reduce<CheckStatus>((worst, status) => (RANK[status] > RANK[worst] ? status : worst), 'pass');
}

/** Which menu group shows each check (shell §2.4: the domain menu's groups). */
export const CHECK_GROUPS: Record<CheckName, MenuGroupId> = {
  http_response: 'site_health',
  https_redirection: 'site_health',
  security_headers: 'site_health',
  mixed_content: 'site_health',
  ssl_certificate: 'ssl_health',
  ssl_ciphers: 'ssl_health',
  ssl_vulnerabilities: 'ssl_health',
  directory: 'attack_surface',
  panel_detection: 'attack_surface',
  port_scan: 'attack_surface',
  outdated_services: 'attack_surface',
  dns_brute: 'network_tools',
  domain_info: 'network_tools',
  tcp_timestamp: 'network_tools',
  reverse_dns_check: 'network_tools',
  rdp_enumeration: 'remote_access_security',
  ipmi_check: 'remote_access_security',
  open_relay_check: 'remote_access_security',
  ssh_enumeration: 'remote_access_security',
  xss: 'web_application_security',
  sql_injection: 'web_application_security',
  csrf: 'web_application_security',
  waf_detection: 'web_application_security',
};

/** Each group's compliance status: the worst of the checks it shows that ran. */
export function groupStatuses(results: CheckResult[]): Partial<Record<MenuGroupId, CheckStatus>> {
  const byGroup: Partial<Record<MenuGroupId, CheckStatus[]>> = {};
  for (const result of results) {
    const group = CHECK_GROUPS[result.check];
    byGroup[group] = [...(byGroup[group] ?? []), result.status];
  }
  return Object.fromEntries(
    Object.entries(byGroup).map(([group, statuses]) => [group, worstStatus(statuses ?? [])]),
  ) as Partial<Record<MenuGroupId, CheckStatus>>;
}

/** A check's status from its findings: fail beats not_recommended; no findings pass. */
export function statusOf(findings: Finding[]): CheckStatus {
  if (findings.some((finding) => finding.severity === 'high' || finding.severity === 'critical')) return 'fail';
  if (findings.some((finding) => finding.asv !== undefined || (finding.cvss ?? 0) >= 4)) return 'fail';
  if (findings.some((finding) => finding.severity !== 'info')) return 'not_recommended';
  return 'pass';
}

/** A finding whose title is the locale key `scan.finding.<id>`. */
export function finding(
  id: string,
  severity: Severity,
  evidence: string,
  extra: { cvss?: number; asv?: Finding['asv']; detail?: Finding['detail'] } = {},
): Finding {
  return { id, severity, title: `scan.finding.${id}`, evidence, ...extra };
}

/** The scan's reachability from its http_response check (online when that check did not run). */
export function reachabilityOf(results: CheckResult[]): Reachability {
  const response = results.find((result) => result.check === 'http_response');
  const reachability = response?.data.reachability;
  return reachability === 'offline' || reachability === 'redirected' ? reachability : 'online';
}
