import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { call, newDataDir, startTestServer, tokenFor } from '../support/harness';

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

describe('lowdb store durability', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('keeps data and tokens across a restart on the same data directory', async () => {
    const dataDir = await newDataDir();
    dirs.push(dataDir);
    const first = await startTestServer({ dataDir, withSmtp: false });
    const token = await tokenFor(first.base, 'assessee@demo.test');
    const renamed = await call(first.base, 'PUT', '/iam/api/me', { token, body: { name: 'Renamed Assessee' } });
    expect(renamed.status).toBe(200);
    const admin = await tokenFor(first.base, 'admin@demo.test');
    const path = '/config/v1/documents/landing-rules/app';
    const current = await call(first.base, 'GET', path);
    const draft = await call(first.base, 'POST', `${path}/drafts`, { token: admin, body: { body: current.body.body } });
    expect(
      (await call(first.base, 'POST', `${path}/versions/${draft.body.version}/publish`, { token: admin })).status,
    ).toBe(200);
    await first.stopApp();

    const files = JSON.parse(await readFile(join(dataDir, 'users.json'), 'utf8'));
    expect(files.find((user: { email: string }) => user.email === 'assessee@demo.test').name).toBe('Renamed Assessee');

    const second = await startTestServer({ dataDir, withSmtp: false });
    try {
      // the signing key survived too, so the old token is still accepted
      const me = await call(second.base, 'GET', '/iam/api/me', { token });
      expect(me.status).toBe(200);
      expect(me.body.content.user.name).toBe('Renamed Assessee');
      expect((await call(second.base, 'GET', path)).body.version).toBe(draft.body.version);
      const filter = JSON.stringify({ field: 'email', op: 'eq', value: 'admin@demo.test' });
      const users = await call(second.base, 'GET', `/wbe/api/admin/users?filter=${encodeURIComponent(filter)}`, {
        token: admin,
      });
      expect(users.body.content.total).toBe(1);
    } finally {
      await second.stopApp();
    }
  });

  it('refuses to start on a corrupt collection file, names it, and leaves it untouched', async () => {
    const dataDir = await newDataDir();
    dirs.push(dataDir);
    const first = await startTestServer({ dataDir, withSmtp: false });
    await first.stopApp();
    const file = join(dataDir, 'users.json');
    const corrupt = '[{"id": "half-written", "email": ';
    await writeFile(file, corrupt);

    await expect(createApp({ dataDir, log: quietLog })).rejects.toThrow(
      new RegExp(`Data file ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is corrupt`),
    );
    expect(await readFile(file, 'utf8')).toBe(corrupt);

    await writeFile(file, '{"not": "an array"}');
    await expect(createApp({ dataDir, log: quietLog })).rejects.toThrow(
      /users\.json is corrupt \(expected a JSON array/,
    );
  });
});
