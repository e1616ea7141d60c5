/**
 * outdated_services: the banners the site's services announce (HTTP Server and X-Powered-By, the
 * SSH identification line, the SMTP greeting) against the end-of-life table shipped with the app.
 * A release line past its end of life is unsupported software: an automatic ASV failure.
 */
import { dayOf } from '../../../core/dates/days';
import { judgeBanner, type EolTable } from '../../../core/scans/end-of-life';
import { finding, statusOf } from '../../../core/scans/status.utils';
import type { Finding } from '../../../core/scans/scan.types';
import table from '../data/end-of-life.json';
import { fetchPage, mainScheme } from '../http-fetch';
import { type Check, type CheckOptions, type ScanTarget, servicePort } from '../scan.types';
import { openTcp, readUntil } from '../sockets';

/** The first line a service sends when it is connected to (SSH, SMTP, FTP greet first). */
async function greeting(target: ScanTarget, port: number, options: CheckOptions): Promise<string | null> {
  try {
    const socket = await openTcp(target, port, options);
    try {
      const bytes = await readUntil(socket, (received) => received.includes('\n'));
      return bytes.toString('latin1').split('\n')[0].trim() || null;
    } finally {
      socket.destroy();
    }
  } catch (_error) {
    options.signal.throwIfAborted();
    return null;
  }
}

export const outdatedServices: Check = async (target, options) => {
  const banners: { source: string; banner: string }[] = [];
  const scheme = mainScheme(target);
  if (scheme) {
    const page = await fetchPage(target, { scheme }, options).catch(() => undefined);
    for (const header of ['server', 'x-powered-by'] as const) {
      const value = page?.headers[header];
      if (value) banners.push({ source: `http ${header}`, banner: String(value) });
    }
  }
  for (const service of ['ssh', 'smtp'] as const) {
    const banner = await greeting(target, servicePort(target, service), options);
    if (banner) banners.push({ source: service, banner });
  }
  const today = dayOf(options.now ?? new Date());
  const verdicts = banners.flatMap(({ source, banner }) =>
    judgeBanner(banner, table as EolTable, today).map((verdict) => ({ source, ...verdict })),
  );
  const findings: Finding[] = [];
  for (const verdict of verdicts) {
    if (verdict.endOfLife)
      findings.push(
        finding(
          'unsupported_software',
          'high',
          `${verdict.source}: ${verdict.banner} (${verdict.product} ${verdict.cycle ?? verdict.version}, end of life ${verdict.eol})`,
          {
            asv: 'unsupported_software',
          },
        ),
      );
    if (verdict.vulnerability)
      findings.push(
        finding('vulnerable_version', 'high', `${verdict.source}: ${verdict.banner} (${verdict.vulnerability.cve})`, {
          cvss: verdict.vulnerability.cvss,
        }),
      );
  }
  return {
    check: 'outdated_services',
    status: statusOf(findings),
    findings,
    data: { banners, verdicts, tableCheckedAt: (table as EolTable).checkedAt },
  };
};
