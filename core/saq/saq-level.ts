/**
 * The PCI DSS level wizard's verdict (domain §9: PCI levels 1 to 4, 9 SAQ types), computed from
 * the answers by the server, never taken from the browser. The answers are the merged step answers
 * of the `pci-dss-level` wizard document (schemas/wizards/pci-dss-level.json).
 */
export const SAQ_TYPES = ['A', 'A-EP', 'B', 'B-IP', 'C', 'C-VT', 'P2PE', 'D', 'D-SP'] as const;
export type SaqType = (typeof SAQ_TYPES)[number];
export type PciLevel = 1 | 2 | 3 | 4;

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

const BY_PAYMENT_PAGE: Record<Choice<'paymentPage'>, SaqType> = {
  fullyOutsourced: 'A',
  partlyOutsourced: 'A-EP',
  ownPaymentPage: 'D',
};
const BY_TERMINALS: Record<Choice<'terminals'>, SaqType> = {
  imprintOrDialOut: 'B',
  ipTerminals: 'B-IP',
  p2pe: 'P2PE',
  paymentApplication: 'C',
  other: 'D',
};
const BY_ENTRY: Record<Choice<'entry'>, SaqType> = { virtualTerminal: 'C-VT', paymentApplication: 'C', other: 'D' };

/**
 * Service providers answer SAQ D for Service Providers; a merchant that stores cardholder data
 * electronically answers D; otherwise the way cards are accepted decides (anything unknown: D).
 */
export function saqType(answers: LevelAnswers): SaqType {
  if (answers.role === 'serviceProvider') return 'D-SP';
  if (answers.storesCardData !== 'no') return 'D';
  if (answers.acceptance === 'ecommerce' && answers.paymentPage) return BY_PAYMENT_PAGE[answers.paymentPage];
  if (answers.acceptance === 'cardPresent' && answers.terminals) return BY_TERMINALS[answers.terminals];
  if (answers.acceptance === 'mailTelephone' && answers.entry) return BY_ENTRY[answers.entry];
  return 'D';
}
