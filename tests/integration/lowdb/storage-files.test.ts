import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { readCollectionFiles } from '../../../server/store/collection-journal';
import { type TestServer, call, newDataDir, startTestServer, tokenFor } from '../support/harness';

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

/** Issue 6 items 12 and 13: what reaches lowdb's files and what stops start-up over them (lowdb project only). */
describe('lowdb collection files', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
  });
  afterAll(() => server.close());

  it('keeps collection files as compact JSON: the snapshot, and one line per change in the journal', async () => {
    const token = await tokenFor(server.base, 'assessor@demo.test');
    expect((await call(server.base, 'PUT', '/iam/api/me', { token, body: { name: 'Compact' } })).status).toBe(200);
    // its lines, without the zeros reserved after them
    const journal = (await readFile(join(server.dataDir, 'users.journal'), 'utf8')).split('\0')[0];
    const lines = journal.split('\n');
    expect(lines.pop()).toBe('');
    const last = JSON.parse(lines.at(-1) as string);
    expect(last.put).toMatchObject({ email: 'assessor@demo.test', name: 'Compact' });
    for (const line of lines) expect(line).not.toMatch(/\n|^\s/);
    expect((await readCollectionFiles(join(server.dataDir, 'users.json'))).length).toBeGreaterThan(5);
  });
});

describe('start-up over a data directory', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  async function preparedDir(): Promise<string> {
    const dataDir = await newDataDir();
    dirs.push(dataDir);
    const first = await startTestServer({ dataDir, withSmtp: false });
    await first.stopApp();
    return dataDir;
  }

  it('names the file when a collection holds something that is not a record', async () => {
    const dataDir = await preparedDir();
    await writeFile(join(dataDir, 'users.json'), '[null]');
    await expect(createApp({ dataDir, log: quietLog })).rejects.toThrow(
      /users\.json is corrupt \(record 0 is not an object with a string id\)/,
    );
    await writeFile(join(dataDir, 'sites.json'), '[{"id": 7}]');
    await writeFile(join(dataDir, 'users.json'), '[]');
    await expect(createApp({ dataDir, log: quietLog })).rejects.toThrow(/sites\.json is corrupt \(record 0/);
  });

  it('refuses to start with a short secret.key instead of replacing it', async () => {
    const dataDir = await preparedDir();
    const file = join(dataDir, 'secret.key');
    await writeFile(file, 'short\n');
    await expect(createApp({ dataDir, log: quietLog })).rejects.toThrow(/secret\.key holds a key shorter than 32/);
    expect(await readFile(file, 'utf8')).toBe('short\n');
    await expect(createApp({ dataDir, log: quietLog, jwtSecret: 'too-short' })).rejects.toThrow(/JWT_SECRET/);
  });

  it('removes temp files a crash left behind', async () => {
    const dataDir = await preparedDir();
    const leftover = join(dataDir, '.users.json.0123456789ab.tmp');
    await writeFile(leftover, '[{"id": "half');
    const second = await startTestServer({ dataDir, withSmtp: false });
    await second.stopApp();
    expect((await readdir(dataDir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
