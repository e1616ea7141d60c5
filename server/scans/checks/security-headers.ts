/** security_headers: the main page's headers scored in the manner of the Mozilla HTTP Observatory. */
import { headerEvidence } from '../../../core/scans/header-evidence';
import { scoreHeaders } from '../../../core/scans/headers-score';
import { finding } from '../../../core/scans/status.utils';
import type { CheckStatus } from '../../../core/scans/scan.types';
import { fetchPage, mainScheme, portFor } from '../http-fetch';
import type { Check } from '../scan.types';

export const securityHeaders: Check = async (target, options) => {
  const scheme = mainScheme(target);
  if (!scheme)
    return { check: 'security_headers', status: 'not_measurable', findings: [], data: { reason: 'no_web_ports' } };
  const page = await fetchPage(target, { scheme }, options);
  let redirectsToHttps: boolean | undefined;
  if (scheme === 'https' && portFor(target, 'http') !== null) {
    const plain = await fetchPage(target, { scheme: 'http' }, options).catch(() => undefined);
    if (plain) redirectsToHttps = /^https:/i.test(String(plain.headers.location ?? ''));
  }
  const headers = Object.fromEntries(Object.entries(page.headers).map(([name, value]) => [name.toLowerCase(), value]));
  const score = scoreHeaders({ headers, https: scheme === 'https', redirectsToHttps });
  const findings = score.modifiers
    .filter((modifier) => modifier.modifier < 0)
    .map((modifier) => {
      const { evidence, detail } = headerEvidence(modifier, headers);
      return finding(`header_${modifier.test.replaceAll('-', '_')}`, 'low', evidence, { detail });
    });
  // the grade is advice, never an ASV failure: B or better passes, F fails, the rest is not recommended
  const status: CheckStatus = score.score >= 70 ? 'pass' : score.grade === 'F' ? 'fail' : 'not_recommended';
  return { check: 'security_headers', status, findings, data: { ...score, url: page.url } };
};
