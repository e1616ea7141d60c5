/** mixed_content: plain-http subresources on the https page; active content fails, passive is not recommended. */
import { mixedReferences } from '../../../core/scans/html.utils';
import { finding, statusOf } from '../../../core/scans/status.utils';
import { fetchPage, portFor } from '../http-fetch';
import type { Check } from '../scan.types';

export const mixedContent: Check = async (target, options) => {
  if (portFor(target, 'https') === null)
    return { check: 'mixed_content', status: 'not_measurable', findings: [], data: { reason: 'no_https' } };
  const page = await fetchPage(target, { scheme: 'https' }, options);
  const references = mixedReferences(page.body);
  const active = references.filter((reference) => reference.kind === 'active');
  const passive = references.filter((reference) => reference.kind === 'passive');
  const findings = [
    ...active.map((r) => finding('mixed_content_active', 'high', `<${r.tag}> ${r.url}`)),
    ...passive.map((r) => finding('mixed_content_passive', 'low', `<${r.tag}> ${r.url}`)),
  ];
  return { check: 'mixed_content', status: statusOf(findings), findings, data: { url: page.url, references } };
};
