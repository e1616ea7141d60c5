import { describe, expect, it } from 'vitest';
import { validateDocument } from '../../../core/documents/validate';
import { compileRuleSet, decisionFor, NO_FEATURES } from '../../../core/transaction-monitoring/engine';
import {
  binRangeOf,
  ipRangeOf,
  type ListEntry,
  listHolds,
  prepareList,
  prepareLists,
} from '../../../core/transaction-monitoring/list-match';
import type { TmRuleSetBody, TransactionFacts } from '../../../core/transaction-monitoring/tm.types';
import seeded from '../../../schemas/transaction-monitoring/rules.json';

const facts = (patch: Partial<TransactionFacts> = {}): TransactionFacts => ({
  transactionId: 't-1',
  merchantId: 'm-1',
  amount: 100,
  currency: 'EUR',
  country: 'DE',
  ip: '10.0.0.1',
  bin: '411111',
  last4: '1111',
  cardHash: 'h1',
  ...patch,
});

const body = (rules: TmRuleSetBody['rules'], extra: Partial<TmRuleSetBody> = {}): TmRuleSetBody => ({
  title: 't',
  thresholds: { flag: 30, investigate: 60, decline: 90 },
  rules,
  ...extra,
});
const rule = (id: string, score: number, when: unknown) => ({ id, title: id, group: 'g', score, when: when as never });

const entry = (value: string, entityType: ListEntry['entityType'], patch: Partial<ListEntry> = {}): ListEntry => ({
  listId: 'l',
  listKind: 'black',
  entityType,
  value,
  ...patch,
});

describe('list membership', () => {
  const list = prepareList([
    entry('Fraud@Example.com', 'email'),
    entry('192.168.1.0/24', 'ipRange'),
    entry('2001:db8::/32', 'ipRange'),
    entry('400000-400099', 'binRange'),
    entry('555555', 'binRange'),
    entry('gone@example.com', 'email', { expiresAt: '2026-01-01T00:00:00.000Z' }),
  ]);
  const at = Date.parse('2026-02-01T00:00:00.000Z');
  it.each([
    ['fraud@example.com', true],
    ['192.168.1.77', true],
    ['192.168.2.1', false],
    ['2001:db8:1::7', true],
    ['2001:db9::1', false],
    ['::ffff:192.168.1.5', false],
    ['400050', true],
    ['400100', false],
    ['555555', true],
    ['4000501234567890', true],
    ['gone@example.com', false],
    ['other', false],
    [null, false],
  ])('%s → %s', (value, expected) => {
    expect(listHolds(list, value, at)).toBe(expected);
  });
  it('an entry matches until its expiry, not after', () => {
    expect(listHolds(list, 'gone@example.com', Date.parse('2025-12-31T23:59:59.999Z'))).toBe(true);
  });
  it('a /0 CIDR holds every IPv4 address, and IPv6 ranges only IPv6 addresses', () => {
    expect(listHolds(prepareList([entry('0.0.0.0/0', 'ipRange')]), '8.8.8.8')).toBe(true);
    expect(listHolds(prepareList([entry('::/0', 'ipRange')]), '8.8.8.8')).toBe(false);
    expect(listHolds(prepareList([entry('::1', 'ipRange')]), '0:0:0:0:0:0:0:1')).toBe(true);
  });
  it('refuses malformed ranges', () => {
    expect(ipRangeOf('10.0.0.0/33')).toBeNull();
    expect(ipRangeOf('1::2::3')).toBeNull();
    expect(ipRangeOf('10.0.0')).toBeNull();
    expect(binRangeOf('400099-400000')).toBeNull();
    expect(binRangeOf('40000')).toBeNull();
  });
});

