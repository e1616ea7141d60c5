import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOTP_SECRET } from '../../fixtures/users';
import { type DelayLedger, type DelayPolicy, inMemoryDelays, redisDelays } from '../../server/scale/delay-ledgers';
import { RedisEventBus } from '../../server/scale/redis-bus';
import { totpCodes } from '../support/totp-codes';
import { DEMO_PASSWORD, type TestServer, call, startTestServer } from './support/harness';
import { dropRedisPrefix, TEST_REDIS_URL, uniqueRedisPrefix } from './support/redis';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** A sign-in from `address` (the app trusts loopback's X-Forwarded-For, as behind a reverse proxy). */
function signInFrom(server: TestServer, address: string, username: string, password: string, authcode?: string) {
  return call(server.base, 'POST', '/iam/api/login', {
    form: { username, password, ...(authcode ? { authcode } : {}) },
    headers: { 'x-forwarded-for': address },
  });
}

const addresses = Array.from({ length: 10 }, (_, i) => `203.0.113.${i + 1}`);

/** Issue 24 item 4: sign-in and sign-in codes throttled per account across addresses, plus per address. */
describe('sign-in throttles per account', () => {
  let server: TestServer;
  beforeAll(async () => {
    // stopped: the Retry-After the test reads must not count down while a loaded machine serves 100 guesses
    server = await startTestServer({ withSmtp: false, trustProxy: 'loopback', stoppedClock: true });
  });
  afterAll(() => server.close());

  it('answers 429 to 100 password guesses from ten addresses after five, and lets the owner in once the delay is over', async () => {
    const statuses: number[] = [];
    for (let guess = 0; guess < 100; guess++) {
      const answer = await signInFrom(server, addresses[guess % 10], 'merchant@demo.test', `Wrong-Pass${guess}`);
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual(Array(95).fill(429));

    // the owner's right password waits too, but only the first delay: the refused guesses added nothing
    const waiting = await signInFrom(server, '198.51.100.7', 'merchant@demo.test', DEMO_PASSWORD);
    expect([waiting.status, waiting.body.code, waiting.body.retryAfter]).toEqual([429, 'tooManyAttempts', 15]);
    expect(waiting.headers.get('retry-after')).toBe('15');
    server.clock.advance(15 * SECOND);
    expect((await signInFrom(server, '198.51.100.7', 'merchant@demo.test', DEMO_PASSWORD)).status).toBe(200);
    // and the account starts over (from an address whose own budget is not spent)
    expect((await signInFrom(server, '198.51.100.8', 'merchant@demo.test', 'Wrong-Pass1')).status).toBe(401);
  });

  it('doubles the delay with each further failure, capped at 15 minutes', async () => {
    const email = 'bank@demo.test';
    for (let i = 0; i < 5; i++) await signInFrom(server, addresses[i], email, 'Wrong-Pass1');
    const waits: number[] = [];
    for (let failure = 0; failure < 9; failure++) {
      const refused = await signInFrom(server, addresses[failure % 10], email, 'Wrong-Pass1');
      expect(refused.status).toBe(429);
      waits.push(refused.body.retryAfter);
      server.clock.advance(refused.body.retryAfter * SECOND);
      expect((await signInFrom(server, addresses[failure % 10], email, 'Wrong-Pass1')).status).toBe(401);
    }
    expect(waits).toEqual([15, 30, 60, 120, 240, 480, 900, 900, 900]);
    server.clock.advance(15 * MINUTE);
    expect((await signInFrom(server, addresses[3], email, DEMO_PASSWORD)).status).toBe(200);
  });

  it('caps wrong sign-in codes per account across addresses; the right code works after the delay', async () => {
    const nextCode = totpCodes(DEMO_TOTP_SECRET, server.clock);
    // the right password with no code is a step of a sign-in, not a guess
    for (let i = 0; i < 8; i++) {
      const step = await signInFrom(server, addresses[i], 'twofa@demo.test', DEMO_PASSWORD);
      expect(step.body.code).toBe('twoFactorRequired');
    }
    const statuses: number[] = [];
    for (let guess = 0; guess < 100; guess++) {
      const code = String(guess).padStart(6, '0');
      statuses.push((await signInFrom(server, addresses[guess % 10], 'twofa@demo.test', DEMO_PASSWORD, code)).status);
    }
    expect(statuses.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
    expect(statuses.slice(5)).toEqual(Array(95).fill(429));
    server.clock.advance(15 * SECOND);
    const right = await signInFrom(server, '198.51.100.9', 'twofa@demo.test', DEMO_PASSWORD, await nextCode());
    expect(right.status).toBe(200);
  });

  it('answers an unknown address exactly as a known one', async () => {
    const answers: unknown[] = [];
    for (const email of ['owner@demo.test', 'nobody-here@demo.test']) {
      for (let i = 0; i < 5; i++) await signInFrom(server, addresses[i], email, 'Wrong-Pass1');
      const refused = await signInFrom(server, addresses[5], email, 'Wrong-Pass1');
      answers.push([refused.status, refused.body]);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual([429, expect.objectContaining({ code: 'tooManyAttempts', retryAfter: 15 })]);
  });
});

describe('sign-in throttle per address across accounts', () => {
  let server: TestServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it('answers 429 to one address guessing at many accounts', async () => {
    server = await startTestServer({ withSmtp: false, trustProxy: 'loopback', rateLimits: { loginPerAddress: 3 } });
    const spray = ['merchant@demo.test', 'bank@demo.test', 'owner@demo.test', 'assessor@demo.test'];
    const statuses: number[] = [];
    for (const email of spray) statuses.push((await signInFrom(server, addresses[0], email, 'Wrong-Pass1')).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // another address is not affected
    expect((await signInFrom(server, addresses[1], 'assessor@demo.test', DEMO_PASSWORD)).status).toBe(200);
  });
});

const POLICY: DelayPolicy = { freeFailures: 2, firstDelayMs: 1000, maxDelayMs: 4000, forgetAfterMs: 60_000 };

/** One contract for both ledgers: in this process, and shared by instances through Redis. */
describe.each([
  ['in memory', async () => ({ ledger: inMemoryDelays('test', POLICY), close: async () => {} })],
  [
    'in Redis',
    async () => {
      const prefix = uniqueRedisPrefix();
      const bus = await RedisEventBus.connect(TEST_REDIS_URL, { prefix });
      return {
        ledger: redisDelays(bus)('test', POLICY),
        close: async () => {
          await bus.close();
          await dropRedisPrefix(prefix);
        },
      };
    },
  ],
] as const)('delay ledger %s', (_name, open) => {
  let ledger: DelayLedger;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ ledger, close } = await open());
  });
  afterAll(() => close());

  it('claims free failures, then refuses with the wait left, doubling to the cap', async () => {
    const key = 'a@x.test';
    expect(await ledger.claim(key, 0)).toEqual({ allowed: true });
    expect(await ledger.claim(key, 10)).toEqual({ allowed: true });
    expect(await ledger.claim(key, 20)).toEqual({ allowed: false, retryAfterMs: 990 });
    expect(await ledger.claim(key, 1010)).toEqual({ allowed: true });
    expect(await ledger.claim(key, 2000)).toEqual({ allowed: false, retryAfterMs: 1010 });
    expect(await ledger.claim(key, 3010)).toEqual({ allowed: true });
    expect(await ledger.claim(key, 3011)).toEqual({ allowed: false, retryAfterMs: 3999 });
    expect(await ledger.claim(key, 7010)).toEqual({ allowed: true });
    expect(await ledger.claim(key, 7011)).toEqual({ allowed: false, retryAfterMs: 3999 });
  });

  it('gives a refunded claim back, starts over when cleared or forgotten', async () => {
    const key = 'b@x.test';
    await ledger.claim(key, 0);
    await ledger.claim(key, 0);
    await ledger.refund(key);
    expect(await ledger.claim(key, 1)).toEqual({ allowed: true });
    expect((await ledger.claim(key, 2)).allowed).toBe(false);
    await ledger.clear(key);
    expect(await ledger.claim(key, 3)).toEqual({ allowed: true });
    await ledger.claim(key, 4);
    expect((await ledger.claim(key, 5)).allowed).toBe(false);
    expect(await ledger.claim(key, 60_004)).toEqual({ allowed: true });
  });

  it('lets one of many parallel claims through once the free failures are used', async () => {
    const key = 'c@x.test';
    await ledger.claim(key, 0);
    await ledger.claim(key, 0);
    await ledger.claim(key, 0);
    // 1 s after the second failure (the first delay): one turn, whoever comes first
    const claims = await Promise.all(Array.from({ length: 10 }, () => ledger.claim(key, 1000)));
    expect(claims.filter((claim) => claim.allowed)).toHaveLength(1);
  });
});
