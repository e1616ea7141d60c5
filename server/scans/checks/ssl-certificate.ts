/**
 * ssl_certificate: the certificate the server presents for the scanned name. Untrusted or
 * self-signed, expired, not yet valid, issued for another name, or a key weaker than 2048-bit
 * RSA / 256-bit EC fails (CA/Browser Forum Baseline Requirements 6.1.5); expiring within 30 days
 * is not recommended.
 */
import tls from 'node:tls';
import { daysBetween } from '../../../core/dates/days';
import { finding, statusOf } from '../../../core/scans/status.utils';
import type { Finding } from '../../../core/scans/scan.types';
import { portFor } from '../http-fetch';
import type { Check } from '../scan.types';
import { openTls } from '../sockets';

/** Verification errors that mean "no path to a trusted root" (OpenSSL's names). */
const TRUST_ERRORS = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'CERT_REVOKED',
]);

export const sslCertificate: Check = async (target, options) => {
  const port = portFor(target, 'https');
  if (port === null)
    return { check: 'ssl_certificate', status: 'not_measurable', findings: [], data: { reason: 'no_https' } };
  // security level 0, so a weak key is seen and judged instead of refused by our own client
  const socket = await openTls(target, port, options, {
    ciphers: `${tls.DEFAULT_CIPHERS}:@SECLEVEL=0`,
    minVersion: 'TLSv1',
  });
  const certificate = socket.getPeerCertificate(true);
  const authorizationError = socket.authorizationError ? String(socket.authorizationError) : null;
  socket.destroy();
  const now = options.now ?? new Date();
  const notBefore = new Date(certificate.valid_from);
  const notAfter = new Date(certificate.valid_to);
  const daysLeft = daysBetween(now, notAfter);
  const selfSigned =
    authorizationError === 'DEPTH_ZERO_SELF_SIGNED_CERT' ||
    (certificate.issuerCertificate === certificate &&
      certificate.fingerprint256 === certificate.issuerCertificate?.fingerprint256);
  const untrusted = authorizationError !== null && TRUST_ERRORS.has(authorizationError);
  const nameError = tls.checkServerIdentity(target.host, certificate);
  const keyType = certificate.asn1Curve || certificate.nistCurve ? 'EC' : certificate.modulus ? 'RSA' : 'unknown';
  const keyBits = certificate.bits ?? 0;
  const weakKey = (keyType === 'RSA' && keyBits < 2048) || (keyType === 'EC' && keyBits < 256);

  const subject = certificate.subject?.CN ?? certificate.subjectaltname ?? '';
  const findings: Finding[] = [];
  if (selfSigned)
    findings.push(finding('certificate_self_signed', 'high', `issuer = subject: ${subject}`, { cvss: 6.5 }));
  else if (untrusted)
    findings.push(
      finding('certificate_untrusted', 'high', `${authorizationError}: ${certificate.issuer?.CN ?? ''}`, { cvss: 6.5 }),
    );
  if (notAfter < now)
    findings.push(finding('certificate_expired', 'high', `not after ${certificate.valid_to}`, { cvss: 5.3 }));
  if (notBefore > now)
    findings.push(finding('certificate_not_yet_valid', 'high', `not before ${certificate.valid_from}`, { cvss: 5.3 }));
  if (nameError)
    findings.push(
      finding('certificate_name_mismatch', 'high', `${target.host} not in ${certificate.subjectaltname ?? subject}`, {
        cvss: 5.3,
      }),
    );
  if (weakKey) findings.push(finding('certificate_weak_key', 'high', `${keyType} ${keyBits} bits`, { cvss: 5.9 }));
  if (notAfter >= now && daysLeft <= 30)
    findings.push(
      finding('certificate_expiring_soon', 'medium', `${daysLeft} days left (not after ${certificate.valid_to})`),
    );

  return {
    check: 'ssl_certificate',
    status: statusOf(findings),
    findings,
    data: {
      subject,
      altNames: certificate.subjectaltname ?? null,
      issuer: certificate.issuer?.CN ?? null,
      validFrom: notBefore.toISOString(),
      validTo: notAfter.toISOString(),
      daysLeft,
      keyType,
      keyBits,
      selfSigned,
      trusted: !selfSigned && !untrusted,
      authorizationError,
      nameMatches: !nameError,
      fingerprint256: certificate.fingerprint256,
    },
  };
};
