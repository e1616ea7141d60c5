/**
 * Generated transactions and the 20-rule set of the transaction-monitoring benches (tm-rules,
 * tm-ingest, tm-backtest): deterministic, so every run and every contender sees the same ones.
 */
import type { JsonLogicRule } from '../../core/rules/rule.types';
import type { TmRuleSetBody } from '../../core/transaction-monitoring/tm.types';
import { luhn } from '../../server/cards/card-numbers';
import { random } from './pg-list-data';

export { random };

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)];

const COUNTRIES = ['TR', 'TR', 'TR', 'TR', 'DE', 'GB', 'NL', 'US', 'RU', 'UA', 'BR', 'NG', 'IR', 'AZ', 'CY'];
// the risky codes (gambling, quasi-cash, money transfer, direct marketing) are rare
const COMMON_MCC = ['5411', '5812', '5999', '4111', '5732', '7011', '5691'];
const MCC = [...COMMON_MCC, ...COMMON_MCC, '7995', '5967'];
const CURRENCIES = ['TRY', 'TRY', 'TRY', 'EUR', 'USD', 'GBP'];
const BINS = ['411111', '454360', '540061', '552879', '979206', '401288', '522221', '676781'];
const HIGH = ['KP', 'IR', 'SY', 'MM', 'NG'];
const MEDIUM = ['RU', 'UA', 'VN', 'BR'];
export const BLOCKED_EMAILS = Array.from({ length: 50 }, (_, i) => `mule${i}@blocked.example`);
export const PREPAID_BINS = Array.from({ length: 20 }, (_, i) => String(979200 + i));

/** What the ingest API takes (a Luhn-valid PAN built from the BIN). */
export interface GeneratedTransaction {
  transactionId: string;
  merchantId: string;
  merchantName: string;
  mcc: string;
  pan: string;
  amount: number;
  currency: string;
  country: string;
  billingCountry: string;
  shippingCountry?: string;
  direction: 'inbound' | 'outbound';
  ip: string;
  deviceId?: string;
  email: string;
}

function luhnComplete(prefix: string): string {
  for (let check = 0; check < 9; check += 1) if (luhn(`${prefix}${check}`)) return `${prefix}${check}`;
  return `${prefix}9`;
}

/** Transaction `i`: a few thousand cards, merchants, IPs and devices, so velocity windows fill. */
export function generatedTransaction(i: number, rnd: () => number): GeneratedTransaction {
  const country = pick(rnd, COUNTRIES);
  const card = Math.floor(rnd() ** 2 * 5000);
  const bin = rnd() < 0.03 ? pick(rnd, PREPAID_BINS) : BINS[card % BINS.length];
  const abroad = rnd() < 0.05;
  return {
    transactionId: `T-${i}`,
    merchantId: `M-${Math.floor(rnd() ** 2 * 400)}`,
    merchantName: `Merchant ${i % 400}`,
    mcc: pick(rnd, MCC),
    pan: luhnComplete(`${bin}${String(card).padStart(9, '0')}`),
    amount: rnd() < 0.05 ? Math.round(rnd() * 150) / 100 + 0.01 : Math.round(Math.exp(rnd() * 10) * 100) / 100,
    currency: pick(rnd, CURRENCIES),
    country,
    billingCountry: abroad ? pick(rnd, COUNTRIES) : country,
    ...(rnd() < 0.7 ? { shippingCountry: rnd() < 0.9 ? country : pick(rnd, COUNTRIES) } : {}),
    direction: rnd() < 0.8 ? 'inbound' : 'outbound',
    ip: `10.${Math.floor(rnd() * 4)}.${Math.floor(rnd() * 50)}.${Math.floor(rnd() * 250)}`,
    ...(rnd() < 0.85 ? { deviceId: `dev-${Math.floor(rnd() * 8000)}` } : {}),
    email:
      rnd() < 0.01
        ? pick(rnd, BLOCKED_EMAILS)
        : rnd() < 0.02
          ? `x${i}@mailinator.com`
          : `customer${Math.floor(rnd() * 20000)}@mail.example`,
  };
}

type Rule = { id: string; score: number; when: unknown };

/**
 * The 20 rules, written once with our operators; `plain` rewrites each operator as a `var` read of
 * a precomputed figure (what json-logic-js or json-logic-engine would evaluate), and `inList` of
 * the e-mail list as `in` over the same 50 addresses: the same logic over the same facts.
 */
