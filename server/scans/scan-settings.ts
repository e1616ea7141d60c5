/** How the app runs scans: the connection cap, the time per check, and whether loopback targets are allowed. */
import type { CheckName } from '../../core/scans/scan.types';

export interface ScanSettings {
  /** Never more concurrent connections (and checks) per scan than this (SCAN_CONNECTIONS, default 16). */
  connections: number;
  /** Each check's time limit (SCAN_CHECK_TIMEOUT_MS, default 20 s). */
  checkTimeoutMs: number;
  /**
   * SCAN_ALLOW_LOOPBACK=1, for tests and local demos only: loopback targets are accepted and a
   * request may name the ports and DNS resolver of loopback fixture servers. Refused at start-up
   * when NODE_ENV=production.
   */
  allowLoopback: boolean;
  /** Extra trust anchors (PEM) for the certificate checks: a test's own CA (SCAN_CA_FILE). */
  ca?: string[];
  /** The checks a scan runs (default: the whole registry). */
  checks?: CheckName[];
  /**
   * The RDAP server domain_info asks about every domain (SCAN_RDAP_URL): a registry mirror, or a
   * test's fixture. Default: the server the IANA bootstrap names for each TLD.
   */
  rdap?: string;
}

export const DEFAULT_SCAN_SETTINGS: ScanSettings = { connections: 16, checkTimeoutMs: 20_000, allowLoopback: false };

/** Settings from the environment; loopback targets are never allowed in production. */
export function scanSettingsFromEnv(env: NodeJS.ProcessEnv, readFile: (path: string) => string): ScanSettings {
  const allowLoopback = env.SCAN_ALLOW_LOOPBACK === '1';
  if (allowLoopback && env.NODE_ENV === 'production') {
    throw new Error('SCAN_ALLOW_LOOPBACK=1 is refused when NODE_ENV=production');
  }
  const number = (value: string | undefined, fallback: number) => {
    const parsed = Number(value);
    return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
  };
  return {
    connections: number(env.SCAN_CONNECTIONS, DEFAULT_SCAN_SETTINGS.connections),
    checkTimeoutMs: number(env.SCAN_CHECK_TIMEOUT_MS, DEFAULT_SCAN_SETTINGS.checkTimeoutMs),
    allowLoopback,
    ...(env.SCAN_CA_FILE ? { ca: [readFile(env.SCAN_CA_FILE)] } : {}),
    ...(env.SCAN_RDAP_URL ? { rdap: env.SCAN_RDAP_URL } : {}),
  };
}
