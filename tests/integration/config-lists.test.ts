import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeListQuery } from '../../core/query/query.utils';
import type { ListQuery } from '../../core/query/query.types';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';

const DOC = '/config/v1/documents/landing-rules/app';
const DRAFT_ONLY = '/config/v1/documents/form/unpublished';

/** A path with the query contract's parameters, as the list screen sends them. */
const asked = (path: string, query: Partial<ListQuery>) =>
  `${path}?${new URLSearchParams(encodeListQuery(query)).toString()}`;

type Row = Record<string, unknown>;

// The config-documents screen's two lists (schemas/lists/config-documents.json and
// config-document-versions.json) read these endpoints in the query contract; the plain array stays
// for callers that do not ask (config-readers.test.ts).
describe('config documents and versions in the query contract', () => {
  let server: TestServer;
  let admin: string;
  let bank: string;
  let seeded: number;
  let published: number;
  let draft: number;

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    admin = await tokenFor(server.base, 'admin@demo.test');
    bank = await tokenFor(server.base, 'bank@demo.test');
    const current = await call(server.base, 'GET', DOC);
    seeded = current.body.version;
    const body = { body: current.body.body };
    published = (await call(server.base, 'POST', `${DOC}/drafts`, { token: admin, body })).body.version;
    await call(server.base, 'POST', `${DOC}/versions/${published}/publish`, { token: admin });
    draft = (await call(server.base, 'POST', `${DOC}/drafts`, { token: admin, body })).body.version;
    const form = { title: 'forms.newsletter', schema: { type: 'object' } };
    await call(server.base, 'POST', `${DRAFT_ONLY}/drafts`, { token: admin, body: { body: form } });
  });
  afterAll(() => server.close());

  it('pages, sorts and filters the documents, with the status of their latest version', async () => {
    const all = await call(server.base, 'GET', '/config/v1/documents', { token: admin });
    const names = all.body.content.map((entry: Row) => `${entry.kind}/${entry.id}`);

    const first = await call(server.base, 'GET', asked('/config/v1/documents', { page: 1, pageSize: 3 }), {
      token: admin,
    });
    expect(first.status).toBe(200);
    expect(first.headers.get('vary')).toBe('Authorization, Accept-Encoding');
    expect(first.body.content.total).toBe(names.length);
    // by name unless asked otherwise
    expect(first.body.content.items.map((row: Row) => row.name)).toEqual([...names].sort().slice(0, 3));

    const second = await call(
      server.base,
      'GET',
      asked('/config/v1/documents', { page: 2, pageSize: 3, sort: [{ field: 'name', direction: 'desc' }] }),
      { token: admin },
    );
    expect(second.body.content.items.map((row: Row) => row.name)).toEqual([...names].sort().reverse().slice(3, 6));

    const drafts = await call(
      server.base,
      'GET',
      asked('/config/v1/documents', {
        page: 1,
        pageSize: 100,
        filter: { field: 'latestStatus', op: 'eq', value: 'draft' },
      }),
      { token: admin },
    );
    expect(drafts.body.content.items).toEqual([
      {
        kind: 'form',
        id: 'unpublished',
        name: 'form/unpublished',
        latestPublished: null,
        latestVersion: 1,
        latestStatus: 'draft',
      },
      {
        kind: 'landing-rules',
        id: 'app',
        name: 'landing-rules/app',
        latestPublished: published,
        latestVersion: draft,
        latestStatus: 'draft',
      },
    ]);
  });

  it.each([
    ['anonymous', () => undefined],
    ['a non-admin', () => bank],
  ])('shows %s only published documents and versions, never authors, not even through a filter', async (_, token) => {
    const drafts = await call(
      server.base,
      'GET',
      asked('/config/v1/documents', { page: 1, filter: { field: 'latestStatus', op: 'eq', value: 'draft' } }),
      { token: token() },
    );
    expect(drafts.body.content).toEqual({ items: [], total: 0 });
    const named = await call(
      server.base,
      'GET',
      asked('/config/v1/documents', { page: 1, filter: { field: 'name', op: 'startsWith', value: 'landing' } }),
      { token: token() },
    );
    expect(named.body.content.items).toEqual([
      expect.objectContaining({ latestPublished: published, latestVersion: published, latestStatus: 'published' }),
    ]);

    const versions = await call(server.base, 'GET', asked(`${DOC}/versions`, { page: 1 }), { token: token() });
    expect(versions.body.content.total).toBe(1);
    expect(versions.body.content.items[0]).toMatchObject({ version: published, status: 'published' });
    expect(JSON.stringify(versions.body)).not.toContain('@demo.test');
    expect(versions.body.content.items[0]).not.toHaveProperty('author');

    const byAuthor = await call(
      server.base,
      'GET',
      asked(`${DOC}/versions`, { filter: { field: 'author', op: 'eq', value: 'admin@demo.test' } }),
      { token: token() },
    );
    expect(byAuthor.status).toBe(400);
    expect(byAuthor.body).toMatchObject({ code: 'invalidRequest', errors: { author: 'invalidRequest' } });

    const draftOnly = await call(server.base, 'GET', asked(`${DRAFT_ONLY}/versions`, { page: 1 }), { token: token() });
    expect(draftOnly.status).toBe(404);
    expect(draftOnly.body.code).toBe('documentNotFound');
  });

  it('gives an admin every version newest first, with who changed it last and when', async () => {
    const versions = await call(server.base, 'GET', asked(`${DOC}/versions`, { page: 1, pageSize: 2 }), {
      token: admin,
    });
    expect(versions.body.content.total).toBe(3);
    const [newest, next] = versions.body.content.items;
    expect(newest).toMatchObject({ version: draft, status: 'draft', author: 'admin@demo.test' });
    expect(newest.changedAt).toBe(newest.createdAt);
    expect(next).toMatchObject({ version: published, status: 'published', author: 'admin@demo.test' });
    expect(next.changedAt).toBe(next.publishedAt);

    const bySystem = await call(
      server.base,
      'GET',
      asked(`${DOC}/versions`, { filter: { field: 'author', op: 'eq', value: 'system' } }),
      { token: admin },
    );
    expect(bySystem.body.content.items.map((row: Row) => [row.version, row.status])).toEqual([[seeded, 'retired']]);

    const oldestFirst = await call(
      server.base,
      'GET',
      asked(`${DOC}/versions`, { sort: [{ field: 'version', direction: 'asc' }] }),
      { token: admin },
    );
    expect(oldestFirst.body.content.items.map((row: Row) => row.version)).toEqual([seeded, published, draft]);
  });

  it('refuses a sort or filter on an undeclared field, and malformed parameters, naming them', async () => {
    const cases: [string, string][] = [
      ['/config/v1/documents?sort=body', 'body'],
      [`${DOC}/versions?sort=-body`, 'body'],
      ['/config/v1/documents?page=0', 'page'],
      [`${DOC}/versions?filter=${encodeURIComponent('{"field":"status"')}`, 'filter'],
    ];
    for (const [path, named] of cases) {
      const answer = await call(server.base, 'GET', path, { token: admin });
      expect(answer.status, path).toBe(400);
      expect(answer.body.code).toBe('invalidRequest');
      expect(Object.keys(answer.body.errors)).toContain(named);
    }
  });
});
