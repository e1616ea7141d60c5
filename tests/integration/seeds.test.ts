import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { judgeSeedFiles } from '../../server/config/seed-files';
import { ROOT } from '../unit/support/app-documents';
import { call, newDataDir, startTestServer } from './support/harness';

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

describe('seed files at start-up', () => {
  const made: string[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  /** A schemas directory: the real meta-schemas plus the given files. */
  async function schemasWith(files: Record<string, string>): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'paysec-seeds-'));
    made.push(dir);
    await cp(join(ROOT, 'schemas', 'meta'), join(dir, 'meta'), { recursive: true });
    await mkdir(join(dir, 'app'));
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
    return dir;
  }

  async function dataDir(): Promise<string> {
    const dir = await newDataDir();
    made.push(dir);
    return dir;
  }

  const valid = { kind: 'landing-rules', id: 'app', body: { rules: [], fallback: '/app/dashboard' } };
  const broken = {
    kind: 'landing-rules',
    id: 'app',
    body: { rules: [{ id: 'x', when: { evil: [1] }, to: '/a' }], fallback: 5 },
  };

  it('publishes valid seeds as version 1 (the control for the refusals below)', async () => {
    const schemasDir = await schemasWith({ 'app/landing-rules.json': JSON.stringify(valid) });
    const server = await startTestServer({ withSmtp: false, schemasDir, dataDir: await dataDir() });
    try {
      const answer = await call(server.base, 'GET', '/config/v1/documents/landing-rules/app');
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ version: 1, status: 'published', body: valid.body });
    } finally {
      await server.stopApp();
    }
  });

  it('stops start-up on an invalid seed, naming the file, the document and every problem; nothing is stored', async () => {
    const schemasDir = await schemasWith({
      'app/landing-rules.json': JSON.stringify(broken),
      'app/other.json': JSON.stringify({ ...valid, id: 'other' }),
    });
    const data = await dataDir();
    const started = createApp({ dataDir: data, schemasDir, log: quietLog });
    await expect(started).rejects.toThrow(/seed file/);
    const message = await started.then(
      () => '',
      (error: Error) => error.message,
    );
    expect(message).toContain(join(schemasDir, 'app/landing-rules.json'));
    expect(message).toContain('landing-rules/app');
    expect(message).toMatch(/\/body\/fallback .+/);
    expect(message).toMatch(/\/body\/rules\/0\/when .+/);
    expect(message).not.toContain('other.json');
    expect(await readdir(data)).toEqual([]);
  });

  it('stops start-up on a seed file that is not valid JSON, and on two seeds of one kind/id', async () => {
    const schemasDir = await schemasWith({
      'app/landing-rules.json': JSON.stringify(valid),
      'app/copy.json': JSON.stringify(valid),
      'app/truncated.json': '{ "kind": "menus", "id": ',
    });
    const data = await dataDir();
    const message = await createApp({ dataDir: data, schemasDir, log: quietLog }).then(
      () => '',
      (error: Error) => error.message,
    );
    expect(message).toContain(`${join(schemasDir, 'app/truncated.json')}:\n  not valid JSON`);
    expect(message).toContain(`${join(schemasDir, 'app/landing-rules.json')} (landing-rules/app):`);
    expect(message).toContain(`/id landing-rules/app is already seeded by ${join(schemasDir, 'app/copy.json')}`);
    expect(await readdir(data)).toEqual([]);
  });

  it('stops start-up on a wizard seed naming a form no seed holds', async () => {
    const wizard = (form: string) => ({
      kind: 'wizard',
      id: 'w',
      body: {
        title: 'wizard.steps',
        steps: [{ id: 'a', title: 'wizard.steps', form }],
        submit: { method: 'POST', path: '/wbe/api/x' },
      },
    });
    const form = { kind: 'form', id: 'known', body: { title: 'forms.name', schema: { type: 'object' } } };
    const good = await schemasWith({
      'app/form.json': JSON.stringify(form),
      'app/w.json': JSON.stringify(wizard('known')),
    });
    const server = await startTestServer({ withSmtp: false, schemasDir: good, dataDir: await dataDir() });
    await server.stopApp();
    const bad = await schemasWith({
      'app/form.json': JSON.stringify(form),
      'app/w.json': JSON.stringify(wizard('unknown')),
    });
    const message = await createApp({ dataDir: await dataDir(), schemasDir: bad, log: quietLog }).then(
      () => '',
      (error: Error) => error.message,
    );
    expect(message).toContain(`${join(bad, 'app/w.json')} (wizard/w):`);
    expect(message).toContain('/body/steps/0/form no published form document "unknown"');
  });

  // scripts/start.mjs has its server build judge the seeds once (server/check-seeds.ts) and passes
  // their digest on: only files with exactly that digest skip the judging at start
  it('judges seed files again unless the digest given is theirs', async () => {
    const schemasDir = await schemasWith({ 'app/landing-rules.json': JSON.stringify(valid) });
    const digest = await judgeSeedFiles(schemasDir);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    await writeFile(join(schemasDir, 'app/landing-rules.json'), JSON.stringify(broken));
    await expect(judgeSeedFiles(schemasDir)).rejects.toThrow(/seed file/);
    // the files changed since they were judged: the old digest does not spare them
    const message = await createApp({ dataDir: await dataDir(), schemasDir, log: quietLog, judgedSeeds: digest }).then(
      () => '',
      (error: Error) => error.message,
    );
    expect(message).toContain('landing-rules/app');
    // judged as they are: taken as they are
    await writeFile(join(schemasDir, 'app/landing-rules.json'), JSON.stringify(valid));
    const server = await startTestServer({
      withSmtp: false,
      schemasDir,
      dataDir: await dataDir(),
      judgedSeeds: await judgeSeedFiles(schemasDir),
    });
    try {
      expect((await call(server.base, 'GET', '/config/v1/documents/landing-rules/app')).body.body).toEqual(valid.body);
    } finally {
      await server.stopApp();
    }
  });
});
