/** The vocabulary of a domain scan (shell §2.4 detail pages, §3 scan menu group; issue 11). */

/** Every check a scan can run; the names are the detail pages under /app/domain/{scanId}/. */
export type CheckName =
  | 'http_response'
  | 'https_redirection'
  | 'security_headers'
  | 'mixed_content'
  | 'xss'
  | 'sql_injection'
  | 'csrf'
  | 'directory'
  | 'panel_detection'
  | 'waf_detection'
  | 'ssl_certificate'
  | 'ssl_ciphers'
  | 'port_scan'
  | 'open_relay_check'
  | 'ssh_enumeration'
  | 'outdated_services'
  | 'dns_brute'
  | 'domain_info'
  | 'reverse_dns_check'
  | 'rdp_enumeration'
  | 'ipmi_check'
  | 'ssl_vulnerabilities'
  | 'tcp_timestamp';

/**
 * pass: nothing to fix; not_recommended: works but falls short of the reference; fail: a finding
 * the reference calls a failure; not_measurable: the check cannot be made from here (reason in data);
 * error: the check itself broke (timeout, refused probe) and says nothing about the target.
 */
export type CheckStatus = 'pass' | 'not_recommended' | 'fail' | 'not_measurable' | 'error';

export type Severity = 'info' | 'low' | 'medium' | 'high' | 'critical';

/** PCI ASV Program Guide automatic failures a finding can fall under (besides CVSS >= 4.0). */
export type AsvRule =
  | 'ssl_early_tls'
  | 'unsupported_software'
  | 'database_reachable'
  | 'default_account'
  | 'sql_injection'
  | 'xss'
  | 'directory_browsing'
  | 'zone_transfer';

export interface Finding {
  /** Stable id; its title is the locale key `scan.finding.<id>`. */
  id: string;
  severity: Severity;
  cvss?: number;
  /** Locale key of the title (`scan.finding.<id>`). */
  title: string;
  /** What the server said or showed, verbatim or summarised, so the reader can verify it. */
  evidence: string;
  /** The evidence in words, as a locale key and its values, where it is ours rather than the server's. */
  detail?: FindingDetail;
  asv?: AsvRule;
}

/** Evidence readers translate (`scan.evidence.<…>`); `evidence` keeps it in English for exports. */
export interface FindingDetail {
  key: string;
  params: Record<string, string>;
}

export interface CheckResult<Data = Record<string, unknown>> {
  check: CheckName;
  status: CheckStatus;
  findings: Finding[];
  data: Data;
}

/** The domain menu's groups (shell §2.4). */
export type MenuGroupId =
  | 'site_health'
  | 'ssl_health'
  | 'attack_surface'
  | 'network_tools'
  | 'remote_access_security'
  | 'web_application_security';

/** A scan's reachability as domain §4 lists it (disabled is the merchant's setting, not a result). */
export type Reachability = 'online' | 'offline' | 'redirected';

export type ProgressState = 'queued' | 'in_progress' | 'completed';

export interface ScanProgress {
  check: CheckName;
  state: ProgressState;
  result?: CheckResult;
}
