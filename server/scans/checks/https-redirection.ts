/**
 * https_redirection: plain HTTP should answer with a redirect to HTTPS on the same host, and the
 * HTTPS answer should carry Strict-Transport-Security with max-age of at least six months
 * (the Observatory's threshold; RFC 6797). HTTPS that does not answer while plain HTTP does is
 * https_not_served, as a site with no HTTPS port is.
 */
import { finding, statusOf } from '../../../core/scans/status.utils';
import type { Finding } from '../../../core/scans/scan.types';
import { fetchPage, type Page, portFor, urlOf } from '../http-fetch';
import type { Check } from '../scan.types';

const HALF_YEAR_SECONDS = 15_552_000;

export const httpsRedirection: Check = async (target, options) => {
  const findings: Finding[] = [];
  const data: Record<string, unknown> = {};
  if (portFor(target, 'https') === null) {
    findings.push(finding('https_not_served', 'high', `${target.host} serves no HTTPS`));
    return { check: 'https_redirection', status: statusOf(findings), findings, data: { https: false } };
  }
  let plainAnswered = false;
  if (portFor(target, 'http') !== null) {
    try {
      const plain = await fetchPage(target, { scheme: 'http' }, options);
      const location = typeof plain.headers.location === 'string' ? plain.headers.location : '';
      const redirect = plain.status >= 300 && plain.status < 400 ? new URL(location, plain.url) : undefined;
      data.httpStatus = plain.status;
      data.location = location || null;
      plainAnswered = true;
      data.redirectsToHttps = redirect?.protocol === 'https:';
      if (redirect?.protocol !== 'https:')
        findings.push(finding('http_not_redirected', 'medium', `${plain.url} answered ${plain.status} ${location}`));
      else if (redirect.hostname !== target.host)
        findings.push(finding('https_redirect_other_host', 'low', `${plain.url} → ${redirect.href}`));
    } catch (error) {
      options.signal.throwIfAborted();
      data.http = (error as NodeJS.ErrnoException).code ?? 'unreachable';
    }
  }
  let secure: Page;
  try {
    secure = await fetchPage(target, { scheme: 'https' }, options);
  } catch (error) {
    options.signal.throwIfAborted();
    // neither answered: the site is offline, which says nothing about HTTPS (http_response reports it)
    if (!plainAnswered) throw error;
    const url = urlOf(target, 'https');
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    findings.push(
      finding('https_not_served', 'high', `${url}: ${code}`, {
        detail: { key: 'scan.evidence.httpsNotAnswering', params: { url, error: code } },
      }),
    );
    return { check: 'https_redirection', status: statusOf(findings), findings, data: { ...data, https: false } };
  }
  const hsts = secure.headers['strict-transport-security'];
  data.hsts = hsts ?? null;
  const maxAge = Number(/max-age\s*=\s*"?(\d+)/i.exec(hsts ?? '')?.[1] ?? Number.NaN);
  data.hstsMaxAge = Number.isNaN(maxAge) ? null : maxAge;
  if (!hsts) findings.push(finding('hsts_missing', 'medium', `${secure.url}: no Strict-Transport-Security`));
  else if (Number.isNaN(maxAge) || maxAge < HALF_YEAR_SECONDS)
    findings.push(finding('hsts_short_max_age', 'low', `Strict-Transport-Security: ${hsts}`));
  return { check: 'https_redirection', status: statusOf(findings), findings, data };
};
