/**
 * A scan as it is stored and served (issue 11; shell §3 'Scan result', §7 'menu_items'): a queued
 * job's record that fills in as its checks complete. Pure: the service and the screens share it.
 */
import type { AsvVerdict } from './asv';
import type { CheckName, CheckResult, CheckStatus, MenuGroupId } from './scan.types';

/** Domain §4: queued → in_progress → completed (or failed when the job itself broke). */
export type ScanStatus = 'queued' | 'in_progress' | 'completed' | 'failed';

/** Domain §4's reachability; `disabled` is a merchant's setting, never a scan's finding. */
export type ScanReachability = 'online' | 'offline' | 'redirected' | 'disabled';

export interface ScanProgressState {
  done: number;
  total: number;
  /** The check that started last and is still running (null when none is). */
  current: CheckName | null;
}

export interface ScanGrades {
  /** From ssl_ciphers' `data.grade` (SSL Labs manner); null when the site serves no HTTPS. */
  ssl: { grade: string; score: number } | null;
  /** From security_headers' `data` (Mozilla Observatory manner). */
  headers: { grade: string; score: number } | null;
}

export interface ScanRecord {
  id: string;
  organizationId: string;
  userId: string;
  /** What the user typed, normalised (scheme + host [+ port]). */
  url: string;
  host: string;
  /** Where the checks connect (the resolved address). */
  address: string;
  ports: { http: number | null; https: number | null; services?: Record<string, number> };
  /** Only for loopback test targets (a fixture DNS server). */
  resolver?: string | null;
  status: ScanStatus;
  reachability: ScanReachability | null;
  progress: ScanProgressState;
  /** Completed checks so far, in the registry's order once the scan completes. */
  results: CheckResult[];
  grades: ScanGrades | null;
  asv: AsvVerdict | null;
  /** Flat copy of `asv.verdict`, for the list's filter and sort. */
  asvVerdict: 'pass' | 'fail' | null;
  groups: Partial<Record<MenuGroupId, CheckStatus>>;
  /** Shell §3: dd-MM-yyyy HH:mm:ss (UTC), set on completion. */
  scan_date: string | null;
  createdAt: string;
  completedAt: string | null;
  /** Bumped on every write: what the menu cache is keyed by. */
  revision: number;
  /** Why a failed scan failed (the job's error, not a finding). */
  error?: string | null;
  /** Only these checks run (an onboarding's fast scan); absent: every check the settings allow. */
  checks?: CheckName[];
  /** The portfolio merchant this scan is of (its auto scan, its onboarding controls); its score history reads these. */
  merchantId?: string;
}

const two = (n: number) => String(n).padStart(2, '0');

/** Shell §3's scan_date format, dd-MM-yyyy HH:mm:ss, in UTC. */
export function scanDate(at: Date): string {
  return `${two(at.getUTCDate())}-${two(at.getUTCMonth() + 1)}-${at.getUTCFullYear()} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())}`;
}

/** The grades a completed scan shows, read from the checks that measured them. */
export function gradesOf(results: CheckResult[]): ScanGrades {
  const ciphers = results.find((result) => result.check === 'ssl_ciphers');
  const headers = results.find((result) => result.check === 'security_headers');
  const ssl = ciphers?.data.grade as { grade?: string; score?: number } | undefined;
  const header = headers?.data as { grade?: string; score?: number } | undefined;
  return {
    ssl: ssl?.grade ? { grade: ssl.grade, score: Number(ssl.score ?? 0) } : null,
    headers: header?.grade ? { grade: header.grade, score: Number(header.score ?? 0) } : null,
  };
}
