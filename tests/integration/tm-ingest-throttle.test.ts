import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stoppedClock } from '../support/test-clock';
import { call, type TestServer, startTestServer, tokenFor } from './support/harness';
import { dropRedisPrefix, TEST_REDIS_URL, uniqueRedisPrefix } from './support/redis';
import { tmManagerTokens } from './support/tm-managers';

const INGEST = '/tm/api/v1/transactions';
const TM = '/wbe/api/transaction-monitoring';
const WINDOW = 60_000;
/** The clock starts at a window's start, so Retry-After is exact; it moves only when the test moves it. */
const clock = stoppedClock(new Date(Math.ceil(Date.now() / WINDOW) * WINDOW));

const transaction = (id: string) => ({
  transactionId: id,
  merchantId: 'throttle-merchant',
  pan: '4111111111111111',
  amount: 10,
  currency: 'EUR',
});
const batchOf = (prefix: string, count: number) => ({
  transactions: Array.from({ length: count }, (_, i) => transaction(`${prefix}-${i}`)),
});

/**
 * The ingest API's throttle over HTTP: a budget of transactions per key and window (the deployment's,
 * or the organisation's own), a batch spending its size, 429 `tooManyTransactions` with Retry-After,
 * and a new window on the injected clock.
 */
describe('transaction monitoring: the ingest throttle', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const keys: string[] = [];
  const as = (who: string, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token: tokens[who], body, headers: { 'accept-language': 'en' } });
  const ingest = (path: string, body: unknown, key = keys[0], language = 'en') =>
    call(server.base, 'POST', path, { body, headers: { 'x-api-key': key, 'accept-language': language } });

  beforeAll(async () => {
    server = await startTestServer({
      withSmtp: false,
      loginRateLimit: 100,
      clock: clock.now,
      tmIngestBudget: { limit: 5, windowMs: WINDOW, maxLimit: 50 },
    });
    Object.assign(tokens, await tmManagerTokens(server, 'tm-throttle-other@demo.test'));
    for (const name of ['Switch A', 'Switch B'])
      keys.push((await as('tm', 'POST', `${TM}/keys`, { name })).body.content.key);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('answers within the budget, counts a batch by its transactions, and refuses the rest with 429 and Retry-After', async () => {
    expect((await ingest(INGEST, transaction('a-1'))).status).toBe(201);
    expect((await ingest(`${INGEST}/batch`, batchOf('a-batch', 3))).status).toBe(201);
    // four spent: a batch of two is one too many, and spends nothing
    clock.advance(20_000);
    const over = await ingest(`${INGEST}/batch`, batchOf('a-over', 2));
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('tooManyTransactions');
    expect(over.body.message).toMatch(/too many transactions/i);
    expect(over.headers.get('retry-after')).toBe('40');
    const turkish = await ingest(`${INGEST}/batch`, batchOf('a-over', 2), keys[0], 'tr');
    expect([turkish.status, turkish.body.message]).toEqual([429, expect.stringMatching(/işlem sayısı aşıldı/)]);
    // the refused batch took nothing: one more fits, then the budget is spent
    expect((await ingest(INGEST, transaction('a-5'))).status).toBe(201);
    expect((await ingest(INGEST, transaction('a-6'))).status).toBe(429);
    // nothing of a refused call was stored
    const stored = await server.store.collection<{ id: string; transactionId: string }>('tmTransactions').all();
    expect(
      stored
        .map((t) => t.transactionId)
        .filter((id) => id.startsWith('a-'))
        .sort(),
    ).toEqual(['a-1', 'a-5', 'a-batch-0', 'a-batch-1', 'a-batch-2']);
    // an invalid body is refused before it spends anything (400, not 429)
    expect((await ingest(INGEST, { transactionId: 'bad' })).status).toBe(400);
  });

  it('documents the refusal in the OpenAPI document: 429 with Retry-After on both ingest operations', async () => {
    const { paths } = (await call(server.base, 'GET', '/openapi.json')).body;
    for (const path of ['/tm/api/v1/transactions', '/tm/api/v1/transactions/batch']) {
      const refused = paths[path].post.responses['429'];
      expect(refused.description).toContain('tooManyTransactions');
      expect(refused.headers).toHaveProperty('Retry-After');
    }
  });

  it('keeps a budget per key, and starts a new one when the clock reaches the next window', async () => {
    // key B of the same organisation has its own budget
    expect((await ingest(`${INGEST}/batch`, batchOf('b', 5), keys[1])).status).toBe(201);
    expect((await ingest(INGEST, transaction('b-6'), keys[1])).status).toBe(429);
    expect((await ingest(INGEST, transaction('a-7'))).status).toBe(429);
    clock.advance(40_000);
    expect((await ingest(`${INGEST}/batch`, batchOf('a-next', 5))).status).toBe(201);
    expect((await ingest(`${INGEST}/batch`, batchOf('b-next', 5), keys[1])).status).toBe(201);
    const over = await ingest(INGEST, transaction('a-next-6'));
    expect([over.status, over.headers.get('retry-after')]).toEqual([429, '60']);
  });

  it('lets the organisation choose its budget, up to the deployment’s most, and go back to the default', async () => {
    expect((await as('tm', 'GET', `${TM}/ingest-budget`)).body.content).toEqual({
      limit: 5,
      windowSeconds: 60,
      defaultLimit: 5,
      custom: false,
      maxLimit: 50,
    });
    const high = await as('tm', 'PUT', `${TM}/ingest-budget`, { limit: 51 });
    expect([high.status, high.body.errors]).toEqual([422, { limit: 'errors.tmIngestLimitTooHigh' }]);
    expect((await as('tm', 'PUT', `${TM}/ingest-budget`, { limit: 0 })).status).toBe(400);
    expect((await as('bank', 'PUT', `${TM}/ingest-budget`, { limit: 8 })).status).toBe(403);
    const chosen = await as('tm', 'PUT', `${TM}/ingest-budget`, { limit: 8 });
    expect(chosen.body.content).toMatchObject({ limit: 8, custom: true });
    // 5 already spent this window by key A: 3 more fit, 4 do not
    expect((await ingest(`${INGEST}/batch`, batchOf('c', 4))).status).toBe(429);
    expect((await ingest(`${INGEST}/batch`, batchOf('c', 3))).status).toBe(201);
    // another organisation's choice is its own
    expect((await as('other', 'GET', `${TM}/ingest-budget`)).body.content).toMatchObject({ limit: 5, custom: false });
    const reset = await as('tm', 'PUT', `${TM}/ingest-budget`, { limit: null });
    expect(reset.body.content).toMatchObject({ limit: 5, custom: false });
    expect((await ingest(INGEST, transaction('c-over'))).status).toBe(429);
  });
});

