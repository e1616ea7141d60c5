import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';

const DOC = '/config/v1/documents/landing-rules/app';
const DRAFT_ONLY = '/config/v1/documents/form/unpublished';

/** Who reads: nobody, a signed-in user who is not an admin, a token that does not verify. */
type Reader = { name: string; token: () => string | undefined };

describe('config reads: what is published for everyone, drafts and authors for admins', () => {
  let server: TestServer;
  let admin: string;
  let bank: string;
  let retired: number;
  let published: number;
  let draft: number;

  const readers: Reader[] = [
    { name: 'anonymous', token: () => undefined },
    { name: 'a non-admin', token: () => bank },
    { name: 'a bad token', token: () => 'not-a-token' },
  ];

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    admin = await tokenFor(server.base, 'admin@demo.test');
    bank = await tokenFor(server.base, 'bank@demo.test');
    // version 1 (seed) retired by a published version 2, then a draft 3; and a document with only a draft
    const current = await call(server.base, 'GET', DOC);
    retired = current.body.version;
    const second = await call(server.base, 'POST', `${DOC}/drafts`, {
      token: admin,
      body: { body: current.body.body },
    });
    published = second.body.version;
    await call(server.base, 'POST', `${DOC}/versions/${published}/publish`, { token: admin });
    draft = (await call(server.base, 'POST', `${DOC}/drafts`, { token: admin, body: { body: current.body.body } })).body
      .version;
    const form = { title: 'forms.newsletter', schema: { type: 'object' } };
    expect(
      (await call(server.base, 'POST', `${DRAFT_ONLY}/drafts`, { token: admin, body: { body: form } })).status,
    ).toBe(201);
  });
  afterAll(() => server.close());

  it('lets an admin read every version with its authors', async () => {
    const versions = await call(server.base, 'GET', `${DOC}/versions`, { token: admin });
    expect(versions.status).toBe(200);
    expect(versions.headers.get('vary')).toBe('Authorization, Accept-Encoding');
    expect(
      versions.body.content.map((meta: { version: number; status: string }) => [meta.version, meta.status]),
    ).toEqual([
      [retired, 'retired'],
      [published, 'published'],
      [draft, 'draft'],
    ]);
    expect(versions.body.content[2]).toMatchObject({ createdBy: 'admin@demo.test' });
    expect(versions.body.content[1]).toMatchObject({ publishedBy: 'admin@demo.test' });
    for (const version of [retired, draft]) {
      const answer = await call(server.base, 'GET', `${DOC}/versions/${version}`, { token: admin });
      expect(answer.status).toBe(200);
      expect(answer.body.version).toBe(version);
    }
    const list = await call(server.base, 'GET', '/config/v1/documents', { token: admin });
    expect(list.body.content).toContainEqual({
      kind: 'form',
      id: 'unpublished',
      latestPublished: null,
      latestVersion: 1,
    });
    expect(list.body.content).toContainEqual({
      kind: 'landing-rules',
      id: 'app',
      latestPublished: published,
      latestVersion: draft,
    });
  });

  it.each(readers)('shows $name only the published version, without authors', async ({ token }) => {
    const versions = await call(server.base, 'GET', `${DOC}/versions`, { token: token() });
    expect(versions.status).toBe(200);
    expect(versions.body.content).toEqual([expect.objectContaining({ version: published, status: 'published' })]);
    expect(versions.body.content[0]).not.toHaveProperty('createdBy');
    expect(versions.body.content[0]).not.toHaveProperty('publishedBy');

    const one = await call(server.base, 'GET', `${DOC}/versions/${published}`, { token: token() });
    expect(one.status).toBe(200);
    expect(one.body.body).toBeTruthy();
    expect(JSON.stringify(one.body)).not.toContain('@demo.test');

    const list = await call(server.base, 'GET', '/config/v1/documents', { token: token() });
    expect(list.body.content.some((entry: { id: string }) => entry.id === 'unpublished')).toBe(false);
    expect(list.body.content).toContainEqual({
      kind: 'landing-rules',
      id: 'app',
      latestPublished: published,
      latestVersion: published,
    });
  });

  it.each(readers)('answers $name 404 for a draft and a document with only drafts', async ({ token }) => {
    for (const path of [`${DOC}/versions/${draft}`, `${DRAFT_ONLY}/versions/1`]) {
      const answer = await call(server.base, 'GET', path, { token: token() });
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('documentNotFound');
    }
    const versions = await call(server.base, 'GET', `${DRAFT_ONLY}/versions`, { token: token() });
    expect(versions.status).toBe(404);
    expect(versions.body.code).toBe('documentNotFound');
  });

  it.each(readers)(
    'serves $name a retired version by its number, without authors: records pinned to it keep reading it',
    async ({ token }) => {
      const answer = await call(server.base, 'GET', `${DOC}/versions/${retired}`, { token: token() });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ version: retired, status: 'retired' });
      expect(JSON.stringify(answer.body)).not.toContain('@demo.test');
      expect(answer.headers.get('etag')).toBe(`"${answer.body.hash}-v${retired}-retired"`);
    },
  );

  it('serves the latest published version to everyone without authors, with its ETag and 304', async () => {
    for (const token of [undefined, bank, admin]) {
      const latest = await call(server.base, 'GET', DOC, { token });
      expect(latest.body).toMatchObject({ version: published, status: 'published' });
      expect(latest.body).not.toHaveProperty('createdBy');
      expect(latest.body).not.toHaveProperty('publishedBy');
      const etag = latest.headers.get('etag') as string;
      expect(etag).toBe(`"${latest.body.hash}-v${published}"`);
      expect((await fetch(server.base + DOC, { headers: { 'if-none-match': etag } })).status).toBe(304);
    }
    // the published version read by number is the same answer under the same tag
    const byNumber = await call(server.base, 'GET', `${DOC}/versions/${published}`);
    expect(byNumber.headers.get('etag')).toBe(`"${byNumber.body.hash}-v${published}"`);
    expect(byNumber.body).toEqual((await call(server.base, 'GET', DOC)).body);
  });
});
