import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';

const DOC = '/config/v1/documents/landing-rules/app';

describe('config service /config/v1', () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    admin = await tokenFor(server.base, 'admin@demo.test');
  });
  afterAll(() => server.close());

  it('seeds every schemas/ document (not meta) as published version 1 by system', async () => {
    const list = await call(server.base, 'GET', '/config/v1/documents');
    expect(list.status).toBe(200);
    const keys = list.body.content.map((entry: { kind: string; id: string }) => `${entry.kind}/${entry.id}`);
    expect(keys).toEqual(
      expect.arrayContaining(['routes/app', 'menus/app', 'role-groups/app', 'landing-rules/app', 'form/register']),
    );
    expect(keys.some((key: string) => key.startsWith('meta'))).toBe(false);
    const document = await call(server.base, 'GET', DOC);
    expect(document.body).toMatchObject({ kind: 'landing-rules', id: 'app', version: 1, status: 'published' });
    expect(document.body.hash).toMatch(/^[0-9a-f]{64}$/);
    const versions = await call(server.base, 'GET', `${DOC}/versions`, { token: admin });
    expect(versions.body.content).toEqual([
      expect.objectContaining({ version: 1, status: 'published', createdBy: 'system', publishedBy: 'system' }),
    ]);
  });

  it('serves a document with ETag "<hash>-v<version>", no-cache, and 304 on If-None-Match', async () => {
    const first = await call(server.base, 'GET', DOC);
    const etag = first.headers.get('etag') as string;
    expect(etag).toBe(`"${first.body.hash}-v${first.body.version}"`);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await fetch(server.base + DOC, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const other = await fetch(server.base + DOC, { headers: { 'if-none-match': '"something-else"' } });
    expect(other.status).toBe(200);
  });

  it('serves the app bundle with one ETag and 304', async () => {
    const bundle = await call(server.base, 'GET', '/config/v1/app');
    expect(bundle.status).toBe(200);
    expect(Object.keys(bundle.body).sort()).toEqual(['landing', 'menus', 'roleGroups', 'routes', 'shell', 'versions']);
    expect(bundle.body.roleGroups.groups.admin).toEqual(['admin']);
    expect(bundle.body.versions.routes).toBe(1);
    const etag = bundle.headers.get('etag') as string;
    expect((await fetch(`${server.base}/config/v1/app`, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('answers the published reads ahead of Express with the same headers and bytes as the router', async () => {
    // a query string sends the same read through Express and the config router (server/config/published-reads.ts)
    const ahead = await fetch(server.base + DOC);
    const routed = await fetch(`${server.base + DOC}?via=router`);
    expect(await ahead.text()).toBe(await routed.text());
    const names = (answer: Response) => [...answer.headers.keys()].filter((name) => name !== 'date').sort();
    expect(names(ahead)).toEqual(names(routed));
    for (const name of ['content-security-policy', 'x-content-type-options', 'etag', 'content-type', 'vary'])
      expect(ahead.headers.get(name), name).toBe(routed.headers.get(name));
    // a 304 carries what a cache freshens its copy with (RFC 9110 §15.4.5), no body
    const etag = ahead.headers.get('etag') as string;
    const fresh = await fetch(server.base + DOC, { headers: { 'if-none-match': etag } });
    expect([fresh.status, fresh.headers.get('etag'), fresh.headers.get('cache-control')]).toEqual([
      304,
      etag,
      'no-cache',
    ]);
    // other methods, unknown documents and names that are not plain go on to Express
    expect((await fetch(server.base + DOC, { method: 'DELETE' })).status).toBe(404);
    expect((await call(server.base, 'GET', '/config/v1/documents/routes/app/extra')).status).toBe(404);
    expect((await call(server.base, 'GET', '/config/v1/documents/routes/a%20b')).body.code).toBe('invalidRequest');
  });

  it('answers 404 documentNotFound for an unknown document', async () => {
    const answer = await call(server.base, 'GET', '/config/v1/documents/routes/nope');
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('documentNotFound');
  });

  it('refuses writes without a token (401) and to non-admins (403)', async () => {
    const body = { body: { rules: [], fallback: '/app/dashboard' } };
    expect((await call(server.base, 'POST', `${DOC}/drafts`, { body })).status).toBe(401);
    const bank = await tokenFor(server.base, 'bank@demo.test');
    const refused = await call(server.base, 'POST', `${DOC}/drafts`, { token: bank, body });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('noPermission');
  });

  it('refuses drafts of an unknown kind (422) and bodies that are not objects (400)', async () => {
    const unknown = await call(server.base, 'POST', '/config/v1/documents/nokind/x/drafts', {
      token: admin,
      body: { body: {} },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.problems).toEqual([{ path: '/kind', message: 'unknown document kind "nokind"' }]);
    const scalar = await call(server.base, 'POST', `${DOC}/drafts`, { token: admin, body: { body: 5 } });
    expect(scalar.status).toBe(400);
    expect(scalar.body.code).toBe('invalidRequest');
  });

  it('answers 422 documentInvalid listing every problem of a broken draft', async () => {
    const broken = { rules: [{ id: 'x', when: { evil: [1] }, to: '/a' }], fallback: 5, extra: true };
    const draft = await call(server.base, 'POST', `${DOC}/drafts`, { token: admin, body: { body: broken } });
    expect(draft.status).toBe(201);
    expect(draft.body.status).toBe('draft');
    const published = await call(server.base, 'POST', `${DOC}/versions/${draft.body.version}/publish`, {
      token: admin,
    });
    expect(published.status).toBe(422);
    expect(published.body.code).toBe('documentInvalid');
    const paths = published.body.problems.map((problem: { path: string }) => problem.path);
    expect(paths).toEqual(expect.arrayContaining(['/body', '/body/fallback', '/body/rules/0/when']));
    expect(published.body.problems.length).toBeGreaterThanOrEqual(3);
    // still a draft, and the published version is unchanged
    const stored = await call(server.base, 'GET', `${DOC}/versions/${draft.body.version}`, { token: admin });
    expect(stored.body.status).toBe('draft');
    expect((await call(server.base, 'GET', DOC)).body.version).toBe(1);
  });

  it('publishes a valid draft: previous retired, published immutable (409), audit log written', async () => {
    const current = await call(server.base, 'GET', DOC);
    const oldEtag = current.headers.get('etag') as string;
    const body = { ...current.body.body, fallback: '/app/dashboard' };
    const draft = await call(server.base, 'POST', `${DOC}/drafts`, {
      token: admin,
      body: { body: { ...body, fallback: '/x' } },
    });
    const version = draft.body.version as number;
    expect(version).toBeGreaterThan(1);

    const edited = await call(server.base, 'PUT', `${DOC}/versions/${version}`, { token: admin, body: { body } });
    expect(edited.status).toBe(200);
    expect(edited.body.body.fallback).toBe('/app/dashboard');

    const published = await call(server.base, 'POST', `${DOC}/versions/${version}/publish`, { token: admin });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ status: 'published', version, publishedBy: 'admin@demo.test' });

    const latest = await call(server.base, 'GET', DOC);
    expect(latest.body.version).toBe(version);
    expect(latest.headers.get('etag')).not.toBe(oldEtag);
    expect((await fetch(server.base + DOC, { headers: { 'if-none-match': oldEtag } })).status).toBe(200);
    expect((await call(server.base, 'GET', '/config/v1/app')).body.versions.landing).toBe(version);

    const versions = await call(server.base, 'GET', `${DOC}/versions`, { token: admin });
    const statusOf = (v: number) =>
      versions.body.content.find((meta: { version: number }) => meta.version === v).status;
    expect(statusOf(1)).toBe('retired');
    expect(statusOf(version)).toBe('published');
    expect(versions.body.content[0]).not.toHaveProperty('body');

    const edit = await call(server.base, 'PUT', `${DOC}/versions/${version}`, { token: admin, body: { body } });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('documentImmutable');
    expect((await call(server.base, 'POST', `${DOC}/versions/${version}/publish`, { token: admin })).status).toBe(409);
    expect((await call(server.base, 'PUT', `${DOC}/versions/1`, { token: admin, body: { body } })).status).toBe(409);

    const audit = await server.store.collection('auditLog').all();
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'publish',
        kind: 'landing-rules',
        docId: 'app',
        version,
        retiredVersion: 1,
        actor: 'admin@demo.test',
      }),
    );
  });

  it('allows a draft for a new kind/id and 404 for a missing version', async () => {
    const draft = await call(server.base, 'POST', '/config/v1/documents/form/newsletter/drafts', {
      token: admin,
      body: { body: { title: 'forms.newsletter', schema: { type: 'object' } } },
    });
    expect(draft.status).toBe(201);
    expect(draft.body.version).toBe(1);
    const missing = await call(server.base, 'GET', '/config/v1/documents/form/newsletter/versions/9');
    expect(missing.status).toBe(404);
    const noBody = await call(server.base, 'POST', '/config/v1/documents/form/newsletter/drafts', {
      token: admin,
      body: {},
    });
    expect(noBody.status).toBe(400);
    expect(noBody.body.errors).toEqual({ body: 'validation.required' });
  });
  it('validates a body without storing it: the problems publish would answer, admin only', async () => {
    const broken = { rules: [{ id: 'x', when: { evil: [1] }, to: '/a' }], fallback: 5 };
    const before = await call(server.base, 'GET', `${DOC}/versions`, { token: admin });
    const dryRun = await call(server.base, 'POST', `${DOC}/validate`, { token: admin, body: { body: broken } });
    expect(dryRun.status).toBe(200);
    const paths = dryRun.body.content.problems.map((problem: { path: string }) => problem.path);
    expect(paths).toEqual(expect.arrayContaining(['/body/fallback', '/body/rules/0/when']));
    expect(dryRun.body.content.problems.every((problem: { message: string }) => problem.message.length > 0)).toBe(true);
    // nothing was stored
    expect((await call(server.base, 'GET', `${DOC}/versions`, { token: admin })).body.content).toEqual(
      before.body.content,
    );

    const current = await call(server.base, 'GET', DOC);
    const valid = await call(server.base, 'POST', `${DOC}/validate`, {
      token: admin,
      body: { body: current.body.body },
    });
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({ content: { problems: [] } });

    // the same problems publishing a draft of that body answers with 422
    const draft = await call(server.base, 'POST', `${DOC}/drafts`, { token: admin, body: { body: broken } });
    const published = await call(server.base, 'POST', `${DOC}/versions/${draft.body.version}/publish`, {
      token: admin,
    });
    expect(published.status).toBe(422);
    expect(published.body.problems).toEqual(dryRun.body.content.problems);
  });

  it('refuses validation without a token (401), to non-admins (403) and of a body that is not an object (400)', async () => {
    const body = { body: { rules: [], fallback: '/app/dashboard' } };
    expect((await call(server.base, 'POST', `${DOC}/validate`, { body })).status).toBe(401);
    const bank = await tokenFor(server.base, 'bank@demo.test');
    const refused = await call(server.base, 'POST', `${DOC}/validate`, { token: bank, body });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('noPermission');
    const scalar = await call(server.base, 'POST', `${DOC}/validate`, { token: admin, body: { body: 5 } });
    expect(scalar.status).toBe(400);
    expect(scalar.body.code).toBe('invalidRequest');
    const unknown = await call(server.base, 'POST', '/config/v1/documents/nokind/x/validate', {
      token: admin,
      body: { body: {} },
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body.content.problems).toEqual([{ path: '/kind', message: 'unknown document kind "nokind"' }]);
  });
  it('gives a version a new ETag when its status changes, so a revalidated draft is not answered 304 once published', async () => {
    const current = await call(server.base, 'GET', DOC);
    const draft = await call(server.base, 'POST', `${DOC}/drafts`, { token: admin, body: { body: current.body.body } });
    const url = `${DOC}/versions/${draft.body.version}`;
    const asAdmin = { authorization: `Bearer ${admin}` };
    const asDraft = await call(server.base, 'GET', url, { token: admin });
    const draftEtag = asDraft.headers.get('etag') as string;
    expect(draftEtag).toBe(`"${draft.body.hash}-v${draft.body.version}-draft"`);
    expect((await fetch(server.base + url, { headers: { ...asAdmin, 'if-none-match': draftEtag } })).status).toBe(304);

    expect((await call(server.base, 'POST', `${url}/publish`, { token: admin })).status).toBe(200);
    const revalidated = await fetch(server.base + url, { headers: { ...asAdmin, 'if-none-match': draftEtag } });
    expect(revalidated.status).toBe(200);
    expect((await revalidated.json()).status).toBe('published');
    expect(revalidated.headers.get('etag')).toBe(`"${draft.body.hash}-v${draft.body.version}"`);

    const retired = await call(server.base, 'GET', `${DOC}/versions/${current.body.version}`, { token: admin });
    expect(retired.body.status).toBe('retired');
    expect(retired.headers.get('etag')).toBe(`"${current.body.hash}-v${current.body.version}-retired"`);
  });
});
