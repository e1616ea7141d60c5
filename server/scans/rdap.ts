/**
 * Registration data over RDAP for domain_info: the domain's RDAP server (the target's own `rdap`
 * base URL, else the one the IANA bootstrap names for its TLD), then `domain/<name>` for the host and
 * its parents. Requests go through the scan's limiter and get half the check's time: a registry that
 * does not answer leaves the registration not measurable, never the check failed.
 */
import http from 'node:http';
import https from 'node:https';
import {
  type RdapBootstrap,
  type RdapDomain,
  type Registration,
  rdapQueryNames,
  rdapServerFor,
  registrationOf,
} from '../../core/scans/rdap';
import type { CheckOptions, ScanTarget } from './scan.types';

export const IANA_RDAP_BOOTSTRAP = 'https://data.iana.org/rdap/dns.json';
const BODY_CAP = 2 * 1024 * 1024;
/** IANA asks clients to cache the bootstrap file; a day is well within its publication rhythm. */
const BOOTSTRAP_TTL_MS = 24 * 60 * 60 * 1000;
const bootstraps = new Map<string, { at: number; bootstrap: RdapBootstrap }>();

export type RdapReason = 'rdap_no_server' | 'rdap_not_found' | 'rdap_unavailable';

export type RdapOutcome =
  | { found: true; server: string; registration: Registration }
  | { found: false; reason: RdapReason; detail?: string };

/** One GET of a JSON document; no redirects followed (an answer elsewhere is not the registry's). */
async function getJson(
  url: string,
  options: CheckOptions,
  signal: AbortSignal,
): Promise<{ status: number; json: unknown }> {
  const release = await options.limiter.acquire(signal);
  const transport = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.get(
      url,
      {
        agent: false,
        signal,
        headers: {
          accept: 'application/rdap+json, application/json',
          'user-agent': 'PaySecScan/1.0 (+compliance scan)',
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
          if (body.length > BODY_CAP) response.destroy(new Error('RDAP answer too large'));
        });
        response.on('error', reject);
        response.on('end', () => {
          let json: unknown = null;
          try {
            json = JSON.parse(body);
          } catch {
            // a non-JSON answer is judged by its status alone
          }
          resolve({ status: response.statusCode ?? 0, json });
        });
      },
    );
    request.on('socket', (socket) => socket.once('close', release));
    request.on('error', (error) => {
      release();
      reject(error);
    });
  });
}

async function bootstrapFor(url: string, options: CheckOptions, signal: AbortSignal): Promise<RdapBootstrap> {
  const cached = bootstraps.get(url);
  // a process-local cache's age, no domain decision: the system clock
  if (cached && Date.now() - cached.at < BOOTSTRAP_TTL_MS) return cached.bootstrap;
  const { status, json } = await getJson(url, options, signal);
  if (status !== 200 || !json || !Array.isArray((json as RdapBootstrap).services))
    throw new Error(`bootstrap answered HTTP ${status}`);
  bootstraps.set(url, { at: Date.now(), bootstrap: json as RdapBootstrap });
  return json as RdapBootstrap;
}

export async function lookupRegistration(
  target: ScanTarget,
  options: CheckOptions,
  bootstrapUrl = IANA_RDAP_BOOTSTRAP,
): Promise<RdapOutcome> {
  const signal = AbortSignal.any([
    options.signal,
    AbortSignal.timeout(Math.max(200, Math.floor(options.timeoutMs / 2))),
  ]);
  try {
    const base = target.rdap
      ? target.rdap.endsWith('/')
        ? target.rdap
        : `${target.rdap}/`
      : rdapServerFor(await bootstrapFor(bootstrapUrl, options, signal), target.host);
    if (!base) return { found: false, reason: 'rdap_no_server' };
    for (const name of rdapQueryNames(target.host)) {
      const { status, json } = await getJson(`${base}domain/${encodeURIComponent(name)}`, options, signal);
      if (status === 404) continue;
      if (status !== 200 || !json || typeof json !== 'object')
        return { found: false, reason: 'rdap_unavailable', detail: `HTTP ${status}` };
      return { found: true, server: base, registration: registrationOf(json as RdapDomain) };
    }
    return { found: false, reason: 'rdap_not_found' };
  } catch (error) {
    // the check's own time running out still ends the check; RDAP's share running out does not
    options.signal.throwIfAborted();
    const detail = signal.aborted ? 'timeout' : ((error as NodeJS.ErrnoException).code ?? (error as Error).message);
    return { found: false, reason: 'rdap_unavailable', detail };
  }
}