/** Two instances on one Redis count one key's transactions together. */
describe('transaction monitoring: the ingest throttle across instances', () => {
  const prefix = uniqueRedisPrefix();
  let servers: TestServer[] = [];

  beforeAll(async () => {
    const options = {
      withSmtp: false,
      clock: clock.now,
      redisUrl: TEST_REDIS_URL,
      redisPrefix: prefix,
      tmIngestBudget: { limit: 5, windowMs: WINDOW },
    };
    servers = await Promise.all([startTestServer(options), startTestServer(options)]);
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await dropRedisPrefix(prefix);
  });

  it('spends one budget whichever instance a call reaches', async () => {
    const [a, b] = servers;
    const token = await tokenFor(a.base, 'tm@demo.test');
    const made = await call(a.base, 'POST', `${TM}/keys`, { token, body: { name: 'Shared switch' } });
    // the same key on the second instance (instances of one deployment share their store)
    const keys = a.store.collection<{ id: string }>('tmApiKeys');
    await b.store
      .collection<{ id: string }>('tmApiKeys')
      .insert((await keys.get(made.body.content.id)) as { id: string });
    const send = (server: TestServer, body: unknown, path = `${INGEST}/batch`) =>
      call(server.base, 'POST', path, { body, headers: { 'x-api-key': made.body.content.key } });
    expect((await send(a, batchOf('r-a', 3))).status).toBe(201);
    const over = await send(b, batchOf('r-b', 3));
    expect([over.status, over.body.code, over.headers.get('retry-after')]).toEqual([
      429,
      'tooManyTransactions',
      expect.any(String),
    ]);
    expect((await send(b, batchOf('r-b', 2))).status).toBe(201);
    expect((await send(a, transaction('r-a-last'), INGEST)).status).toBe(429);
  });
});
