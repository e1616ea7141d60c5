/**
 * Turns what a user typed into a scan target, resolving the host on the server. A scan must never
 * become a way into the app's own network (SSRF): loopback, private, link-local, carrier-grade NAT,
 * multicast and reserved addresses are refused (422 `scanTargetNotAllowed`) unless the app runs
 * with loopback targets allowed (tests), and then only loopback is let through besides public ones.
 */
import { promises as dns } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../http/app-error';
import type { ScanTarget, ServiceName } from './scan.types';
import type { ScanSettings } from './scan-settings';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');
export const isLoopback = (address: string) => LOOPBACK.check(address, family(address));

/** Whether a scan may connect to this address under these settings. */
export function addressAllowed(address: string, settings: Pick<ScanSettings, 'allowLoopback'>): boolean {
  // IPv4-mapped IPv6 is judged as its IPv4 address (a ::ffff:0:0/96 rule in a BlockList would match
  // every IPv4 address too); the hexadecimal spelling of one is refused outright
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (!mapped && /^::ffff:[0-9a-f]{1,4}:[0-9a-f]{1,4}$/i.test(address)) return false;
  const plain = mapped ?? address;
  if (isLoopback(plain)) return settings.allowLoopback;
  return !NOT_PUBLIC.check(plain, family(plain));
}

/** A test's loopback fixture: where to connect and which ports serve what. */
export interface LoopbackTarget {
  address: string;
  ports: { http?: number | null; https?: number | null; services?: Partial<Record<ServiceName, number>> };
  resolver?: string;
}

export interface ResolvedTarget {
  url: string;
  target: ScanTarget;
}

const notAllowed = () => new AppError(422, 'scanTargetNotAllowed', { url: 'errors.scanTargetNotAllowed' });
const invalidUrl = () => new AppError(422, 'scanUrlInvalid', { url: 'errors.scanUrlInvalid' });

/** `https://shop.example/x` or `shop.example` → scheme, host and explicit port. */
export function parseUrl(typed: string): URL {
  const text = typed.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    throw invalidUrl();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidUrl();
  if (!url.hostname || url.username || url.password) throw invalidUrl();
  return url;
}

/**
 * Resolves the host (all its addresses must be allowed) and the web ports: the URL's explicit port
 * for its scheme, otherwise 80 and 443. `loopback` (only with `allowLoopback`) names a fixture's
 * address, ports and resolver instead.
 */
export async function resolveScanTarget(
  typed: string,
  settings: Pick<ScanSettings, 'allowLoopback'>,
  loopback?: LoopbackTarget,
  lookup: (host: string) => Promise<string[]> = async (host) =>
    (await dns.lookup(host, { all: true, verbatim: true })).map((entry) => entry.address),
): Promise<ResolvedTarget> {
  const url = parseUrl(typed);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const normalized = `${url.protocol}//${url.host.toLowerCase()}`;
  if (loopback) {
    if (!settings.allowLoopback || !isLoopback(loopback.address)) throw notAllowed();
    const resolverHost = loopback.resolver?.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
    if (resolverHost && !isLoopback(resolverHost)) throw notAllowed();
    return {
      url: normalized,
      target: { host, address: loopback.address, ports: loopback.ports, resolver: loopback.resolver },
    };
  }
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await lookup(host);
    } catch {
      throw new AppError(422, 'scanHostNotFound', { url: 'errors.scanHostNotFound' });
    }
  }
  if (addresses.length === 0) throw new AppError(422, 'scanHostNotFound', { url: 'errors.scanHostNotFound' });
  if (!addresses.every((address) => addressAllowed(address, settings))) throw notAllowed();
  const port = url.port ? Number(url.port) : null;
  const ports =
    port === null
      ? { http: 80, https: 443 }
      : url.protocol === 'https:'
        ? { http: 80, https: port }
        : { http: port, https: 443 };
  // checks connect to the address judged here, so a DNS answer changed afterwards cannot redirect them
  return { url: normalized, target: { host, address: addresses[0], ports } };
}
