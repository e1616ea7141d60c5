import { randomUUID } from 'node:crypto';
import { type CompiledRuleSet, compileRuleSet } from '../../core/transaction-monitoring/engine';
import { withCard } from '../../core/transaction-monitoring/facts';
import { prepareLists } from '../../core/transaction-monitoring/list-match';
import {
  type Features,
  featuresOf,
  MERCHANT_AVERAGE_DAYS,
  type VelocitySpec,
} from '../../core/transaction-monitoring/operators';
import { SNOOZE_ENTITIES, type TmSnoozeFields } from '../../core/transaction-monitoring/alerts';
import type { Decision, TmRuleSetBody, TransactionFacts, Verdict } from '../../core/transaction-monitoring/tm.types';
import type { Filter } from '../../core/query/filter.types';
import type { ListQuery, ListResult } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import type { AppContext } from '../context';
import { readSanctionsSnapshot } from './sanctions-snapshot';
import { cardForms } from '../cards/card-numbers';
import { effectiveRuleSet } from './tm-rule-sets';
import { snoozeKey } from './tm-snooze-key';
import type { TmApiKeyRecord, TmListEntryRecord, TmTransactionRecord } from './tm-records';

/** The compiled cache's key: a version of one rule set (every organisation's set counts from 1). */
const versionKey = (id: string, version: number) => `${id}@${version}`;

/** A rule set as scoring uses it: which one, its version, body and compiled form. */
export interface ActiveRuleSet {
  id: string;
  version: number;
  body: TmRuleSetBody;
  compiled: CompiledRuleSet;
}

/** A transaction as the ingest API takes it (server/gateway/tm-ingest.ts's schema). */
export type SubmittedTransaction = Omit<TransactionFacts, 'bin' | 'last4' | 'cardHash'> & {
  /** The full card number: read once to mask and hash it, never stored. */
  pan: string;
  occurredAt?: string;
};

export interface IngestAnswer {
  id: string;
  transactionId: string;
  decision: Decision;
  score: number;
  hits: string[];
  ruleSet: { id: string; version: number };
}

const MINUTE = 60_000;

/** The prepared lists a scoring reads. */
export type ListFeatures = Pick<Features, 'lists' | 'allow'>;

/** Where the history figures are read: the store, or the records a seed or a replay holds in memory. */
export type HistoryQuery = (query: ListQuery) => Promise<ListResult<TmTransactionRecord>>;

/**
 * The ingest path: each transaction's card reduced to its masked form and keyed hash, the figures
 * the rule set's operators need read from the store, the compiled rule set run, and the decision
 * with its trace written before the answer (an acknowledged transaction is on disk). A batch is
 * scored in order, so its later transactions count the earlier ones in their velocity.
 */
export class TmScoringService {
  /** Published versions never change: compiled once each, by rule set and version. */
  private readonly compiled = new Map<string, CompiledRuleSet>();

  constructor(
    private readonly ctx: AppContext,
    private readonly cardKey: Uint8Array,
  ) {}

  /**
   * The rule set that scores the organisation's transactions now — its own published one, else the
   * platform default (tm-rule-sets.ts) — and its compiled form. Read per transaction from the document
   * cache, so an approval elsewhere applies to the next transaction.
   */
  ruleSet(organizationId: string): ActiveRuleSet {
    const { id, version, body } = effectiveRuleSet(this.ctx.documents, organizationId);
    const ruleSet = body as TmRuleSetBody;
    return { id, version, body: ruleSet, compiled: this.compiledVersion(id, version, ruleSet) };
  }

  /** A stored version of a rule set compiled, once (a version's body never changes once published). */
  compiledVersion(id: string, version: number, body: TmRuleSetBody): CompiledRuleSet {
    const key = versionKey(id, version);
    let compiled = this.compiled.get(key);
    if (!compiled) {
      compiled = compileRuleSet(body);
      this.compiled.set(key, compiled);
    }
    return compiled;
  }

  /** The lists a rule set reads and the organisation's white lists (allow beats block), as stored now. */
  private async lists(organizationId: string, listIds: readonly string[]): Promise<ListFeatures> {
    if (listIds.length === 0) return { lists: {} };
    const { items } = await this.ctx.store.query<TmListEntryRecord>('tmListEntries', {
      filter: {
        and: [
          { field: 'organizationId', op: 'eq', value: organizationId },
          {
            or: [
              { field: 'listId', op: 'in', value: [...listIds] },
              { field: 'listKind', op: 'eq', value: 'white' },
            ],
          },
        ],
      },
      sort: [],
      page: 1,
      pageSize: 10_000,
    });
    return prepareLists(items, listIds);
  }

