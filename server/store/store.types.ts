import type { ListQuery, ListResult, QueryableFields } from '../../core/query/query.types';

/** Every stored record is addressed by a string id, unique within its collection. */
export interface StoredRecord {
  id: string;
}

/**
 * One named collection. Writes resolve only after the change is durably on disk, so a caller
 * that got an answer can rely on it surviving a crash or restart.
 */
export interface Collection<T extends StoredRecord> {
  all(): Promise<T[]>;
  get(id: string): Promise<T | undefined>;
  /** The predicate sees the stored record and must not mutate it. */
  find(predicate: (record: T) => boolean): Promise<T[]>;
  /**
   * The list contract's query (core/query): a declarative filter, sort and page, never a predicate,
   * so every adapter can run it where the data lives. Fields are checked by the caller.
   */
  query(query: ListQuery): Promise<ListResult<T>>;
  /** Rejects when a record with the same id exists. */
  insert(record: T): Promise<T>;
  /**
   * Several new records in one write (an import): all or none — rejects, storing nothing, when an
   * id exists or repeats. lowdb writes the file once; PostgreSQL inserts them in one transaction.
   */
  insertMany(records: readonly T[]): Promise<T[]>;
  /** Shallow-merges the patch; rejects when the id is unknown. The id itself cannot change. */
  update(id: string, patch: Partial<T>): Promise<T>;
  /** Swaps the whole record (members left out are gone); rejects when the id is unknown. */
  replace(id: string, record: T): Promise<T>;
  /** Resolves false when there was nothing to remove. */
  remove(id: string): Promise<boolean>;
  /**
   * Read-modify-write as one step no other writer (another request, another instance) comes
   * between: `next` sees the stored record (undefined when there is none) and answers the record
   * to store, or undefined to leave things as they are. For counters and compare-and-set (a TOTP
   * step used once). `next` must be pure: PostgreSQL runs it again when a concurrent first insert
   * won the race. Resolves with what is stored afterwards.
   */
  upsertWith(id: string, next: (current: T | undefined) => T | undefined): Promise<T | undefined>;
}

/** The collections the app keeps (one JSON file each in the lowdb adapter). */
export const COLLECTION_NAMES = [
  'users',
  'organizations',
  'sites',
  'documents',
  'auditLog',
  'mailLogs',
  'tokens',
  'revokedSessions',
  'errorReports',
  'smtpSettings',
  'wizardProgress',
  'saqLevelResults',
  'saqs',
  'saqAttestations',
  'notifications',
  'helpChatConversations',
  'helpChatMessages',
  'reports',
  'reportFiles',
  'pageViews',
  'impersonations',
  'complianceDocuments',
  'complianceDocumentFiles',
  'complianceShares',
  'pciRequestIds',
  'pciRequests',
  'scans',
  'saqSuggestions',
  'uploadedFiles',
  'onboardings',
  'merchantSettings',
  'portfolioDefaults',
  'siteProfiles',
  'onboardingCredits',
  'assessments',
  'mmspSettings',
  'mmspMarkings',
  'tmApiKeys',
  'tmTransactions',
  'tmListEntries',
  'tmListHistory',
  'tmBacktests',
  'fileTransfers',
  'fileTransferDownloads',
  'userGuides',
  'subscriptions',
  'purchases',
  'invoices',
  'sharedReports',
  'trafficCredits',
  'trafficQueries',
  'trafficData',
  'socialPosts',
] as const;

export type CollectionName = (typeof COLLECTION_NAMES)[number];

/**
 * A collection made at run time, `<prefix>.<name>`: the records of a published resource
 * (`res.<resource id>`) and their workflow history (`hist.<resource id>`). Created on first use.
 */
export type DynamicCollectionName = `${string}.${string}`;

/** A safe file name too: lower-case prefix, a dot, then a document id (no slash, no leading dot). */
const DYNAMIC_NAME = /^[a-z][a-z0-9]*\.[a-z0-9][a-z0-9._-]{0,127}$/;

export function isDynamicCollectionName(name: string): name is DynamicCollectionName {
  return DYNAMIC_NAME.test(name);
}

