/**
 * Reading RDAP (RFC 9083 answers, RFC 9224 bootstrap): which server answers for a domain's TLD,
 * and the registrar and expiry a domain answer carries. Pure: the fetching is server/scans/rdap.ts.
 */

import { DAY_MS } from '../dates/days';

/** The IANA bootstrap file: `services` pairs TLD lists with the base URLs of their RDAP servers. */
export interface RdapBootstrap {
  services: [string[], string[]][];
}

/** The base URL (ending in "/") of the RDAP server for `host`'s TLD (the longest matching suffix), or null. */
export function rdapServerFor(bootstrap: RdapBootstrap, host: string): string | null {
  const name = host.toLowerCase().replace(/\.$/, '');
  let best: { suffix: string; url: string } | null = null;
  for (const [suffixes, urls] of bootstrap.services ?? []) {
    // RFC 9224 §4: prefer an https base URL
    const url = urls.find((candidate) => candidate.startsWith('https://')) ?? urls[0];
    if (!url) continue;
    for (const suffix of suffixes) {
      const matches = name === suffix || name.endsWith(`.${suffix}`);
      if (matches && (!best || suffix.length > best.suffix.length)) best = { suffix, url };
    }
  }
  if (!best) return null;
  return best.url.endsWith('/') ? best.url : `${best.url}/`;
}

/**
 * The names to ask for, most specific first: the host and its parents down to two labels
 * (www.shop.example → www.shop.example, shop.example), since RDAP knows registered domains only.
 */
export function rdapQueryNames(host: string): string[] {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  const names: string[] = [];
  for (let at = 0; labels.length - at >= 2; at += 1) names.push(labels.slice(at).join('.'));
  return names.slice(0, 3);
}

export interface RdapDomain {
  ldhName?: string;
  events?: { eventAction?: string; eventDate?: string }[];
  entities?: RdapEntity[];
}

interface RdapEntity {
  roles?: string[];
  handle?: string;
  vcardArray?: [string, [string, unknown, string, unknown][]];
  publicIds?: { type?: string; identifier?: string }[];
}

export interface Registration {
  domain: string | null;
  registrar: string | null;
  /** IANA registrar id, when the answer names it. */
  registrarIanaId: string | null;
  registered: string | null;
  expiry: string | null;
}

function vcardName(entity: RdapEntity): string | null {
  const properties = Array.isArray(entity.vcardArray?.[1]) ? entity.vcardArray[1] : [];
  const fn = properties.find((property) => Array.isArray(property) && property[0] === 'fn');
  return typeof fn?.[3] === 'string' && fn[3].trim() ? fn[3].trim() : null;
}

/** The registrar (its vCard name, else its handle), registration and expiration dates of a domain answer. */
export function registrationOf(answer: RdapDomain): Registration {
  const event = (action: string) =>
    answer.events?.find((entry) => entry.eventAction?.toLowerCase() === action)?.eventDate ?? null;
  const registrar = answer.entities?.find((entity) => entity.roles?.includes('registrar'));
  return {
    domain: answer.ldhName?.toLowerCase() ?? null,
    registrar: registrar ? (vcardName(registrar) ?? registrar.handle ?? null) : null,
    registrarIanaId:
      registrar?.publicIds?.find((id) => id.type?.toLowerCase() === 'iana registrar id')?.identifier ?? null,
    registered: event('registration'),
    expiry: event('expiration'),
  };
}

export const DOMAIN_EXPIRY_WARNING_DAYS = 30;

/** expired: past its expiration date; expiring: within 30 days of it; ok otherwise (or no date given). */
export function expiryVerdict(expiry: string | null, now: Date): 'ok' | 'expiring' | 'expired' {
  if (!expiry) return 'ok';
  const at = Date.parse(expiry);
  if (Number.isNaN(at)) return 'ok';
  if (at <= now.getTime()) return 'expired';
  return at - now.getTime() <= DOMAIN_EXPIRY_WARNING_DAYS * DAY_MS ? 'expiring' : 'ok';
}
