import { AsyncLocalStorage } from 'node:async_hooks';
import type { ListQuery, ListResult, QueryableFields } from '../../../core/query/query.types';
import {
  COLLECTION_NAMES,
  type Collection,
  type CollectionName,
  type DynamicCollectionName,
  isDynamicCollectionName,
  type Store,
  type StoredRecord,
} from '../store.types';
import { KeyedLocks } from '../keyed-locks';
import { holdsUnstorableText } from '../storable-text';
import { migrate } from './migrate';
import type { SqlClient } from './sql-client';
import { cappedTotal } from '../../../core/query/query.utils';
import { indexStatements, listSql, partitionName } from './sql-query';
import { type AggregateRow, aggregateResult, aggregateSql } from './sql-aggregate';
import { historyTotals, pruneHistory } from './tm-history-sql';

const FIXED = new Set<string>(COLLECTION_NAMES);

/** The record as written (doc keeps key order); data for rows other tools wrote without doc. */
const READ = 'COALESCE(doc, data::json) AS doc';

/** What listSql's page statement starts with; its select list is swapped for READ (keys in written order). */
const LIST_SELECT = 'SELECT data ';

/** Where aggregateSql reads the rows (once per statement). */
const FROM_RECORDS = ' FROM records WHERE ';

/** One parameter, cast twice: as text first so jsonb's key reordering never reaches doc. */
function asText(record: unknown): string {
  // the gateway refuses such text in bodies and filters; here it would be PostgreSQL's own error
  if (holdsUnstorableText(record)) throw new Error('PostgreSQL cannot store U+0000 or a lone surrogate');
  return JSON.stringify(record);
}

/** No stored id holds such text, and sending one would be PostgreSQL's error, not a miss. */
const storable = (id: string) => !holdsUnstorableText(id);

/**
 * One collection's rows in `records`. Every call is one statement, except update and replace,
 * which read the record under a row lock and write it back in one transaction (the merge runs
 * here so doc keeps the embedded store's key order: old keys in place, new ones appended).
 */
class PgCollection<T extends StoredRecord> implements Collection<T> {
  constructor(
    private readonly client: () => SqlClient,
    private readonly name: string,
    /** Members kept out of `data` (QueryableFields.unqueried): `doc` alone holds them. */
    private readonly unqueried: readonly string[],
    /** The collection's own partition, once declared in this process (prepared queries read it directly). */
    private readonly partition: string | undefined,
  ) {}

  private get sql(): SqlClient {
    return this.client();
  }

  async all(): Promise<T[]> {
    const { rows } = await this.sql.query<{ doc: T }>(
      `SELECT ${READ} FROM records WHERE collection = $1 ORDER BY seq`,
      [this.name],
    );
    return rows.map((row) => row.doc);
  }

  async get(id: string): Promise<T | undefined> {
    if (!storable(id)) return undefined;
    // a named statement where the server keeps them: the most frequent read there is (sessions, keys, records)
    const { sql } = this;
    const { rows } = await (sql.prepared ?? sql.query)<{ doc: T }>(
      `SELECT ${READ} FROM records WHERE collection = $1 AND id = $2`,
      [this.name, id],
    );
    return rows[0]?.doc;
  }

  /**
   * Loads the whole collection and filters in JS: a predicate cannot travel to SQL. Fine for the
   * small collections it is used on (a user's organisations, sites); large lists use `query`.
   */
  async find(predicate: (record: T) => boolean): Promise<T[]> {
    return (await this.all()).filter((record) => predicate(record));
  }

  /** The list contract in SQL (sql-query.ts): the page and the total, as two statements; an aggregate as one. */
  async query(query: ListQuery): Promise<ListResult<T>> {
    if (query.aggregate) {
      const statement = aggregateSql(this.name, query.filter, query.aggregate);
      const { sql } = this;
      // prepared over the parent, a generic plan would hold every partition (300 ms to plan, then
      // refused as dearer); over the partition it is that one table's plan, made once
      const { rows } =
        query.prepared && this.partition && sql.prepared && statement.text.split(FROM_RECORDS).length === 2
          ? await sql.prepared<AggregateRow>(
              statement.text.replace(FROM_RECORDS, ` FROM ${this.partition} AS records WHERE `),
              statement.values,
            )
          : await sql.query<AggregateRow>(statement.text, statement.values);
      const { matched, aggregate } = aggregateResult(rows, query.aggregate);
      return { items: [], ...cappedTotal(matched), aggregate };
    }
    const { items, count } = listSql(this.name, query);
    if (!items.text.startsWith(LIST_SELECT)) throw new Error('listSql no longer selects data first');
    const text = `SELECT ${READ} ${items.text.slice(LIST_SELECT.length)}`;
    const [page, counted] = await Promise.all([
      this.sql.query<{ doc: T }>(text, items.values),
      this.sql.query<{ total: number }>(count.text, count.values),
    ]);
    return { items: page.rows.map((row) => row.doc), ...cappedTotal(Number(counted.rows[0]?.total ?? 0)) };
  }

