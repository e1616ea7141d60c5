/**
 * xss: each query parameter the page's forms name (and a few common ones) is sent a marker holding
 * HTML metacharacters; the marker coming back unescaped in the HTML is reflected XSS (CWE-79),
 * an automatic ASV failure.
 */
import { randomBytes } from 'node:crypto';
import { forms } from '../../../core/scans/html.utils';
import { finding, statusOf } from '../../../core/scans/status.utils';
import { fetchPage, mainScheme } from '../http-fetch';
import type { Check } from '../scan.types';

const COMMON_PARAMETERS = ['q', 'search', 's', 'query', 'id', 'name'];
const MAX_PARAMETERS = 12;

export const xss: Check = async (target, options) => {
  const scheme = mainScheme(target);
  if (!scheme) return { check: 'xss', status: 'not_measurable', findings: [], data: { reason: 'no_web_ports' } };
  const home = await fetchPage(target, { scheme }, options);
  const named = forms(home.body)
    .filter((form) => form.method === 'get')
    .flatMap((form) => form.inputs.map((input) => input.name));
  const parameters = [...new Set([...named, ...COMMON_PARAMETERS])].slice(0, MAX_PARAMETERS);
  const token = randomBytes(4).toString('hex');
  const marker = `ps${token}"'><i>${token}</i>`;
  const reflected: string[] = [];
  for (const parameter of parameters) {
    const path = `/?${encodeURIComponent(parameter)}=${encodeURIComponent(marker)}`;
    const page = await fetchPage(target, { scheme, path }, options);
    const html = !/json|javascript|text\/plain/i.test(String(page.headers['content-type'] ?? ''));
    if (html && page.body.includes(marker)) reflected.push(parameter);
  }
  const findings = reflected.map((parameter) =>
    finding('xss_reflected', 'high', `?${parameter}= reflected unescaped: ${marker}`, { cvss: 6.1, asv: 'xss' }),
  );
  return { check: 'xss', status: statusOf(findings), findings, data: { tested: parameters, reflected } };
};
