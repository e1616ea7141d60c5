import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { type TestServer, call, newDataDir, startTestServer, tokenFor } from './support/harness';

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };
const nestedObject = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

/** Issue 6 items 12 and 13: what reaches the disk, what stops start-up, small input rules. */
describe('storage and small input rules', () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    admin = await tokenFor(server.base, 'admin@demo.test');
  });
  afterAll(() => server.close());

  it('keeps collection files as compact JSON', async () => {
    const token = await tokenFor(server.base, 'assessor@demo.test');
    expect((await call(server.base, 'PUT', '/iam/api/me', { token, body: { name: 'Compact' } })).status).toBe(200);
    const text = await readFile(join(server.dataDir, 'users.json'), 'utf8');
    expect(text).not.toMatch(/\n\s/);
    expect(JSON.parse(text).length).toBeGreaterThan(5);
  });

  it('refuses a document nested deeper than 32 levels in drafts and in the dry run', async () => {
    const path = '/config/v1/documents/form/deep';
    const deep = await call(server.base, 'POST', `${path}/drafts`, { token: admin, body: { body: nestedObject(40) } });
    expect(deep.status).toBe(422);
    expect(deep.body.problems).toEqual([{ path: '/body', message: 'nests deeper than 32 levels' }]);
    const checked = await call(server.base, 'POST', `${path}/validate`, {
      token: admin,
      body: { body: nestedObject(40) },
    });
    expect(checked.body.content.problems).toEqual([{ path: '/body', message: 'nests deeper than 32 levels' }]);
    const fine = await call(server.base, 'POST', `${path}/drafts`, { token: admin, body: { body: nestedObject(20) } });
    expect(fine.status).toBe(201);
    const edit = `${path}/versions/${fine.body.version}`;
    expect((await call(server.base, 'PUT', edit, { token: admin, body: { body: nestedObject(40) } })).status).toBe(422);
  });

  it('reads version numbers written with digits only', async () => {
    const path = '/config/v1/documents/routes/app/versions';
    expect((await call(server.base, 'GET', `${path}/1`)).status).toBe(200);
    for (const version of ['1e0', '0x1', '01', '1.0', '+1']) {
      const answer = await call(server.base, 'GET', `${path}/${version}`);
      expect(answer.status, version).toBe(400);
      expect(answer.body.errors).toEqual({ version: 'invalidRequest' });
    }
  });

  it('refuses a name of only spaces and a time zone that is not an IANA name', async () => {
    const token = await tokenFor(server.base, 'assessee@demo.test');
    const put = (body: unknown) => call(server.base, 'PUT', '/iam/api/me', { token, body });
    const blank = await put({ name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual({ name: 'invalidRequest' });
    for (const timezone of ['Mars/Olympus', 'europe/istanbul', '+03:00', 'x'.repeat(20)]) {
      const answer = await put({ timezone });
      expect(answer.status, timezone).toBe(400);
      expect(answer.body.errors).toEqual({ timezone: 'invalidRequest' });
    }
    expect((await put({ timezone: 'Europe/Istanbul' })).body.content.timezone).toBe('Europe/Istanbul');
    expect((await put({ timezone: 'UTC' })).body.content.timezone).toBe('UTC');
    expect((await put({ timezone: '' })).body.content.timezone).toBeNull();

    const signUp = await call(server.base, 'POST', '/iam/api/auth/register', {
      body: {
        email: 'spaces@example.com',
        name: '   ',
        company: 'Spaces Ltd',
        password: 'Strong-Pass1',
        password_confirm: 'Strong-Pass1',
        using_conditions: true,
        phone: '905551112233',
        saq: true,
      },
    });
    expect(signUp.status).toBe(422);
    expect(signUp.body.errors).toEqual({ name: 'validation.required' });
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
