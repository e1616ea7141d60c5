import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_NAMES } from '../../server/store/store.types';
import { call, TEST_STORE, type TestServer, startTestServer, tokenFor } from './support/harness';
import { tmManagerTokens } from './support/tm-managers';
import { fillPath, mountedRoutes } from './support/mounted-routes';

const INGEST = '/tm/api/v1/transactions';
const TM = '/wbe/api/transaction-monitoring';
/** A Luhn-valid test card number that must never be found at rest. */
const PAN = '4111111111111111';
const MINUTE = 60_000;

const transaction = (id: string, patch: Record<string, unknown> = {}) => ({
  transactionId: id,
  merchantId: 'it-merchant',
  merchantName: 'IT Shop',
  pan: PAN,
  amount: 25,
  currency: 'EUR',
  country: 'DE',
  ip: '203.0.113.7',
  ...patch,
});

/** Every file under a directory, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Transaction monitoring over HTTP (issue 25, slice 1): ingest keys per acquirer organisation,
 * validation, decisions with their rules and trace, the card number never at rest, and the
 * 15-minute visibility delay on the injected clock.
 */
describe('transaction monitoring: ingest, decisions, traces, delay', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  let key = '';
  let keyId = '';
  const as = (who: string, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token: tokens[who], body, headers: { 'accept-language': 'en' } });
  const ingest = (path: string, body: unknown, apiKey: string | null = key) =>
    call(server.base, 'POST', path, { body, headers: apiKey ? { 'x-api-key': apiKey } : {} });

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    // a transaction-monitoring manager of another organisation, and a user without the permission
    Object.assign(tokens, await tmManagerTokens(server, 'tm-other@demo.test'));
    const created = await as('tm', 'POST', `${TM}/keys`, { name: 'Switch A' });
    expect(created.status).toBe(201);
    key = created.body.content.key;
    keyId = created.body.content.id;
    expect(created.body.content).not.toHaveProperty('hash');
  });

  afterAll(async () => {
    await server?.close();
  });

  it('refuses a call without a key or with an unknown one (401), and the key endpoints without the permission (403)', async () => {
    expect((await ingest(INGEST, transaction('t-nokey'), null)).status).toBe(401);
    const unknown = await ingest(INGEST, transaction('t-badkey'), 'tmk_not-a-key');
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('invalidIngestKey');
    expect((await as('bank', 'GET', `${TM}/keys`)).status).toBe(403);
    expect((await as('bank', 'GET', `${TM}/transactions`)).status).toBe(403);
  });

  it('guards every endpoint on the server: managers’ routes 401 signed out and 403 without the permission; ingest 401 without a key', async () => {
    const routes = mountedRoutes(server.app).filter(
      (route) => (route.path.startsWith(`${TM}/`) || route.path.startsWith('/tm/api/v1/')) && route.method !== 'HEAD',
    );
    expect(routes.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
      'DELETE /wbe/api/transaction-monitoring/list-entries/:id',
      'GET /wbe/api/transaction-monitoring/backtests',
      'GET /wbe/api/transaction-monitoring/backtests/:id',
      'GET /wbe/api/transaction-monitoring/backtests/:id/examples',
      'GET /wbe/api/transaction-monitoring/backtests/:id/rules',
      'GET /wbe/api/transaction-monitoring/cases/:id/alerts',
      'GET /wbe/api/transaction-monitoring/cases/:id/files',
      'GET /wbe/api/transaction-monitoring/cases/:id/history',
      'GET /wbe/api/transaction-monitoring/cases/:id/notes',
      'GET /wbe/api/transaction-monitoring/ingest-budget',
      'GET /wbe/api/transaction-monitoring/keys',
      'GET /wbe/api/transaction-monitoring/list-entries',
      'GET /wbe/api/transaction-monitoring/list-entries/:id',
      'GET /wbe/api/transaction-monitoring/list-entries/:id/history',
      'GET /wbe/api/transaction-monitoring/list-entries/import/template',
      'GET /wbe/api/transaction-monitoring/list-history',
      'GET /wbe/api/transaction-monitoring/rules',
      'GET /wbe/api/transaction-monitoring/rules/versions',
      'GET /wbe/api/transaction-monitoring/rules/versions/:version',
      'GET /wbe/api/transaction-monitoring/settings',
      'GET /wbe/api/transaction-monitoring/transactions',
      'GET /wbe/api/transaction-monitoring/transactions/:id',
      'GET /wbe/api/transaction-monitoring/transactions/:id/trace',
      'POST /tm/api/v1/transactions',
      'POST /tm/api/v1/transactions/batch',
      'POST /wbe/api/transaction-monitoring/alerts/:id/assign',
      'POST /wbe/api/transaction-monitoring/alerts/:id/case',
      'POST /wbe/api/transaction-monitoring/alerts/:id/snooze',
      'POST /wbe/api/transaction-monitoring/alerts/case',
      'POST /wbe/api/transaction-monitoring/backtests',
      'POST /wbe/api/transaction-monitoring/backtests/:id/stop',
      'POST /wbe/api/transaction-monitoring/cases/:id/files',
      'POST /wbe/api/transaction-monitoring/cases/:id/notes',
      'POST /wbe/api/transaction-monitoring/keys',
      'POST /wbe/api/transaction-monitoring/keys/:id/revoke',
      'POST /wbe/api/transaction-monitoring/keys/:id/rotate',
      'POST /wbe/api/transaction-monitoring/list-entries',
      'POST /wbe/api/transaction-monitoring/list-entries/:id/expire',
      'POST /wbe/api/transaction-monitoring/list-entries/import',
      'POST /wbe/api/transaction-monitoring/rules/drafts',
      'POST /wbe/api/transaction-monitoring/rules/preview',
      'POST /wbe/api/transaction-monitoring/rules/versions/:version/approve',
      'POST /wbe/api/transaction-monitoring/rules/versions/:version/rollback',
      'PUT /wbe/api/transaction-monitoring/ingest-budget',
      'PUT /wbe/api/transaction-monitoring/list-entries/:id',
      'PUT /wbe/api/transaction-monitoring/settings',
    ]);
    for (const route of routes) {
      const path = fillPath(route.path, { id: keyId, version: '1' });
      const body = route.method === 'GET' ? undefined : {};
      expect((await call(server.base, route.method, path, { body })).status, path).toBe(401);
      if (path.startsWith('/tm/')) {
        // a session is no key
        expect((await as('tm', route.method, path, transaction('t-session'))).status, path).toBe(401);
        continue;
      }
      const refused = await as('bank', route.method, path, body);
      expect([refused.status, refused.body.code], `${route.method} ${path}`).toEqual([403, 'noPermission']);
    }
  });

  it('validates each transaction: 400 naming the field, per item in a batch, never a 500', async () => {
    const single = await ingest(INGEST, transaction('t-bad', { amount: -1, currency: 'euro' }));
    expect(single.status).toBe(400);
    expect(single.body.errors).toMatchObject({ amount: 'invalidRequest', currency: 'invalidRequest' });
    const luhn = await ingest(INGEST, transaction('t-luhn', { pan: '4111111111111112' }));
    expect(luhn.status).toBe(400);
    expect(luhn.body.errors).toEqual({ pan: 'invalidCardNumber' });
    expect(JSON.stringify(luhn.body)).not.toContain('4111111111111112');
    const batch = await ingest(`${INGEST}/batch`, {
      transactions: [transaction('t-ok'), transaction('t-bad-1', { pan: 'x' }), { transactionId: 'only' }],
    });
    expect(batch.status).toBe(400);
    expect(batch.body.errors).toMatchObject({
      'transactions.1.pan': 'invalidRequest',
      'transactions.2.merchantId': 'validation.required',
    });
    expect((await ingest(`${INGEST}/batch`, { transactions: [] })).status).toBe(400);
    expect((await ingest(INGEST, '[1,2')).status).toBe(400);
  });

  it('answers the decision, score, rules hit and rule-set version at once', async () => {
    const plain = await ingest(INGEST, transaction('t-plain', { pan: '5555555555554444', ip: '198.51.100.1' }));
    expect(plain.status).toBe(201);
    expect(plain.body.content).toMatchObject({ transactionId: 't-plain', decision: 'approved', score: 0, hits: [] });
    expect(plain.body.content.ruleSet).toEqual({ id: 'acquirer', version: 1 });
    const risky = await ingest(
      INGEST,
      transaction('t-risky', { country: 'NG', amount: 6000, pan: '378282246310005', ip: '198.51.100.2' }),
    );
    // 6000 is 240 times the merchant's usual 25: high-risk country 35 + large amount 20 + spike 35
    expect(risky.body.content).toMatchObject({ decision: 'declined', score: 90 });
    expect(risky.body.content.hits.sort()).toEqual(['amount-spike', 'high-risk-country', 'large-amount']);
  });

  it('counts a card’s recent payments across a batch (velocity) and scores the later ones up', async () => {
    const card = '6011111111111117';
    const batch = await ingest(`${INGEST}/batch`, {
      transactions: Array.from({ length: 7 }, (_, i) =>
        transaction(`t-burst-${i}`, { pan: card, amount: 1, ip: `192.0.2.${i + 1}` }),
      ),
    });
    expect(batch.status).toBe(201);
    const decisions = batch.body.content.items.map((item: { hits: string[] }) => item.hits);
    // the third payment under 2 within an hour is card testing; the sixth within 10 minutes is velocity
    expect(decisions[1]).toEqual([]);
    expect(decisions[2]).toEqual(['card-testing']);
    expect(decisions[6].sort()).toEqual(['card-testing', 'card-velocity']);
    expect(batch.body.content.items[6]).toMatchObject({ decision: 'investigating', score: 70 });
  });

  it('hides transactions for 15 minutes after scoring, then shows them with the masked card and the trace', async () => {
    const mine = { field: 'transactionId', op: 'in', value: ['t-plain', 't-risky'] };
    const listed = async () =>
      as('tm', 'GET', `${TM}/transactions?filter=${encodeURIComponent(JSON.stringify(mine))}&sort=transactionId`);
    const early = await listed();
    expect(early.status).toBe(200);
    expect(early.body.content.items).toEqual([]);
    server.clock.advance(14 * MINUTE);
    expect((await listed()).body.content.items).toEqual([]);
    server.clock.advance(MINUTE + 1000);
    const shown = (await listed()).body.content;
    expect(shown.items.map((row: { transactionId: string }) => row.transactionId)).toEqual(['t-plain', 't-risky']);
    const risky = shown.items[1];
    expect(risky).toMatchObject({ maskedPan: '378282*****0005', decision: 'declined' });
    expect(risky).not.toHaveProperty('cardHash');
    expect(risky).not.toHaveProperty('trace');
    const page = await as('tm', 'GET', `${TM}/transactions/${risky.id}`);
    expect(page.body.content).toMatchObject({ maskedPan: '378282*****0005', score: 90, delayMinutes: 15 });
    const trace = (await as('tm', 'GET', `${TM}/transactions/${risky.id}/trace?pageSize=50`)).body.content;
    const byRule = Object.fromEntries(trace.items.map((row: { ruleId: string }) => [row.ruleId, row]));
    expect(byRule['high-risk-country']).toMatchObject({
      outcome: 'hit',
      reads: expect.stringContaining('countryRisk(NG) = "high"'),
    });
    expect(byRule['card-velocity']).toMatchObject({ outcome: 'noHit', reads: 'velocity(cardHash:count:10) = 1' });
    expect(byRule['amount-spike']).toMatchObject({ outcome: 'hit', reads: 'merchantAmountRatio = 240' });
    // another organisation's manager neither lists nor reads it
    expect((await as('other', 'GET', `${TM}/transactions/${risky.id}`)).status).toBe(404);
    const theirs = await as('other', 'GET', `${TM}/transactions?filter=${encodeURIComponent(JSON.stringify(mine))}`);
    expect(theirs.body.content.items).toEqual([]);
  });

  it('lists the ingest endpoints in /openapi.json with their request schemas and key', async () => {
    const paths = (await call(server.base, 'GET', '/openapi.json')).body.paths;
    const batch = paths['/tm/api/v1/transactions/batch'].post;
    const schema = batch.requestBody.content['application/json'].schema;
    expect(schema.properties.transactions.items.required).toContain('pan');
    expect(batch.responses).toHaveProperty('400');
    expect(paths['/tm/api/v1/transactions'].post.security).toBeTruthy();
  });

  it('lists the published rule set’s rules', async () => {
    const rules = (await as('tm', 'GET', `${TM}/rules?pageSize=50`)).body.content;
    expect(rules.version).toBe(1);
    expect(rules.items.map((rule: { id: string }) => rule.id)).toContain('card-velocity');
  });

  it('never keeps the card number in clear anywhere in the store', async () => {
    if (TEST_STORE === 'lowdb') {
      for (const file of await filesUnder(server.dataDir)) {
        expect(await readFile(file, 'latin1'), file).not.toContain(PAN);
      }
    } else {
      for (const name of COLLECTION_NAMES) {
        expect(JSON.stringify(await server.store.collection(name).all()), name).not.toContain(PAN);
      }
    }
    const stored = await server.store.collection<{ id: string; maskedPan: string }>('tmTransactions').all();
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((record) => !JSON.stringify(record).includes(PAN))).toBe(true);
  });

  it('scopes keys to their organisation (403), and a revoked or rotated key stops working (401)', async () => {
    expect((await as('other', 'POST', `${TM}/keys/${keyId}/revoke`, {})).status).toBe(403);
    expect((await as('other', 'POST', `${TM}/keys/${keyId}/rotate`, {})).status).toBe(403);
    expect((await as('other', 'GET', `${TM}/keys`)).body.content.items).toEqual([]);
    const rotated = await as('tm', 'POST', `${TM}/keys/${keyId}/rotate`, {});
    expect(rotated.status).toBe(201);
    expect((await ingest(INGEST, transaction('t-old-key'))).status).toBe(401);
    const fresh = rotated.body.content;
    expect((await ingest(INGEST, transaction('t-new-key', { pan: '5105105105105100' }), fresh.key)).status).toBe(201);
    expect((await as('tm', 'POST', `${TM}/keys/${fresh.id}/revoke`, {})).body.content.revokedAt).toBeTruthy();
    expect((await ingest(INGEST, transaction('t-revoked'), fresh.key)).status).toBe(401);
  });
});

