import type { CheckName, CheckResult } from '../../core/scans/scan.types';
import type { ConnectionLimiter } from './connection-limiter';

/** Names of services the port scan and banner checks look for, each with its usual port. */
export type ServiceName =
  | 'ftp'
  | 'ssh'
  | 'telnet'
  | 'smtp'
  | 'dns'
  | 'rdp'
  | 'ipmi'
  | 'mysql'
  | 'postgresql'
  | 'mssql'
  | 'oracle'
  | 'mongodb'
  | 'redis'
  | 'elasticsearch'
  | 'memcached';

/**
 * What a scan points at. Every check takes its host, ports and resolver from here, so a test can
 * aim the same check at servers it started on loopback high ports.
 */
export interface ScanTarget {
  /** The domain as scanned: SNI, Host header, the name the certificate must carry. */
  host: string;
  /** Where to connect when it is not `host` itself (tests: 127.0.0.1). */
  address?: string;
  ports: {
    /** null: the site serves no plain HTTP. */
    http?: number | null;
    /** null: the site serves no HTTPS. */
    https?: number | null;
    /**
     * Service → port. When given, the port scan probes exactly these; without it, every service
     * on its usual port (SERVICE_PORTS). Banner checks read their service's port from here.
     */
    services?: Partial<Record<ServiceName, number>>;
  };
  /** DNS resolver as "address" or "address:port" (default: the system's). */
  resolver?: string;
  /**
   * RDAP server base URL asked for the domain's registration (`<rdap>domain/<name>`); default: the
   * server the IANA bootstrap (https://data.iana.org/rdap/dns.json) names for the domain's TLD.
   */
  rdap?: string;
}

export interface CheckOptions {
  /** The per-check time limit; the runner aborts `signal` when it passes. */
  timeoutMs: number;
  signal: AbortSignal;
  /** Every socket a check opens goes through it, so a scan never holds more than configured. */
  limiter: ConnectionLimiter;
  /** Extra trust anchors (PEM) beside Node's root store: a test's own CA. */
  ca?: string[];
  /** The scan's clock (ISO date), so expiry and end-of-life are judged against one instant. */
  now?: Date;
}

export type Check = (target: ScanTarget, options: CheckOptions) => Promise<CheckResult>;

export type CheckRegistry = Partial<Record<CheckName, Check>>;

/** The usual port of each service. */
export const SERVICE_PORTS: Record<ServiceName, number> = {
  ftp: 21,
  ssh: 22,
  telnet: 23,
  smtp: 25,
  dns: 53,
  rdp: 3389,
  /** UDP (RMCP); every other port here is TCP. */
  ipmi: 623,
  mysql: 3306,
  postgresql: 5432,
  mssql: 1433,
  oracle: 1521,
  mongodb: 27017,
  redis: 6379,
  elasticsearch: 9200,
  memcached: 11211,
};

export function servicePort(target: ScanTarget, service: ServiceName): number {
  return target.ports.services?.[service] ?? SERVICE_PORTS[service];
}
