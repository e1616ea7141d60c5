import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCollectionFiles } from '../../../server/store/collection-journal';
import { openLowdbStore } from '../../../server/store/lowdb-store';
import type { StoredRecord } from '../../../server/store/store.types';
import { newDataDir } from '../support/harness';

interface Note extends StoredRecord {
  text: string;
  count?: number;
}

describe('lowdb store adapter', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('serialises concurrent writes: every acknowledged write is on disk, no temp files left', async () => {
    const dataDir = await newDataDir();
    dirs.push(dataDir);
    const store = await openLowdbStore(dataDir);
    const notes = store.collection<Note>('errorReports');
    await Promise.all(Array.from({ length: 40 }, (_, i) => notes.insert({ id: `n${i}`, text: `note ${i}` })));
    await Promise.all(Array.from({ length: 40 }, (_, i) => notes.update(`n${i}`, { count: i })));
    expect(await notes.remove('n0')).toBe(true);
    expect(await notes.remove('n0')).toBe(false);
    await expect(notes.insert({ id: 'n1', text: 'duplicate' })).rejects.toThrow(/Duplicate id/);
    await expect(notes.update('missing', { text: 'x' })).rejects.toThrow(/No record/);

    // on disk before the store closes: the snapshot with its journal
    const onDisk = (await readCollectionFiles(join(dataDir, 'errorReports.json'))) as Note[];
    expect(onDisk).toHaveLength(39);
    expect(onDisk.every((note) => note.count === Number(note.id.slice(1)))).toBe(true);
    expect((await readdir(dataDir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    await store.close();

    const reopened = await openLowdbStore(dataDir);
    const again = reopened.collection<Note>('errorReports');
    expect((await again.get('n39'))?.count).toBe(39);
    expect(await again.find((note) => (note.count ?? 0) >= 35)).toHaveLength(5);
    await reopened.close();
  });

  it('hands out copies, so callers cannot change stored records by accident', async () => {
    const dataDir = await newDataDir();
    dirs.push(dataDir);
    const store = await openLowdbStore(dataDir);
    const notes = store.collection<Note>('errorReports');
    const inserted = await notes.insert({ id: 'a', text: 'original' });
    inserted.text = 'changed';
    const read = await notes.get('a');
    if (read) read.text = 'changed too';
    expect((await notes.get('a'))?.text).toBe('original');
    await store.close();
  });

  it('replaces a whole record: members left out are gone, in memory and on disk', async () => {
    const dataDir = await newDataDir();
    dirs.push(dataDir);
    const store = await openLowdbStore(dataDir);
    const notes = store.collection<Note>('errorReports');
    await notes.insert({ id: 'a', text: 'first', count: 1 });
    expect(await notes.replace('a', { id: 'ignored', text: 'second' })).toEqual({ id: 'a', text: 'second' });
    expect(await notes.get('a')).toEqual({ id: 'a', text: 'second' });
    await expect(notes.replace('missing', { id: 'missing', text: 'x' })).rejects.toThrow(/No record/);
    await store.close();
    expect(JSON.parse(await readFile(join(dataDir, 'errorReports.json'), 'utf8'))).toEqual([
      { id: 'a', text: 'second' },
    ]);
  });

  it('creates a dynamic collection on first write, reopens it at start, and refuses unsafe names', async () => {
    const dataDir = await newDataDir();
    dirs.push(dataDir);
    const store = await openLowdbStore(dataDir);
    const mcc = store.collection<Note>('res.high-risk-mcc');
    expect(await mcc.all()).toEqual([]);
    expect(await readdir(dataDir)).not.toContain('res.high-risk-mcc.json'); // reading creates nothing
    await Promise.all(Array.from({ length: 20 }, (_, i) => mcc.insert({ id: `m${i}`, text: `mcc ${i}`, count: i })));
    expect(store.collection('res.high-risk-mcc')).toBe(mcc);
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
    for (const bad of ['../users', 'res./x', 'res.', 'Res.x', 'res..x', 'res.x/y', 'nodot']) {
      expect(() => store.collection(bad as 'res.x'), bad).toThrow(/Unknown collection/);
    }
    await store.close();
    expect(JSON.parse(await readFile(join(dataDir, 'res.high-risk-mcc.json'), 'utf8'))).toHaveLength(20);

    const reopened = await openLowdbStore(dataDir);
    expect((await reopened.collection<Note>('res.high-risk-mcc').get('m7'))?.count).toBe(7);
    await reopened.close();
  });

  it('stops start-up on a corrupt dynamic collection file without touching it', async () => {
    const dataDir = await newDataDir();
    dirs.push(dataDir);
    await (await openLowdbStore(dataDir)).close();
    await writeFile(join(dataDir, 'res.broken.json'), '[{"id":');
    await expect(openLowdbStore(dataDir)).rejects.toThrow(/res\.broken\.json is corrupt/);
    expect(await readFile(join(dataDir, 'res.broken.json'), 'utf8')).toBe('[{"id":');
  });

  it('writes each collection through its own queue: a slow file does not hold up another', async () => {
    const dataDir = await newDataDir();
    dirs.push(dataDir);
    const store = await openLowdbStore(dataDir);
    const big = store.collection<Note>('res.big');
    const small = store.collection<Note>('res.small');
    await Promise.all(Array.from({ length: 5 }, (_, i) => big.insert({ id: `b${i}`, text: 'x'.repeat(2_000_000) })));
    const order: string[] = [];
    // each update writes a record of 4 MB: the big file's batch outweighs the small one by far
    const bigWrites = Array.from({ length: 5 }, (_, i) =>
      big.update(`b${i}`, { count: i, text: 'y'.repeat(4_000_000) }).then(() => order.push('big')),
    );
    await small.insert({ id: 's', text: 'quick' }).then(() => order.push('small'));
    await Promise.all(bigWrites);
    expect(order.indexOf('small')).toBeLessThan(order.lastIndexOf('big'));
    await store.close();
    const onDisk = JSON.parse(await readFile(join(dataDir, 'res.big.json'), 'utf8')) as Note[];
    expect(onDisk.map((note) => note.count)).toEqual([0, 1, 2, 3, 4]);
  });
});
