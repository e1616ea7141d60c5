import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgStore } from '../../../server/store/pg/pg-store';
import type { SqlClient } from '../../../server/store/pg/sql-client';
import type { Store, StoredRecord } from '../../../server/store/store.types';
import { openTestSql } from '../support/harness';

/** Inserts made at one moment outside a transaction go in together (insert-batches.ts), each row standing alone. */
describe('inserts written together', () => {
  let sql: SqlClient;
  let store: Store;
  let dispose = async () => {};

  beforeAll(async () => {
    const database = await openTestSql();
    dispose = database.dispose;
    sql = database.client();
    store = await openPgStore(database.client());
  });
  afterAll(async () => {
    await store?.close();
    await sql?.close();
    await dispose();
  });

  it('answers each insert on its own: a duplicate id fails its caller only, the others are stored in call order', async () => {
    const shops = store.collection<StoredRecord & { n: number }>('res.batched');
    await shops.insert({ id: 'old', n: 0 });
    // the first goes at once; the others wait for it and go as one statement, 'a' twice in it
    const calls = ['first', 'a', 'old', 'b', 'a', 'c'].map((id, n) => shops.insert({ id, n: n + 1 }));
    const outcomes = await Promise.allSettled(calls);
    expect(
      outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.n : String(outcome.reason))),
    ).toEqual([1, 2, 'Error: Duplicate id old', 4, 'Error: Duplicate id a', 6]);
    expect(await shops.all()).toEqual([
      { id: 'old', n: 0 },
      { id: 'first', n: 1 },
      { id: 'a', n: 2 },
      { id: 'b', n: 4 },
      { id: 'c', n: 6 },
    ]);
  });

  it('inserts inside a transaction in it: rolled back with it', async () => {
    const shops = store.collection<StoredRecord>('res.batched-tx');
    await expect(
      store.transaction(async () => {
        await shops.insert({ id: 'x' });
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await shops.all()).toEqual([]);
  });
});
