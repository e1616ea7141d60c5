/**
 * ssl_ciphers: protocol versions and cipher classes the server accepts. SSLv3 or TLS 1.0 fail even
 * beside TLS 1.3 (PCI DSS: SSL/early TLS is an automatic ASV failure), as do RC4, 3DES (SWEET32),
 * NULL, export and anonymous suites; TLS 1.1 or no forward secrecy is not recommended. Old
 * protocols and classes are probed with hand-built ClientHello bytes, TLS 1.3 with Node's client.
 * The data carries the SSL Labs-style grade.
 */
import tls from 'node:tls';
import { gradeSsl, type TlsProtocol } from '../../../core/scans/ssl-grade';
import { finding, statusOf } from '../../../core/scans/status.utils';
import type { Finding } from '../../../core/scans/scan.types';
import { fetchPage, portFor } from '../http-fetch';
import type { Check, CheckOptions, ScanTarget } from '../scan.types';
import { openTls } from '../sockets';
import { ALL_SUITES, probe, SUITES, VERSIONS, type LegacyProtocol } from '../tls-hello';

const AES256 = new Set([0xc030, 0xc02c, 0xc014, 0xc00a, 0x009f, 0x0039, 0x009d, 0x0035, 0x003d]);

function suiteBits(suite: number): number {
  if ((SUITES.tripleDes as readonly number[]).includes(suite)) return 112;
  if ((SUITES.nullOrExport as readonly number[]).includes(suite)) return suite <= 0x0002 || suite === 0x003b ? 0 : 40;
  return AES256.has(suite) ? 256 : 128;
}

async function tls13(target: ScanTarget, port: number, options: CheckOptions): Promise<string | null> {
  try {
    const socket = await openTls(target, port, options, { minVersion: 'TLSv1.3', maxVersion: 'TLSv1.3' });
    const cipher = socket.getCipher().name;
    socket.destroy();
    return cipher;
  } catch (_error) {
    options.signal.throwIfAborted();
    return null;
  }
}

const hex = (suite: number) => `0x${suite.toString(16).padStart(4, '0')}`;

export const sslCiphers: Check = async (target, options) => {
  const port = portFor(target, 'https');
  if (port === null)
    return { check: 'ssl_ciphers', status: 'not_measurable', findings: [], data: { reason: 'no_https' } };
  const protocols: TlsProtocol[] = [];
  const cipherBits: number[] = [];
  const chosen: Record<string, string> = {};
  for (const protocol of Object.keys(VERSIONS) as LegacyProtocol[]) {
    const answer = await probe(target, port, VERSIONS[protocol], ALL_SUITES, options);
    if (!answer.accepted) continue;
    protocols.push(protocol);
    chosen[protocol] = hex(answer.cipher);
    cipherBits.push(suiteBits(answer.cipher));
  }
  const modern = await tls13(target, port, options);
  if (modern) {
    protocols.push('TLSv1.3');
    chosen['TLSv1.3'] = modern;
    cipherBits.push(/AES_128/.test(modern) ? 128 : 256);
  }
  // cipher classes are probed at the best legacy version the server speaks
  const legacy = [...protocols].reverse().find((p): p is LegacyProtocol => p in VERSIONS);
  const classes = { forwardSecret: false, tripleDes: false, rc4: false, nullOrExport: false, anonymous: false };
  if (legacy) {
    for (const name of Object.keys(classes) as (keyof typeof classes)[]) {
      const answer = await probe(target, port, VERSIONS[legacy], SUITES[name], options);
      classes[name] = answer.accepted;
      if (answer.accepted && name !== 'forwardSecret') cipherBits.push(suiteBits(answer.cipher));
    }
  }
  const forwardSecrecy = classes.forwardSecret || modern !== null;

  const findings: Finding[] = [];
  if (protocols.length === 0)
    findings.push(finding('tls_not_negotiated', 'high', `no protocol accepted on port ${port}`));
  if (protocols.includes('SSLv3'))
    findings.push(
      finding('ssl3_enabled', 'high', 'ServerHello 0x0300 (POODLE, CVE-2014-3566)', {
        cvss: 6.8,
        asv: 'ssl_early_tls',
      }),
    );
  if (protocols.includes('TLSv1'))
    findings.push(
      finding('tls10_enabled', 'high', `ServerHello 0x0301, cipher ${chosen.TLSv1}`, {
        cvss: 6.5,
        asv: 'ssl_early_tls',
      }),
    );
  if (protocols.includes('TLSv1.1'))
    findings.push(finding('tls11_enabled', 'medium', `ServerHello 0x0302, cipher ${chosen['TLSv1.1']}`));
  if (protocols.length > 0 && !protocols.includes('TLSv1.2') && !modern)
    findings.push(finding('no_tls12', 'high', `accepted: ${protocols.join(', ')}`, { cvss: 5.9 }));
  if (classes.rc4) findings.push(finding('rc4_accepted', 'high', 'RC4 suite accepted (CVE-2013-2566)', { cvss: 5.9 }));
  if (classes.tripleDes)
    findings.push(
      finding('sweet32_3des_accepted', 'high', '3DES suite accepted (SWEET32, CVE-2016-2183)', { cvss: 7.5 }),
    );
  if (classes.nullOrExport)
    findings.push(finding('null_or_export_cipher', 'critical', 'NULL or export suite accepted', { cvss: 7.4 }));
  if (classes.anonymous)
    findings.push(
      finding('anonymous_cipher', 'critical', 'anonymous (no authentication) suite accepted', { cvss: 7.4 }),
    );
  if (protocols.length > 0 && !forwardSecrecy)
    findings.push(finding('no_forward_secrecy', 'medium', 'only RSA key exchange suites accepted'));

  // the grade needs the certificate, which only a full handshake through Node's client shows
  // (a server speaking nothing Node's OpenSSL offers has no grade, and says why)
  const socket =
    protocols.length > 0
      ? await openTls(target, port, options, {
          ciphers: `${tls.DEFAULT_CIPHERS}:@SECLEVEL=0`,
          minVersion: 'TLSv1',
        }).catch((error: Error) => {
          options.signal.throwIfAborted();
          return error;
        })
      : null;
  let grade = null;
  if (socket && !(socket instanceof Error)) {
    const certificate = socket.getPeerCertificate();
    const error = socket.authorizationError ? String(socket.authorizationError) : '';
    socket.destroy();
    const page = await fetchPage(target, { scheme: 'https' }, options).catch(() => undefined);
    const maxAge = Number(
      /max-age\s*=\s*"?(\d+)/i.exec(String(page?.headers['strict-transport-security'] ?? ''))?.[1] ?? 0,
    );
    const now = options.now ?? new Date();
    grade = gradeSsl({
      protocols,
      keyBits: certificate.bits ?? 0,
      keyType: certificate.asn1Curve || certificate.nistCurve ? 'EC' : certificate.modulus ? 'RSA' : 'unknown',
      cipherBits,
      forwardSecrecy,
      rc4: classes.rc4,
      tripleDes: classes.tripleDes,
      untrusted: /SELF_SIGNED|UNABLE_TO|UNTRUSTED/.test(error),
      expired: new Date(certificate.valid_to) < now || new Date(certificate.valid_from) > now,
      nameMismatch: tls.checkServerIdentity(target.host, certificate) !== undefined,
      hstsLongLived: maxAge >= 15_552_000,
    });
  }
  return {
    check: 'ssl_ciphers',
    status: statusOf(findings),
    findings,
    data: {
      protocols,
      chosen,
      classes,
      forwardSecrecy,
      grade,
      ...(socket instanceof Error ? { gradeError: socket.message } : {}),
    },
  };
};
