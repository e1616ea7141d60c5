import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS, TEST_CHALLENGE_CODE } from '../../server/billing/test-payment-provider';
import { COLLECTION_NAMES } from '../../server/store/store.types';
import { pdfText } from '../support/pdf-text';
import { call, TEST_STORE, type TestServer, startTestServer, tokenFor } from './support/harness';

const PRICING = '/wbe/api/pricing/ecommerce-checklist';
const DAY = 86_400_000;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

const card = (number: string) => ({ number, holder: 'Fidan Çelik', expiry: '12/35', cvc: '123' });

/**
 * Pricing and plans over HTTP (docs/domain/pricing.md): the price list document, purchases through
 * the test provider (success, decline, challenge, idempotent), the plan opening `ecommerceUser`
 * guards and tier-published shared reports at once, invoices as PDFs, and no card number at rest.
 */
describe('pricing, plans and shared reports', () => {
  let server: TestServer;
  let free: string;
  let merchant: string;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    free = await tokenFor(server.base, 'freeshop@demo.test');
    merchant = await tokenFor(server.base, 'merchant@demo.test');
    admin = await tokenFor(server.base, 'admin@demo.test');
  });
  afterAll(() => server.close());

  const buy = (token: string, tier: string, number: string, purchaseId = crypto.randomUUID()) =>
    call(server.base, 'POST', `${PRICING}/purchases`, { token, body: { purchaseId, tier, card: card(number) } });
  const get = (token: string, path: string) => call(server.base, 'GET', path, { token });
  const pdf = async (token: string, path: string) => {
    const answer = await fetch(`${server.base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return {
      status: answer.status,
      type: answer.headers.get('content-type'),
      bytes: Buffer.from(await answer.arrayBuffer()),
    };
  };

  it('serves the tiers from the price-list document with VAT added on top, and a new version changes the price', async () => {
    const offer = await get(free, PRICING);
    expect(offer.status).toBe(200);
    const { tiers, terms, current, vatRate } = offer.body.content;
    expect(tiers.map((tier: { id: string }) => tier.id)).toEqual(['free', 'starter', 'professional', 'corporate']);
    expect(vatRate).toBe(0.2);
    expect(tiers[1].amounts).toEqual({ net: 499_000, vat: 99_800, total: 598_800 });
    expect(terms.map((term: { tr: string }) => term.tr)).toContain('Fiyatlara KDV dahil değildir.');
    expect(current).toBeNull();
    expect((await get(free, '/wbe/api/pricing/no-such-list')).status).toBe(404);

    // an analyst changes a price by publishing a new version: no code, no restart
    const document = (await get(admin, '/config/v1/documents/price-list/ecommerce-checklist')).body;
    const body = structuredClone(document.content?.body ?? document.body);
    body.tiers[3].price = 44990;
    const draft = await call(server.base, 'POST', '/config/v1/documents/price-list/ecommerce-checklist/drafts', {
      token: admin,
      body: { body },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const published = await call(
      server.base,
      'POST',
      `/config/v1/documents/price-list/ecommerce-checklist/versions/${draft.body.version}/publish`,
      { token: admin, body: {} },
    );
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect((await get(free, PRICING)).body.content.tiers[3].amounts.net).toBe(4_499_000);
  });

  it('refuses a mistyped card number (Luhn) and the free tier before anything is charged', async () => {
    const mistyped = await buy(free, 'starter', '4242424242424241');
    expect(mistyped.status).toBe(422);
    expect(mistyped.body.code).toBe('cardNumberInvalid');
    expect((await buy(free, 'free', TEST_CARDS.success)).status).toBe(422);
    expect((await buy(free, 'starter', TEST_CARDS.success.slice(0, 8))).status).toBe(400);
    expect((await get(free, '/wbe/api/billing/invoices')).body.content.total).toBe(0);
  });

  it('declines with 402 and keeps the free tier; the same purchase id answers the same decline', async () => {
    const purchaseId = crypto.randomUUID();
    const declined = await buy(free, 'starter', TEST_CARDS.decline, purchaseId);
    expect(declined.status).toBe(402);
    expect(declined.body.code).toBe('cardDeclined');
    expect((await buy(free, 'starter', TEST_CARDS.decline, purchaseId)).status).toBe(402);
    expect((await get(free, '/wbe/api/billing/plan')).body.content.tier).toBe('free');
  });

  it('shows a free-tier user no shared report, and refuses one published to paid tiers', async () => {
    const list = await get(free, '/wbe/api/shared-reports');
    expect(list.status).toBe(200);
    expect(list.body.content.items).toEqual([]);
    const refused = await pdf(free, '/wbe/api/shared-reports/ecommerce-benchmark-2026-q3/pdf');
    expect(refused.status).toBe(403);
    // no e-commerce checklist package at all: the route's guard (ecommerceUser) refuses
    expect((await get(merchant, '/wbe/api/shared-reports')).status).toBe(403);
  });

  it('asks for the challenge, refuses a wrong code, and a right one switches the plan and the guards at once', async () => {
    const wrong = await buy(free, 'starter', TEST_CARDS.challenge);
    expect(wrong.status).toBe(202);
    expect(wrong.body.content.challenge.hint).toBe(TEST_CHALLENGE_CODE);
    const failed = await call(server.base, 'POST', `${PRICING}/purchases/${wrong.body.content.id}/challenge`, {
      token: free,
      body: { code: '000000' },
    });
    expect(failed.status).toBe(402);
    expect(failed.body.code).toBe('challengeFailed');

    const started = await buy(free, 'starter', TEST_CARDS.challenge);
    expect(started.status).toBe(202);
    const path = `${PRICING}/purchases/${started.body.content.id}/challenge`;
    // another user cannot answer this purchase's challenge
    expect(
      (await call(server.base, 'POST', path, { token: merchant, body: { code: TEST_CHALLENGE_CODE } })).status,
    ).toBe(404);
    const done = await call(server.base, 'POST', path, { token: free, body: { code: TEST_CHALLENGE_CODE } });
    expect(done.status).toBe(200);
    expect(done.body.content).toMatchObject({ status: 'succeeded', tier: 'starter', maskedPan: '400000******3220' });
    // answered again: the same success, no second invoice
    expect((await call(server.base, 'POST', path, { token: free, body: { code: TEST_CHALLENGE_CODE } })).status).toBe(
      200,
    );

    // the same token, no new sign-in: the session and the server's guards read the plan now
    const me = await get(free, '/iam/api/me');
    expect(me.body.content.protectedData.packageList).toEqual(expect.arrayContaining(['free', 'starter']));
    const list = await get(free, '/wbe/api/shared-reports');
    expect(list.body.content.items.map((report: { id: string }) => report.id)).toEqual(['ecommerce-benchmark-2026-q3']);
    const report = await pdf(free, '/wbe/api/shared-reports/ecommerce-benchmark-2026-q3/pdf');
    expect(report.status).toBe(200);
    expect(await pdfText(report.bytes)).toContain('E-commerce security benchmark 2026 Q3');
    // professional-only stays closed on starter
    expect((await pdf(free, '/wbe/api/shared-reports/checklist-results-2026-q3/pdf')).status).toBe(403);

    const plan = (await get(free, '/wbe/api/billing/plan')).body.content;
    expect(plan.tier).toBe('starter');
    expect(new Date(plan.periodEnd).getTime() - new Date(plan.periodStart).getTime()).toBeGreaterThanOrEqual(365 * DAY);
    expect((await get(free, '/wbe/api/billing/invoices')).body.content.total).toBe(1);
  });

  it('is idempotent: a retried paid purchase charges once; a downgrade is refused (no refunds)', async () => {
    const purchaseId = crypto.randomUUID();
    const first = await buy(free, 'professional', TEST_CARDS.success, purchaseId);
    expect(first.status).toBe(201);
    const again = await buy(free, 'professional', TEST_CARDS.success, purchaseId);
    expect(again.status).toBe(201);
    expect(again.body.content.invoiceId).toBe(first.body.content.invoiceId);
    expect((await buy(free, 'corporate', TEST_CARDS.success, purchaseId)).status).toBe(409);
    expect((await get(free, '/wbe/api/billing/invoices')).body.content.total).toBe(2);
    expect((await get(free, '/wbe/api/shared-reports')).body.content.total).toBe(2);

    const downgrade = await buy(free, 'starter', TEST_CARDS.success);
    expect(downgrade.status).toBe(409);
    expect(downgrade.body.code).toBe('planDowngradeRefused');
  });

  it('prints the invoice as a PDF: Turkish letters, VAT added, the masked card only; other organisations get 404', async () => {
    const invoices = (await get(free, '/wbe/api/billing/invoices?sort=issuedAt')).body.content.items;
    const starter = invoices.find((invoice: { tier: string }) => invoice.tier === 'starter');
    const file = await pdf(free, `/wbe/api/billing/invoices/${starter.id}/pdf`);
    expect(file.status).toBe(200);
    expect(file.type).toContain('application/pdf');
    const text = await pdfText(file.bytes);
    expect(text).toContain('Serbest Çiçekçilik Ltd.');
    expect(text).toContain(starter.number);
    expect(text).toContain('4,990.00 TRY');
    expect(text).toContain('998.00 TRY');
    expect(text).toContain('5,988.00 TRY');
    expect(text).toContain('Prices exclude VAT.');
    expect(text).toContain('400000******3220');
    expect((await pdf(merchant, `/wbe/api/billing/invoices/${starter.id}/pdf`)).status).toBe(404);
  });

  it('closes the plan when its year is over', async () => {
    server.clock.advance(2 * 366 * DAY);
    expect((await get(free, '/wbe/api/billing/plan')).body.content.tier).toBe('free');
    expect((await get(free, '/wbe/api/shared-reports')).body.content.items).toEqual([]);
  });

  it('never keeps a card number in clear anywhere in the store', async () => {
    const pans = Object.values(TEST_CARDS);
    if (TEST_STORE === 'lowdb') {
      const files = await filesUnder(server.dataDir);
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const text = await readFile(file, 'latin1');
        for (const pan of pans) expect(text, file).not.toContain(pan);
      }
    } else {
      for (const name of COLLECTION_NAMES) {
        const text = JSON.stringify(await server.store.collection(name).all());
        for (const pan of pans) expect(text, name).not.toContain(pan);
      }
    }
    const purchases = await server.store.collection<{ id: string; maskedPan: string }>('purchases').all();
    expect(purchases.length).toBeGreaterThanOrEqual(4);
  });
});
