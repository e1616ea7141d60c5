import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { ListQuery } from '../../../core/query/query.types';
import { runQuery } from '../../../core/query/run-query';
import { openLowdbStore } from '../../../server/store/lowdb-store';
import type { StoredRecord } from '../../../server/store/store.types';
import { newDataDir } from '../support/harness';

interface Shop extends StoredRecord {
  name?: unknown;
  org: string;
}

/** A small deterministic generator: the same records and queries on every run. */
function generator(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
}

const NAMES = ['Demo Shop', 'demo shop', 'DEMO', 'Bookings', 'books', 'Book', 'Ödeme', 'ödeme mağazası', ''];

describe('field indexes of the embedded store (server/store/prefix-index.ts)', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('answer eq and startsWith queries exactly as reading every record does, through inserts, updates and removals', async () => {
    const dataDir = await newDataDir();
    dirs.push(dataDir);
    const store = await openLowdbStore(dataDir);
    const shops = store.collection<Shop>('res.shops');
    const next = generator(7);
    const nameOf = (i: number): unknown => {
      const pick = next(12);
      if (pick === 9) return ['Demo Shop', 'Other']; // an array an eq may match
      if (pick === 10) return 42;
      if (pick === 11) return undefined;
      return `${NAMES[pick]}${next(3) === 0 ? ` ${i}` : ''}`;
    };
    await shops.insertMany(Array.from({ length: 900 }, (_, i) => ({ id: `s${i}`, name: nameOf(i), org: `o${i % 3}` })));

    const queries: ListQuery[] = [];
    for (const value of ['Demo Shop', 'demo', 'DEMO', 'book', 'Bookings', 'ö', 'Ödeme', '', 'nothing']) {
      for (const op of ['eq', 'startsWith'] as const) {
        queries.push({ filter: { field: 'name', op, value }, sort: [], page: 1, pageSize: 1000 });
        queries.push({
          filter: {
            and: [
              { field: 'org', op: 'eq', value: 'o1' },
              { field: 'name', op, value },
            ],
          },
          sort: [{ field: 'name', direction: 'desc' }],
          page: 2,
          pageSize: 7,
        });
      }
    }
    const same = async () => {
      const all = await shops.all();
      for (const query of queries)
        expect(await shops.query(query), JSON.stringify(query)).toEqual(runQuery(all, query));
    };
    await same();
    for (let i = 0; i < 200; i++) {
      const id = `s${next(900)}`;
      if (next(4) === 0) await shops.remove(id);
      else await shops.upsertWith(id, (current) => ({ id, org: current?.org ?? 'o1', name: nameOf(i) }));
    }
    await same();
    await store.close();
  });
});
