/** http_response: does the site answer, with what status and server. Offline sites fail here. */
import { finding, statusOf } from '../../../core/scans/status.utils';
import { fetchPage, mainScheme, urlOf } from '../http-fetch';
import type { Check } from '../scan.types';

export const httpResponse: Check = async (target, options) => {
  const scheme = mainScheme(target);
  if (!scheme)
    return { check: 'http_response', status: 'not_measurable', findings: [], data: { reason: 'no_web_ports' } };
  try {
    const page = await fetchPage(target, { scheme }, options);
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
        // a redirect to another host makes the scan's status "redirected" (domain §4)
        reachability: redirectHost && redirectHost !== target.host ? 'redirected' : 'online',
      },
    };
  } catch (error) {
    options.signal.throwIfAborted();
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return {
      check: 'http_response',
      status: 'fail',
      findings: [finding('site_unreachable', 'high', `${urlOf(target, scheme)}: ${code}`)],
      data: { url: urlOf(target, scheme), reachability: 'offline', error: code },
    };
  }
};
