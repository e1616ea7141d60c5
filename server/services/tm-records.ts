import type { ListChangeAction } from '../../core/transaction-monitoring/list-history';
import type { ListEntry } from '../../core/transaction-monitoring/list-match';
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
  /** Set when a case closes (what the backtest scores against); absent while unlabelled. */
  label?: TransactionLabel;
}

export const TRANSACTION_LABELS = ['false_positive', 'confirmed_risk'] as const;
export type TransactionLabel = (typeof TRANSACTION_LABELS)[number];

/**
 * A black-, watch- or white-list entry (collection `tmListEntries`). A card entry's `value` is the
 * card's keyed hash and `display` its masked form; the number itself is never kept. Otherwise
 * `display` is the value.
 */
export interface TmListEntryRecord extends ListEntry {
  id: string;
  organizationId: string;
  display: string;
  note?: string;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
  /** How many changes the entry has had (its history entries are numbered by it). */
  revision: number;
}

/** One change of a list entry (collection `tmListHistory`, append-only): who, when, before and after. */
export interface TmListChangeRecord {
  /** `<entry id>.<revision, six digits>`: an entry's changes sort as they happened. */
  id: string;
  organizationId: string;
  entryId: string;
  listId: string;
  action: ListChangeAction;
  at: string;
  by: string;
  before: TmListEntryRecord | null;
  after: TmListEntryRecord | null;
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
    'direction',
  ],
  sortable: ['scoredAt', 'amount', 'score', 'decision', 'merchantName', 'country', 'transactionId', 'direction'],
  searchable: ['merchantName', 'transactionId'],
  ranged: ['scoredAt'],
  // written at the ingest's rate: an index of its own only for what the transactions list orders by
  // and searches (a sort by amount over a million rows must not read them all) and scoredAt (the
  // delay, the backtest's days); the matching keys (card, address, device, e-mail, merchant) are
  // filtered through the GIN index, their own indexes cost every insert for no screen
  // (migrations/0008_tm_transaction_indexes.sql)
  indexed: ['scoredAt', 'amount', 'score', 'decision', 'merchantName', 'country', 'transactionId'],
  // a few kilobytes of rule reads per transaction: indexed, they cost most of an insert on PostgreSQL
  unqueried: ['trace'],
} as const;
