/**
 * waf_detection: a web application firewall in front of the site (PCI DSS 6.4.2 wants an
 * automated solution that detects and prevents web attacks). Known vendor headers and cookies, or
 * a blocking answer to an obvious attack that the plain page did not get, count as a WAF; none
 * found is not recommended.
 */
import { finding, statusOf } from '../../../core/scans/status.utils';
import type { Page } from '../http-fetch';
import { fetchPage, mainScheme } from '../http-fetch';
import type { Check } from '../scan.types';

const SIGNATURES: { vendor: string; test: (page: Page) => boolean }[] = [
  { vendor: 'Cloudflare', test: (p) => 'cf-ray' in p.headers || /cloudflare/i.test(String(p.headers.server ?? '')) },
  { vendor: 'Sucuri', test: (p) => 'x-sucuri-id' in p.headers },
  { vendor: 'Akamai', test: (p) => /AkamaiGHost/i.test(String(p.headers.server ?? '')) },
  { vendor: 'Imperva', test: (p) => /incap_ses|visid_incap/.test(String(p.headers['set-cookie'] ?? '')) },
  { vendor: 'F5 BIG-IP ASM', test: (p) => /BIGipServer|TS01[0-9a-f]{6}=/.test(String(p.headers['set-cookie'] ?? '')) },
  {
    vendor: 'AWS WAF',
    test: (p) => /awselb|aws-waf/i.test(`${p.headers['x-amzn-waf-action'] ?? ''}${p.headers.server ?? ''}`),
  },
  { vendor: 'ModSecurity', test: (p) => /mod_security|modsecurity/i.test(`${p.headers.server ?? ''} ${p.body}`) },
];

const ATTACK = "/?id=1'%20OR%20'1'%3D'1&q=%3Cscript%3Ealert(1)%3C%2Fscript%3E&file=..%2F..%2F..%2Fetc%2Fpasswd";

export const wafDetection: Check = async (target, options) => {
  const scheme = mainScheme(target);
  if (!scheme)
    return { check: 'waf_detection', status: 'not_measurable', findings: [], data: { reason: 'no_web_ports' } };
  const plain = await fetchPage(target, { scheme }, options);
  const attacked = await fetchPage(target, { scheme, path: ATTACK }, options);
  const vendors = SIGNATURES.filter((s) => s.test(plain) || s.test(attacked)).map((s) => s.vendor);
  const blocked = plain.status < 400 && [403, 406, 429, 501, 999].includes(attacked.status);
  const detected = vendors.length > 0 || blocked;
  const findings = detected
    ? []
    : [finding('waf_not_detected', 'low', `an attack-like request answered ${attacked.status}`)];
  return {
    check: 'waf_detection',
    status: statusOf(findings),
    findings,
    data: { detected, vendors, blockedStatus: blocked ? attacked.status : null },
  };
};