/** Storage behind the services; lowdb today, a PostgreSQL adapter can implement the same shape. */
/**
 * One history total of transaction monitoring (a velocity, the merchant's average): the
 * organisation's scored transactions whose velocity key `key` holds `value`, scored at or after
 * `since` (ISO text).
 */
export interface HistoryRead {
  key: string;
  value: string;
  since: string;
}

/** How many transactions, how many of them with a numeric amount, and those amounts' exact sum (text). */
export interface HistoryTotal {
  count: number;
  amounts: number;
  sum: string;
}

export interface Store {
  /** A fixed collection, or a dynamic one (created on first use; a malformed name throws). */
  collection<T extends StoredRecord>(name: CollectionName | DynamicCollectionName): Collection<T>;
  /** Shorthand for `collection(name).query(query)`. */
  query<T extends StoredRecord>(name: CollectionName | DynamicCollectionName, query: ListQuery): Promise<ListResult<T>>;
  /**
   * Runs a call that changes more than one record as one unit: on PostgreSQL one transaction
   * (all or nothing, `tx` sees its own writes); the embedded store runs `work` on itself, each
   * write applied at once and the whole answered once every write is on disk (see `durably`; not all
   * or nothing, but no partial write of one record).
   * On PostgreSQL every call made inside `work` joins the transaction, through `tx` or through the
   * store itself (the connection follows work's async context). Take process locks before opening a
   * transaction, never inside one: on PGlite (one session) a lock holder waiting to query would wait
   * for the transaction that waits for the lock.
   */
  transaction<R>(work: (tx: Store) => Promise<R>): Promise<R>;
  /**
   * Runs `work` holding the lock named `key` across every instance that shares this store, for a
   * check and the write it guards (a unique value, the next version number, a single-use token).
   * Work under one key runs one at a time, under different keys in parallel; re-entrant (work may
   * take its key again). PostgreSQL server: a transaction-level advisory lock on a connection of its
   * own while `work` runs as it would unlocked (its writes commit before the lock goes); called
   * inside a transaction, the lock is taken in it and held until it ends. PGlite and lowdb serve one
   * process: a queue per key in this process. Take locks before opening a transaction, never inside
   * one that another holder's work could wait for (see `transaction`).
   */
  withLock<R>(key: string, work: () => Promise<R>): Promise<R>;
  /**
   * Runs `work` whose writes need not be all or nothing but should wait for the disk once, not once
   * each (a transaction scored and the alerts it raises). The embedded store answers each write
   * inside once it is applied and resolves once every one is on disk (group commit: one fsync per
   * collection, the collections in parallel; a lock and a transaction do the same); PostgreSQL runs
   * `work` as it is, each statement committed on its own.
   */
  durably<R>(work: () => Promise<R>): Promise<R>;
  /**
   * The fields a collection's list endpoint filters and sorts on (a resource's `queryable`, a
   * fixed list's columns): PostgreSQL makes indexes for them; the embedded store needs none.
   */
  declareQueryable(name: CollectionName | DynamicCollectionName, fields: QueryableFields): Promise<void>;
  /**
   * PostgreSQL: history totals of the scored transactions (`tmTransactions`), in the order read, from
   * a narrow table the database keeps beside them (migrations/0007_tm_history.sql) — one statement for
   * all of a transaction's figures. Absent on the embedded store, which keeps the figures in memory
   * (server/services/tm-history.ts).
   */
  historyTotals?(organizationId: string, reads: readonly HistoryRead[]): Promise<HistoryTotal[]>;
  /** PostgreSQL: removes the history rows scored before `before` (ISO), which no window reaches any more; how many. */
  pruneHistory?(before: string): Promise<number>;
  /** 'lowdb' or 'postgres': for the start-up log line saying which store runs. */
  readonly engine: 'lowdb' | 'postgres';
  /** Waits for queued writes, then releases the files (or the connections). */
  close(): Promise<void>;
}

/** Thrown at start-up when a collection file cannot be parsed; the file is left untouched. */
export class StoreCorruptError extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`Data file ${file} is corrupt (${reason}). It was not modified; repair or remove it, then start again.`);
    this.name = 'StoreCorruptError';
  }
}