export function ruleSet(): { ours: TmRuleSetBody; plain: Rule[] } {
  const amount = { var: 'amount' };
  const cardCount10 = { velocity: ['cardHash', 'count', 10] };
  const cardCount60 = { velocity: ['cardHash', 'count', 60] };
  const cardSum1440 = { velocity: ['cardHash', 'sum', 1440] };
  const ipCount60 = { velocity: ['ip', 'count', 60] };
  const risk = { countryRisk: [{ var: 'country' }] };
  const mismatch = {
    and: [{ var: 'shippingCountry' }, { '!=': [{ var: 'billingCountry' }, { var: 'shippingCountry' }] }],
  };
  const riskyMcc = { in: [{ var: 'mcc' }, ['7995', '6051', '4829', '5967']] };
  const rules: Rule[] = [
    { id: 'large-amount', score: 20, when: { '>=': [amount, 5000] } },
    {
      id: 'very-large-foreign',
      score: 30,
      when: { and: [{ '>=': [amount, 20000] }, { in: [{ var: 'currency' }, ['USD', 'EUR', 'GBP']] }] },
    },
    { id: 'card-velocity', score: 40, when: { '>': [cardCount10, 5] } },
    { id: 'ip-velocity', score: 30, when: { '>': [ipCount60, 10] } },
    { id: 'card-testing', score: 30, when: { and: [{ '<': [amount, 2] }, { '>=': [cardCount60, 3] }] } },
    { id: 'card-daily-sum', score: 25, when: { '>': [cardSum1440, 10000] } },
    { id: 'high-risk-country', score: 35, when: { '==': [risk, 'high'] } },
    { id: 'medium-risk-large', score: 15, when: { and: [{ '==': [risk, 'medium'] }, { '>': [amount, 1000] }] } },
    { id: 'country-mismatch', score: 15, when: mismatch },
    {
      id: 'billing-abroad',
      score: 10,
      when: { and: [{ var: 'billingCountry' }, { '!=': [{ var: 'billingCountry' }, { var: 'country' }] }] },
    },
    { id: 'amount-spike', score: 35, when: { '>': [{ merchantAmountRatio: [] }, 5] } },
    { id: 'risky-mcc', score: 10, when: riskyMcc },
    { id: 'risky-mcc-large', score: 20, when: { and: [riskyMcc, { '>': [amount, 500] }] } },
    {
      id: 'outbound-foreign',
      score: 15,
      when: { and: [{ '==': [{ var: 'direction' }, 'outbound'] }, { '!=': [{ var: 'country' }, 'TR'] }] },
    },
    { id: 'disposable-email', score: 15, when: { in: ['@mailinator.', { var: 'email' }] } },
    { id: 'no-device-large', score: 15, when: { and: [{ '!': { var: 'deviceId' } }, { '>': [amount, 300] }] } },
    { id: 'round-amount', score: 10, when: { and: [{ '>=': [amount, 1000] }, { '==': [{ '%': [amount, 100] }, 0] }] } },
    { id: 'blocked-email', score: 90, when: { inList: ['blocked-emails', { var: 'email' }] } },
    { id: 'prepaid-bin', score: 20, when: { in: [{ var: 'bin' }, PREPAID_BINS] } },
    {
      id: 'combined',
      score: 25,
      when: {
        or: [
          { and: [{ '==': [risk, 'high'] }, { '>': [ipCount60, 3] }] },
          { and: [{ '<=': [3000, amount, 5000] }, mismatch] },
          { if: [{ '==': [{ var: 'currency' }, 'TRY'] }, { '>': [cardCount10, 3] }, { '>': [cardSum1440, 5000] }] },
        ],
      },
    },
  ];
  const ours: TmRuleSetBody = {
    title: 'bench',
    thresholds: { flag: 30, investigate: 60, decline: 90 },
    countryRisk: { high: HIGH, medium: MEDIUM },
    rules: rules.map((rule) => ({ ...rule, when: rule.when as JsonLogicRule, title: rule.id, group: 'bench' })),
  };
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (typeof node !== 'object' || node === null) return node;
    const [op] = Object.keys(node);
    const args = (node as Record<string, unknown[]>)[op];
    if (op === 'velocity') return { var: `f.${args.join('_')}` };
    if (op === 'countryRisk') return { var: 'f.countryRisk' };
    if (op === 'merchantAmountRatio') return { var: 'f.merchantAmountRatio' };
    if (op === 'inList') return { in: [rewrite(args[1]), BLOCKED_EMAILS] };
    return { [op]: rewrite(args) };
  };
  return { ours, plain: rules.map((rule) => ({ ...rule, when: rewrite(rule.when) })) };
}

/** The countryRisk operator's answer, for the peers' precomputed figure. */
export const countryRiskOf = (country: string) =>
  HIGH.includes(country) ? 'high' : MEDIUM.includes(country) ? 'medium' : 'low';
