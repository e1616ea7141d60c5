/**
 * directory: browsable directories (an ASV automatic failure) and files that should never be
 * served: a .git directory (the source and its history) and a .env file (secrets).
 */
import { finding, statusOf } from '../../../core/scans/status.utils';
import type { Finding } from '../../../core/scans/scan.types';
import { fetchPage, mainScheme } from '../http-fetch';
import type { Check } from '../scan.types';

const LISTING_PATHS = ['/', '/images/', '/uploads/', '/static/', '/assets/', '/files/', '/backup/'];
const LISTING = /<title>\s*(Index of \/|Directory listing for \/)|<h1>\s*Index of \//i;

export const directory: Check = async (target, options) => {
  const scheme = mainScheme(target);
  if (!scheme) return { check: 'directory', status: 'not_measurable', findings: [], data: { reason: 'no_web_ports' } };
  const findings: Finding[] = [];
  const listings: string[] = [];
  for (const path of LISTING_PATHS) {
    const page = await fetchPage(target, { scheme, path }, options);
    if (page.status === 200 && LISTING.test(page.body)) {
      listings.push(path);
      findings.push(
        finding('directory_listing', 'medium', `${page.url} lists its files`, { cvss: 5.3, asv: 'directory_browsing' }),
      );
    }
  }
  const git = await fetchPage(target, { scheme, path: '/.git/HEAD' }, options);
  const gitExposed = git.status === 200 && /^(ref: refs\/|[0-9a-f]{40}\s*$)/.test(git.body.trim());
  if (gitExposed)
    findings.push(finding('git_exposed', 'high', `${git.url}: ${git.body.trim().slice(0, 80)}`, { cvss: 7.5 }));
  const env = await fetchPage(target, { scheme, path: '/.env' }, options);
  const envExposed = env.status === 200 && /^\s*[A-Z][A-Z0-9_]*\s*=/m.test(env.body) && !/<html/i.test(env.body);
  if (envExposed)
    findings.push(
      finding('env_exposed', 'critical', `${env.url}: ${env.body.split('\n')[0].replace(/=.*/, '=…')}`, { cvss: 7.5 }),
    );
  return { check: 'directory', status: statusOf(findings), findings, data: { listings, gitExposed, envExposed } };
};
