import { spawn } from 'node:child_process';
import { copyFile, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { readCollectionFiles } from '../../../server/store/collection-journal';
import { openLowdbStore } from '../../../server/store/lowdb-store';
import type { StoredRecord } from '../../../server/store/store.types';
import { newDataDir } from '../support/harness';

interface Note extends StoredRecord {
  text: string;
}

/** A journal's lines (the zeros reserved after them left out). */
const lines = async (file: string) =>
  (await readFile(file, 'utf8').catch(() => '')).split('\0')[0].split('\n').filter(Boolean);

/**
 * Runs `script` (an ES module over the store, given the data directory as process.argv[1]) in a child
 * process that prints a line for each write once it was acknowledged, and kills it with SIGKILL after
 * `count` lines: the lines printed, every one of them acknowledged before the kill.
 */
async function acknowledgedBeforeKill(script: string, dataDir: string, count: number): Promise<string[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const acknowledged: string[] = [];
  await new Promise<void>((resolve) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      acknowledged.push(line);
      if (acknowledged.length === count) {
        child.kill('SIGKILL');
        resolve();
      }
    });
  });
  await new Promise((resolve) => child.once('exit', resolve));
  return acknowledged;
}

describe('the collection journal (server/store/collection-journal.ts)', () => {
  const dirs: string[] = [];
  const dir = async () => {
    const made = await newDataDir();
    dirs.push(made);
    return made;
  };
  afterAll(async () => {
    for (const made of dirs) await rm(made, { recursive: true, force: true });
  });

  it('appends one line per change and folds the journal into the snapshot once it is due', async () => {
    const dataDir = await dir();
    const store = await openLowdbStore(dataDir, { compactAfter: 5 });
    const notes = store.collection<Note>('errorReports');
    for (let i = 0; i < 4; i++) await notes.insert({ id: `n${i}`, text: `note ${i}` });
    expect(await lines(join(dataDir, 'errorReports.journal'))).toHaveLength(4);
    await notes.remove('n0');
    // the fifth line made it due: set aside before the next append, which begins a new journal;
    // the snapshot, written meanwhile, holds the three left, and the set-aside journal goes
    await notes.update('n1', { text: 'changed' });
    expect(await lines(join(dataDir, 'errorReports.journal'))).toHaveLength(1);
    await vi.waitFor(async () => {
      const snapshot = JSON.parse(await readFile(join(dataDir, 'errorReports.json'), 'utf8')) as Note[];
      expect(snapshot.map((note) => note.id)).toEqual(['n1', 'n2', 'n3']);
      expect(await lines(join(dataDir, 'errorReports.folding'))).toEqual([]);
    });
    await store.close();
    // closing folds what is left
    expect(await lines(join(dataDir, 'errorReports.journal'))).toEqual([]);
    const reopened = await openLowdbStore(dataDir);
    expect((await reopened.collection<Note>('errorReports').get('n1'))?.text).toBe('changed');
    await reopened.close();
  });

  it('drops an append a crash cut short, keeps every whole line, and appends cleanly after it', async () => {
    const dataDir = await dir();
    await writeFile(join(dataDir, 'errorReports.json'), '[{"id":"a","text":"snapshot"}]');
    await writeFile(
      join(dataDir, 'errorReports.journal'),
      '{"put":{"id":"b","text":"journal"}}\n{"del":"a"}\n{"put":{"id":"c","te',
    );
    const store = await openLowdbStore(dataDir);
    const notes = store.collection<Note>('errorReports');
    expect((await notes.all()).map((note) => note.id)).toEqual(['b']);
    await notes.insert({ id: 'd', text: 'after the crash' });
    expect((await readCollectionFiles(join(dataDir, 'errorReports.json'))).map((note) => note.id)).toEqual(['b', 'd']);
    await store.close();
  });

  it('refuses to start on a journal with a bad line before its end, names it, and leaves it untouched', async () => {
    const dataDir = await dir();
    const journal = join(dataDir, 'errorReports.journal');
    const text = '{"put":{"id":"b","text":"x"}}\nnot json\n{"del":"b"}\n';
    await writeFile(journal, text);
    await expect(openLowdbStore(dataDir)).rejects.toThrow(/errorReports\.journal is corrupt \(line 2/);
    await writeFile(journal, '{"put":{"text":"no id"}}\n');
    await expect(openLowdbStore(dataDir)).rejects.toThrow(/line 1 is not a put or a delete/);
    expect(await readFile(journal, 'utf8')).toBe('{"put":{"text":"no id"}}\n');
  });

  it('loses no acknowledged write when the process is killed with SIGKILL mid-stream', async () => {
    const dataDir = await dir();
    // a child process inserts one record after another and prints each id once insert() resolved
    const acknowledged = await acknowledgedBeforeKill(
      `import { openLowdbStore } from './server/store/lowdb-store.ts';
         const store = await openLowdbStore(process.argv[1]);
         const notes = store.collection('res.kill-test');
         for (let i = 0; ; i++) { await notes.insert({ id: 'k' + i, text: 'x'.repeat(i % 7 === 0 ? 20000 : 10) }); console.log('k' + i); }`,
      dataDir,
      300,
    );
    const store = await openLowdbStore(dataDir);
    const ids = new Set((await store.collection<Note>('res.kill-test').all()).map((note) => note.id));
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    await store.close();
  }, 60_000);

  it('group commit: 20 concurrent writers, half under a lock; a SIGKILL loses none they were told of', async () => {
    const dataDir = await dir();
    // 20 writers at once, half plain inserts, half a check and an insert under a lock (a unique
    // rule's path: the lock goes before the fsync); each id printed once its write was acknowledged
    const acknowledged = await acknowledgedBeforeKill(
      `import { openLowdbStore } from './server/store/lowdb-store.ts';
         const store = await openLowdbStore(process.argv[1]);
         const notes = store.collection('res.group-test');
         const writer = async (w) => {
           for (let i = 0; ; i++) {
             const id = 'w' + w + '-' + i;
             const record = { id, text: 'x'.repeat(i % 5 === 0 ? 5000 : 10) };
             if (w % 2) await notes.insert(record);
             else await store.withLock('group-test', async () => {
               if (await notes.get(id)) throw new Error('seen twice');
               await notes.insert(record);
             });
             console.log(id);
           }
         };
         for (let w = 0; w < 20; w++) void writer(w);`,
      dataDir,
      600,
    );
    const store = await openLowdbStore(dataDir);
    const ids = new Set((await store.collection<Note>('res.group-test').all()).map((note) => note.id));
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    // both kinds of writer were acknowledged
    expect(acknowledged.some((id) => /^w[13579]/.test(id)) && acknowledged.some((id) => /^w[02468]/.test(id))).toBe(
      true,
    );
    await store.close();
  }, 60_000);

  it('folds while writers go on: a SIGKILL at any step of a fold loses no acknowledged write', async () => {
    const dataDir = await dir();
    // folded every 40 lines, so the kill lands in or between folds (set aside, snapshot half written,
    // set-aside journal not yet removed); some records updated and removed again, so replaying a
    // set-aside journal over a newer snapshot is exercised too
    const acknowledged = await acknowledgedBeforeKill(
      `import { openLowdbStore } from './server/store/lowdb-store.ts';
         const store = await openLowdbStore(process.argv[1], { compactAfter: 40 });
         const notes = store.collection('res.fold-test');
         const writer = async (w) => {
           for (let i = 0; ; i++) {
             const id = 'w' + w + '-' + i;
             await notes.insert({ id, text: 'x'.repeat(i % 5 === 0 ? 5000 : 10) });
             if (i % 3 === 0) await notes.update(id, { text: 'updated' });
             if (i % 4 === 1) await notes.remove(id);
             console.log(id + (i % 4 === 1 ? ' removed' : i % 3 === 0 ? ' updated' : ''));
           }
         };
         for (let w = 0; w < 8; w++) void writer(w);`,
      dataDir,
      1500,
    );
    const store = await openLowdbStore(dataDir);
    const stored = new Map((await store.collection<Note>('res.fold-test').all()).map((note) => [note.id, note]));
    const wrong = acknowledged.filter((line) => {
      const [id, change] = line.split(' ');
      if (change === 'removed') return stored.has(id);
      return !stored.has(id) || (change === 'updated' && stored.get(id)?.text !== 'updated');
    });
    expect(wrong).toEqual([]);
    await store.close();
  }, 60_000);

  it('keeps appending to the file its path names, not to one moved or removed under it', async () => {
    const dataDir = await dir();
    const store = await openLowdbStore(dataDir);
    const notes = store.collection<Note>('res.moved');
    const journal = join(dataDir, 'res.moved.journal');
    await notes.insert({ id: 'first', text: 'before' });
    // the journal stays open between batches; moved aside, its path names no file
    await rename(journal, `${journal}.old`);
    await notes.insert({ id: 'second', text: 'after the move' });
    await rm(journal);
    await notes.insert({ id: 'third', text: 'after the removal' });
    expect(await lines(`${journal}.old`)).toHaveLength(1);
    expect((await lines(journal)).map((line) => JSON.parse(line).put.id)).toEqual(['third']);
    await store.close();
  });

  it('appends after the lines of a journal it opens again, not after the zeros reserved beyond them', async () => {
    const dataDir = await dir();
    const store = await openLowdbStore(dataDir);
    const notes = store.collection<Note>('res.reopened');
    const journal = join(dataDir, 'res.reopened.journal');
    await notes.insert({ id: 'a', text: 'one' });
    await notes.insert({ id: 'b', text: 'two' });
    expect((await stat(journal)).size).toBeGreaterThan(60_000);
    // the same lines and zeros in another file at its path: opened again on the next append
    await copyFile(journal, `${journal}.copy`);
    await rename(`${journal}.copy`, journal);
    await notes.insert({ id: 'c', text: 'three' });
    expect((await lines(journal)).map((line) => JSON.parse(line).put.id)).toEqual(['a', 'b', 'c']);
    await store.close();
    expect((await stat(journal)).size).toBe(0);
  });

  it('a failed append takes its write, and the writes applied after it, back out of memory', async () => {
    const dataDir = await dir();
    const store = await openLowdbStore(dataDir);
    const notes = store.collection<Note>('res.failing');
    await notes.insert({ id: 'kept', text: 'on disk' });
    await rm(dataDir, { recursive: true, force: true });
    const first = notes.insert({ id: 'lost-1', text: 'x' });
    const second = notes.update('kept', { text: 'changed' });
    // applied in memory at once, visible to readers until the append fails
    expect((await notes.get('kept'))?.text).toBe('changed');
    await expect(first).rejects.toThrow(/ENOENT/);
    await expect(second).rejects.toThrow(/ENOENT/);
    expect(await notes.get('lost-1')).toBeUndefined();
    expect((await notes.all()).map((note) => note.text)).toEqual(['on disk']);
  });
});
