/**
 * Each check against real servers on loopback: the well-configured shop passes, the badly
 * configured one gets the verdict the reference names, and each certificate fault is caught.
 */
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckName, CheckResult } from '../../../core/scans/scan.types';
import { CHECKS } from '../../../server/scans/checks';
import { ConnectionLimiter } from '../../../server/scans/connection-limiter';
import { lookupRegistration } from '../../../server/scans/rdap';
import type { ScanTarget } from '../../../server/scans/scan.types';
import { type Fixtures, startFixtures } from './support/fixtures';

let fixtures: Fixtures;

beforeAll(async () => {
  fixtures = await startFixtures();
});
afterAll(async () => {
  await fixtures?.close();
});

/** A loopback port nothing listens on (taken, then given back). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function run(name: CheckName, target: ScanTarget, timeoutMs = 5000): Promise<CheckResult> {
  const controller = new AbortController();
  try {
    return await CHECKS[name](target, {
      timeoutMs,
      signal: controller.signal,
      limiter: new ConnectionLimiter(4),
      ca: [fixtures.pki.ca],
    });
  } finally {
    controller.abort();
  }
}

const ids = (result: CheckResult) => result.findings.map((finding) => finding.id);

describe('web checks', () => {
  it('http_response: the shop answers; a closed port is offline', async () => {
    const good = await run('http_response', fixtures.good);
    expect(good).toMatchObject({ status: 'pass', data: { statusCode: 200, reachability: 'online' } });
    const offline = await run('http_response', {
      ...fixtures.good,
      ports: { http: fixtures.good.ports.services?.mysql, https: null },
    });
    expect(offline).toMatchObject({ status: 'fail', data: { reachability: 'offline', error: 'ECONNREFUSED' } });
  });

  it('a site answering over plain HTTP only is online, and its missing HTTPS is a finding', async () => {
    // the bad shop's HTTP server, and an HTTPS port nothing listens on
    const httpOnly = { ...fixtures.bad, ports: { ...fixtures.bad.ports, https: await closedPort() } };
    const response = await run('http_response', httpOnly);
    expect(response).toMatchObject({
      status: 'pass',
      data: { reachability: 'online', statusCode: 200, httpsError: 'ECONNREFUSED' },
    });
    expect(response.data.url).toMatch(/^http:/);
    const redirection = await run('https_redirection', httpOnly);
    expect(redirection.status).toBe('fail');
    expect(ids(redirection)).toEqual(['http_not_redirected', 'https_not_served']);
    expect(redirection.findings[1].detail).toEqual({
      key: 'scan.evidence.httpsNotAnswering',
      params: { url: expect.stringMatching(/^https:\/\/bad\.test:\d+\/$/), error: 'ECONNREFUSED' },
    });
    // neither answering is an outage, not a missing HTTPS
    const offline = { ...httpOnly, ports: { ...httpOnly.ports, http: await closedPort() } };
    expect((await run('http_response', offline)).data.reachability).toBe('offline');
    // (the runner turns the throw into an errored check)
    await expect(run('https_redirection', offline)).rejects.toThrow('ECONNREFUSED');
  });

  it('https_redirection: a redirect to HTTPS with a year of HSTS passes; plain HTTP without HSTS does not', async () => {
    const good = await run('https_redirection', fixtures.good);
    expect(good).toMatchObject({ status: 'pass', data: { redirectsToHttps: true, hstsMaxAge: 31536000 } });
    const bad = await run('https_redirection', fixtures.bad);
    expect(bad.status).toBe('not_recommended');
    expect(ids(bad)).toEqual(['http_not_redirected', 'hsts_missing']);
  });

  it('security_headers: A+ for the shop, F for the bad one', async () => {
    const good = await run('security_headers', fixtures.good);
    expect(good).toMatchObject({ status: 'pass', data: { grade: 'A+' } });
    const bad = await run('security_headers', fixtures.bad);
    expect(bad).toMatchObject({ status: 'fail', data: { grade: 'F', score: 0 } });
    expect(ids(bad)).toContain('header_csp_not_implemented');
    expect(ids(bad)).toContain('header_redirection_missing');
    // the evidence is the header as sent and a sentence to translate, not the score's modifier
    const csp = bad.findings.find((each) => each.id === 'header_csp_not_implemented');
    expect(csp).toMatchObject({
      evidence: 'Content-Security-Policy: not sent',
      detail: { key: 'scan.evidence.headerMissing', params: { header: 'Content-Security-Policy', points: '25' } },
    });
    expect(bad.findings.every((each) => !/^-?\d+$/.test(each.evidence) && each.detail)).toBe(true);
  });

  it('mixed_content: an http script fails, an http image is not recommended', async () => {
    expect((await run('mixed_content', fixtures.good)).status).toBe('pass');
    const bad = await run('mixed_content', fixtures.bad);
    expect(bad.status).toBe('fail');
    expect(bad.findings.map((f) => [f.id, f.evidence])).toEqual([
      ['mixed_content_active', '<script> http://cdn.bad.test/jquery.js'],
      ['mixed_content_passive', '<img> http://cdn.bad.test/banner.png'],
    ]);
  });

  it('xss: an escaped reflection passes, an unescaped one fails as an ASV failure', async () => {
    expect((await run('xss', fixtures.good)).status).toBe('pass');
    const bad = await run('xss', fixtures.bad);
    expect(bad.status).toBe('fail');
    expect(bad.data.reflected).toContain('q');
    expect(bad.findings[0]).toMatchObject({ id: 'xss_reflected', asv: 'xss', cvss: 6.1 });
  });

  it('sql_injection: a quote that draws a MySQL or PostgreSQL error fails; a bound parameter and a page that always quotes an error pass', async () => {
    const good = await run('sql_injection', fixtures.good);
    expect(good).toMatchObject({ status: 'pass', data: { tested: ['/item?id', '/help?topic', '/help?lang'] } });
    const bad = await run('sql_injection', fixtures.bad);
    expect(bad.status).toBe('fail');
    // the partner link is another site's, sign-out changes state, the submit button is no field: none is probed
    expect(bad.data).toEqual({
      tested: ['/products?id', '/?q', '/search?term'],
      injectable: [
        { parameter: 'id', path: '/products', engine: 'MySQL' },
        { parameter: 'term', path: '/search', engine: 'PostgreSQL' },
      ],
    });
    expect(bad.findings[0]).toMatchObject({ id: 'sql_injection_error', asv: 'sql_injection', severity: 'critical' });
    expect(bad.findings[0].evidence).toMatch(/^\/products\?id= \(MySQL\): .*You have an error in your SQL syntax/);
  });

  it('directory: a listing, /.git/HEAD and /.env are found', async () => {
    expect((await run('directory', fixtures.good)).status).toBe('pass');
    const bad = await run('directory', fixtures.bad);
    expect(bad).toMatchObject({
      status: 'fail',
      data: { listings: ['/uploads/'], gitExposed: true, envExposed: true },
    });
    expect(ids(bad)).toEqual(['directory_listing', 'git_exposed', 'env_exposed']);
    expect(bad.findings.find((f) => f.id === 'env_exposed')?.evidence).not.toContain('hunter2');
  });

  it('panel_detection: phpMyAdmin fails', async () => {
    expect((await run('panel_detection', fixtures.good)).status).toBe('pass');
    const bad = await run('panel_detection', fixtures.bad);
    expect(bad.status).toBe('fail');
    expect(bad.findings[0]).toMatchObject({
      id: 'database_panel_exposed',
      evidence: expect.stringContaining('phpMyAdmin'),
    });
  });

  it('csrf: a token and SameSite pass; credentialed origin reflection fails', async () => {
    expect((await run('csrf', fixtures.good)).status).toBe('pass');
    const bad = await run('csrf', fixtures.bad);
    expect(bad.status).toBe('fail');
    expect(ids(bad)).toEqual([
      'csrf_form_without_token',
      'cookie_without_samesite',
      'cors_reflects_origin_with_credentials',
    ]);
  });

  it('waf_detection: a blocked attack counts as a WAF; none is not recommended', async () => {
    expect(await run('waf_detection', fixtures.good)).toMatchObject({ status: 'pass', data: { blockedStatus: 403 } });
    expect(await run('waf_detection', fixtures.bad)).toMatchObject({
      status: 'not_recommended',
      data: { detected: false },
    });
  });
});

describe('TLS checks', () => {
  it('ssl_certificate: a certificate from a trusted CA for the name passes', async () => {
    const good = await run('ssl_certificate', fixtures.good);
    expect(good).toMatchObject({ status: 'pass', data: { trusted: true, nameMatches: true, keyBits: 2048 } });
  });

  it.each([
    ['selfSigned', 'fail', 'certificate_self_signed'],
    ['expired', 'fail', 'certificate_expired'],
    ['notYetValid', 'fail', 'certificate_not_yet_valid'],
    ['wrongName', 'fail', 'certificate_name_mismatch'],
    ['weakKey', 'fail', 'certificate_weak_key'],
    ['expiringSoon', 'not_recommended', 'certificate_expiring_soon'],
  ] as const)('ssl_certificate: %s → %s (%s)', async (fault, status, id) => {
    const result = await run('ssl_certificate', fixtures.certificates[fault]);
    expect(result.status).toBe(status);
    expect(ids(result)).toEqual([id]);
  });

  it('ssl_ciphers: TLS 1.2 and 1.3 with forward secrecy pass with A+', async () => {
    const good = await run('ssl_ciphers', fixtures.good);
    expect(good.status).toBe('pass');
    expect(good.data).toMatchObject({
      protocols: ['TLSv1.2', 'TLSv1.3'],
      forwardSecrecy: true,
      grade: { grade: 'A+' },
    });
  });

  it('ssl_ciphers: TLS 1.0 beside TLS 1.3 fails (hand-built ClientHello), with a T grade', async () => {
    const bad = await run('ssl_ciphers', fixtures.bad);
    expect(bad.status).toBe('fail');
    expect(bad.data.protocols).toEqual(['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3']);
    expect(bad.findings.find((f) => f.id === 'tls10_enabled')).toMatchObject({ asv: 'ssl_early_tls' });
    expect(ids(bad)).toEqual(['tls10_enabled', 'tls11_enabled']);
    // self-signed: T; the configuration alone is capped at B for TLS 1.0/1.1
    expect(bad.data.grade).toMatchObject({ grade: 'T', gradeIgnoringTrust: 'B' });
  });

  it('ssl_ciphers: SSLv3 (POODLE), 3DES (SWEET32) and RC4 from the ServerHello of a legacy endpoint', async () => {
    const legacy = await run('ssl_ciphers', fixtures.legacy);
    expect(legacy.status).toBe('fail');
    expect(legacy.data).toMatchObject({ protocols: ['SSLv3', 'TLSv1'], chosen: { SSLv3: '0x000a', TLSv1: '0x000a' } });
    expect(ids(legacy)).toEqual([
      'ssl3_enabled',
      'tls10_enabled',
      'no_tls12',
      'rc4_accepted',
      'sweet32_3des_accepted',
      'no_forward_secrecy',
    ]);
  });
});

describe('TLS vulnerabilities', () => {
  it('ssl_vulnerabilities: a TLS 1.2+ server without heartbeats passes; Node refuses an early CCS', async () => {
    const good = await run('ssl_vulnerabilities', fixtures.good);
    expect(good).toMatchObject({
      status: 'pass',
      data: { protocols: ['TLSv1.2'], heartbleed: false, ccsInjection: false, ccsAnswer: 'alert', ccsAlert: 10 },
    });
  });

  it('ssl_vulnerabilities: a server that accepts an early ChangeCipherSpec is CCS injection', async () => {
    const result = await run('ssl_vulnerabilities', fixtures.ccsVulnerable);
    expect(result).toMatchObject({
      status: 'fail',
      data: { protocols: ['TLSv1.2'], heartbleed: false, ccsInjection: true, ccsAnswer: 'alert', ccsAlert: 20 },
    });
    expect(ids(result)).toEqual(['ccs_injection']);
    expect(result.findings[0]).toMatchObject({
      cvss: 7.4,
      evidence: 'early ChangeCipherSpec accepted at TLSv1.2: the next record drew bad_record_mac (CVE-2014-0224)',
    });
  });

  it('ssl_vulnerabilities: silence after the early CCS is not measured, never a finding', async () => {
    const result = await run('ssl_vulnerabilities', fixtures.ccsSilent, 2000);
    expect(result).toMatchObject({ status: 'pass', data: { ccsInjection: 'not_measured', ccsAnswer: 'silent' } });
    expect(result.findings).toEqual([]);
  });

  it('ssl_vulnerabilities: TLS 1.0 with CBC is BEAST, an ASV early-TLS failure', async () => {
    const bad = await run('ssl_vulnerabilities', fixtures.bad);
    expect(bad.status).toBe('fail');
    expect(ids(bad)).toEqual(['beast']);
    expect(bad.data).toMatchObject({ heartbleed: false, ccsInjection: false });
  });

  it('ssl_vulnerabilities: Heartbleed, CCS injection, POODLE, SWEET32 and RC4 from the legacy endpoint', async () => {
    const legacy = await run('ssl_vulnerabilities', fixtures.legacy);
    expect(ids(legacy)).toEqual([
      'heartbleed',
      'ccs_injection',
      'poodle',
      'beast',
      'sweet32_3des_accepted',
      'rc4_accepted',
    ]);
    expect(legacy.findings[0]).toMatchObject({ cvss: 7.5, evidence: 'heartbeat answered at TLSv1 (CVE-2014-0160)' });
  });
});

describe('network checks', () => {
  it('port_scan: a reachable database port fails; a closed one passes', async () => {
    const good = await run('port_scan', fixtures.good);
    expect(good.status).toBe('pass');
    const bad = await run('port_scan', fixtures.bad);
    expect(bad.status).toBe('fail');
    expect(bad.findings.find((f) => f.id === 'database_port_open')).toMatchObject({ asv: 'database_reachable' });
  });

  it('open_relay_check: a relaying SMTP server fails, a refusing one passes, and DATA is never sent', async () => {
    const good = await run('open_relay_check', fixtures.good);
    expect(good).toMatchObject({ status: 'pass', data: { smtp: true, relays: false } });
    expect(good.data.rcpt).toMatch(/^554/);
    const bad = await run('open_relay_check', fixtures.bad);
    expect(bad).toMatchObject({ status: 'fail', data: { relays: true } });
    expect(fixtures.smtpBad.recipients).toContain('relay-probe@relay-test.example.org');
    expect(fixtures.smtpGood.dataCommands() + fixtures.smtpBad.dataCommands()).toBe(0);
  });

  it('ssh_enumeration: the banner and KEXINIT are read; group1, 3DES and MD5 fail', async () => {
    const good = await run('ssh_enumeration', fixtures.good);
    expect(good).toMatchObject({ status: 'pass', data: { banner: 'SSH-2.0-OpenSSH_9.9' } });
    expect((good.data.kexinit as { kex: string[] }).kex).toContain('curve25519-sha256');
    const bad = await run('ssh_enumeration', fixtures.bad);
    expect(bad.status).toBe('fail');
    expect(bad.findings.find((f) => f.id === 'ssh_broken_algorithms')?.evidence).toBe(
      'diffie-hellman-group1-sha1, 3des-cbc, hmac-md5',
    );
    expect(bad.findings.find((f) => f.id === 'ssh_weak_algorithms')?.evidence).toBe(
      'diffie-hellman-group14-sha1, aes128-cbc',
    );
  });

  it('outdated_services: nginx 1.18 and PHP 7.2 are past end of life; OpenSSH 7.4 is vulnerable', async () => {
    const good = await run('outdated_services', fixtures.good);
    expect(good.status).toBe('pass');
    const bad = await run('outdated_services', fixtures.bad);
    expect(bad.status).toBe('fail');
    const evidence = bad.findings.map((f) => `${f.id} ${f.evidence}`);
    expect(evidence).toEqual([
      expect.stringMatching(/^unsupported_software http server: nginx\/1\.18\.0/),
      expect.stringMatching(/^unsupported_software http x-powered-by: PHP\/7\.2\.34/),
      expect.stringMatching(/^vulnerable_version ssh: SSH-2\.0-OpenSSH_7\.4 \(CVE-2024-6387\)/),
    ]);
  });

  it('dns_brute: a zone transfer fails; the wildcard is told apart from a real name', async () => {
    const good = await run('dns_brute', fixtures.good);
    expect(good.status).toBe('pass');
    expect(good.data).toMatchObject({ transfers: [], wildcard: [] });
    expect((good.data.found as { name: string }[]).map((f) => f.name)).toEqual(['www.shop.test', 'mail.shop.test']);
    const bad = await run('dns_brute', fixtures.bad);
    expect(bad.status).toBe('fail');
    expect(bad.data.wildcard).toEqual(['127.0.0.2']);
    expect(bad.data.found).toEqual([{ name: 'dev.bad.test', addresses: ['127.0.0.3'] }]);
    expect(bad.findings[0]).toMatchObject({ id: 'zone_transfer_allowed', asv: 'zone_transfer' });
    expect(ids(bad)).toContain('sensitive_subdomain');
  });

  it('domain_info: SPF, DMARC, CAA and a registration a year off pass; none of them, expiring in 10 days, is not recommended', async () => {
    const good = await run('domain_info', fixtures.good);
    expect(good).toMatchObject({
      status: 'pass',
      data: {
        spf: 'v=spf1 mx -all',
        dmarcPolicy: 'reject',
        registration: 'measured',
        registrar: 'Example Registrar, Inc.',
        registrarIanaId: '9999',
        registered: '2015-03-01T00:00:00Z',
        rdapServer: fixtures.rdap.url,
      },
    });
    const bad = await run('domain_info', fixtures.bad);
    expect(bad.status).toBe('not_recommended');
    expect(ids(bad)).toEqual(['domain_expiring_soon', 'spf_missing', 'dmarc_missing', 'caa_missing']);
    expect(bad.findings[0].evidence).toMatch(/^bad\.test expires \d{4}-\d{2}-\d{2}T.* \(within 30 days\)$/);
  });

  it('domain_info: an expired registration fails; a subdomain is looked up as its registered domain', async () => {
    const lapsed = await run('domain_info', { ...fixtures.good, host: 'www.lapsed.test' });
    expect(lapsed.status).toBe('fail');
    expect(ids(lapsed)).toContain('domain_expired');
    expect(lapsed.data).toMatchObject({ registration: 'measured', registeredDomain: 'lapsed.test' });
    expect(fixtures.rdap.asked).toEqual(expect.arrayContaining(['www.lapsed.test', 'lapsed.test']));
  });

  it('domain_info: no RDAP answer leaves the registration not measurable with the reason, never the check', async () => {
    const unknown = await run('domain_info', { ...fixtures.good, host: 'unregistered.test' });
    expect(unknown.data).toMatchObject({
      registration: 'not_measurable',
      registrationReason: 'rdap_not_found',
      expiry: null,
    });
    const refused = await run('domain_info', { ...fixtures.good, rdap: `http://127.0.0.1:${fixtures.closedPort}/` });
    expect(refused).toMatchObject({
      status: 'pass',
      data: {
        registration: 'not_measurable',
        registrationReason: 'rdap_unavailable',
        registrationDetail: 'ECONNREFUSED',
      },
    });
    // a registry that accepts and never answers: RDAP's share of the check's time runs out, the check still ends
    const silent = await run(
      'domain_info',
      { ...fixtures.good, rdap: `http://127.0.0.1:${fixtures.hanging.ports.http}/` },
      1000,
    );
    expect(silent).toMatchObject({
      status: 'pass',
      data: { registration: 'not_measurable', registrationReason: 'rdap_unavailable', registrationDetail: 'timeout' },
    });
  });

  it('domain_info: without an RDAP URL the IANA-style bootstrap names the server of the TLD', async () => {
    const { rdap: _rdap, ...target } = fixtures.good;
    const controller = new AbortController();
    const options = { timeoutMs: 5000, signal: controller.signal, limiter: new ConnectionLimiter(2) };
    expect(await lookupRegistration(target, options, fixtures.rdap.bootstrap)).toMatchObject({
      found: true,
      server: fixtures.rdap.url,
      registration: { domain: 'shop.test', registrar: 'Example Registrar, Inc.' },
    });
    expect(await lookupRegistration({ ...target, host: 'shop.example' }, options, fixtures.rdap.bootstrap)).toEqual({
      found: false,
      reason: 'rdap_no_server',
    });
    controller.abort();
  });

  it('reverse_dns_check: a PTR that resolves back passes; one that does not is not recommended', async () => {
    const good = await run('reverse_dns_check', fixtures.good);
    expect(good).toMatchObject({
      status: 'pass',
      data: { addresses: [{ address: '127.0.0.1', ptr: ['shop.test'], confirmed: true }] },
    });
    const bad = await run('reverse_dns_check', fixtures.bad);
    expect(bad.status).toBe('not_recommended');
    expect(bad.findings[0]).toMatchObject({
      id: 'ptr_not_confirmed',
      evidence: '127.0.0.4 → ghost.bad.test does not resolve back',
    });
  });

  it('rdp_enumeration: RDP with standard security (no NLA) fails; no RDP passes', async () => {
    expect(await run('rdp_enumeration', fixtures.good)).toMatchObject({ status: 'pass', data: { rdp: false } });
    const bad = await run('rdp_enumeration', fixtures.bad);
    expect(bad).toMatchObject({ status: 'fail', data: { rdp: true, selectedProtocol: 'rdp' } });
    expect(ids(bad)).toEqual(['rdp_exposed', 'rdp_without_nla']);
  });

  it('ipmi_check: a BMC answering with anonymous login fails as a default account; a refused port passes', async () => {
    expect(await run('ipmi_check', fixtures.good)).toMatchObject({ status: 'pass', data: { ipmi: false } });
    const bad = await run('ipmi_check', fixtures.bad);
    expect(bad).toMatchObject({ status: 'fail', data: { ipmi: true, ipmi2: true, anonymous: true } });
    expect(bad.findings[1]).toMatchObject({ id: 'ipmi_anonymous_login', asv: 'default_account' });
  });

  it('tcp_timestamp: not measurable, with the reason', async () => {
    expect(await run('tcp_timestamp', fixtures.good)).toMatchObject({
      status: 'not_measurable',
      data: { reason: 'raw_socket_required' },
    });
  });
});