describe('allow beats block', () => {
  const set = compileRuleSet(body([rule('blocked-bin', 90, { inList: ['blocked-bins', { var: 'bin' }] })]));
  const features = (black: ListEntry[], white: ListEntry[]) => ({
    ...NO_FEATURES,
    ...prepareLists([...black, ...white], ['blocked-bins']),
    at: 0,
  });
  const block = entry('411111', 'binRange', { listId: 'blocked-bins' });
  const allowCard = entry('h1', 'card', { listId: 'trusted-cards', listKind: 'white' });

  it('a white-list match on the transaction cancels a black-list hit, and the trace says which entity allowed it', () => {
    expect(set.score(facts(), features([block], [])).hits).toEqual(['blocked-bin']);
    const verdict = set.score(facts(), features([block], [allowCard]));
    expect(verdict.hits).toEqual([]);
    expect(verdict.trace[0].reads).toMatchObject({ allowedBy: 'card', 'inList(blocked-bins)': false });
    // another card is not allowed
    expect(set.score(facts({ cardHash: 'h2' }), features([block], [allowCard])).hits).toEqual(['blocked-bin']);
  });

  it('a block marked not overridable stands against a white list', () => {
    const hard = { ...block, notOverridable: true };
    expect(set.score(facts(), features([hard], [allowCard])).hits).toEqual(['blocked-bin']);
  });

  it('an expired white entry allows nothing', () => {
    const expired = { ...allowCard, expiresAt: '1970-01-01T00:00:00.000Z' };
    expect(set.score(facts(), features([block], [expired])).hits).toEqual(['blocked-bin']);
  });

  it('watch lists are not blocks: a white list leaves them as they are', () => {
    const watch = { ...block, listKind: 'watch' as const };
    expect(set.score(facts(), features([watch], [allowCard])).hits).toEqual(['blocked-bin']);
  });
});

describe('operators', () => {
  it('inList reads the prepared list and names it in the needs and the trace', () => {
    const set = compileRuleSet(body([rule('ip', 60, { inList: ['blocked-ips', { var: 'ip' }] })]));
    expect([...set.needs.lists]).toEqual(['blocked-ips']);
    const lists = { 'blocked-ips': prepareList([entry('10.0.0.0/8', 'ipRange', { listId: 'blocked-ips' })]) };
    const verdict = set.score(facts(), { ...NO_FEATURES, lists });
    expect(verdict).toMatchObject({ decision: 'investigating', score: 60, hits: ['ip'] });
    expect(verdict.trace[0].reads).toEqual({ ip: '10.0.0.1', 'inList(blocked-ips)': true });
    expect(set.score(facts({ ip: '11.0.0.1' }), { ...NO_FEATURES, lists }).hits).toEqual([]);
  });

  it('velocity reads the precomputed count or sum of its window', () => {
    const set = compileRuleSet(
      body([
        rule('count', 40, { '>': [{ velocity: ['cardHash', 'count', 10] }, 5] }),
        rule('sum', 10, { '>': [{ velocity: ['ip', 'sum', 60] }, 1000] }),
      ]),
    );
    expect([...set.needs.velocities.keys()].sort()).toEqual(['cardHash:count:10', 'ip:sum:60']);
    const verdict = set.score(facts(), {
      ...NO_FEATURES,
      velocities: { 'cardHash:count:10': 6, 'ip:sum:60': 500 },
    });
    expect(verdict.hits).toEqual(['count']);
    expect(verdict.trace[1]).toMatchObject({ outcome: 'noHit', reads: { 'velocity(ip:sum:60)': 500 } });
  });

  it('countryRisk reads the rule set levels, low by default', () => {
    const set = compileRuleSet(
      body([rule('risk', 35, { '==': [{ countryRisk: [{ var: 'country' }] }, 'high'] })], {
        countryRisk: { high: ['NG'], medium: ['RU'] },
      }),
    );
    expect(set.score(facts({ country: 'ng' }), NO_FEATURES).hits).toEqual(['risk']);
    expect(set.score(facts({ country: 'RU' }), NO_FEATURES).trace[0].reads['countryRisk(RU)']).toBe('medium');
    expect(set.score(facts({ country: 'DE' }), NO_FEATURES).hits).toEqual([]);
  });

  it('merchantAmountRatio is the amount over the merchant average, null without history', () => {
    const set = compileRuleSet(body([rule('spike', 35, { '>': [{ merchantAmountRatio: [] }, 5] })]));
    expect(set.needs.merchantAverage).toBe(true);
    expect(set.score(facts({ amount: 600 }), { ...NO_FEATURES, merchantAverage: 100 }).hits).toEqual(['spike']);
    expect(set.score(facts({ amount: 400 }), { ...NO_FEATURES, merchantAverage: 100 }).hits).toEqual([]);
    expect(set.score(facts({ amount: 600 }), NO_FEATURES).trace[0].reads.merchantAmountRatio).toBeNull();
  });
});

