import type { JsonLogicRule } from '../rules/rule.types';

/** A transaction's outcome (domain §4), from the rule set's thresholds. */
/** The platform default rule set (`tm-rules/acquirer`): it scores an organisation until the organisation has its own. */
export const DEFAULT_RULE_SET = 'acquirer';
/** Whose rule set a version is: the organisation's own, or the platform default it falls back to. */
export type RuleSetSource = 'own' | 'default';

export const DECISIONS = ['approved', 'flagged', 'investigating', 'declined'] as const;
export type Decision = (typeof DECISIONS)[number];

type Text = string | { en: string; tr: string };

/** One rule of a `tm-rules` document: its id stays across versions (traces and hits name it). */
export interface TmRule {
  id: string;
  title: Text;
  group: string;
  score: number;
  when: JsonLogicRule;
  /** A rule kept in the document but not scored. */
  disabled?: boolean;
}

/** The body of a `tm-rules` document (schemas/meta/tm-rules.json). */
export interface TmRuleSetBody {
  title: Text;
  /** A score at or above each threshold gives that decision (the highest reached wins). */
  thresholds: { flag: number; investigate: number; decline: number };
  /** Country codes by risk, read by the `countryRisk` operator; others are `low`. */
  countryRisk?: { high?: string[]; medium?: string[] };
  rules: TmRule[];
}

/** The facts rules read: the submitted transaction, the card only as its BIN, last 4 and keyed hash. */
export interface TransactionFacts {
  transactionId: string;
  merchantId: string;
  merchantName?: string;
  mcc?: string;
  amount: number;
  currency: string;
  country?: string;
  direction?: 'inbound' | 'outbound';
  ip?: string;
  deviceId?: string;
  email?: string;
  bin: string;
  last4: string;
  cardHash: string;
  billingCountry?: string;
  shippingCountry?: string;
}

/**
 * What a rule's evaluation recorded: hit, no hit, error (the rule threw), or snoozed (a manager
 * snoozed it for one of this transaction's entities: not evaluated, adds nothing), and the values it read.
 */
export interface TraceEntry {
  ruleId: string;
  group: string;
  score: number;
  outcome: 'hit' | 'noHit' | 'error' | 'snoozed';
  reads: Record<string, unknown>;
  error?: string;
}

export interface Verdict {
  decision: Decision;
  score: number;
  hits: string[];
  trace: TraceEntry[];
}
