/**
 * domain_info: the domain's mail and issuance policy records. No SPF, no DMARC (or p=none) and no
 * CAA are not recommended (RFC 7208, RFC 7489, RFC 8659); an SPF that ends in "+all" lets anyone
 * send as the domain and fails. Registrar and expiry need RDAP/WHOIS over the internet: reported
 * as not measured.
 */
import { finding, statusOf } from '../../../core/scans/status.utils';
import type { Finding } from '../../../core/scans/scan.types';
import { lookupFor } from '../dns-lookup';
import type { Check } from '../scan.types';

export const domainInfo: Check = async (target, options) => {
  const lookup = lookupFor(target, options);
  const texts = ((await lookup((r) => r.resolveTxt(target.host))) ?? []).map((chunks) => chunks.join(''));
  const dmarcTexts = ((await lookup((r) => r.resolveTxt(`_dmarc.${target.host}`))) ?? []).map((chunks) =>
    chunks.join(''),
  );
  const caa = (await lookup((r) => r.resolveCaa(target.host))) ?? [];
  const mx = (await lookup((r) => r.resolveMx(target.host))) ?? [];
  const spf = texts.find((text) => /^v=spf1\b/i.test(text)) ?? null;
  const dmarc = dmarcTexts.find((text) => /^v=DMARC1\b/i.test(text)) ?? null;
  const policy = dmarc ? (/\bp=(\w+)/i.exec(dmarc)?.[1]?.toLowerCase() ?? null) : null;

  const findings: Finding[] = [];
  if (!spf) findings.push(finding('spf_missing', 'medium', `no v=spf1 TXT record on ${target.host}`));
  else if (/[+]all\b/i.test(spf)) findings.push(finding('spf_allows_all', 'high', spf, { cvss: 5.3 }));
  if (!dmarc) findings.push(finding('dmarc_missing', 'medium', `no v=DMARC1 TXT record on _dmarc.${target.host}`));
  else if (policy === 'none') findings.push(finding('dmarc_policy_none', 'low', dmarc));
  if (caa.length === 0) findings.push(finding('caa_missing', 'low', `no CAA record on ${target.host}`));
  return {
    check: 'domain_info',
    status: statusOf(findings),
    findings,
    data: {
      spf,
      dmarc,
      dmarcPolicy: policy,
      caa,
      mx: mx.map((record) => record.exchange),
      registrar: null,
      expiry: null,
      registration: 'not_measured',
    },
  };
};