  async insert(record: T): Promise<T> {
    const text = asText(record);
    // ON CONFLICT DO NOTHING rather than a unique violation: a duplicate must not abort the caller's
    // transaction. A named statement where the server keeps them: parsing it cost a third of its run
    const { sql } = this;
    const { rowCount } = await (sql.prepared ?? sql.query)(
      `INSERT INTO records (collection, id, data, doc) VALUES ($1, $2, $3::text::jsonb - $4::text[], $3::text::json)
       ON CONFLICT (collection, id) DO NOTHING`,
      [this.name, record.id, text, this.unqueried],
    );
    if (rowCount === 0) throw new Error(`Duplicate id ${record.id}`);
    return JSON.parse(text) as T;
  }

  async insertMany(records: readonly T[]): Promise<T[]> {
    const ids = records.map((record) => record.id);
    if (new Set(ids).size !== ids.length) throw new Error('Duplicate id among the records');
    if (records.length === 0) return [];
    // one record is one row's insert, all or none alike: its plan is trivial, where the NOT EXISTS
    // below costs about 1 ms to plan on a partition of many indexes (an alert and its history entry)
    if (records.length === 1) return [await this.insert(records[0])];
    const texts = records.map(asText);
    // one statement: every row or none, in the records' order (seq follows it). None when one of the
    // ids is stored already, looked for in the same statement (one plan, not two) so that a clash
    // never aborts the caller's transaction; rowCount tells
    // with the collection's partition known, the clash is looked for there and the statement is a
    // named one, planned once per connection: planning it cost about as much as inserting ten rows
    const { sql } = this;
    const run = this.partition && sql.prepared ? sql.prepared : sql.query;
    const { rowCount } = await run(
      `INSERT INTO records (collection, id, data, doc)
       SELECT $1, element->>'id', element::text::jsonb - $4::text[], element
       FROM json_array_elements($2::text::json) WITH ORDINALITY AS e(element, n)
       WHERE NOT EXISTS (SELECT 1 FROM ${this.partition ?? 'records'} AS r WHERE r.collection = $1 AND r.id = ANY($3::text[]))
       ORDER BY n`,
      [this.name, `[${texts.join(',')}]`, ids, this.unqueried],
    );
    if (rowCount !== records.length) {
      const { rows } = await this.sql.query<{ id: string }>(
        'SELECT id FROM records WHERE collection = $1 AND id = ANY($2::text[])',
        [this.name, ids],
      );
      throw new Error(`Duplicate id ${rows[0]?.id ?? ids[0]}`);
    }
    return texts.map((text) => JSON.parse(text) as T);
  }

  update(id: string, patch: Partial<T>): Promise<T> {
    return this.rewrite(id, (current) => ({ ...current, ...patch, id }) as T);
  }

  replace(id: string, record: T): Promise<T> {
    return this.rewrite(id, () => ({ ...record, id }));
  }

  async remove(id: string): Promise<boolean> {
    if (!storable(id)) return false;
    const { rowCount } = await this.sql.query('DELETE FROM records WHERE collection = $1 AND id = $2', [this.name, id]);
    return rowCount > 0;
  }

