import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestServer, startTestServer, tokenFor } from './support/harness';

const BANK_ORG = 'org-demo-bank';
const profile = (providers: string[]) => ({
  url: 'https://x.example',
  paymentPage: { type: 'none', provider: null, evidence: null, cardFields: false, saqHint: null },
  providers: providers.map((id) => ({ id, name: id, category: 'analytics', evidence: '' })),
  modules: [],
  scripts: [],
});

/**
 * Transaction laundering over HTTP: the portfolio merchant's cross-pattern matches (a look-alike name,
 * a site loading the same technology) and its transactions that do not fit it (another descriptor,
 * another MCC) become monthly findings with the spec's statuses; the merchant info flags come from
 * that data; the admin reads them across portfolios; other organisations and merchants see nothing.
 */
describe('transaction laundering and cross-pattern matching', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const as = (who: string | undefined, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, {
      token: who ? tokens[who] : undefined,
      body,
      headers: { 'accept-language': 'en' },
    });

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    for (const who of ['bank', 'admin', 'merchant', 'tm'])
      tokens[who] = await tokenFor(server.base, `${who}@demo.test`);
    for (const [key, name, url, mcc] of [
      ['star', 'Lucky Star Electronics', 'https://luckystar-electronics.example', '5732'],
      ['twin', 'Lucky Star Electronic', 'https://lucky-star.example', '5732'],
      ['tea', 'Karadeniz Tea House', 'https://karadeniz-tea.example', '5499'],
      ['socks', 'Ege Socks', 'https://ege-socks.example', '5651'],
    ]) {
      const created = await as('bank', 'POST', '/wbe/api/resources/merchant', { name, url, mcc, type: 'merchant' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ids[key] = created.body.content.id;
    }
    // two unrelated names whose sites load the same four third parties: one hand runs both
    const profiles = server.store.collection<Record<string, unknown> & { id: string }>('siteProfiles');
    for (const key of ['tea', 'socks']) {
      await profiles.insert({
        ...profile(['cdn-a', 'tracker-b', 'chat-c', 'pay-d']),
        id: ids[key],
        organizationId: BANK_ORG,
      });
    }
    // the electronics shop's account charges for a casino
    const transactions = server.store.collection<Record<string, unknown> & { id: string }>('tmTransactions');
    for (const [index, name] of ['Golden Dragon Casino', 'Golden Dragon Casino', 'LUCKY STAR ELECTRONICS'].entries()) {
      const at = new Date(Date.now() - index * 60_000).toISOString();
      await transactions.insert({
        id: `tl-${index}`,
        organizationId: BANK_ORG,
        transactionId: `tl-${index}`,
        merchantId: ids.star,
        merchantName: name,
        mcc: name.startsWith('Golden') ? '7995' : '5732',
        amount: 50,
        currency: 'EUR',
        bin: '411111',
        last4: '1111',
        cardHash: 'h',
        maskedPan: '411111******1111',
        occurredAt: at,
        scoredAt: at,
        decision: 'approved',
        score: 0,
        hits: [],
        ruleSet: { id: 'acquirer', version: 1 },
        trace: [],
        keyId: 'k',
      });
    }
  });
  afterAll(() => server?.close());

  it('the merchant info flags come from the data', async () => {
    const star = await as('bank', 'GET', `/wbe/api/mmsp/merchants/${ids.star}/info`);
    expect(star.status).toBe(200);
    expect(star.body.content).toMatchObject({
      merchant_name: 'Lucky Star Electronics',
      merchant_uri: 'https://luckystar-electronics.example',
      has_pattern_match: true,
      has_transaction: true,
    });
    const tea = await as('bank', 'GET', `/wbe/api/mmsp/merchants/${ids.tea}/info`);
    expect(tea.body.content).toMatchObject({ has_pattern_match: true, has_transaction: false });
    const cappadocia = await as('bank', 'GET', '/wbe/api/mmsp/merchants/demo-merchant-cappadocia/info');
    expect(cappadocia.body.content).toMatchObject({ has_pattern_match: false, has_transaction: false });
  });

  it('cross-pattern matches: a look-alike by content, a twin by technology, with their similarities', async () => {
    const star = await as('bank', 'GET', `/wbe/api/mmsp/merchants/${ids.star}/pattern-matches`);
    expect(star.body.content.total).toBe(1);
    const [match] = star.body.content.items;
    expect(match).toMatchObject({
      type: 'similar_content',
      matchedMerchantId: ids.twin,
      matchedMerchantName: 'Lucky Star Electronic',
      state: 'awaiting',
      similarity: { visual: null, infrastructure: null },
    });
    expect(match.similarity.content).toBeGreaterThanOrEqual(0.9);
    const tea = await as('bank', 'GET', `/wbe/api/mmsp/merchants/${ids.tea}/pattern-matches`);
    expect(tea.body.content.items[0]).toMatchObject({
      type: 'similar_tech',
      matchedMerchantName: 'Ege Socks',
      similarity: { infrastructure: 1 },
    });
    expect(tea.body.content.items[0].similarity.content).toBeLessThan(0.9);
  });

  it("the transaction-laundering list holds the merchant's transaction signals beside its matches", async () => {
    const all = await as('bank', 'GET', `/wbe/api/mmsp/merchants/${ids.star}/laundering?pageSize=50`);
    const kinds = all.body.content.items.map((item: { kind?: string; type?: string }) => item.kind ?? item.type);
    expect(kinds.sort()).toEqual(['descriptor_mismatch', 'similar_content', 'transaction_mcc_mismatch']);
    const descriptor = all.body.content.items.find((item: { kind?: string }) => item.kind === 'descriptor_mismatch');
    expect(descriptor.detail.en).toContain('2 transaction(s) under the descriptor “Golden Dragon Casino”');
    // the status moves by the MMSP finding workflow (shell §3 statuses)
    const moved = await as('bank', 'POST', `/wbe/api/resources/mmsp-finding/${descriptor.id}/actions/inform`, {});
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.content.state).toBe('informed');
  });

  it('the admin lists them across portfolios; others are refused or see nothing', async () => {
    const across = await as('admin', 'GET', '/wbe/api/admin/transaction-laundering?pageSize=100');
    expect(across.status).toBe(200);
    const merchants = new Set(across.body.content.items.map((item: { merchantId: string }) => item.merchantId));
    expect(merchants.has(ids.star) && merchants.has(ids.tea)).toBe(true);
    expect((await as('bank', 'GET', '/wbe/api/admin/transaction-laundering')).status).toBe(403);
    expect((await as('merchant', 'GET', `/wbe/api/mmsp/merchants/${ids.star}/info`)).status).toBe(403);
    // the tm user's organisation has no such merchant: 404, not its findings
    const admin = await as('admin', 'GET', `/wbe/api/mmsp/merchants/${ids.star}/laundering`);
    expect(admin.status).toBe(404);
    expect((await as('bank', 'GET', '/wbe/api/mmsp/merchants/no%20such/info')).status).toBe(400);
    expect((await as(undefined, 'GET', `/wbe/api/mmsp/merchants/${ids.star}/info`)).status).toBe(401);
    const badFilter = await as('bank', 'GET', `/wbe/api/mmsp/merchants/${ids.star}/laundering?filter=nope`);
    expect(badFilter.status).toBe(400);
  });
});
