import { randomUUID } from 'node:crypto';
import { type CompiledRuleSet, compileRuleSet } from '../../core/transaction-monitoring/engine';
import { withCard } from '../../core/transaction-monitoring/facts';
import { type Features, featuresOf } from '../../core/transaction-monitoring/operators';
import { SNOOZE_ENTITIES, type TmSnoozeFields } from '../../core/transaction-monitoring/alerts';
import type { Decision, TmRuleSetBody, TransactionFacts, Verdict } from '../../core/transaction-monitoring/tm.types';
import { runQuery } from '../../core/query/run-query';
import type { Filter } from '../../core/query/filter.types';
import { MAX_PAGE_SIZE } from '../../core/query/query.types';
import type { AppContext } from '../context';
import { readSanctionsSnapshot } from './sanctions-snapshot';
import { cardForms } from '../cards/card-numbers';
import { effectiveRuleSet } from './tm-rule-sets';
import { snoozeKey } from './tm-snooze-key';
import type { TmApiKeyRecord, TmTransactionRecord } from './tm-records';
import type { ListFeatures, TmListCache } from './tm-list-cache';
import { GroupCommit } from '../store/group-commit';
import { groupFigures, type HistoryFigures, type HistoryQuery, KeptHistory, queriedFigures } from './tm-history';

export type { HistoryQuery, ListFeatures };

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

/** One ingest call waiting for its group commit (PostgreSQL): its answers are filled in once stored. */
interface Submission {
  key: TmApiKeyRecord;
  items: readonly SubmittedTransaction[];
  answers: IngestAnswer[];
  /** Settles once the reactions to its group (alerts) are done. */
  told: Promise<void>;
}

/** A submitted transaction read for scoring: its card reduced, its facts. */
interface Received {
  key: Pick<TmApiKeyRecord, 'id' | 'organizationId'>;
  item: SubmittedTransaction;
  card: ReturnType<typeof cardForms>;
  facts: TransactionFacts;
}

/** How one scoring gets its history figures: from queries over a reader, or kept in memory (KeptHistory). */
type FiguresOf = (
  organizationId: string,
  facts: TransactionFacts,
  compiled: CompiledRuleSet,
  now: Date,
) => Promise<HistoryFigures>;

/**
 * The ingest path: each transaction's card reduced to its masked form and keyed hash, the figures
 * the rule set's operators need read from the store, the compiled rule set run, and the decision
 * with its trace written before the answer (an acknowledged transaction is on disk). A batch is
 * scored in order, so its later transactions count the earlier ones in their velocity.
 */
export class TmScoringService {
  /** Published versions never change: compiled once each, by rule set and version. */
  private readonly compiled = new Map<string, CompiledRuleSet>();

  /**
   * The ingest's history figures kept in memory, on the embedded store only: its one process stores
   * every transaction (tm-history.ts). Null on PostgreSQL, where other instances store transactions
   * too: there a transaction's figures are one statement over the history table the database keeps
   * beside the transactions (Store.historyTotals).
   */
  private readonly kept: KeptHistory | null;

  /**
   * PostgreSQL: the ingest calls that arrive while a group is being scored and written wait for the
   * next group, scored together (one read of the history, one of the snoozes) and written in one
   * statement, answered once it is committed — each statement and commit costs far more than a row.
   * Groups run one at a time, so each reads what the one before stored.
   */
  private readonly groups: GroupCommit<Submission> | null;

