import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openLowdbStore } from '../../server/store/lowdb-store';
import type { StoredRecord } from '../../server/store/store.types';
import { newDataDir } from './support/harness';

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

    const onDisk = JSON.parse(await readFile(join(dataDir, 'errorReports.json'), 'utf8')) as Note[];
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
});
