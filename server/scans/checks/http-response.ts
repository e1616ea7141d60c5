/**
 * http_response: does the site answer, with what status and server. Offline sites fail here. A site
 * whose HTTPS does not answer but whose plain HTTP does is online: the missing HTTPS is
 * https_redirection's finding, not an outage.
 */
import { finding, statusOf } from '../../../core/scans/status.utils';
import { fetchPage, mainScheme, type Page, portFor, urlOf } from '../http-fetch';
import type { Check, CheckOptions, ScanTarget } from '../scan.types';

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

/** The main scheme's answer, else plain HTTP's (with why HTTPS gave none). */
async function answer(
  target: ScanTarget,
  scheme: 'http' | 'https',
  options: CheckOptions,
): Promise<{ page: Page; httpsError: string | null }> {
  try {
    return { page: await fetchPage(target, { scheme }, options), httpsError: null };
  } catch (error) {
    options.signal.throwIfAborted();
    if (scheme !== 'https' || portFor(target, 'http') === null) throw error;
    const page = await fetchPage(target, { scheme: 'http' }, options).catch(() => {
      throw error;
    });
    return { page, httpsError: codeOf(error) };
  }
}

export const httpResponse: Check = async (target, options) => {
  const scheme = mainScheme(target);
  if (!scheme)
    return { check: 'http_response', status: 'not_measurable', findings: [], data: { reason: 'no_web_ports' } };
  try {
    const { page, httpsError } = await answer(target, scheme, options);
    const location = typeof page.headers.location === 'string' ? page.headers.location : undefined;
    const redirectHost = location ? new URL(location, page.url).hostname : undefined;
    const findings =
      page.status >= 500 ? [finding('http_server_error', 'medium', `${page.url} answered ${page.status}`)] : [];
    return {
      check: 'http_response',
      status: statusOf(findings),
      findings,
      data: {
        url: page.url,
        statusCode: page.status,
        server: page.headers.server ?? null,
        poweredBy: page.headers['x-powered-by'] ?? null,
        location: location ?? null,
        ...(httpsError ? { httpsError } : {}),
        // a redirect to another host makes the scan's status "redirected" (domain §4)
        reachability: redirectHost && redirectHost !== target.host ? 'redirected' : 'online',
      },
    };
  } catch (error) {
    options.signal.throwIfAborted();
    const code = codeOf(error);
    return {
      check: 'http_response',
      status: 'fail',
      findings: [finding('site_unreachable', 'high', `${urlOf(target, scheme)}: ${code}`)],
      data: { url: urlOf(target, scheme), reachability: 'offline', error: code },
    };
  }
};