  constructor(
    private readonly ctx: AppContext,
    private readonly cardKey: Uint8Array,
    private readonly listCache: TmListCache,
  ) {
    this.kept = ctx.store.engine === 'lowdb' ? new KeptHistory(ctx.store) : null;
    this.groups = this.kept
      ? null
      : new GroupCommit<Submission>({ write: (group) => this.scoreGroup(group), failed: () => undefined });
  }

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
    const figures: FiguresOf = (organization, of, set, at) => queriedFigures(read, organization, of, set.needs, at);
    return this.featuresBy(figures, organizationId, facts, compiled, now, lists);
  }

  private async featuresBy(
    figuresOf: FiguresOf,
    organizationId: string,
    facts: TransactionFacts,
    compiled: CompiledRuleSet,
    now: Date,
    lists?: ListFeatures,
  ): Promise<Features> {
    const [prepared, figures] = await Promise.all([
      lists ?? this.listCache.lists(organizationId, [...compiled.needs.lists]),
      figuresOf(organizationId, facts, compiled, now),
    ]);
    // one fixed shape for every transaction (featuresOf): the compiled rules read it through one hidden class
    return featuresOf(
      prepared,
      now.getTime(),
      figures,
      compiled.needs.sanctions ? await readSanctionsSnapshot(this.ctx) : undefined,
    );
  }

  /**
   * The rules snoozed now (by ctx.clock) for each transaction of a group, by one of its entities
   * (resource `tm-snooze`). Nearly always none: one count over the live snoozes of all the group's
   * entities, of one shape for every group (planned once per connection); the snoozes themselves
   * are read only when there are some.
   */
  private async snoozed(
    organizationId: string,
    group: readonly TransactionFacts[],
    now: Date,
  ): Promise<Array<Set<string>>> {
    const keysOf = group.map((facts) =>
      SNOOZE_ENTITIES.flatMap((entity) => {
        const value = facts[entity];
        return value === undefined || value === '' ? [] : [snoozeKey(entity, value)];
      }),
    );
    const filter: Filter = {
      and: [
        { field: 'organizationId', op: 'eq', value: organizationId },
        { field: 'expiresAt', op: 'gt', value: now.toISOString() },
        { field: 'match', op: 'in', value: [...new Set(keysOf.flat())] },
      ],
    };
    const snoozes = 'res.tm-snooze';
    const rules = group.map(() => new Set<string>());
    const { total } = await this.ctx.store.query(snoozes, {
      filter,
      sort: [],
      page: 1,
      pageSize: 1,
      aggregate: { measures: [{ op: 'count', as: 'count' }] },
      prepared: true,
    });
    if (total === 0) return rules;
    const byMatch = new Map<string, string[]>();
    for (let page = 1; ; page += 1) {
      const { items } = await this.ctx.store.query<TmSnoozeFields & { id: string }>(snoozes, {
        filter,
        sort: [],
        page,
        pageSize: MAX_PAGE_SIZE,
      });
      for (const snooze of items) byMatch.set(snooze.match, [...(byMatch.get(snooze.match) ?? []), snooze.ruleId]);
      if (items.length < MAX_PAGE_SIZE) break;
    }
    for (const [index, keys] of keysOf.entries())
      for (const key of keys) for (const ruleId of byMatch.get(key) ?? []) rules[index].add(ruleId);
    return rules;
  }

  /** A submitted transaction read: the card reduced to its masked form and keyed hash, the PAN left behind. */
  private received(key: Pick<TmApiKeyRecord, 'id' | 'organizationId'>, item: SubmittedTransaction): Received {
    const { pan, occurredAt: _occurred, ...rest } = item;
    const card = cardForms(pan, this.cardKey);
    return { key, item, card, facts: withCard(rest, card) };
  }

  /** The record stored for a scored transaction. */
  private recordOf({ key, item, card }: Received, ruleSet: ActiveRuleSet, verdict: Verdict, now: Date) {
    const { pan: _pan, occurredAt, ...rest } = item;
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
      ruleSet: { id: ruleSet.id, version: ruleSet.version },
      trace: verdict.trace,
      keyId: key.id,
    } satisfies TmTransactionRecord;
  }

  /** One transaction scored (not yet stored). */
  private async scored(
    key: Pick<TmApiKeyRecord, 'id' | 'organizationId'>,
    item: SubmittedTransaction,
    now: Date,
    figuresOf: FiguresOf,
  ): Promise<TmTransactionRecord> {
    const ruleSet = this.ruleSet(key.organizationId);
    const received = this.received(key, item);
    const [features, snoozed] = await Promise.all([
      this.featuresBy(figuresOf, key.organizationId, received.facts, ruleSet.compiled, now),
      this.snoozed(key.organizationId, [received.facts], now),
    ]);
    return this.recordOf(received, ruleSet, ruleSet.compiled.score(received.facts, features, snoozed[0]), now);
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
   * Scores and stores the transactions in order, each counted by the next one's figures; answers
   * each one's decision once every one is stored and `tm.transactionsScored` was told (alerts are
   * raised from it). On PostgreSQL the call joins the next group commit (scoreGroup). On the embedded
   * store each is written before the next is scored, with one wait for the disk for it all: the
   * transactions and the alerts join their collections' group commits together (Store.durably).
   */
  async ingest(key: TmApiKeyRecord, submitted: readonly SubmittedTransaction[]): Promise<IngestAnswer[]> {
    if (this.groups) {
      const submission: Submission = { key, items: submitted, answers: [], told: Promise.resolve() };
      await this.groups.add(submission);
      await submission.told;
      return submission.answers;
    }
    const records = this.ctx.store.collection<TmTransactionRecord>('tmTransactions');
    const kept = this.kept as KeptHistory; // the embedded store (every other store groups)
    const figuresOf: FiguresOf = (organizationId, facts, compiled, now) =>
      kept.figures(organizationId, facts, compiled.needs, now);
    try {
      return await this.ctx.store.durably(async () => {
        const stored: TmTransactionRecord[] = [];
        for (const item of submitted) {
          const record = await this.scored(key, item, this.ctx.clock(), figuresOf);
          const inserted = records.insert(record);
          kept.stored(key.organizationId, [record]); // in the step the store applied it in
          await inserted;
          stored.push(record);
        }
        await this.told(stored);
        return stored.map(answerOf);
      });
    } catch (error) {
      kept.forget(key.organizationId); // a write the store took back may have been counted
      throw error;
    }
  }

  /**
   * One group commit (PostgreSQL): the group's transactions scored at one instant, in the order they
   * arrived — per organisation one rule set, one read of the history figures (each transaction also
   * counting the group's earlier ones) and one of the snoozes — then all written in one statement;
   * once that is committed the next group may start, while the alerts they raise are written (the
   * group's answers wait for those too).
   */
  private async scoreGroup(group: Submission[]): Promise<void> {
    const { store } = this.ctx;
    const totalsOf = store.historyTotals?.bind(store);
    if (!totalsOf) throw new Error('Grouped ingest needs the store’s history totals');
    const now = this.ctx.clock();
    const received = group.flatMap(({ key, items }) => items.map((item) => this.received(key, item)));
    const byOrganization = new Map<string, number[]>();
    for (const [index, { key }] of received.entries())
      byOrganization.set(key.organizationId, [...(byOrganization.get(key.organizationId) ?? []), index]);
    const records: TmTransactionRecord[] = [];
    await Promise.all(
      [...byOrganization].map(async ([organizationId, indexes]) => {
        const ruleSet = this.ruleSet(organizationId);
        const { needs } = ruleSet.compiled;
        const facts = indexes.map((index) => received[index].facts);
        const [lists, figures, snoozed, sanctions] = await Promise.all([
          this.listCache.lists(organizationId, [...needs.lists]),
          groupFigures(totalsOf, organizationId, facts, needs, now),
          this.snoozed(organizationId, facts, now),
          needs.sanctions ? readSanctionsSnapshot(this.ctx) : undefined,
        ]);
        for (const [n, index] of indexes.entries()) {
          // one fixed shape for every transaction (featuresOf): the compiled rules read it through one hidden class
          const features = featuresOf(lists, now.getTime(), figures[n], sanctions);
          const verdict = ruleSet.compiled.score(facts[n], features, snoozed[n]);
          records[index] = this.recordOf(received[index], ruleSet, verdict, now);
        }
      }),
    );
    await store.collection<TmTransactionRecord>('tmTransactions').insertMany(records);
    // the alerts are not history: the next group may read and write meanwhile; the answers wait for them
    const told = this.told(records);
    let next = 0;
    for (const submission of group) {
      submission.answers = records.slice(next, next + submission.items.length).map(answerOf);
      submission.told = told;
      next += submission.items.length;
    }
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
    const figuresOf: FiguresOf = (organizationId, facts, compiled, now) =>
      queriedFigures(read, organizationId, facts, compiled.needs, now);
    for (const { at, transaction } of items) done.push(await this.scored(key, transaction, at, figuresOf));
    const inserted = this.ctx.store.collection<TmTransactionRecord>('tmTransactions').insertMany(done);
    this.kept?.stored(key.organizationId, done);
    try {
      await inserted;
    } catch (error) {
      this.kept?.forget(key.organizationId);
      throw error;
    }
    await this.told(done);
  }
}

/** What the ingest answers of a stored transaction. */
const answerOf = (record: TmTransactionRecord): IngestAnswer => ({
  id: record.id,
  transactionId: record.transactionId,
  decision: record.decision,
  score: record.score,
  hits: record.hits,
  ruleSet: record.ruleSet,
});

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
