import type { Decision } from './tm.types';
import { VELOCITY_KEYS, type VelocityKey } from './operators';

/**
 * Alerts, cases and snoozes (issue 25): the fields of the records the resources `tm-alert`,
 * `tm-case` and `tm-snooze` keep (schemas/resources/tm-*.json declares them to the gateway).
 */

/** The decisions that raise an alert: a person looks at these; declined ones were stopped already. */
export const ALERTING_DECISIONS: readonly Decision[] = ['flagged', 'investigating'];

/** What a closed case says of its transactions; the backtest scores rules against it (stored as `label`). */
export const CASE_LABELS = ['false_positive', 'confirmed_risk'] as const;
export type CaseLabel = (typeof CASE_LABELS)[number];

/** The entities a rule can be snoozed for: the transaction's keys velocity counts on. */
export const SNOOZE_ENTITIES: readonly VelocityKey[] = VELOCITY_KEYS;
export type SnoozeEntity = VelocityKey;

/** What an alert is made from: a stored, scored transaction (server/services/tm-records.ts has all of it). */
export interface ScoredTransaction {
  id: string;
  organizationId: string;
  transactionId: string;
  decision: Decision;
  score: number;
  hits: string[];
  merchantId: string;
  merchantName?: string;
  /** In or out of the institution's own accounts: what the alternate variant's lists show (shell §2.4). */
  direction?: 'inbound' | 'outbound';
  maskedPan: string;
  amount: number;
  currency: string;
  scoredAt: string;
}

/** An alert: one flagged or investigating transaction, as the decision left it. */
export interface TmAlertFields extends Omit<ScoredTransaction, 'id' | 'organizationId'> {
  /** The stored transaction's id (tmTransactions); `transactionId` is the acquirer's own id of it. */
  transactionRef: string;
  /** When managers may see it: the transaction's visibility delay (domain §9) after scoring. */
  visibleAt: string;
  /** The case it was grouped into. */
  caseId?: string;
  /** open → assigned (to a case) → closed (workflow `tm-alert`). */
  state: 'open' | 'assigned' | 'closed';
}

/** A snooze: one rule not scored for one entity's transactions until `expiresAt`. */
export interface TmSnoozeFields {
  ruleId: string;
  entity: SnoozeEntity;
  /** SHA-256 of the entity and its value as the facts hold it (server/services/tm-snooze-key.ts): a card's keyed hash is never shown. */
  match: string;
  /** What managers read instead of the value (a card: its masked form). */
  shown: string;
  expiresAt: string;
  reason: string;
  alertId: string;
}
