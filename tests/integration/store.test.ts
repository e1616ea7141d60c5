import { afterEach, describe, expect, it } from 'vitest';
import type { Store, StoredRecord } from '../../server/store/store.types';
import { openTestStore, TEST_STORE } from './support/harness';

interface Note extends StoredRecord {
  text: string;
  count?: number;
  tags?: string[];
}

/**
 * The Store contract, on the project's adapter: lowdb in 'integration', PostgreSQL (server or
 * PGlite) in 'integration-pg'. What only lowdb's files show is in lowdb/lowdb-store.test.ts.
 */
describe(`store contract (${TEST_STORE})`, () => {
  const opened: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const dispose of opened.splice(0)) await dispose();
  });
  async function fresh(): Promise<Store> {
    const { store, dispose } = await openTestStore();
    opened.push(dispose);
    return store;
  }

  it('says which engine it is', async () => {
    expect((await fresh()).engine).toBe(TEST_STORE);
  });

  it('inserts, reads, updates, replaces and removes; unknown ids and duplicates are refused', async () => {
    const notes = (await fresh()).collection<Note>('errorReports');
    expect(await notes.insert({ id: 'a', text: 'first', count: 1 })).toEqual({ id: 'a', text: 'first', count: 1 });
    await expect(notes.insert({ id: 'a', text: 'again' })).rejects.toThrow(/Duplicate id a/);
    expect(await notes.get('a')).toEqual({ id: 'a', text: 'first', count: 1 });
    expect(await notes.get('missing')).toBeUndefined();
    expect(await notes.update('a', { count: 2, id: 'renamed' } as Partial<Note>)).toEqual({
      id: 'a',
      text: 'first',
      count: 2,
    });
    expect(await notes.replace('a', { id: 'ignored', text: 'second' })).toEqual({ id: 'a', text: 'second' });
    expect(await notes.get('a')).toEqual({ id: 'a', text: 'second' });
    await expect(notes.update('missing', { text: 'x' })).rejects.toThrow(/No record missing/);
    // an id PostgreSQL could not even hold (U+0000, a lone surrogate) is simply not there
    for (const odd of ['a\u0000', 'half \ud800']) {
      expect(await notes.get(odd)).toBeUndefined();
      expect(await notes.remove(odd)).toBe(false);
      await expect(notes.update(odd, { text: 'x' })).rejects.toThrow(/No record/);
    }
    await expect(notes.replace('missing', { id: 'missing', text: 'x' })).rejects.toThrow(/No record missing/);
    expect(await notes.remove('a')).toBe(true);
    expect(await notes.remove('a')).toBe(false);
    expect(await notes.all()).toEqual([]);
  });

  it('inserts many records in one write, all or none, in their order with their key order', async () => {
    const store = await fresh();
    const notes = store.collection<Note>('res.imported');
    await notes.insert({ id: 'first', text: 'before' });
    const many = Array.from({ length: 300 }, (_, index) => ({ text: `note ${index}`, id: `n${index}`, count: index }));
    expect(await notes.insertMany(many)).toEqual(many);
    const all = await notes.all();
    expect(all.map((note) => note.id)).toEqual(['first', ...many.map((note) => note.id)]);
    expect(Object.keys(all[1] ?? {})).toEqual(['text', 'id', 'count']);
    // an id that exists, or one given twice: nothing of the batch is stored, and a transaction goes on
    await store.transaction(async (tx) => {
      const batch = tx.collection<Note>('res.imported');
      await expect(
        batch.insertMany([
          { id: 'new1', text: 'x' },
          { id: 'n7', text: 'again' },
        ]),
      ).rejects.toThrow(/Duplicate id/);
      await expect(
        batch.insertMany([
          { id: 'new2', text: 'x' },
          { id: 'new2', text: 'twice' },
        ]),
      ).rejects.toThrow(/Duplicate id/);
      await batch.insert({ id: 'after', text: 'still writable' });
    });
    expect(await notes.get('new1')).toBeUndefined();
    expect(await notes.get('new2')).toBeUndefined();
    expect(await notes.get('after')).toEqual({ id: 'after', text: 'still writable' });
    expect(await notes.insertMany([])).toEqual([]);
  });

  it('hands out copies, so callers cannot change stored records by accident', async () => {
    const notes = (await fresh()).collection<Note>('errorReports');
    const record = { id: 'a', text: 'original', tags: ['x'] };
    const inserted = await notes.insert(record);
    inserted.text = 'changed';
    record.tags.push('y');
    const read = await notes.get('a');
    if (read) read.text = 'changed too';
    expect(await notes.get('a')).toEqual({ id: 'a', text: 'original', tags: ['x'] });
  });

  it('keeps insertion order across updates, and the key order of every object as written', async () => {
    const notes = (await fresh()).collection<Note>('errorReports');
    for (const id of ['c', 'a', 'b']) await notes.insert({ id, text: id });
    await notes.update('c', { count: 3 });
    await notes.replace('a', { id: 'a', text: 'A' });
    expect((await notes.all()).map((note) => note.id)).toEqual(['c', 'a', 'b']);
    // a form's fields follow its schema's key order: the store must not sort keys (jsonb does)
    const forms = (await fresh()).collection<StoredRecord & { body: Record<string, unknown> }>('documents');
    const body = { zeta: 1, alpha: { zz: 1, b: 2, aaa: 3 }, mid: [{ y: 1, x: 2 }] };
    await forms.insert({ id: 'f', body });
    const back = await forms.get('f');
    expect(JSON.stringify(back?.body)).toBe(JSON.stringify(body));
    await forms.update('f', { body: { ...body, added: true } });
    expect(Object.keys((await forms.all())[0].body)).toEqual(['zeta', 'alpha', 'mid', 'added']);
  });

  it('finds by predicate and queries with filter, sort and page on a dynamic collection', async () => {
    const store = await fresh();
    const mcc = store.collection<Note>('res.high-risk-mcc');
    expect(await mcc.all()).toEqual([]);
    await Promise.all(Array.from({ length: 20 }, (_, i) => mcc.insert({ id: `m${i}`, text: `mcc ${i}`, count: i })));
    expect((await mcc.find((note) => (note.count ?? 0) >= 17)).map((note) => note.id).sort()).toEqual([
      'm17',
      'm18',
      'm19',
    ]);
    await store.declareQueryable('res.high-risk-mcc', { filterable: ['count', 'text'], sortable: ['count'] });
    const page = await store.query<Note>('res.high-risk-mcc', {
      filter: { field: 'count', op: 'gte', value: 15 },
      sort: [{ field: 'count', direction: 'desc' }],
      page: 1,
      pageSize: 2,
    });
    expect(page).toEqual({
      items: [expect.objectContaining({ id: 'm19' }), expect.objectContaining({ id: 'm18' })],
      total: 5,
    });
    // other collections never see these records
    expect(await store.collection('res.other').all()).toEqual([]);
    for (const bad of ['../users', 'res./x', 'res.', 'Res.x', 'res..x', 'res.x/y', 'nodot']) {
      expect(() => store.collection(bad as 'res.x'), bad).toThrow(/Unknown collection/);
    }
  });

  it('commits a transaction as a whole; the work sees its own writes', async () => {
    const store = await fresh();
    const result = await store.transaction(async (tx) => {
      await tx.collection<Note>('organizations').insert({ id: 'o', text: 'org' });
      await tx.collection<Note>('users').insert({ id: 'u', text: 'user' });
      await tx.collection<Note>('users').update('u', { count: 1 });
      return (await tx.collection<Note>('users').get('u'))?.count;
    });
    expect(result).toBe(1);
    expect(await store.collection('organizations').get('o')).toEqual({ id: 'o', text: 'org' });
    expect(await store.collection('users').get('u')).toEqual({ id: 'u', text: 'user', count: 1 });
  });

  it('rolls a transaction back when its work throws (PostgreSQL); lowdb keeps each write, as the contract says', async () => {
    const store = await fresh();
    await store.collection<Note>('users').insert({ id: 'kept', text: 'before' });
    const failing = store.transaction(async (tx) => {
      await tx.collection<Note>('organizations').insert({ id: 'o', text: 'org' });
      await tx.collection<Note>('users').update('kept', { text: 'changed' });
      await tx.collection<Note>('users').remove('kept');
      await tx.collection<Note>('res.new').insert({ id: 'r', text: 'resource' });
      // a service holding the store itself, not tx, writes inside the transaction all the same
      await store.collection<Note>('sites').insert({ id: 's', text: 'through the store' });
      expect(await store.collection('organizations').get('o')).toEqual({ id: 'o', text: 'org' });
      throw new Error('work failed');
    });
    await expect(failing).rejects.toThrow('work failed');
    if (store.engine === 'postgres') {
      expect(await store.collection('sites').all()).toEqual([]);
      expect(await store.collection('organizations').all()).toEqual([]);
      expect(await store.collection('res.new').all()).toEqual([]);
      expect(await store.collection('users').get('kept')).toEqual({ id: 'kept', text: 'before' });
    } else {
      expect(await store.collection('organizations').get('o')).toEqual({ id: 'o', text: 'org' });
      expect(await store.collection('users').get('kept')).toBeUndefined();
    }
  });

  it('refuses a duplicate inside a transaction without spoiling it, and nests transactions into the outer one', async () => {
    const store = await fresh();
    await store.collection<Note>('users').insert({ id: 'u', text: 'user' });
    await store.transaction(async (tx) => {
      await expect(tx.collection<Note>('users').insert({ id: 'u', text: 'again' })).rejects.toThrow(/Duplicate id/);
      await tx.transaction((inner) => inner.collection<Note>('users').insert({ id: 'v', text: 'inner' }));
      await tx.collection<Note>('users').insert({ id: 'w', text: 'after' });
    });
    expect((await store.collection<Note>('users').all()).map((user) => user.id)).toEqual(['u', 'v', 'w']);

    const inner = store.transaction(async (tx) => {
      await tx.transaction((nested) => nested.collection<Note>('users').insert({ id: 'x', text: 'nested' }));
      throw new Error('outer failed');
    });
    await expect(inner).rejects.toThrow('outer failed');
    expect(await store.collection('users').get('x')).toEqual(
      store.engine === 'postgres' ? undefined : { id: 'x', text: 'nested' },
    );
  });

  it('takes concurrent inserts, updates and transactions without losing one; one id wins once', async () => {
    const store = await fresh();
    const notes = store.collection<Note>('errorReports');
    await Promise.all(Array.from({ length: 40 }, (_, i) => notes.insert({ id: `n${i}`, text: `note ${i}` })));
    const sameId = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => notes.insert({ id: 'contested', text: `try ${i}` })),
    );
    expect(sameId.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of sameId) {
      if (outcome.status === 'rejected') expect(String(outcome.reason)).toMatch(/Duplicate id contested/);
    }
    // shallow merges of different members of one record: none is lost
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => notes.update('n0', { [`m${i}`]: i } as unknown as Partial<Note>)),
    );
    const merged = (await notes.get('n0')) as unknown as Record<string, unknown>;
    for (let i = 0; i < 10; i++) expect(merged[`m${i}`]).toBe(i);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        store.transaction(async (tx) => {
          await tx.collection<Note>('organizations').insert({ id: `o${i}`, text: 'org' });
          await tx.collection<Note>('users').insert({ id: `u${i}`, text: 'user' });
        }),
      ),
    );
    expect(await notes.all()).toHaveLength(41);
    expect(await store.collection('organizations').all()).toHaveLength(10);
    expect(await store.collection('users').all()).toHaveLength(10);
  });
  it('upsertWith counts concurrent increments exactly, creates a missing record once, and writes nothing when asked', async () => {
    const store = await fresh();
    const counters = store.collection<Note>('pageViews');
    const bump = (current: Note | undefined): Note => ({ id: 'c', text: 'counter', count: (current?.count ?? 0) + 1 });
    // the first writes all race to insert the missing record: each must count, none may fail
    const results = await Promise.all(Array.from({ length: 60 }, () => counters.upsertWith('c', bump)));
    expect((await counters.get('c'))?.count).toBe(60);
    expect(new Set(results.map((stored) => stored?.count)).size).toBe(60);
    expect(await counters.all()).toHaveLength(1);

    // compare-and-set: only a greater step is taken, whatever the order the writers arrive in
    const steps = [5, 3, 9, 9, 7, 1];
    const taken: number[] = [];
    await Promise.all(
      steps.map((step) =>
        counters
          .upsertWith('step', (current) => {
            if ((current?.count ?? 0) >= step) return undefined;
            return { id: 'step', text: 'last step', count: step };
          })
          .then((stored) => {
            if (stored?.count === step) taken.push(step);
          }),
      ),
    );
    expect((await counters.get('step'))?.count).toBe(9);
    expect(taken).toContain(9);
    // undefined leaves a missing record missing and answers undefined
    expect(await counters.upsertWith('none', () => undefined)).toBeUndefined();
    expect(await counters.get('none')).toBeUndefined();
    // inside a transaction it joins it
    await store.transaction(async (tx) => {
      await tx.collection<Note>('pageViews').upsertWith('c', bump);
    });
    expect((await counters.get('c'))?.count).toBe(61);
  });

  it('runs work under one lock key one at a time, other keys alongside; re-entrant; free again after a throw', async () => {
    const store = await fresh();
    const notes = store.collection<Note>('errorReports');
    await notes.insert({ id: 'counter', text: 'count', count: 0 });
    const events: string[] = [];
    // read, yield, write: unlocked, racers would read the same count and lose increments
    const increment = (i: number) =>
      store.withLock('counter', async () => {
        events.push(`in ${i}`);
        const { count = 0 } = (await notes.get('counter')) as Note;
        await new Promise((resolve) => setImmediate(resolve));
        await notes.update('counter', { count: count + 1 });
        events.push(`out ${i}`);
      });
    await Promise.all(Array.from({ length: 12 }, (_, i) => increment(i)));
    expect((await notes.get('counter'))?.count).toBe(12);
    for (let i = 0; i < events.length; i += 2) expect(events[i + 1]).toBe(events[i].replace('in', 'out'));

    // another key is not held up by a holder that waits
    let release = () => {};
    let entered = () => {};
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const holding = store.withLock('held', () => {
      entered();
      return new Promise<void>((resolve) => (release = resolve));
    });
    await inside;
    expect(await store.withLock('other', async () => 'ran')).toBe('ran');
    // re-entrant: the holder's own steps take the key again at once
    expect(await store.withLock('other', () => store.withLock('other', async () => 'nested'))).toBe('nested');
    release();
    await holding;
    await expect(store.withLock('held', async () => Promise.reject(new Error('work failed')))).rejects.toThrow(
      'work failed',
    );
    expect(await store.withLock('held', async () => 'again')).toBe('again');
  });
});