describe('the engine', () => {
  it('adds the scores of the rules that hit and picks the highest threshold reached', () => {
    expect(decisionFor(29, { flag: 30, investigate: 60, decline: 90 })).toBe('approved');
    expect(decisionFor(30, { flag: 30, investigate: 60, decline: 90 })).toBe('flagged');
    expect(decisionFor(60, { flag: 30, investigate: 60, decline: 90 })).toBe('investigating');
    expect(decisionFor(95, { flag: 30, investigate: 60, decline: 90 })).toBe('declined');
    const set = compileRuleSet(
      body([rule('a', 50, { '>': [{ var: 'amount' }, 10] }), rule('b', 45, true), rule('c', 5, false)]),
    );
    expect(set.score(facts(), NO_FEATURES)).toMatchObject({ decision: 'declined', score: 95, hits: ['a', 'b'] });
  });

  it('records a rule that throws as an error and scores the others', () => {
    const set = compileRuleSet(body([rule('bad', 50, { all: [{ var: 'nothing' }, true] }), rule('ok', 30, true)]));
    const verdict = set.score(facts(), NO_FEATURES);
    expect(verdict.trace.map((entry) => entry.outcome)).toEqual(['error', 'hit']);
    expect(verdict).toMatchObject({ decision: 'flagged', score: 30 });
  });

  it('traces each rule with the values it read, built when read and kept in the verdict as JSON', () => {
    const set = compileRuleSet(
      body([
        rule('big', 50, { '>': [{ var: 'amount' }, 10] }),
        rule('short', 10, { and: [{ '==': [{ var: 'country' }, 'TR'] }, { '>': [{ var: 'amount' }, 10] }] }),
        rule('mismatch', 5, { '!=': [{ var: 'country' }, { var: 'billingCountry' }] }),
        rule('bad', 50, { and: [{ var: 'ip' }, { all: [{ var: 'nothing' }, true] }] }),
      ]),
    );
    const verdict = set.score(facts({ billingCountry: 'DE' }), NO_FEATURES, new Set(['mismatch']));
    // the next transaction records its own reads; this verdict's trace is built only now
    set.score(facts({ amount: 1, country: 'TR' }), NO_FEATURES);
    expect(verdict.trace).toEqual([
      { ruleId: 'big', group: 'g', score: 50, outcome: 'hit', reads: { amount: 100 } },
      // the and stopped at its first argument: this rule did not read the amount
      { ruleId: 'short', group: 'g', score: 10, outcome: 'noHit', reads: { country: 'DE' } },
      { ruleId: 'mismatch', group: 'g', score: 5, outcome: 'snoozed', reads: {} },
      // what it read before it threw
      {
        ruleId: 'bad',
        group: 'g',
        score: 50,
        outcome: 'error',
        reads: { ip: '10.0.0.1', nothing: null },
        error: expect.any(String),
      },
    ]);
    expect(verdict.trace).toBe(verdict.trace);
    expect(JSON.parse(JSON.stringify(verdict))).toEqual({
      decision: 'flagged',
      score: 50,
      hits: ['big'],
      trace: verdict.trace,
    });
  });

  it('scores and traces rule sets longer than one generated function, in order', () => {
    const rules = Array.from({ length: 60 }, (_, i) => rule(`r${i}`, 1, { '>': [{ var: 'amount' }, i * 2] }));
    const verdict = compileRuleSet(body(rules)).score(facts({ amount: 60 }), NO_FEATURES);
    expect(verdict.score).toBe(30);
    expect(verdict.hits).toEqual(rules.slice(0, 30).map((r) => r.id));
    expect(verdict.trace.map((entry) => [entry.ruleId, entry.outcome, entry.reads.amount])).toEqual(
      rules.map((r, i) => [r.id, i < 30 ? 'hit' : 'noHit', 60]),
    );
  });

  it('traces a read of a computed path and an operator beside the slot reads', () => {
    const set = compileRuleSet(
      body([
        rule('computed', 10, {
          and: [
            { '>': [{ var: { cat: ['am', 'ount'] } }, 10] },
            { '==': [{ countryRisk: [{ var: 'country' }] }, 'low'] },
          ],
        }),
      ]),
    );
    const [entry] = set.score(facts(), NO_FEATURES).trace;
    expect(entry).toMatchObject({ outcome: 'hit', reads: { amount: 100, country: 'DE', 'countryRisk(DE)': 'low' } });
    expect(Object.keys(entry.reads)).toHaveLength(3);
  });

  it("traces reads in the order the rule made them, the closures' between its own", () => {
    const set = compileRuleSet(
      body([
        rule('ordered', 10, {
          and: [
            { '>': [{ var: 'amount' }, 10] },
            { '==': [{ countryRisk: [{ var: 'country' }] }, 'low'] },
            { '!=': [{ var: 'ip' }, 'x'] },
          ],
        }),
      ]),
    );
    const [entry] = set.score(facts(), NO_FEATURES).trace;
    expect(Object.entries(entry.reads)).toEqual([
      ['amount', 100],
      ['country', 'DE'],
      ['countryRisk(DE)', 'low'],
      ['ip', '10.0.0.1'],
    ]);
  });

  it('traces every read of a rule reading more slots than its mask notes', () => {
    const keys = Array.from({ length: 30 }, (_, i) => `k${i}`);
    const set = compileRuleSet(body([rule('wide', 10, { and: keys.map((key) => ({ '!=': [{ var: key }, 'x'] })) })]));
    const [entry] = set.score(facts(), NO_FEATURES).trace;
    expect(entry).toMatchObject({ outcome: 'hit' });
    expect(entry.reads).toEqual(Object.fromEntries(keys.map((key) => [key, null])));
  });

  it('generated code takes literals and ids as data: a quote in either runs nothing', () => {
    const payload = "x'); throw new Error('injected'); ('";
    const set = compileRuleSet(
      body([
        rule(payload, 50, { '==': [{ var: 'country' }, `${payload}"\u2028`] }),
        rule('quoted "id"', 40, { in: [{ var: 'country' }, [payload, 'DE']] }),
      ]),
    );
    const verdict = set.score(facts(), NO_FEATURES);
    expect(verdict).toMatchObject({ score: 40, hits: ['quoted "id"'] });
    expect(verdict.trace.map((entry) => [entry.ruleId, entry.outcome])).toEqual([
      [payload, 'noHit'],
      ['quoted "id"', 'hit'],
    ]);
  });

  it('never reads a fact from Object.prototype, even one put there', () => {
    const set = compileRuleSet(body([rule('device', 50, { '==': [{ var: 'deviceId' }, 'planted'] })]));
    const prototype = Object.prototype as Record<string, unknown>;
    prototype.deviceId = 'planted';
    try {
      expect(set.score(facts(), NO_FEATURES).hits).toEqual([]);
      expect(set.score(facts({ deviceId: 'planted' }), NO_FEATURES).hits).toEqual(['device']);
    } finally {
      delete prototype.deviceId;
    }
    expect(set.score(Object.assign(Object.create(null), facts({ deviceId: 'planted' })), NO_FEATURES).hits).toEqual([
      'device',
    ]);
  });

  it('skips disabled rules', () => {
    const set = compileRuleSet(body([{ ...rule('off', 99, true), disabled: true }]));
    expect(set.score(facts(), NO_FEATURES)).toMatchObject({ decision: 'approved', trace: [] });
  });
});

describe('the publish gate of tm-rules', () => {
  it('passes the seeded rule set', () => {
    expect(validateDocument(seeded as never)).toEqual([]);
  });

  it('refuses repeated ids, falling thresholds, unknown operations and malformed operator arguments', () => {
    const problems = validateDocument({
      kind: 'tm-rules',
      id: 'x',
      body: body([
        rule('a', 1, { log: 1 }),
        rule('a', 1, { velocity: ['cardHash', 'count', 0] }),
        rule('b', 1, { inList: [{ var: 'x' }, 'y'] }),
      ]) as never,
    } as never);
    const paths = problems.map((problem) => problem.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/body/rules/0/when',
        '/body/rules/1/id',
        '/body/rules/1/when/velocity',
        '/body/rules/2/when/inList',
      ]),
    );
    const falling = validateDocument({
      kind: 'tm-rules',
      id: 'x',
      body: { ...body([]), thresholds: { flag: 50, investigate: 40, decline: 90 } },
    } as never);
    expect(falling.map((problem) => problem.path)).toEqual(['/body/thresholds']);
  });
});