  private async history(read: HistoryQuery, filter: Filter, measures: 'velocity' | 'average') {
    const { aggregate } = await read({
      filter,
      sort: [],
      page: 1,
      pageSize: 1,
      aggregate: {
        measures:
          measures === 'velocity'
            ? [
                { op: 'count', as: 'count' },
                { op: 'sum', field: 'amount', as: 'sum' },
              ]
            : [{ op: 'avg', field: 'amount', as: 'avg' }],
      },
    });
    return aggregate?.totals ?? {};
  }

  /**
   * The figures the rule set's operators need for one transaction at `now`: velocity and the
   * merchant's average from `read` (the store, or a replay's records before it), and the lists —
   * as stored now, or as a replay says they were then.
   */
  async features(
    organizationId: string,
    facts: TransactionFacts,
    compiled: CompiledRuleSet,
    now: Date,
    read: HistoryQuery,
    lists?: ListFeatures,
  ): Promise<Features> {
    const org = { field: 'organizationId', op: 'eq', value: organizationId } as const;
    const specs: Array<[string, VelocitySpec]> = [...compiled.needs.velocities];
    // keys in the rule set's order, not in the order the reads answer: one hidden class per rule set
    const velocities: Record<string, number> = Object.fromEntries(specs.map(([name]) => [name, 0]));
    await Promise.all(
      specs.map(async ([name, spec]) => {
        const value = facts[spec.key];
        const own = spec.measure === 'count' ? 1 : facts.amount;
        if (value === undefined || value === '') {
          velocities[name] = own;
          return;
        }
        const since = new Date(now.getTime() - spec.minutes * MINUTE).toISOString();
        const totals = await this.history(
          read,
          {
            and: [org, { field: spec.key, op: 'eq', value }, { field: 'scoredAt', op: 'gte', value: since }],
          },
          'velocity',
        );
        velocities[name] = Number(totals[spec.measure] ?? 0) + own;
      }),
    );
    let merchantAverage: number | null = null;
    if (compiled.needs.merchantAverage) {
      const since = new Date(now.getTime() - MERCHANT_AVERAGE_DAYS * 24 * 60 * MINUTE).toISOString();
      const totals = await this.history(
        read,
        {
          and: [
            org,
            { field: 'merchantId', op: 'eq', value: facts.merchantId },
            { field: 'scoredAt', op: 'gte', value: since },
          ],
        },
        'average',
      );
      merchantAverage = typeof totals.avg === 'number' ? totals.avg : null;
    }
    return featuresOf(
      lists ?? (await this.lists(organizationId, [...compiled.needs.lists])),
      now.getTime(),
      { velocities, merchantAverage },
      compiled.needs.sanctions ? await readSanctionsSnapshot(this.ctx) : undefined,
    );
  }

  /** The rules snoozed now (by ctx.clock) for one of the transaction's entities (resource `tm-snooze`). */
  private async snoozed(organizationId: string, facts: TransactionFacts, now: Date): Promise<Set<string>> {
    const keys = SNOOZE_ENTITIES.flatMap((entity) => {
      const value = facts[entity];
      return value === undefined || value === '' ? [] : [snoozeKey(entity, value)];
    });
    const { items } = await this.ctx.store.query<TmSnoozeFields & { id: string }>('res.tm-snooze', {
      filter: {
        and: [
          { field: 'organizationId', op: 'eq', value: organizationId },
          { field: 'expiresAt', op: 'gt', value: now.toISOString() },
          { field: 'match', op: 'in', value: keys },
        ],
      },
      sort: [],
      page: 1,
      pageSize: 1_000,
    });
    return new Set(items.map((snooze) => snooze.ruleId));
  }

