/**
 * The PCI DSS level wizard's verdict (domain §9: PCI levels 1 to 4), computed from the answers by
 * the server, never taken from the browser. The answers are the merged step answers of the
 * `pci-dss-level` wizard document (schemas/wizards/pci-dss-level.json). The SAQ type is not decided
 * here: the wizard document's `outcome.saqType` rule names it, so a new type is a publish.
 */
import type { WizardBody } from '../wizards/wizard.types';
import { applyRule } from '../rules/jsonlogic';

export type PciLevel = 1 | 2 | 3 | 4;

/** The wizard document whose answers the level endpoint judges. */
export const LEVEL_WIZARD_ID = 'pci-dss-level';

/** The answer values, one list per question; the wizard's enums and the endpoint's schema use them. */
export const LEVEL_CHOICES = {
  role: ['merchant', 'serviceProvider'],
  annualTransactions: ['over6m', '1mTo6m', 'under1m'],
  ecommerceTransactions: ['20kTo1m', 'under20k'],
  acceptance: ['ecommerce', 'cardPresent', 'mailTelephone'],
  paymentPage: ['fullyOutsourced', 'partlyOutsourced', 'ownPaymentPage'],
  terminals: ['imprintOrDialOut', 'ipTerminals', 'p2pe', 'paymentApplication', 'other'],
  entry: ['virtualTerminal', 'paymentApplication', 'other'],
  storesCardData: ['yes', 'no'],
  spTransactions: ['over300k', 'under300k'],
} as const;

type Choice<K extends keyof typeof LEVEL_CHOICES> = (typeof LEVEL_CHOICES)[K][number];

export type LevelAnswers = { [K in keyof typeof LEVEL_CHOICES]?: Choice<K> } & { accurate?: boolean };

/**
 * Merchants: over 6 million card transactions a year → 1; 1 to 6 million → 2; under 1 million
 * with 20,000 to 1 million e-commerce transactions → 3; otherwise 4. Service providers: over
 * 300,000 → 1, otherwise 2.
 */
export function pciLevel(answers: LevelAnswers): PciLevel {
  if (answers.role === 'serviceProvider') return answers.spTransactions === 'over300k' ? 1 : 2;
  if (answers.annualTransactions === 'over6m') return 1;
  if (answers.annualTransactions === '1mTo6m') return 2;
  return answers.ecommerceTransactions === '20kTo1m' ? 3 : 4;
}

/** The SAQ type the published level wizard's `outcome.saqType` yields for these answers, or null. */
export function recommendedSaqType(wizard: WizardBody | undefined, answers: LevelAnswers): string | null {
  const rule = wizard?.outcome?.saqType;
  if (rule === undefined) return null;
  const type = applyRule(rule, answers);
  return typeof type === 'string' && type !== '' ? type : null;
}
