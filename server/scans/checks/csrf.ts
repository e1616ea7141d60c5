/**
 * csrf: POST forms without an anti-forgery token and cookies without SameSite are not recommended
 * (OWASP CSRF Prevention Cheat Sheet); a server that reflects any Origin with credentials allowed
 * fails (any site can read the user's responses).
 */
import { forms, formWithoutToken } from '../../../core/scans/html.utils';
import { finding, statusOf } from '../../../core/scans/status.utils';
import type { Finding } from '../../../core/scans/scan.types';
import { fetchPage, mainScheme } from '../http-fetch';
import type { Check } from '../scan.types';

const FOREIGN_ORIGIN = 'https://csrf-probe.invalid';

export const csrf: Check = async (target, options) => {
  const scheme = mainScheme(target);
  if (!scheme) return { check: 'csrf', status: 'not_measurable', findings: [], data: { reason: 'no_web_ports' } };
  const page = await fetchPage(target, { scheme, headers: { origin: FOREIGN_ORIGIN } }, options);
  const findings: Finding[] = [];
  const unprotected = forms(page.body).filter(formWithoutToken);
  for (const form of unprotected)
    findings.push(finding('csrf_form_without_token', 'medium', `<form method="post" action="${form.action}">`));
  const cookies = page.headers['set-cookie'] ?? [];
  for (const cookie of cookies.filter((c) => !/;\s*samesite=(lax|strict)/i.test(c)))
    findings.push(finding('cookie_without_samesite', 'low', cookie.split(';')[0].replace(/=.*/, '=…')));
  const allowed = page.headers['access-control-allow-origin'];
  const credentials = String(page.headers['access-control-allow-credentials'] ?? '').toLowerCase() === 'true';
  if (allowed === FOREIGN_ORIGIN && credentials)
    findings.push(
      finding('cors_reflects_origin_with_credentials', 'high', `Access-Control-Allow-Origin: ${allowed}`, {
        cvss: 6.5,
      }),
    );
  return {
    check: 'csrf',
    status: statusOf(findings),
    findings,
    data: { forms: unprotected.length, corsReflected: allowed === FOREIGN_ORIGIN, credentials },
  };
};
