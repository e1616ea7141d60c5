import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishDocuments } from '../../scripts/publish-document';
import { mccDocuments } from '../support/high-risk-mcc';
import { DEMO_PASSWORD, type TestServer, call, startTestServer } from './support/harness';

// The documented command analysts publish an SAQ version with: every problem of every file is
// printed and nothing is sent; clean files become published versions the running app serves.
describe('scripts/publish-document.ts', () => {
  let server: TestServer;
  let dir: string;

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false });
    dir = await mkdtemp(join(tmpdir(), 'publish-'));
  }, 60_000);
  afterAll(() => server.close());

  const saqA = async () => JSON.parse(await readFile('schemas/saq/saq-a-4.0.1.json', 'utf8'));
  const publish = async (files: string[]) => {
    const lines: string[] = [];
    const published = await publishDocuments({
      url: server.base,
      email: 'admin@demo.test',
      password: DEMO_PASSWORD,
      files,
      log: (line) => lines.push(line),
    });
    return { published, output: lines.join('\n') };
  };

  it('prints every problem of every file and publishes nothing while one file has a problem', async () => {
    const broken = await saqA();
    broken.id = 'saq-a-broken';
    broken.body.sections[0].items[0].type = 'nonsense';
    delete broken.body.title;
    const good = await saqA();
    good.id = 'saq-a-never';
    await writeFile(join(dir, 'broken.json'), JSON.stringify(broken));
    await writeFile(join(dir, 'good.json'), JSON.stringify(good));

    const { published, output } = await publish([join(dir, 'broken.json'), join(dir, 'good.json')]);
    expect(published).toBe(false);
    expect(output).toContain('broken.json:');
    expect(output).toContain('/body/sections/0/items/0');
    expect(output).toContain('title');
    for (const id of ['saq-a-broken', 'saq-a-never']) {
      expect((await call(server.base, 'GET', `/config/v1/documents/questionnaire/${id}`)).status).toBe(404);
    }
  });

  it('publishes a new SAQ version that the running app serves at once', async () => {
    const next = await saqA();
    next.id = 'saq-a-4.0.2';
    next.body.standard.version = '4.0.2';
    next.body.title = { en: 'SAQ A (PCI DSS v4.0.2)', tr: 'SAQ A (PCI DSS v4.0.2)' };
    await writeFile(join(dir, 'next.json'), JSON.stringify(next));

    const { published, output } = await publish([join(dir, 'next.json')]);
    expect(output).toContain('published questionnaire/saq-a-4.0.2 version 1');
    expect(published).toBe(true);
    const served = await call(server.base, 'GET', '/config/v1/documents/questionnaire/saq-a-4.0.2');
    expect(served.status).toBe(200);
    expect(served.body.body.standard.version).toBe('4.0.2');
  });

  it('publishes a batch in file order: a resource may name the workflow an earlier file publishes', async () => {
    const [workflow, resource] = mccDocuments();
    await writeFile(join(dir, 'workflow.json'), JSON.stringify(workflow));
    await writeFile(join(dir, 'resource.json'), JSON.stringify(resource));
    // alone, the resource names a workflow the app does not have
    const alone = await publish([join(dir, 'resource.json')]);
    expect(alone.published).toBe(false);
    expect(alone.output).toContain('/body/workflow');
    const { published, output } = await publish([join(dir, 'workflow.json'), join(dir, 'resource.json')]);
    expect(output).toContain(`published resource/${resource.id} version 1`);
    expect(published).toBe(true);
  });

  it('stops at a refused sign-in', async () => {
    await expect(
      publishDocuments({
        url: server.base,
        email: 'admin@demo.test',
        password: 'wrong',
        files: [join(dir, 'next.json')],
      }),
    ).rejects.toThrow(/sign-in refused: 401/);
  });
});
