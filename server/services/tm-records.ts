import type { Decision, TraceEntry, TransactionFacts } from '../../core/transaction-monitoring/tm.types';

/** One scored transaction (collection `tmTransactions`): never the card number, only its masked form and keyed hash. */
export interface TmTransactionRecord extends TransactionFacts {
  id: string;
  organizationId: string;
  maskedPan: string;
  /** When the acquirer says it happened (ISO), and when we scored it (ISO, ctx.clock). */
  occurredAt: string;
  scoredAt: string;
  decision: Decision;
  score: number;
  hits: string[];
  ruleSet: { id: string; version: number };
  trace: TraceEntry[];
  /** The API key that submitted it. */
  keyId: string;
}

/** An acquirer organisation's ingest key (collection `tmApiKeys`): only its SHA-256 is kept. */
export interface TmApiKeyRecord {
  id: string;
  organizationId: string;
  name: string;
  /** The key's first characters, to tell keys apart in the list. */
  prefix: string;
  hash: string;
  createdAt: string;
  createdBy: string;
  revokedAt?: string;
  revokedBy?: string;
  lastUsedAt?: string;
}

/** The fields the transactions list filters and sorts on (an index each on PostgreSQL). */
export const TRANSACTION_FIELDS = {
  filterable: [
    'organizationId',
    'decision',
    'merchantId',
    'merchantName',
    'country',
    'currency',
    'maskedPan',
    'transactionId',
    'amount',
    'score',
    'scoredAt',
    'cardHash',
    'ip',
    'deviceId',
    'email',
  ],
  sortable: ['scoredAt', 'amount', 'score', 'decision', 'merchantName', 'country', 'transactionId'],
  searchable: ['merchantName', 'transactionId'],
  ranged: ['scoredAt'],
} as const;
