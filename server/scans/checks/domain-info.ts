/**
 * domain_info: the domain's registration and its mail and issuance policy records. No SPF, no
 * DMARC (or p=none) and no CAA are not recommended (RFC 7208, RFC 7489, RFC 8659); an SPF that ends
 * in "+all" lets anyone send as the domain and fails. Registrar and expiry come from RDAP (RFC 9083):
 * a domain past its expiration date fails, one expiring within 30 days is not recommended; a
 * registry that cannot be asked leaves the registration not measurable, with the reason.
 */
import { DOMAIN_EXPIRY_WARNING_DAYS, expiryVerdict } from '../../../core/scans/rdap';
import { finding, statusOf } from '../../../core/scans/status.utils';
import type { Finding } from '../../../core/scans/scan.types';
import { lookupFor } from '../dns-lookup';
import { lookupRegistration } from '../rdap';
import type { Check } from '../scan.types';

export const domainInfo: Check = async (target, options) => {
  const lookup = lookupFor(target, options);
  const [rdap, texts, dmarcTexts, caa, mx] = await Promise.all([
    lookupRegistration(target, options),
    lookup((r) => r.resolveTxt(target.host)).then((records) => (records ?? []).map((chunks) => chunks.join(''))),
    lookup((r) => r.resolveTxt(`_dmarc.${target.host}`)).then((records) =>
      (records ?? []).map((chunks) => chunks.join('')),
    ),
    lookup((r) => r.resolveCaa(target.host)).then((records) => records ?? []),
    lookup((r) => r.resolveMx(target.host)).then((records) => records ?? []),
  ]);
  const spf = texts.find((text) => /^v=spf1\b/i.test(text)) ?? null;
  const dmarc = dmarcTexts.find((text) => /^v=DMARC1\b/i.test(text)) ?? null;
  const policy = dmarc ? (/\bp=(\w+)/i.exec(dmarc)?.[1]?.toLowerCase() ?? null) : null;

  const findings: Finding[] = [];
  const registration = rdap.found ? rdap.registration : null;
  const expiry = expiryVerdict(registration?.expiry ?? null, options.now ?? new Date());
  if (expiry === 'expired')
    findings.push(
      finding('domain_expired', 'high', `${registration?.domain ?? target.host} expired ${registration?.expiry}`),
    );
  else if (expiry === 'expiring')
    findings.push(
      finding(
        'domain_expiring_soon',
        'medium',
        `${registration?.domain ?? target.host} expires ${registration?.expiry} (within ${DOMAIN_EXPIRY_WARNING_DAYS} days)`,
      ),
    );
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
      registrar: registration?.registrar ?? null,
      registrarIanaId: registration?.registrarIanaId ?? null,
      registered: registration?.registered ?? null,
      expiry: registration?.expiry ?? null,
      ...(rdap.found
        ? { registration: 'measured', rdapServer: rdap.server, registeredDomain: registration?.domain ?? null }
        : {
            registration: 'not_measurable',
            registrationReason: rdap.reason,
            ...(rdap.detail ? { registrationDetail: rdap.detail } : {}),
          }),
    },
  };
};
