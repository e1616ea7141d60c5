import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AggregateQuery } from '../../core/query/aggregate.types';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';

/**
 * The list contract's aggregate over HTTP: asked of a list endpoint, it is guarded by that list's
 * guard and scoped to the session's organisation like the list itself, so no count leaks across
 * tenants; a malformed aggregate is a 400, never a 500.
 */

let server: TestServer;
let bank: string;

const ask = (path: string, aggregate: AggregateQuery | string, filter?: unknown) => {
  const query = new URLSearchParams({
    aggregate: typeof aggregate === 'string' ? aggregate : JSON.stringify(aggregate),
  });
  if (filter) query.set('filter', JSON.stringify(filter));
  return `${path}?${query}`;
};
const byGrade: AggregateQuery = {
  measures: [
    { op: 'count', as: 'count' },
    { op: 'avg', field: 'score', as: 'score' },
  ],
  groupBy: { field: 'grade' },
};

beforeAll(async () => {
  server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
  bank = await tokenFor(server.base, 'bank@demo.test');
  // merchants of other tenants — one of them the bank user's own second organisation — with a grade
  // and scores no demo merchant has: any of them in the bank's figures would show
  const merchants = server.store.collection<{ id: string } & Record<string, unknown>>('res.merchant');
  for (const [id, organizationId] of [
    ['other-1', 'org-demo-acquirer'],
    ['other-2', 'org-checklist-shop'],
  ])
    await merchants.insert({ id, name: id, url: `https://${id}.example`, grade: 'Z', score: 1, organizationId });
});
afterAll(() => server.close());

