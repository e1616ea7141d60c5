import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareDemoMerchantWithDemoBank } from './support/compliance-share';
import { textPdf } from './support/pdf';
import { call, startTestServer, type TestServer, tokenFor } from './support/harness';
import { signedSaqA } from './support/saq-flow';

const MERCHANT = 'demo-merchant-anatolia';
const BASE = `/wbe/api/portfolio/merchants/${MERCHANT}`;
const DEFAULTS = '/wbe/api/portfolio/settings';

/**
 * A portfolio merchant's compliance, reports and PCI DSS pages (docs/domain/portfolio-mmsp.md): what
 * its linked organisation shares with the bank, by requirement; and the portfolio defaults a new
 * merchant takes. Another bank organisation reads none of it.
 */
describe('portfolio compliance and defaults', () => {
  let server: TestServer;
  let bank: string;
  let acquirer: string;
  let merchant: string;
  const as = (token: string, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token, body, headers: { 'accept-language': 'en' } });

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    [bank, merchant] = await Promise.all(['bank@demo.test', 'merchant@demo.test'].map((e) => tokenFor(server.base, e)));
    acquirer = (await as(bank, 'GET', '/trn/v2/login/organization/org-demo-acquirer')).body.content.token;
  }, 90_000);
  afterAll(() => server?.close());

  it('shows nothing before the merchant is linked, then its shared SAQ, ASV report and requirements', async () => {
    expect((await as(bank, 'GET', `${BASE}/compliance/saqs`)).body.content).toEqual({ items: [], total: 0 });
    await shareDemoMerchantWithDemoBank(server);
    expect((await as(bank, 'PUT', `${BASE}/sharing`, { organizationId: 'org-demo-merchant' })).status).toBe(200);
    await signedSaqA(server, merchant);
    const form = new FormData();
    form.append('validFrom', new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10));
    form.append('file', new Blob([new Uint8Array(await textPdf('ASV scan'))], { type: 'application/pdf' }), 'asv.pdf');
    const uploaded = await fetch(`${server.base}/wbe/api/compliance-documents/asv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${merchant}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);

    const saqs = (await as(bank, 'GET', `${BASE}/compliance/saqs`)).body.content;
    expect(saqs.items.map((row: { saqType: string; access: string }) => [row.saqType, row.access])).toEqual([
      ['A', 'shared'],
    ]);
    const asv = (await as(bank, 'GET', `${BASE}/compliance/documents/asv`)).body.content;
    expect(asv.items.map((row: { fileName: string }) => row.fileName)).toEqual(['asv.pdf']);
    expect((await as(bank, 'GET', `${BASE}/compliance/documents/aoc`)).body.content.total).toBe(0);

    const requirements = (await as(bank, 'GET', `${BASE}/compliance/requirements?pageSize=100`)).body.content;
    const byId = new Map(requirements.items.map((row: { id: string }) => [row.id, row]));
    expect(requirements.total).toBeGreaterThan(60);
    expect(byId.get('11.3')).toMatchObject({ documents: 1, status: 'evidenced' });
    // SAQ A's answers (all in place in the helper) evidence the requirements it asks about
    const answered = requirements.items.filter((row: { saqInPlace: number }) => row.saqInPlace > 0);
    expect(answered.length).toBeGreaterThan(0);
  }, 60_000);

  it('answers another bank 403 or 404 and refuses bad parameters and bodies', async () => {
    for (const path of ['compliance/saqs', 'compliance/documents/asv', 'compliance/requirements']) {
      const answer = await as(acquirer, 'GET', `${BASE}/${path}`);
      expect([403, 404], `${path} ${answer.status}`).toContain(answer.status);
    }
    expect((await as(bank, 'GET', `${BASE}/compliance/documents/pdf`)).status).toBe(400);
    expect((await as(merchant, 'PUT', DEFAULTS, { autoScan: true })).status).toBe(403);
    for (const body of [{}, { scanDayOfMonth: 31 }, { period: 'year' }, { invitationValidityDays: 0 }, { other: 1 }])
      expect((await as(bank, 'PUT', DEFAULTS, body)).status, JSON.stringify(body)).toBe(400);
  });

  it('gives a new merchant the portfolio defaults until it saves its own', async () => {
    const defaults = {
      autoScan: true,
      period: 'month',
      scanDayOfMonth: 5,
      mccDetection: false,
      invitationValidityDays: 30,
    };
    const saved = await as(bank, 'PUT', DEFAULTS, defaults);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.content).toMatchObject(defaults);
    // another bank organisation keeps the app's defaults
    expect((await as(acquirer, 'GET', DEFAULTS)).body.content).toMatchObject({
      autoScan: false,
      invitationValidityDays: 180,
    });

    const made = await as(bank, 'POST', '/wbe/api/resources/merchant', {
      name: 'Defaults Shop',
      url: 'https://defaults-shop.example',
      type: 'merchant',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const settings = `/wbe/api/portfolio/merchants/${made.body.content.id}/settings`;
    expect((await as(bank, 'GET', settings)).body.content).toMatchObject(defaults);
    // its own choice wins over the defaults, and a later default change leaves it
    expect((await as(bank, 'PUT', settings, { invitationValidityDays: 60 })).status).toBe(200);
    expect((await as(bank, 'PUT', DEFAULTS, { invitationValidityDays: 90 })).status).toBe(200);
    expect((await as(bank, 'GET', settings)).body.content).toMatchObject({
      invitationValidityDays: 60,
      autoScan: true,
    });
  });
});
