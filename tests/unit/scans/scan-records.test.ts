import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mergeSuggestions, type SaqSuggestion } from '../../../core/saq/saq-suggestions';
import { scanMenuEntries, scanMenuItems } from '../../../core/scans/menu-items';
import { scanDate } from '../../../core/scans/scan-record';
import { findingRows } from '../../../core/scans/scan-views';
import { type ScanRequirementsBody, unmetRequirements } from '../../../core/scans/scan-requirements';
import type { CheckResult } from '../../../core/scans/scan.types';
import { finding, statusOf } from '../../../core/scans/status.utils';
import { scanSettingsFromEnv } from '../../../server/scans/scan-settings';
import { addressAllowed, resolveScanTarget } from '../../../server/scans/scan-target-policy';

const result = (check: CheckResult['check'], status: CheckResult['status'], findings: string[] = []): CheckResult => ({
  check,
  status,
  findings: findings.map((id) => ({ id, severity: 'high', title: `scan.finding.${id}`, evidence: `saw ${id}` })),
  data: {},
});

describe('the scan target policy', () => {
  it('refuses private, loopback, link-local, CGNAT, multicast and reserved addresses; loopback only when allowed', () => {
    const production = { allowLoopback: false };
    for (const address of [
      '10.1.2.3',
      '172.20.0.1',
      '192.168.0.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '240.0.0.1',
      'fd00::1',
      'fe80::1',
      '::',
      'ff02::1',
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
    ]) {
      expect(addressAllowed(address, production), address).toBe(false);
    }
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:93.184.216.34']) {
      expect(addressAllowed(address, production), address).toBe(true);
    }
    expect(addressAllowed('127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(addressAllowed('10.0.0.1', { allowLoopback: true })).toBe(false);
  });

  it('resolves the host itself: every address must pass, and the checks connect to the judged one', async () => {
    const lookup = async (host: string) =>
      host === 'shop.example' ? ['93.184.216.34'] : ['93.184.216.34', '10.0.0.5'];
    const { url, target } = await resolveScanTarget(
      'Shop.Example:8443/path',
      { allowLoopback: false },
      undefined,
      lookup,
    );
    expect(url).toBe('https://shop.example:8443');
    expect(target).toEqual({ host: 'shop.example', address: '93.184.216.34', ports: { http: 80, https: 8443 } });
    // one private answer among public ones is enough to refuse (DNS rebinding)
    await expect(
      resolveScanTarget('http://mixed.example', { allowLoopback: false }, undefined, lookup),
    ).rejects.toMatchObject({
      status: 422,
      code: 'scanTargetNotAllowed',
    });
    await expect(resolveScanTarget('gopher://x', { allowLoopback: false }, undefined, lookup)).rejects.toMatchObject({
      code: 'scanUrlInvalid',
    });
    const missing = async () => {
      throw new Error('ENOTFOUND');
    };
    await expect(
      resolveScanTarget('nowhere.example', { allowLoopback: false }, undefined, missing),
    ).rejects.toMatchObject({
      code: 'scanHostNotFound',
    });
  });

  it('never allows loopback under NODE_ENV=production', () => {
    expect(() => scanSettingsFromEnv({ SCAN_ALLOW_LOOPBACK: '1', NODE_ENV: 'production' }, () => '')).toThrow(
      /refused/,
    );
    expect(scanSettingsFromEnv({ SCAN_CONNECTIONS: '8', SCAN_CHECK_TIMEOUT_MS: 'x' }, () => '')).toEqual({
      connections: 8,
      checkTimeoutMs: 20_000,
      allowLoopback: false,
    });
    expect(scanSettingsFromEnv({ SCAN_RDAP_URL: 'https://rdap.mirror.example/' }, () => '').rdap).toBe(
      'https://rdap.mirror.example/',
    );
  });
});

describe('scan records and the domain menu', () => {
  it('writes scan_date as dd-MM-yyyy HH:mm:ss (UTC)', () => {
    expect(scanDate(new Date('2026-03-04T05:06:07Z'))).toBe('04-03-2026 05:06:07');
  });

  it('builds every group with its checks; a group not yet run has no data and no status', () => {
    const groups = scanMenuItems(
      { id: 's1', results: [result('xss', 'fail', ['xss_reflected']), result('csrf', 'pass')] },
      (key) => key,
    );
    const web = groups.find((group) => group.menu_group_id === 'web_application_security');
    expect(web).toMatchObject({ pci_compliance: 'fail', has_data_to_show: true });
    expect(web?.sub_items.map((item) => [item.id, item.checkStatus, item.has_data_to_show])).toEqual([
      ['xss', 'other', true],
      ['sql_injection', 'other', false],
      ['csrf', 'pass', true],
      ['waf_detection', 'other', false],
    ]);
    expect(groups.find((group) => group.menu_group_id === 'ssl_health')).toMatchObject({
      pci_compliance: null,
      has_data_to_show: false,
    });
    const entries = scanMenuEntries(groups);
    expect(entries[5]).toMatchObject({ type: 'collapse', badge: 'scan.status.fail' });
    expect(entries[5].children?.[0]).toMatchObject({ url: '/app/domain/s1/xss', type: 'item' });
  });
});

describe('scan requirements (the seeded mapping document)', () => {
  const mapping = JSON.parse(readFileSync('schemas/scan-requirements/pci-dss-4.json', 'utf8'))
    .body as ScanRequirementsBody;

  it('maps weak TLS and a bad certificate to 4.2.1, a reachable database to 1.3.1 and 1.4.1, outdated services to 6.3.3', () => {
    const unmet = unmetRequirements(
      [
        result('ssl_ciphers', 'fail', ['tls10_enabled']),
        result('ssl_certificate', 'fail', ['certificate_expired']),
        result('port_scan', 'fail', ['database_port_open']),
        result('outdated_services', 'fail', ['vulnerable_version']),
        result('security_headers', 'not_recommended', ['header_csp_missing']),
      ],
      mapping,
    );
    expect(unmet.get('4.2.1')?.map((each) => each.finding)).toEqual(['tls10_enabled', 'certificate_expired']);
    expect(unmet.get('1.3.1')?.[0]).toMatchObject({ check: 'port_scan', evidence: 'saw database_port_open' });
    expect(unmet.has('1.4.1')).toBe(true);
    expect(unmet.has('6.3.3')).toBe(true);
    // not recommended is not a failure unless a rule says so
    expect(unmet.has('6.4.1')).toBe(false);
  });

  it('fires only on the listed findings, and on the listed statuses', () => {
    expect(unmetRequirements([result('ssl_ciphers', 'fail', ['no_forward_secrecy'])], mapping).size).toBe(0);
    expect(
      unmetRequirements([result('waf_detection', 'not_recommended', ['waf_not_detected'])], mapping).has('6.4.2'),
    ).toBe(true);
  });

  it('plain HTTP without a redirect to HTTPS is 4.2.1 on its own (a medium finding: the check is not recommended)', () => {
    const notRedirected = {
      ...result('https_redirection', 'not_recommended'),
      findings: [finding('http_not_redirected', 'medium', 'http://bad.test/ answered 200')],
    };
    expect(statusOf(notRedirected.findings)).toBe('not_recommended');
    expect(unmetRequirements([notRedirected], mapping).get('4.2.1')).toEqual([
      {
        rule: 'no-https',
        check: 'https_redirection',
        finding: 'http_not_redirected',
        title: 'scan.finding.http_not_redirected',
        evidence: 'http://bad.test/ answered 200',
      },
    ]);
    // HSTS alone is no 4.2.1 finding
    const hstsOnly = { ...notRedirected, findings: [finding('hsts_missing', 'medium', 'no HSTS')] };
    expect(unmetRequirements([hstsOnly], mapping).has('4.2.1')).toBe(false);
  });

  it('the findings list translates evidence in our own words and keeps what the server sent verbatim', () => {
    const headers = {
      ...result('security_headers', 'fail'),
      findings: [
        finding('header_csp_not_implemented', 'low', 'Content-Security-Policy: not sent', {
          detail: { key: 'scan.evidence.headerMissing', params: { header: 'Content-Security-Policy', points: '25' } },
        }),
        finding('http_server_error', 'medium', 'https://bad.test/ answered 503'),
      ],
    };
    const t = (key: string, values?: Record<string, string>) => `${key}${values ? JSON.stringify(values) : ''}`;
    expect(findingRows({ results: [headers] }, t).map((row) => row.evidence)).toEqual([
      'scan.evidence.headerMissing{"header":"Content-Security-Policy","points":"25"}',
      'https://bad.test/ answered 503',
    ]);
  });

  it('keeps the merchant’s decisions and replaces undecided suggestions', () => {
    const make = (itemId: string, status: SaqSuggestion['status'], scanId: string) =>
      ({ itemId, status, scanId }) as SaqSuggestion;
    const merged = mergeSuggestions(
      { a: make('a', 'accepted', 'old'), b: make('b', 'suggested', 'old'), c: make('c', 'overridden', 'old') },
      { a: make('a', 'suggested', 'new'), b: make('b', 'suggested', 'new'), d: make('d', 'suggested', 'new') },
    );
    expect(
      Object.fromEntries(Object.entries(merged).map(([id, each]) => [id, `${each.status}@${each.scanId}`])),
    ).toEqual({
      a: 'accepted@old',
      b: 'suggested@new',
      c: 'overridden@old',
      d: 'suggested@new',
    });
  });
});
