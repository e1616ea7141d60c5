import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListQuery } from '../../../core/query/query.types';
import { openPgStore } from '../../../server/store/pg/pg-store';
import { partitionName } from '../../../server/store/pg/sql-query';
import type { SqlClient } from '../../../server/store/pg/sql-client';
import type { Store, StoredRecord } from '../../../server/store/store.types';
import { openTestSql } from '../support/harness';

interface Shop extends StoredRecord {
  name: string;
  status: string;
  openedAt: string;
}

const NAMES = ['Anadolu Market', 'Ege Cafe', 'Atlas Books', '50%_Off Shop'];

/**
 * What declareQueryable makes of searchable, ranged and multi-key sort declarations on the project's
 * PostgreSQL: a server offers pg_trgm (created in public on first need), PGlite here does not — then
 * `contains` filters without a trigram index, with the same answers.
 */
describe('indexes for declared queryable fields', () => {
  let sql: SqlClient;
  let store: Store;
  let dispose = async () => {};

  beforeAll(async () => {
    const database = await openTestSql();
    dispose = database.dispose;
    sql = database.client();
    store = await openPgStore(database.client());
    await store.declareQueryable('res.shops', {
      filterable: ['name', 'status', 'openedAt'],
      sortable: ['name', 'status', 'openedAt'],
      searchable: ['name'],
      ranged: ['openedAt'],
      sorts: [
        [
          { field: 'status', direction: 'asc' },
          { field: 'openedAt', direction: 'desc' },
        ],
      ],
    });
    const shops = store.collection<Shop>('res.shops');
    for (const [i, name] of NAMES.entries()) {
      const day = String(i + 1).padStart(2, '0');
      await shops.insert({
        id: `s${i}`,
        name,
        status: i % 2 ? 'open' : 'closed',
        openedAt: `2026-01-${day}T00:00:00Z`,
      });
    }
  });
  afterAll(async () => {
    await store?.close();
    await sql?.close();
    await dispose();
  });

  const definitions = async () =>
    // this test's schema only: other files drop their schemas meanwhile, and reading the definition of an
    // index being dropped fails ("could not open relation")
    (
      await sql.query<{ indexdef: string }>(
        "SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1 AND indexname LIKE 'records\\_q\\_%'",
        [partitionName('res.shops')],
      )
    ).rows.map((row) => row.indexdef);

  it('makes a text index per ranged field and a composite one per declared sort; trigram ones where pg_trgm is', async () => {
    const made = await definitions();
    expect(made.filter((text) => /query_rank\(\(data -> 'openedAt'::text\)\), query_text/.test(text))).toHaveLength(1);
    expect(made.filter((text) => /'status'.*'openedAt'.*DESC/.test(text))).toHaveLength(1);
    const trigram = made.filter((text) => text.includes('gin_trgm_ops'));
    const offered = await sql.query("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'");
    expect(trigram).toHaveLength(offered.rows.length === 1 ? 1 : 0);
    if (sql.engine === 'server') expect(trigram).toHaveLength(1); // a server offers it: created on first need
  });

  it('answers contains (LIKE characters literally), startsWith and a date range over them', async () => {
    const ids = async (query: Omit<ListQuery, 'page' | 'pageSize'>) =>
      (await store.query<Shop>('res.shops', { ...query, page: 1, pageSize: 10 })).items.map((shop) => shop.id);
    expect(await ids({ filter: { field: 'name', op: 'contains', value: 'CAFE' }, sort: [] })).toEqual(['s1']);
    expect(await ids({ filter: { field: 'name', op: 'contains', value: '%_o' }, sort: [] })).toEqual(['s3']);
    expect(await ids({ filter: { field: 'name', op: 'contains', value: '_' }, sort: [] })).toEqual(['s3']);
    const prefixed = {
      filter: { field: 'name', op: 'startsWith', value: 'a' },
      sort: [{ field: 'name', direction: 'asc' }],
    };
    expect(await ids(prefixed as Omit<ListQuery, 'page' | 'pageSize'>)).toEqual(['s0', 's2']);
    const between = { field: 'openedAt', op: 'between', value: ['2026-01-02', '2026-01-03T23:59:59Z'] };
    expect(
      await ids({ filter: between as ListQuery['filter'], sort: [{ field: 'openedAt', direction: 'desc' }] }),
    ).toEqual(['s2', 's1']);
  });

  it('keeps unqueried members out of data, reads them back whole, and answers a prepared aggregate as a plain one', async () => {
    await store.declareQueryable('res.scored', { filterable: ['kind'], sortable: [], unqueried: ['trace'] });
    const scored = store.collection<StoredRecord & { kind: string; trace?: unknown }>('res.scored');
    const trace = [{ rule: 'r1', reads: { amount: 5 } }];
    await scored.insert({ id: 'a', kind: 'x', trace });
    await scored.insertMany([
      { id: 'b', kind: 'x', trace },
      { id: 'c', kind: 'y', trace },
    ]);
    await scored.update('a', { kind: 'y' });
    const { rows } = await sql.query<{ id: string; traced: boolean }>(
      "SELECT id, data ? 'trace' AS traced FROM records WHERE collection = 'res.scored' ORDER BY id",
    );
    expect(rows).toEqual(['a', 'b', 'c'].map((id) => ({ id, traced: false })));
    expect(await scored.get('a')).toEqual({ id: 'a', kind: 'y', trace });
    expect((await scored.all()).map((record) => record.trace)).toEqual([trace, trace, trace]);

    const byKind = (prepared: boolean) =>
      store.query('res.scored', {
        filter: { field: 'kind', op: 'in', value: ['x', 'y'] },
        sort: [],
        page: 1,
        pageSize: 1,
        aggregate: { measures: [{ op: 'count', as: 'count' }], groupBy: { field: 'kind' } },
        prepared,
      });
    const plain = await byKind(false);
    expect(plain.aggregate?.groups).toEqual([
      { key: 'x', count: 1 },
      { key: 'y', count: 2 },
    ]);
    // past the five runs after which PostgreSQL may keep a generic plan
    for (let run = 0; run < 7; run += 1) expect(await byKind(true)).toEqual(plain);
  });
});