  /**
   * The row is read under a lock (FOR UPDATE) and written in the same transaction. A missing row
   * cannot be locked, so its insert may race another: ON CONFLICT DO NOTHING tells, and the loop
   * reads the winner's row under the lock and asks `next` again.
   */
  async upsertWith(id: string, next: (current: T | undefined) => T | undefined): Promise<T | undefined> {
    if (!storable(id)) throw new Error(`Unstorable id ${id}`);
    for (;;) {
      const outcome = await this.sql.transaction(async (tx) => {
        const { rows } = await tx.query<{ doc: T }>(
          `SELECT ${READ} FROM records WHERE collection = $1 AND id = $2 FOR UPDATE`,
          [this.name, id],
        );
        const current = rows[0]?.doc;
        const wanted = next(current);
        if (wanted === undefined) return { stored: current };
        const text = asText({ ...wanted, id });
        if (current) {
          await tx.query(
            'UPDATE records SET data = $3::text::jsonb - $4::text[], doc = $3::text::json WHERE collection = $1 AND id = $2',
            [this.name, id, text, this.unqueried],
          );
        } else {
          const { rowCount } = await tx.query(
            `INSERT INTO records (collection, id, data, doc) VALUES ($1, $2, $3::text::jsonb - $4::text[], $3::text::json)
             ON CONFLICT (collection, id) DO NOTHING`,
            [this.name, id, text, this.unqueried],
          );
          if (rowCount === 0) return null; // another writer inserted it first: read theirs
        }
        return { stored: JSON.parse(text) as T };
      });
      if (outcome) return outcome.stored;
    }
  }

  private async rewrite(id: string, next: (current: T) => T): Promise<T> {
    if (!storable(id)) throw new Error(`No record ${id}`);
    return this.sql.transaction(async (tx) => {
      const { rows } = await tx.query<{ doc: T }>(
        `SELECT ${READ} FROM records WHERE collection = $1 AND id = $2 FOR UPDATE`,
        [this.name, id],
      );
      if (rows.length === 0) throw new Error(`No record ${id}`);
      const text = asText(next(rows[0].doc));
      await tx.query(
        'UPDATE records SET data = $3::text::jsonb - $4::text[], doc = $3::text::json WHERE collection = $1 AND id = $2',
        [this.name, id, text, this.unqueried],
      );
      return JSON.parse(text) as T;
    });
  }
}

/** The transaction a call runs in; `open` turns false once it is committed or rolled back. */
interface Bound {
  client: SqlClient;
  open: boolean;
}

const LOCK = 'SELECT pg_advisory_xact_lock(hashtext($1))';

/** PGlite: stores over one instance (several apps of one process in tests) share its in-process locks. */
const sessionLocks = new WeakMap<object, KeyedLocks>();

function inProcessLocks(sql: SqlClient): KeyedLocks {
  if (!sql.session) return new KeyedLocks();
  let locks = sessionLocks.get(sql.session);
  if (!locks) {
    locks = new KeyedLocks();
    sessionLocks.set(sql.session, locks);
  }
  return locks;
}

/**
 * A Store over the pool (or PGlite). `transaction(work)` binds its connection to work's async
 * context: every call made inside work — through `tx` or through the store any service holds —
 * runs in the transaction. So a service need not thread `tx` through helpers, and on PGlite (one
 * session) a call inside work can never wait for the transaction it is part of. Work left running
 * after the transaction ended (a mail sent in the background) falls back to the pool.
 */