describe('transaction monitoring demo data', () => {
  let server: TestServer;
  // in a hook: seeding and scoring the demo transactions is a wait, several times longer on busy cores
  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, demoTransactions: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('seeds a few hundred scored demo transactions, older than the delay, with patterns the rules catch', async () => {
    const token = await tokenFor(server.base, 'tm@demo.test');
    const get = (path: string) => call(server.base, 'GET', path, { token });
    const all = (await get(`${TM}/transactions?pageSize=1`)).body.content;
    expect(all.total).toBeGreaterThan(250);
    const aggregate = encodeURIComponent(
      JSON.stringify({ measures: [{ op: 'count', as: 'count' }], groupBy: { field: 'decision' } }),
    );
    const groups = (await get(`${TM}/transactions?aggregate=${aggregate}`)).body.content.aggregate.groups;
    const decisions = Object.fromEntries(
      groups.map((group: { key: string; count: number }) => [group.key, group.count]),
    );
    expect(decisions.approved).toBeGreaterThan(200);
    expect((decisions.flagged ?? 0) + (decisions.investigating ?? 0) + (decisions.declined ?? 0)).toBeGreaterThan(20);
    const hitsOf = async (rule: string) => {
      const filter = encodeURIComponent(JSON.stringify({ field: 'decision', op: 'ne', value: 'approved' }));
      const rows = (await get(`${TM}/transactions?filter=${filter}&pageSize=500`)).body.content.items;
      return rows.filter((row: { hits: string[] }) => row.hits.includes(rule)).length;
    };
    for (const rule of ['card-velocity', 'blocked-card-bin', 'amount-spike', 'high-risk-country']) {
      expect(await hitsOf(rule), rule).toBeGreaterThan(0);
    }
    // the dashboard's rules over time: a rule id among `hits`, by day
    const byRule = encodeURIComponent(
      JSON.stringify({
        measures: [{ op: 'count', as: 'testing', where: { field: 'hits', op: 'eq', value: 'card-testing' } }],
        groupBy: { field: 'scoredAt', bucket: 'day' },
      }),
    );
    const perDay = (await get(`${TM}/transactions?aggregate=${byRule}`)).body.content.aggregate;
    expect(perDay.totals.testing).toBe(await hitsOf('card-testing'));
    expect(perDay.groups.length).toBeGreaterThan(1);
    // their flagged and investigating decisions raised alerts, some grouped into demo cases, two closed with labels
    const alerts = (await get('/wbe/api/resources/tm-alert?pageSize=1')).body.content;
    expect(alerts.total).toBe((decisions.flagged ?? 0) + (decisions.investigating ?? 0));
    const cases = (await get('/wbe/api/resources/tm-case?sort=title')).body.content.items;
    expect(cases.map((c: { state: string; label?: string }) => [c.state, c.label ?? null])).toEqual([
      ['closed', 'confirmed_risk'],
      ['closed', 'false_positive'],
      ['investigating', null],
    ]);
    const labelled = await server.store.collection<{ id: string; label?: string }>('tmTransactions').all();
    expect(labelled.filter((t) => t.label === 'confirmed_risk').length).toBeGreaterThan(0);
    expect(labelled.filter((t) => t.label === 'false_positive').length).toBeGreaterThan(0);
  });
});