  /** One transaction scored (not yet stored): the card reduced to its masked form and keyed hash. */
  private async scored(
    key: Pick<TmApiKeyRecord, 'id' | 'organizationId'>,
    item: SubmittedTransaction,
    now: Date,
    read: HistoryQuery,
  ): Promise<TmTransactionRecord> {
    const { id: ruleSetId, version, compiled } = this.ruleSet(key.organizationId);
    const { pan, occurredAt, ...rest } = item;
    const card = cardForms(pan, this.cardKey);
    const facts = withCard(rest, card);
    const [features, snoozed] = await Promise.all([
      this.features(key.organizationId, facts, compiled, now, read),
      this.snoozed(key.organizationId, facts, now),
    ]);
    const verdict = compiled.score(facts, features, snoozed);
    return {
      ...rest,
      ...card,
      id: randomUUID(),
      organizationId: key.organizationId,
      occurredAt: occurredAt ?? now.toISOString(),
      scoredAt: now.toISOString(),
      decision: verdict.decision,
      score: verdict.score,
      hits: verdict.hits,
      ruleSet: { id: ruleSetId, version },
      trace: verdict.trace,
      keyId: key.id,
    };
  }

  /**
   * A stored transaction scored again by another rule set (the rules screen's preview), with the
   * figures as they stood when it was scored: history strictly before its scoredAt, lists as they
   * are now. Transactions scored in the same millisecond (one batch on a coarse clock) do not count
   * each other here, though the earlier ones counted at ingest.
   */
  async rescore(record: TmTransactionRecord, compiled: CompiledRuleSet): Promise<Verdict> {
    const before: HistoryQuery = (query) =>
      this.ctx.store.query<TmTransactionRecord>('tmTransactions', {
        ...query,
        filter: {
          and: [...(query.filter ? [query.filter] : []), { field: 'scoredAt', op: 'lt', value: record.scoredAt }],
        },
      });
    const facts = factsOf(record);
    const at = new Date(record.scoredAt);
    return compiled.score(facts, await this.features(record.organizationId, facts, compiled, at, before));
  }

  /**
   * Scores and stores the transactions in order, each written before the next is scored; answers
   * each one's decision once every one is stored and `tm.transactionsScored` was told (alerts are
   * raised from it). One wait for the disk for it all: on the embedded store the transactions and
   * the alerts join their collections' group commits together (Store.durably).
   */
  async ingest(key: TmApiKeyRecord, submitted: readonly SubmittedTransaction[]): Promise<IngestAnswer[]> {
    const records = this.ctx.store.collection<TmTransactionRecord>('tmTransactions');
    const read: HistoryQuery = (query) => this.ctx.store.query<TmTransactionRecord>('tmTransactions', query);
    return this.ctx.store.durably(async () => {
      const answers: IngestAnswer[] = [];
      const stored: TmTransactionRecord[] = [];
      for (const item of submitted) {
        const record = await this.scored(key, item, this.ctx.clock(), read);
        await records.insert(record);
        stored.push(record);
        answers.push({
          id: record.id,
          transactionId: record.transactionId,
          decision: record.decision,
          score: record.score,
          hits: record.hits,
          ruleSet: record.ruleSet,
        });
      }
      await this.told(stored);
      return answers;
    });
  }

  /**
   * Tells who reacts (alerts) that transactions were scored and stored. The decisions are on disk and
   * answered whatever a reaction does, so a failing one is logged, not turned into a failed ingest.
   */
  private async told(transactions: TmTransactionRecord[]): Promise<void> {
    try {
      await this.ctx.events.emit('tm.transactionsScored', { transactions });
    } catch (error) {
      this.ctx.log.error('tm.transactionsScored reaction failed', error);
    }
  }

  /**
   * The demo seed's past transactions, each scored at its own time over the ones before it, in
   * memory, then stored in one write: a fresh store has no history of its own to read.
   */
  async scoreHistory(
    key: Pick<TmApiKeyRecord, 'id' | 'organizationId'>,
    items: ReadonlyArray<{ at: Date; transaction: SubmittedTransaction }>,
  ): Promise<void> {
    const done: TmTransactionRecord[] = [];
    const read: HistoryQuery = async (query) => runQuery(done, query);
    for (const { at, transaction } of items) done.push(await this.scored(key, transaction, at, read));
    await this.ctx.store.collection<TmTransactionRecord>('tmTransactions').insertMany(done);
    await this.told(done);
  }
}

/** What a rule read when the record was scored: the record without what scoring and storing added. */
function factsOf(record: TmTransactionRecord): TransactionFacts {
  const {
    id: _id,
    organizationId: _organization,
    maskedPan: _masked,
    occurredAt: _occurred,
    scoredAt: _scored,
    decision: _decision,
    score: _score,
    hits: _hits,
    ruleSet: _ruleSet,
    trace: _trace,
    keyId: _key,
    ...facts
  } = record;
  return facts;
}
