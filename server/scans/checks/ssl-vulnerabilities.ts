/**
 * ssl_vulnerabilities: known TLS weaknesses detected from the server's own answers to hand-built
 * hellos — Heartbleed (a heartbeat answered with memory), POODLE (SSLv3 with a CBC suite), BEAST
 * (TLS 1.0 with a CBC suite), SWEET32 (3DES) and RC4. CCS injection (CVE-2014-0224) is judged by a
 * server's silence, which a scan cannot tell from a slow network: reported as not measured.
 */
import { finding, statusOf } from '../../../core/scans/status.utils';
import type { Finding } from '../../../core/scans/scan.types';
import { portFor } from '../http-fetch';
import type { Check } from '../scan.types';
import { heartbleedProbe, type LegacyProtocol, probe, SUITES, VERSIONS } from '../tls-hello';

const CBC = [0xc013, 0xc014, 0x002f, 0x0035, 0x000a, 0x0033, 0x0039];

export const sslVulnerabilities: Check = async (target, options) => {
  const port = portFor(target, 'https');
  if (port === null)
    return { check: 'ssl_vulnerabilities', status: 'not_measurable', findings: [], data: { reason: 'no_https' } };
  const accepted: LegacyProtocol[] = [];
  for (const protocol of Object.keys(VERSIONS) as LegacyProtocol[])
    if (
      (
        await probe(
          target,
          port,
          VERSIONS[protocol],
          [...SUITES.forwardSecret, ...SUITES.rsaKeyExchange, ...SUITES.tripleDes, ...SUITES.rc4],
          options,
        )
      ).accepted
    )
      accepted.push(protocol);
  const best = accepted.at(-1);
  const poodle = accepted.includes('SSLv3') && (await probe(target, port, VERSIONS.SSLv3, CBC, options)).accepted;
  const beast = accepted.includes('TLSv1') && (await probe(target, port, VERSIONS.TLSv1, CBC, options)).accepted;
  const sweet32 = best !== undefined && (await probe(target, port, VERSIONS[best], SUITES.tripleDes, options)).accepted;
  const rc4 = best !== undefined && (await probe(target, port, VERSIONS[best], SUITES.rc4, options)).accepted;
  const heartbleed = best !== undefined ? await heartbleedProbe(target, port, VERSIONS[best], options) : null;

  const findings: Finding[] = [];
  if (heartbleed)
    findings.push(finding('heartbleed', 'critical', `heartbeat answered at ${best} (CVE-2014-0160)`, { cvss: 7.5 }));
  if (poodle)
    findings.push(
      finding('poodle', 'high', 'SSLv3 with a CBC suite (CVE-2014-3566)', { cvss: 4.3, asv: 'ssl_early_tls' }),
    );
  if (beast)
    findings.push(
      finding('beast', 'medium', 'TLS 1.0 with a CBC suite (CVE-2011-3389)', { cvss: 5.9, asv: 'ssl_early_tls' }),
    );
  if (sweet32)
    findings.push(finding('sweet32_3des_accepted', 'high', `3DES at ${best} (CVE-2016-2183)`, { cvss: 7.5 }));
  if (rc4) findings.push(finding('rc4_accepted', 'high', `RC4 at ${best} (CVE-2013-2566)`, { cvss: 5.9 }));
  return {
    check: 'ssl_vulnerabilities',
    status: statusOf(findings),
    findings,
    data: { protocols: accepted, heartbleed, poodle, beast, sweet32, rc4, ccsInjection: 'not_measured' },
  };
};
