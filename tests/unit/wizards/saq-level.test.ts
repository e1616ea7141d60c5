import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LEVEL_CHOICES, type LevelAnswers, pciLevel, recommendedSaqType } from '../../../core/saq/saq-level';
import type { WizardAnswers, WizardBody } from '../../../core/wizards/wizard.types';
import { validateSteps } from '../../../server/services/wizard-steps';
import { mergedAnswers, wizardPath } from '../../../core/wizards/wizard.utils';

const wizard = JSON.parse(fs.readFileSync('schemas/wizards/pci-dss-level.json', 'utf8')).body as WizardBody;
/** The type the seeded wizard document's `outcome.saqType` recommends. */
const saqType = (answers: LevelAnswers) => recommendedSaqType(wizard, answers);

describe('PCI DSS level and SAQ type (domain §9)', () => {
  it.each([
    [{ role: 'merchant', annualTransactions: 'over6m' }, 1],
    [{ role: 'merchant', annualTransactions: '1mTo6m' }, 2],
    [{ role: 'merchant', annualTransactions: 'under1m', ecommerceTransactions: '20kTo1m' }, 3],
    [{ role: 'merchant', annualTransactions: 'under1m', ecommerceTransactions: 'under20k' }, 4],
    [{ role: 'serviceProvider', spTransactions: 'over300k' }, 1],
    [{ role: 'serviceProvider', spTransactions: 'under300k' }, 2],
  ] as [LevelAnswers, number][])('%j → level %i', (answers, level) => {
    expect(pciLevel(answers)).toBe(level);
  });

  it.each([
    [{ acceptance: 'ecommerce', paymentPage: 'fullyOutsourced' }, 'A'],
    [{ acceptance: 'ecommerce', paymentPage: 'partlyOutsourced' }, 'A-EP'],
    [{ acceptance: 'ecommerce', paymentPage: 'ownPaymentPage' }, 'D'],
    [{ acceptance: 'cardPresent', terminals: 'imprintOrDialOut' }, 'B'],
    [{ acceptance: 'cardPresent', terminals: 'ipTerminals' }, 'B-IP'],
    [{ acceptance: 'cardPresent', terminals: 'p2pe' }, 'P2PE'],
    [{ acceptance: 'cardPresent', terminals: 'paymentApplication' }, 'C'],
    [{ acceptance: 'mailTelephone', entry: 'virtualTerminal' }, 'C-VT'],
    [{ acceptance: 'mailTelephone', entry: 'other' }, 'D'],
  ] as [LevelAnswers, string][])('merchant without stored card data, %j → SAQ %s', (answers, type) => {
    expect(saqType({ role: 'merchant', storesCardData: 'no', ...answers })).toBe(type);
  });

  it('stored card data means D; service providers D-SP', () => {
    expect(
      saqType({ role: 'merchant', storesCardData: 'yes', acceptance: 'ecommerce', paymentPage: 'fullyOutsourced' }),
    ).toBe('D');
    expect(saqType({ role: 'serviceProvider' })).toBe('D-SP');
  });

  it('is what the published wizard says: a changed rule names a new type, no rule names none', () => {
    const pilot: WizardBody = {
      ...wizard,
      outcome: { saqType: { if: [{ '==': [{ var: 'acceptance' }, 'ecommerce'] }, 'PILOT-E', 'D'] } },
    };
    expect(recommendedSaqType(pilot, { role: 'merchant', acceptance: 'ecommerce' })).toBe('PILOT-E');
    expect(recommendedSaqType({ ...wizard, outcome: undefined }, { role: 'merchant' })).toBeNull();
    expect(recommendedSaqType(undefined, { role: 'merchant' })).toBeNull();
  });
});

describe('the pci-dss-level wizard document', () => {
  it('offers exactly the choices the level endpoint accepts', () => {
    for (const step of wizard.steps) {
      for (const [field, property] of Object.entries(
        (step.schema?.properties ?? {}) as Record<string, { oneOf?: { const: string }[] }>,
      )) {
        if (!property.oneOf) continue;
        expect(property.oneOf.map((option) => option.const)).toEqual([
          ...LEVEL_CHOICES[field as keyof typeof LEVEL_CHOICES],
        ]);
      }
    }
  });

  it('asks at most 10 questions on any branch and the answers of a branch yield its SAQ type', () => {
    const ecommerce: WizardAnswers = {
      business: { role: 'merchant' },
      volume: { annualTransactions: 'under1m' },
      ecommerceVolume: { ecommerceTransactions: 'under20k' },
      channel: { acceptance: 'ecommerce' },
      ecommerce: { paymentPage: 'partlyOutsourced' },
      storage: { storesCardData: 'no' },
      confirm: { accurate: true },
      cardPresent: { terminals: 'p2pe' }, // from a branch left behind: not submitted
    };
    const path = wizardPath(wizard, ecommerce);
    expect(path.map((step) => step.id)).toEqual([
      'business',
      'volume',
      'ecommerceVolume',
      'channel',
      'ecommerce',
      'storage',
      'confirm',
    ]);
    expect(validateSteps(path, ecommerce, () => undefined).step).toBeNull();
    const merged = mergedAnswers(wizard, ecommerce) as LevelAnswers;
    expect(merged.terminals).toBeUndefined();
    expect([pciLevel(merged), saqType(merged)]).toEqual([4, 'A-EP']);

    const provider: WizardAnswers = {
      business: { role: 'serviceProvider' },
      serviceProviderVolume: { spTransactions: 'over300k' },
    };
    expect(wizardPath(wizard, provider).map((step) => step.id)).toEqual([
      'business',
      'serviceProviderVolume',
      'confirm',
    ]);
    expect(wizard.steps.length).toBeLessThanOrEqual(10);
  });
});
