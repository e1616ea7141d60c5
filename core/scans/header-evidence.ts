/**
 * What a security-headers penalty rests on, for people: the header as the site sent it (or that it
 * sent none) and how many points it cost, instead of the bare modifier ("-25"). Pure.
 */
import type { HeadersInput, HeadersModifier } from './headers-score';
import type { FindingDetail } from './scan.types';

/** The Observatory test's prefix → the response header it reads. */
const HEADERS: [prefix: string, name: string][] = [
  ['csp-', 'Content-Security-Policy'],
  ['hsts-', 'Strict-Transport-Security'],
  ['x-frame-options-', 'X-Frame-Options'],
  ['x-content-type-options-', 'X-Content-Type-Options'],
  ['referrer-policy-', 'Referrer-Policy'],
  ['cookies-', 'Set-Cookie'],
];

function sent(headers: HeadersInput['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  if (value === undefined) return undefined;
  // a cookie's value may be a session: name the cookies, never print them
  if (name === 'Set-Cookie') return (Array.isArray(value) ? value : [value]).map((c) => c.split('=')[0]).join(', ');
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The evidence of one negative modifier: a verbatim line and the translatable sentence. */
export function headerEvidence(
  modifier: HeadersModifier,
  headers: HeadersInput['headers'],
): { evidence: string; detail: FindingDetail } {
  const points = String(-modifier.modifier);
  if (modifier.test === 'hsts-not-implemented-no-https')
    return { evidence: 'HTTPS: not served', detail: { key: 'scan.evidence.noHttps', params: { points } } };
  if (modifier.test === 'redirection-missing')
    return {
      evidence: 'HTTP: not redirected to HTTPS',
      detail: { key: 'scan.evidence.notRedirected', params: { points } },
    };
  const header = HEADERS.find(([prefix]) => modifier.test.startsWith(prefix))?.[1] ?? modifier.test;
  const value = sent(headers, header);
  if (value === undefined)
    return {
      evidence: `${header}: not sent`,
      detail: { key: 'scan.evidence.headerMissing', params: { header, points } },
    };
  return {
    evidence: `${header}: ${value}`,
    detail: { key: 'scan.evidence.headerWeak', params: { header, value, points } },
  };
}