describe('GET <list>?aggregate=…: a list answers its figures', () => {
  it('counts the bank portfolio by grade over its own organisation only', async () => {
    const answer = await call(server.base, 'GET', ask('/wbe/api/resources/merchant', byGrade), { token: bank });
    expect(answer.status).toBe(200);
    const own = (await server.store.collection<Record<string, unknown> & { id: string }>('res.merchant').all()).filter(
      (m) => m.organizationId === 'org-demo-bank',
    );
    expect(own.length).toBeGreaterThan(1);
    const { items, total, aggregate } = answer.body.content;
    expect(items).toEqual([]);
    expect(total).toBe(own.length);
    expect(aggregate.totals.count).toBe(own.length);
    const scores = own.map((m) => m.score).filter((s): s is number => typeof s === 'number');
    expect(aggregate.totals.score).toBeCloseTo(scores.reduce((a, b) => a + b, 0) / scores.length, 10);
    expect(aggregate.groups.map((g: { key: unknown }) => g.key)).not.toContain('Z');
    expect(aggregate.groups.reduce((sum: number, g: { count: number }) => sum + g.count, 0)).toBe(own.length);
  });

  it('leaks no count across tenants: the admin in another organisation sees none of the bank merchants', async () => {
    const admin = await tokenFor(server.base, 'admin@demo.test'); // session organisation: org-paysec
    const answer = await call(server.base, 'GET', ask('/wbe/api/resources/merchant', byGrade), { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.body.content.aggregate).toEqual({ totals: { count: 0, score: null }, groups: [] });
    // scans too: the bank's seeded scans are not the checklist shop's
    const shop = await tokenFor(server.base, 'pcichecklist@demo.test');
    const scans = await call(server.base, 'GET', ask('/wbe/api/scans', { measures: [{ op: 'count', as: 'n' }] }), {
      token: shop,
    });
    expect(scans.status).toBe(200);
    expect(scans.body.content.aggregate.totals).toEqual({ n: 0 });
    const onboarding = await tokenFor(server.base, 'onboarding@demo.test'); // Demo Bank, where the scans are
    const own = await call(server.base, 'GET', ask('/wbe/api/scans', { measures: [{ op: 'count', as: 'n' }] }), {
      token: onboarding,
    });
    expect(own.body.content.aggregate.totals.n).toBeGreaterThan(0);
  });

  it('is guarded like the list: 401 signed out, 403 for a user the list refuses', async () => {
    const path = ask('/wbe/api/resources/merchant', byGrade);
    expect((await call(server.base, 'GET', path)).status).toBe(401);
    const merchant = await tokenFor(server.base, 'merchant@demo.test');
    const refused = await call(server.base, 'GET', path, { token: merchant });
    expect(refused.status).toBe(403);
    const tm = await tokenFor(server.base, 'tm@demo.test');
    const scans = await call(server.base, 'GET', ask('/wbe/api/scans', { measures: [{ op: 'count', as: 'n' }] }), {
      token: tm,
    });
    expect(scans.status).toBe(403);
  });

  it('answers lists served from memory and narrows with the list filter and a measure where', async () => {
    const aggregate: AggregateQuery = {
      measures: [
        { op: 'count', as: 'all' },
        { op: 'count', as: 'ready', where: { field: 'state', op: 'eq', value: 'ready' } },
      ],
      groupBy: { field: 'createdAt', bucket: 'month' },
    };
    const reports = await call(server.base, 'GET', ask('/wbe/api/reports', aggregate), { token: bank });
    expect(reports.status).toBe(200);
    expect(reports.body.content.aggregate).toEqual({ totals: { all: 0, ready: 0 }, groups: [] });
    const onboarding = await tokenFor(server.base, 'onboarding@demo.test');
    const outcomes = await call(
      server.base,
      'GET',
      ask('/wbe/api/onboardings', { measures: [{ op: 'count', as: 'n' }], groupBy: { field: 'status' } }),
      { token: onboarding },
    );
    expect(outcomes.status).toBe(200);
    expect(outcomes.body.content.aggregate).toMatchObject({
      totals: { n: expect.any(Number) },
      groups: expect.any(Array),
    });
    const filtered = await call(
      server.base,
      'GET',
      ask('/wbe/api/resources/merchant', byGrade, { field: 'grade', op: 'eq', value: 'nothing' }),
      { token: bank },
    );
    expect(filtered.body.content.aggregate.totals).toEqual({ count: 0, score: null });
  });

  it('refuses a malformed aggregate with a 400 naming it, never a 500', async () => {
    const admin = await tokenFor(server.base, 'admin@demo.test');
    const bad: Array<[string, string]> = [
      ['/wbe/api/admin/users', '{not json'],
      ['/wbe/api/admin/users', '[]'],
      ['/wbe/api/admin/users', JSON.stringify({ measures: [] })],
      ['/wbe/api/admin/users', JSON.stringify({ measures: [{ op: 'median', field: 'createdAt', as: 'm' }] })],
      [
        '/wbe/api/admin/users',
        JSON.stringify({ measures: [{ op: 'count', as: 'n' }], groupBy: { field: 'passwordHash' } }),
      ],
      ['/wbe/api/admin/users', JSON.stringify({ measures: [{ op: 'sum', as: 'n' }] })],
      [
        '/wbe/api/admin/users',
        JSON.stringify({
          measures: [{ op: 'count', as: 'n', where: { field: 'passwordHash', op: 'eq', value: 'x' } }],
        }),
      ],
      [
        '/wbe/api/admin/users',
        JSON.stringify({ measures: [{ op: 'count', as: 'n' }], groupBy: { field: 'createdAt', bucket: 'year' } }),
      ],
      ['/wbe/api/admin/users', JSON.stringify({ measures: [{ op: 'count', as: "n'; drop table records; --" }] })],
      ['/wbe/api/resources/merchant', JSON.stringify({ measures: [{ op: 'max', field: "score') --", as: 'n' }] })],
      ['/wbe/api/onboardings', JSON.stringify({ measures: [{ op: 'count', as: 'n', where: { and: 'x' } }] })],
    ];
    for (const [path, aggregate] of bad) {
      const answer = await call(server.base, 'GET', ask(path, aggregate), { token: admin });
      expect(answer.status, aggregate).toBe(400);
      expect(answer.body.code, aggregate).toBe('invalidRequest');
    }
    const named = await call(server.base, 'GET', ask('/wbe/api/admin/users', '{not json'), { token: admin });
    expect(named.body.errors).toEqual({ aggregate: 'invalidRequest' });
  });

  it('is in /openapi.json on the list routes, with its schema', async () => {
    const doc = (await call(server.base, 'GET', '/openapi.json')).body;
    const parameter = doc.paths['/wbe/api/scans'].get.parameters.find((p: { name: string }) => p.name === 'aggregate');
    expect(parameter).toMatchObject({ in: 'query', schema: { type: 'string', contentMediaType: 'application/json' } });
    expect(parameter.schema.contentSchema.properties.measures.items.properties.op.enum).toEqual([
      'count',
      'sum',
      'avg',
      'min',
      'max',
    ]);
  });
});
