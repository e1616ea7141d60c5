import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateDocument } from '../../../core/documents/validate';
import { type OnboardingWarningsBody, ruleWarningsFor } from '../../../core/onboarding/onboarding-warnings';
import { readOfacCsv } from '../../../core/sanctions/ofac-csv';
import { sanctionsMatchOperation } from '../../../core/sanctions/sanctions-operator';
import type { SanctionsBandsBody, SanctionsEntry } from '../../../core/sanctions/sanctions.types';
import { type SanctionsSnapshot, strongestHit, whitelistKey } from '../../../core/sanctions/screening';
import { compileLogic } from '../../../core/transaction-monitoring/compile-logic';
import { compileRuleSet, NO_FEATURES } from '../../../core/transaction-monitoring/engine';
import type { TmRuleSetBody, TransactionFacts } from '../../../core/transaction-monitoring/tm.types';

const bands = JSON.parse(readFileSync('schemas/sanctions/sanctions-bands.json', 'utf8')).body as SanctionsBandsBody;
const warningsSeed = JSON.parse(readFileSync('schemas/onboarding/onboarding-warnings.json', 'utf8'))
  .body as OnboardingWarningsBody;
const entries: SanctionsEntry[] = readOfacCsv(readFileSync('fixtures/sanctions/sample-sdn.csv', 'utf8'), 'ofac-sdn')
  .flatMap((row) => (row.entry ? [row.entry] : []))
  .map((entry) => ({ ...entry, id: `e-${entry.ref}` }));
const snapshot = (whitelisted: string[] = []): SanctionsSnapshot => ({
  entries,
  whitelisted: new Map(whitelisted.map((key) => [key, { by: 'tm@demo.test', reason: 'checked' }])),
  bands,
});
const match = (names: unknown, lists = snapshot()) =>
  compileLogic(
    { sanctionsMatch: [{ var: 'names' }] },
    { sanctionsMatch: sanctionsMatchOperation(() => lists) },
  )({
    names,
  });

describe('the operator sanctionsMatch', () => {
  it('answers the band of the closest listed party, or null', () => {
    expect(match('Mohammed Karim Rashidi')).toBe('block');
    expect(match('Mohamad Karim Rashidy')).toBe('review');
    expect(match('Jane Doe')).toBeNull();
    expect(match('')).toBeNull();
    expect(match(42)).toBeNull();
  });

  it('takes a list of names and answers the strongest band among them', () => {
    expect(match(['Jane Doe', 'Mohamad Karim Rashidy', 'Nizar Halabi'])).toBe('block');
    expect(strongestHit(['Jane Doe', 'Mohamad Karim Rashidy'], snapshot())).toMatchObject({
      screenedName: 'Mohamad Karim Rashidy',
      entryName: 'RASHIDI, Mohammed Karim',
      band: 'review',
    });
  });

  it('a whitelisted pair gives no band; the same name against another entry still would', () => {
    expect(match('Nizar Halabi', snapshot([whitelistKey('halabi NIZAR', 'e-90010')]))).toBeNull();
    expect(match('Nizar Halabi', snapshot([whitelistKey('Nizar Halabi', 'e-90001')]))).toBe('block');
  });

  it('refuses to answer without the lists, and a wrong argument count', () => {
    const unread = compileLogic(
      { sanctionsMatch: ['x'] },
      { sanctionsMatch: sanctionsMatchOperation(() => undefined) },
    );
    expect(() => unread({})).toThrow(/not read/);
    expect(() => compileLogic({ sanctionsMatch: [] }, { sanctionsMatch: sanctionsMatchOperation(snapshot) })).toThrow(
      /one value/,
    );
  });
});

describe('sanctionsMatch in transaction-monitoring rules', () => {
  const facts: TransactionFacts = {
    transactionId: 't-1',
    merchantId: 'm-1',
    merchantName: 'Golden Crescent Exchange',
    amount: 10,
    currency: 'EUR',
    bin: '411111',
    last4: '1111',
    cardHash: 'h',
  };
  const body = (when: unknown): TmRuleSetBody => ({
    title: 't',
    thresholds: { flag: 30, investigate: 60, decline: 90 },
    rules: [{ id: 'sanctioned-merchant', title: 't', group: 'sanctions', score: 90, when: when as never }],
  });

  it('needs the lists, hits on a band and names the match in the trace', () => {
    const set = compileRuleSet(body({ in: [{ sanctionsMatch: [{ var: 'merchantName' }] }, ['block', 'review']] }));
    expect(set.needs.sanctions).toBe(true);
    const verdict = set.score(facts, { ...NO_FEATURES, sanctions: snapshot() });
    expect(verdict).toMatchObject({ decision: 'declined', hits: ['sanctioned-merchant'] });
    expect(verdict.trace[0].reads.sanctionsMatch).toMatchObject({
      entry: 'GOLDEN CRESCENT EXCHANGE',
      band: 'block',
    });
    expect(
      set.score({ ...facts, merchantName: 'Anatolia Books' }, { ...NO_FEATURES, sanctions: snapshot() }).hits,
    ).toEqual([]);
    // without the lists read the rule is an error in the trace, not a silent pass
    expect(set.score(facts, NO_FEATURES).trace[0].outcome).toBe('error');
  });

  it('publishing checks its argument and what it wraps', () => {
    const problems = (when: unknown) =>
      validateDocument({ kind: 'tm-rules', id: 'acquirer', body: body(when) }).map((problem) => problem.path);
    expect(problems({ sanctionsMatch: [{ var: 'merchantName' }] })).toEqual([]);
    expect(problems({ sanctionsMatch: [] })).toEqual(['/body/rules/0/when/sanctionsMatch']);
    expect(problems({ sanctionsMatch: [{ eval: ['x'] }] }).length).toBeGreaterThan(0);
  });
});

describe('onboarding-warning rules', () => {
  const facts = { url: 'https://shop.test', host: 'shop.test', merchantName: null, owners: [] as string[] };

  it('the seeded rule screens the merchant name and the owners, with the match as the detail', () => {
    expect(ruleWarningsFor({ ...facts, merchantName: 'Anatolia Books' }, warningsSeed, snapshot())).toEqual([]);
    const warned = ruleWarningsFor({ ...facts, owners: ['Jane Doe', 'Sukru Ozturk'] }, warningsSeed, snapshot());
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ rule: 'sanctions', matches: [{ entryName: 'ÖZTÜRK, Şükrü', band: 'block' }] });
  });

  it('publishing accepts sanctionsMatch, refuses the monitoring operators and a rule id used twice', () => {
    const problems = (rules: unknown) =>
      validateDocument({ kind: 'onboarding-warnings', id: 'app', body: { ...warningsSeed, rules } }).map(
        (problem) => problem.path,
      );
    expect(problems(warningsSeed.rules)).toEqual([]);
    const inList = { id: 'x', title: 't', when: { inList: ['l', { var: 'host' }] } };
    expect(problems([inList])).toEqual(['/body/rules/0/when']);
    const twice = { id: 'dup', title: 't', when: { '==': [1, 1] } };
    expect(problems([twice, twice])).toEqual(['/body/rules/1/id']);
  });
});
