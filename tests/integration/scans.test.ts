import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanMenuGroup } from '../../core/scans/menu-items';
import type { ScanRecord } from '../../core/scans/scan-record';
import type { UserRecord } from '../../server/store/records.types';
import { REALTIME_BUS_CHANNEL, type RealtimeEvent, userChannel } from '../../server/realtime/publish';
import type { ScanProgressEvent } from '../../server/services/scans.service';
import { type Fixtures, loopbackScans, startFixtures } from '../unit/scans/support/fixtures';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';

const SCANS = '/wbe/api/scans';
const menuOf = (id: string, language?: string) =>
  `/wbe/api/scan/${id}/menu_items${language ? `?language=${language}` : ''}`;

/**
 * Domain scans over HTTP (docs/gateway/wbe-scans-portfolio.md 'Scans'): a POST queues a job that scans loopback
 * fixture servers for real; the record fills in with each check, progress is published to the
 * scan's owner, and the domain menu is built from the results and cached per scan and language.
 */
describe('scans as queued jobs', () => {
  let fixtures: Fixtures;
  let server: TestServer;
  let admin: string;
  let adminId: string;
  let onboarding: string;
  let bank: string;
  const events: RealtimeEvent[] = [];
  let stopWatching: () => Promise<void>;
  const as = (token: string | undefined, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token, body, headers: { 'accept-language': 'en' } });
  /** The fixture target as a request body names it (allowed because the server allows loopback). */
  const badBody = () => ({
    url: 'https://bad.test',
    target: { address: fixtures.bad.address, ports: fixtures.bad.ports, resolver: fixtures.bad.resolver },
  });

  beforeAll(async () => {
    fixtures = await startFixtures();
    server = await startTestServer({
      withSmtp: false,
      loginRateLimit: 100,
      scans: loopbackScans(fixtures),
    });
    [admin, onboarding, bank] = await Promise.all(
      ['admin@demo.test', 'onboarding@demo.test', 'bank@demo.test'].map((email) => tokenFor(server.base, email)),
    );
    const users = await server.store.collection<UserRecord>('users').all();
    adminId = users.find((user) => user.email === 'admin@demo.test')?.id as string;
    stopWatching = await server.bus.subscribe<RealtimeEvent>(REALTIME_BUS_CHANNEL, (event) => {
      if (event.event) events.push(event);
    });
  }, 90_000);
  afterAll(async () => {
    await stopWatching?.();
    await server?.close();
    await fixtures?.close();
  });

  let scan: ScanRecord;

  it('queues a scan, runs every check against the fixtures, and stores real verdicts', async () => {
    const started = await as(admin, 'POST', SCANS, badBody());
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const queued = started.body.content as ScanRecord;
    expect(queued).toMatchObject({
      status: 'queued',
      host: 'bad.test',
      url: 'https://bad.test',
      organizationId: 'org-paysec',
      progress: { done: 0, total: 23, current: null },
      results: [],
    });
    await server.settled();

    const read = await as(admin, 'GET', `${SCANS}/${queued.id}`);
    expect(read.status).toBe(200);
    scan = read.body.content as ScanRecord;
    expect(scan.status).toBe('completed');
    expect(scan.progress).toEqual({ done: 23, total: 23, current: null });
    expect(scan.results).toHaveLength(23);
    expect(scan.results.filter((result) => result.status === 'error')).toEqual([]);
    expect(scan.scan_date).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(scan.reachability).toBe('online');
    expect(scan.asvVerdict).toBe('fail');
    expect(new Set(scan.asv?.reasons.map((reason) => reason.rule))).toEqual(
      new Set([
        'cvss',
        'ssl_early_tls',
        'unsupported_software',
        'database_reachable',
        'xss',
        'sql_injection',
        'directory_browsing',
        'zone_transfer',
        'default_account',
      ]),
    );
    expect(scan.groups).toEqual({
      site_health: 'fail',
      ssl_health: 'fail',
      attack_surface: 'fail',
      network_tools: 'fail',
      remote_access_security: 'fail',
      web_application_security: 'fail',
    });
    const byCheck = Object.fromEntries(scan.results.map((result) => [result.check, result]));
    expect(byCheck.port_scan.findings.map((finding) => finding.asv)).toContain('database_reachable');
    expect(byCheck.ssl_certificate.status).toBe('fail');
    // the app's RDAP setting reaches the check: bad.test's registration expires within 30 days
    expect(byCheck.domain_info.data).toMatchObject({ registration: 'measured', registrar: 'Example Registrar, Inc.' });
    expect(byCheck.domain_info.findings.map((finding) => finding.id)).toContain('domain_expiring_soon');
    expect(byCheck.sql_injection.status).toBe('fail');
    // the bad shop accepts TLS 1.0 and serves a self-signed certificate: graded down hard
    expect(scan.grades?.ssl?.grade).toMatch(/^[FT]$/);
    expect(scan.grades?.headers?.grade).toBe('F');
  }, 120_000);

  it('published the progress to the scan owner as each check completed', () => {
    const progress = events
      .filter((event) => event.channel === userChannel(adminId) && event.event === 'scan.progress')
      .map((event) => event.data as ScanProgressEvent)
      .filter((event) => event.id === scan.id);
    expect(progress[0]).toMatchObject({ status: 'in_progress', progress: { done: 0, total: 23 } });
    const done = progress.map((event) => event.progress.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(new Set(done)).toEqual(new Set(Array.from({ length: 24 }, (_, index) => index)));
    expect(progress.at(-1)).toMatchObject({ status: 'completed', progress: { done: 23, total: 23, current: null } });
  });

  it('lists the organisation’s scans through the query contract, without the results', async () => {
    const listed = await as(admin, 'GET', `${SCANS}?sort=-createdAt&pageSize=5`);
    expect(listed.status).toBe(200);
    expect(listed.body.content.total).toBeGreaterThanOrEqual(1);
    expect(listed.body.content.items[0]).toMatchObject({ id: scan.id, status: 'completed', asvVerdict: 'fail' });
    expect(listed.body.content.items[0].results).toBeUndefined();
    expect((await as(admin, 'GET', `${SCANS}?sort=nope`)).status).toBe(400);
  });

  it('builds the domain menu from the results, cached per scan and language until the record changes', async () => {
    const first = await as(admin, 'GET', menuOf(scan.id, 'en'));
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('miss');
    const groups = first.body.content.menu_items as ScanMenuGroup[];
    expect(groups.map((group) => group.menu_group_id)).toEqual([
      'site_health',
      'ssl_health',
      'attack_surface',
      'network_tools',
      'remote_access_security',
      'web_application_security',
    ]);
    const ssl = groups.find((group) => group.menu_group_id === 'ssl_health') as ScanMenuGroup;
    expect(ssl).toMatchObject({ name: 'SSL health', pci_compliance: 'fail', has_data_to_show: true });
    expect(ssl.sub_items.map((item) => item.id)).toEqual(['ssl_certificate', 'ssl_ciphers', 'ssl_vulnerabilities']);
    expect(ssl.sub_items[0]).toMatchObject({
      menu_group_id: 'ssl_health',
      has_data_to_show: true,
      checkStatus: 'other',
      status: 'fail',
      url: `/app/domain/${scan.id}/ssl_certificate`,
      title: 'SSL certificate',
    });
    for (const group of groups) {
      for (const item of group.sub_items) {
        expect(item.menu_group_id).toBe(group.menu_group_id);
        expect(['pass', 'not_recommended', 'other']).toContain(item.checkStatus);
      }
    }

    const again = await as(admin, 'GET', menuOf(scan.id, 'en'));
    expect(again.headers.get('x-cache')).toBe('hit');
    expect(again.body.content).toEqual(first.body.content);
    const turkish = await as(admin, 'GET', menuOf(scan.id, 'tr'));
    expect(turkish.headers.get('x-cache')).toBe('miss');
    expect((turkish.body.content.menu_items as ScanMenuGroup[])[1].name).toBe('SSL sağlığı');
    expect((await as(admin, 'GET', menuOf(scan.id))).headers.get('x-cache')).toBe('hit');

    // a changed record (here: one check's verdict) is a new revision: the menu is built again
    const stored = await server.store.collection<ScanRecord>('scans').get(scan.id);
    const results = (stored as ScanRecord).results.map((result) =>
      result.check === 'ssl_certificate' ? { ...result, status: 'pass' as const } : result,
    );
    await server.store.collection<ScanRecord>('scans').update(scan.id, { results, revision: scan.revision + 1 });
    const rebuilt = await as(admin, 'GET', menuOf(scan.id, 'en'));
    expect(rebuilt.headers.get('x-cache')).toBe('miss');
    const rebuiltSsl = (rebuilt.body.content.menu_items as ScanMenuGroup[])[1];
    expect(rebuiltSsl.sub_items[0]).toMatchObject({ checkStatus: 'pass', status: 'pass' });
  });

  it('serves the detail pages: every check, one check with its findings, one group with its findings', async () => {
    const checks = await as(admin, 'GET', `${SCANS}/${scan.id}/checks?pageSize=50`);
    expect(checks.status).toBe(200);
    expect(checks.body.content.total).toBe(23);
    const http = checks.body.content.items.find((row: { check: string }) => row.check === 'http_response');
    expect(http).toMatchObject({
      id: 'http_response',
      scanId: scan.id,
      name: 'HTTP response',
      group: 'site_health',
      groupName: 'Site health',
    });
    const tcp = checks.body.content.items.find((row: { check: string }) => row.check === 'tcp_timestamp');
    expect(tcp.status).toBe('not_measurable');
    expect(tcp.reason).not.toBe('');

    const port = await as(admin, 'GET', `${SCANS}/${scan.id}/checks/port_scan`);
    expect(port.status).toBe(200);
    expect(port.body.content).toMatchObject({ check: 'port_scan', status: 'fail', host: 'bad.test' });
    const findings = await as(admin, 'GET', `${SCANS}/${scan.id}/checks/port_scan/findings`);
    expect(findings.status).toBe(200);
    expect(findings.body.content.items.some((row: { asv: string }) => row.asv === 'database_reachable')).toBe(true);
    for (const row of findings.body.content.items) expect(row.check).toBe('port_scan');

    const group = await as(admin, 'GET', `${SCANS}/${scan.id}/groups/attack_surface`);
    expect(group.body.content).toMatchObject({ id: 'attack_surface', name: 'Attack surface', checks: 4 });
    const inGroup = await as(admin, 'GET', `${SCANS}/${scan.id}/groups/attack_surface/findings?sort=-cvss`);
    expect(inGroup.status).toBe(200);
    expect(group.body.content.findings).toBe(inGroup.body.content.total);
    expect(new Set(inGroup.body.content.items.map((row: { group: string }) => row.group))).toEqual(
      new Set(['attack_surface']),
    );
    expect((await as(admin, 'GET', `${SCANS}/${scan.id}/checks/not_a_check`)).status).toBe(400);
    expect((await as(admin, 'GET', `${SCANS}/${scan.id}/groups/nope/findings`)).status).toBe(400);
    expect((await as(onboarding, 'GET', `${SCANS}/${scan.id}/checks/port_scan/findings`)).status).toBe(404);
  });

  it('refuses signed-out callers (401) and users outside the scanners role group (403)', async () => {
    const id = scan.id;
    for (const [method, path] of [
      ['POST', SCANS],
      ['GET', SCANS],
      ['GET', `${SCANS}/${id}`],
      ['GET', menuOf(id, 'en')],
      ['GET', `${SCANS}/${id}/checks`],
      ['GET', `${SCANS}/${id}/checks/xss`],
      ['GET', `${SCANS}/${id}/checks/xss/findings`],
      ['GET', `${SCANS}/${id}/groups/ssl_health`],
      ['GET', `${SCANS}/${id}/groups/ssl_health/findings`],
    ]) {
      const body = method === 'POST' ? badBody() : undefined;
      expect((await as(undefined, method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await as(bank, method, path, body)).status, `${method} ${path}`).toBe(403);
    }
  });

  it('answers 404 for another organisation’s scan and leaves it out of that organisation’s list', async () => {
    expect((await as(onboarding, 'GET', `${SCANS}/${scan.id}`)).status).toBe(404);
    const menu = await as(onboarding, 'GET', menuOf(scan.id, 'en'));
    expect(menu.status).toBe(404);
    expect(menu.body.code).toBe('scanNotFound');
    const listed = await as(onboarding, 'GET', SCANS);
    expect(listed.body.content.items.map((item: ScanRecord) => item.id)).not.toContain(scan.id);
  });

  it('refuses bad bodies and parameters with 400, and private targets with 422', async () => {
    expect((await as(admin, 'POST', SCANS, {})).status).toBe(400);
    expect((await as(admin, 'POST', SCANS, { url: 'https://x.test', extra: 1 })).status).toBe(400);
    expect((await as(admin, 'POST', SCANS, { url: 42 })).status).toBe(400);
    expect(
      (await as(admin, 'POST', SCANS, { ...badBody(), target: { address: '127.0.0.1', ports: { http: 0 } } })).status,
    ).toBe(400);
    expect((await as(admin, 'GET', `${SCANS}/not-a-uuid`)).status).toBe(400);
    expect((await as(admin, 'GET', menuOf(scan.id, 'de'))).status).toBe(400);
    const notUrl = await as(admin, 'POST', SCANS, { url: 'ftp://shop.test' });
    expect(notUrl.status).toBe(422);
    expect(notUrl.body.code).toBe('scanUrlInvalid');
    // even where loopback fixtures are allowed, private networks are not
    for (const url of ['http://10.0.0.1', 'http://192.168.1.1', 'http://169.254.169.254', 'http://[fd00::1]']) {
      const refused = await as(admin, 'POST', SCANS, { url });
      expect(refused.status, url).toBe(422);
      expect(refused.body.code).toBe('scanTargetNotAllowed');
    }
    const elsewhere = await as(admin, 'POST', SCANS, { ...badBody(), target: { address: '10.1.2.3', ports: {} } });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.code).toBe('scanTargetNotAllowed');
  });
});

describe('scans where loopback targets are not allowed (production)', () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    admin = await tokenFor(server.base, 'admin@demo.test');
  }, 60_000);
  afterAll(() => server?.close());

  it('refuses loopback addresses and fixture targets with 422 scanTargetNotAllowed, queuing nothing', async () => {
    for (const body of [
      { url: 'http://127.0.0.1:8080' },
      { url: 'http://[::1]' },
      { url: 'http://localhost' },
      { url: 'https://bad.test', target: { address: '127.0.0.1', ports: { http: 8080 } } },
    ]) {
      const refused = await call(server.base, 'POST', SCANS, { token: admin, body });
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body.code).toBe('scanTargetNotAllowed');
      expect(refused.body.message).toBe('This address cannot be scanned: it is private, local or reserved.');
    }
    expect((await call(server.base, 'GET', SCANS, { token: admin })).body.content.total).toBe(0);
  });
});
