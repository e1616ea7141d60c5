import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateDocuments } from '../../scripts/validate-document';
import { mccResource } from '../support/high-risk-mcc';
import { PILOT_ID, brokenPilot, pilotSaq } from '../support/saq-pilot';
import { DEMO_PASSWORD, type TestServer, call, startTestServer, tokenFor } from './support/harness';

// Issue 23: one publish gate. A broken version is refused with every problem at once (pointer and
// text in the caller's language); the dry run answers the same list, and scripts/validate-document.ts
// prints what the dry run answers — including references to documents this app has not published.
describe('the publish gate over HTTP, and the CLI that asks it', () => {
  let server: TestServer;
  let admin: string;
  let dir: string;

  const as = (method: string, path: string, body?: unknown, language = 'en') =>
    call(server.base, method, path, { token: admin, body, headers: { 'accept-language': language } });
  const cli = async (files: string[], language?: string) => {
    const lines: string[] = [];
    const clean = await validateDocuments({
      url: server.base,
      email: 'admin@demo.test',
      password: DEMO_PASSWORD,
      files,
      language,
      log: (line) => lines.push(line),
    });
    return { clean, output: lines.join('\n') };
  };

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false });
    admin = await tokenFor(server.base, 'admin@demo.test');
    dir = await mkdtemp(join(tmpdir(), 'publish-gate-'));
  }, 60_000);
  afterAll(() => server.close());

  it('refuses a broken version with all its problems, in the caller’s language, as the dry run does', async () => {
    const { doc, faults } = brokenPilot();
    const base = `/config/v1/documents/questionnaire/${PILOT_ID}`;
    const draft = await as('POST', `${base}/drafts`, { body: doc.body });
    expect(draft.status).toBe(201);
    const refused = await as('POST', `${base}/versions/${draft.body.version}/publish`);
    expect([refused.status, refused.body.code]).toEqual([422, 'documentInvalid']);
    const problems = refused.body.problems as { path: string; code: string; message: string }[];
    expect(problems.map(({ path, code }) => ({ path, code }))).toEqual(expect.arrayContaining(faults));
    expect(problems).toHaveLength(faults.length);
    expect(problems.find((p) => p.code === 'requirementUnknown')?.message).toBe(
      'Requirement 99.9.9 does not exist in PCI DSS 4.0.1.',
    );

    const turkish = await as('POST', `${base}/versions/${draft.body.version}/publish`, undefined, 'tr');
    const texts = (turkish.body.problems as { code: string; message: string }[]).map((p) => p.message);
    expect(texts).toContain('99.9.9 gereksinimi PCI DSS 4.0.1 içinde yok.');
    expect(texts).toContain('Zorunlu “title” özelliği eksik.');

    const dryRun = await as('POST', `${base}/validate`, { body: doc.body });
    expect(dryRun.body.content.problems).toEqual(problems);
    // nothing was published
    expect((await call(server.base, 'GET', base)).status).toBe(404);
  });

  it('prints in the CLI what the server’s dry run answers, references to unpublished documents included', async () => {
    const body: Record<string, unknown> = { ...mccResource(), workflow: 'gate-records' };
    (body.guards as Record<string, unknown>).delete = { group: 'noSuchGroup' };
    const resource = { kind: 'resource', id: 'gate-records', body };
    const { doc, faults } = brokenPilot();
    const files = {
      resource: join(dir, 'resource.json'),
      broken: join(dir, 'broken.json'),
      pilot: join(dir, 'pilot.json'),
    };
    await writeFile(files.resource, JSON.stringify(resource));
    await writeFile(files.broken, JSON.stringify(doc));
    await writeFile(files.pilot, JSON.stringify(pilotSaq()));

    const { clean, output } = await cli([files.resource, files.broken, files.pilot]);
    expect(clean).toBe(false);
    expect(output).toContain(
      '/body/workflow: There is no published workflow document “gate-records”; publish it first.',
    );
    expect(output).toContain('/body/guards/delete/group: There is no published role group “noSuchGroup”.');
    for (const { path } of faults) expect(output).toContain(`  ${path}: `);
    expect(output).toContain(`${files.pilot}: ok`);

    const turkish = await cli([files.broken], 'tr');
    expect(turkish.output).toContain('99.9.9 gereksinimi PCI DSS 4.0.1 içinde yok.');
  });
});
