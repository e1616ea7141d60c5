import type { Decision } from './tm.types';

/** One transaction whose decision a previewed rule set would change (the rules screen's preview). */
export interface DecisionChange {
  id: string;
  transactionId: string;
  merchantName?: string;
  maskedPan: string;
  scoredAt: string;
  from: Decision;
  to: Decision;
  scoreFrom: number;
  scoreTo: number;
}

/** A rule's hits over the replayed transactions: when they were scored, and with the draft. */
export interface RulePreview {
  ruleId: string;
  liveHits: number;
  draftHits: number;
}

/** POST /wbe/api/transaction-monitoring/rules/preview (docs/documents/tm-rules.md 'The rules screen and its preview'). */
export interface PreviewAnswer {
  from: string;
  to: string;
  /** Transactions replayed. */
  total: number;
  changed: number;
  /** Counts by `from→to`, e.g. `approved→flagged`, the most frequent first. */
  transitions: Array<{ from: Decision; to: Decision; count: number }>;
  /** The first changed transactions, named one by one; the counts cover them all. */
  changes: DecisionChange[];
  rules: RulePreview[];
  /** The published version, scoring now (each transaction's decision is from the version that scored it). */
  liveVersion: number;
}