function storeOver(sql: SqlClient): Store {
  const bound = new AsyncLocalStorage<Bound>();
  const current = () => bound.getStore();
  const client = () => {
    const tx = current();
    return tx?.open ? tx.client : sql;
  };
  const declared = new Set<string>();
  /** QueryableFields.unqueried by collection, as declared in this process. */
  const unqueried = new Map<string, readonly string[]>();
  /** The collections whose partition this process made sure of (declareQueryable, committed). */
  const partitioned = new Set<string>();
  let closed = false;
  /** pg_trgm's operator class once looked for (null: not installed and not installable here). */
  let trigramOps: Promise<string | null> | undefined;
  let expressionStatistics: Promise<boolean> | undefined;
  const findTrigramOps = async (): Promise<string | null> => {
    const installed = async () => {
      const { rows } = await client().query<{ schema: string }>(
        `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
         WHERE e.extname = 'pg_trgm'`,
      );
      const schema = rows[0]?.schema;
      return schema && /^[a-z_][a-z0-9_]{0,62}$/.test(schema) ? `${schema}.gin_trgm_ops` : null;
    };
    const found = await installed();
    // outside a transaction only: a failed CREATE would abort the caller's transaction
    if (found || current()?.open) return found;
    try {
      // in public, so every schema (tests isolate themselves in one each) finds the operator class
      await sql.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
    } catch {
      // not available, or not ours to create: contains then filters without a trigram index
    }
    return installed();
  };
  /** A queue per key in this process: one waiter per key and process holds a lock connection. */
  const locks = inProcessLocks(sql);
  /** The lock transaction the current work holds its locks on (so a nested lock joins it). */
  const holding = new AsyncLocalStorage<Bound>();

  /** The instances' lock, taken once this process's turn came (see Store.withLock). */
  const acrossInstances = async <R>(key: string, held: () => Promise<R>): Promise<R> => {
    // PGlite serves this process only; its one session would also make an advisory lock re-entrant for everyone
    if (sql.engine !== 'server') return held();
    const name = `paysec.lock.${sql.schema}.${key}`;
    // inside a transaction its writes are seen only once it commits: the lock must last as long
    const joined = current()?.open ? current() : holding.getStore()?.open ? holding.getStore() : undefined;
    if (joined) {
      await joined.client.query(LOCK, [name]);
      return held();
    }
    const hold =
      sql.holdLock?.bind(sql) ??
      (<T>(lockName: string, work: (holder: SqlClient) => Promise<T>) =>
        sql.transaction(async (tx) => {
          await tx.query(LOCK, [lockName]);
          return work(tx);
        }));
    return hold(name, async (holder) => {
      const state: Bound = { client: holder, open: true };
      try {
        return await holding.run(state, held);
      } finally {
        state.open = false;
      }
    });
  };

  const collection = <T extends StoredRecord>(name: CollectionName | DynamicCollectionName): Collection<T> => {
    if (closed) throw new Error('Store is closed');
    if (!FIXED.has(name) && !isDynamicCollectionName(name)) throw new Error(`Unknown collection ${name}`);
    return new PgCollection<T>(
      client,
      name,
      unqueried.get(name) ?? [],
      partitioned.has(name) ? partitionName(name) : undefined,
    );
  };
  const store: Store = {
    engine: 'postgres',
    collection,
    query: <T extends StoredRecord>(name: CollectionName | DynamicCollectionName, query: ListQuery) =>
      collection<T>(name).query(query),
    transaction<R>(work: (tx: Store) => Promise<R>): Promise<R> {
      if (current()?.open) return work(store); // nested: part of the outer transaction
      return sql.transaction(async (tx) => {
        const state: Bound = { client: tx, open: true };
        try {
          return await bound.run(state, () => work(store));
        } finally {
          state.open = false;
        }
      });
    },
    withLock: (key, work) => locks.run(key, work, (held) => acrossInstances(key, held)),
    // each statement commits (and waits for its WAL flush) on its own
    durably: (work) => work(),
    historyTotals: (organizationId, reads) => historyTotals(client(), organizationId, reads),
    pruneHistory: (before) => pruneHistory(client(), before),
    async declareQueryable(name: CollectionName | DynamicCollectionName, fields: QueryableFields) {
      collection(name); // the same name check
      unqueried.set(name, fields.unqueried ?? []);
      const key = JSON.stringify([
        name,
        [...fields.filterable].sort(),
        [...fields.sortable].sort(),
        [...(fields.searchable ?? [])].sort(),
        [...(fields.ranged ?? [])].sort(),
        fields.sorts ?? [],
        fields.rangePairs ?? [],
        fields.indexed ?? null,
      ]);
      if (declared.has(key)) return;
      let ops: string | null | undefined;
      if (fields.searchable?.length) {
        // looked for once outside a transaction (inside one it cannot be created)
        ops = await (trigramOps ?? findTrigramOps());
        if (!current()?.open) trigramOps ??= Promise.resolve(ops);
      }
      expressionStatistics ??= client()
        .query<{ version: string }>("SELECT current_setting('server_version_num') AS version")
        .then(({ rows }) => Number(rows[0]?.version) >= 140000);
      const statements = indexStatements(name, fields, {
        trigramOps: ops ?? undefined,
        expressionStatistics: await expressionStatistics,
      });
      // one instance at a time: two could both find no partition, and concurrent CREATE INDEX IF NOT
      // EXISTS of one name can still collide
      await client().transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`paysec.indexes.${sql.schema}`]);
        for (const statement of statements) await tx.query(statement);
      });
      if (!current()?.open) {
        declared.add(key); // a rolled-back transaction takes its indexes with it
        partitioned.add(name);
      }
    },
    async close() {
      closed = true;
      await sql.close();
    },
  };
  return store;
}

/**
 * The PostgreSQL store: applies pending migrations (server/store/pg/migrations), then serves every
 * collection, fixed or dynamic, from the one `records` table. Closing it closes the client.
 */
export async function openPgStore(sql: SqlClient): Promise<Store> {
  await migrate(sql);
  return storeOver(sql);
}
