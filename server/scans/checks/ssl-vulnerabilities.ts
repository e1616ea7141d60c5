/**
 * ssl_vulnerabilities: known TLS weaknesses detected from the server's own answers to hand-built
 * hellos — Heartbleed (a heartbeat answered with memory), POODLE (SSLv3 with a CBC suite), BEAST
 * (TLS 1.0 with a CBC suite), SWEET32 (3DES), RC4 and CCS injection (an early ChangeCipherSpec
 * accepted: the next record fails to decrypt). A server silent after the early CCS is reported as
 * not measured (silence cannot be told from a slow network).
 */
import { finding, statusOf } from '../../../core/scans/status.utils';
import type { Finding } from '../../../core/scans/scan.types';
import { portFor } from '../http-fetch';
import type { Check } from '../scan.types';
import { ccsInjectionProbe, heartbleedProbe, type LegacyProtocol, probe, SUITES, VERSIONS } from '../tls-hello';

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
  // TLS 1.3 has no ChangeCipherSpec state to inject into: only a TLS 1.2-or-older handshake is probed
  const ccs =
    best !== undefined
      ? await ccsInjectionProbe(target, port, VERSIONS[best], options, Math.max(500, Math.floor(options.timeoutMs / 4)))
      : null;

  const findings: Finding[] = [];
  if (heartbleed)
    findings.push(finding('heartbleed', 'critical', `heartbeat answered at ${best} (CVE-2014-0160)`, { cvss: 7.5 }));
  if (ccs?.vulnerable)
    findings.push(
      finding(
        'ccs_injection',
        'high',
        `early ChangeCipherSpec accepted at ${best}: ${ccs.answer === 'alert' ? `the next record drew ${ccs.alert === 20 ? 'bad_record_mac' : 'decryption_failed'}` : 'the handshake went on'} (CVE-2014-0224)`,
        { cvss: 7.4 },
      ),
    );
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
    data: {
      protocols: accepted,
      heartbleed,
      poodle,
      beast,
      sweet32,
      rc4,
      // true / false, or 'not_measured' when the server stayed silent after the early CCS
      ccsInjection: ccs === null ? null : ccs.answer === 'silent' ? 'not_measured' : ccs.vulnerable,
      ...(ccs && ccs.answer !== 'no_handshake'
        ? { ccsAnswer: ccs.answer, ...(ccs.alert ? { ccsAlert: ccs.alert } : {}) }
        : {}),
    },
  };
};
