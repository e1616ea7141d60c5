/**
 * An entity no code knows (issue 5), published as documents only (tests/support/high-risk-mcc.ts,
 * the same bodies the e2e spec publishes): the server serves it at once, and refuses every action
 * to a caller without that action's guard (403) or without a session (401) while the admin succeeds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCC, mccDocuments, withMccMenu, withMccRoutes } from '../support/high-risk-mcc';
import { call, type TestServer, startTestServer, tokenFor } from './support/harness';
import { published } from './support/resource-documents';

type Who = 'admin' | 'bank' | 'merchant' | 'nobody';

/** One request of the entity's API: who may, who may not (with a session), as the documents say. */
interface Action {
  name: string;
  method: string;
  path: () => string;
  body?: () => unknown;
  allowed: Who[];
  refused: Who[];
  /** What an allowed caller gets. */
  status: number;
}

describe('high-risk MCC codes, published as documents with no code', () => {
  let server: TestServer;
  let base = '';
  const tokens: Partial<Record<Who, string>> = {};
  const as = (who: Who, method: string, path: string, body?: unknown) =>
    call(base, method, path, { token: tokens[who], body });
  /** A record each action runs on: created by the admin when needed. */
  const records: Record<string, string> = {};
  let serial = 0;
  const freshCode = () => {
    serial += 1;
    return String(7000 + serial);
  };
  const newRecord = async () => {
    const answer = await as('admin', 'POST', MCC.api, { code: freshCode(), riskLevel: 'high', description: 'Betting' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.content.id as string;
  };

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    base = server.base;
    for (const who of ['admin', 'bank', 'merchant'] as const) tokens[who] = await tokenFor(base, `${who}@demo.test`);
    for (const document of mccDocuments())
      await published(base, tokens.admin as string, document.kind, document.id, document.body);
    for (const kind of ['routes', 'menus'] as const) {
      const current = await call(base, 'GET', `/config/v1/documents/${kind}/app`);
      const body = kind === 'routes' ? withMccRoutes(current.body.body) : withMccMenu(current.body.body);
      await published(base, tokens.admin as string, kind, 'app', body);
    }
  });
  afterAll(() => server.close());

  it('reaches the browser through the config service: routes, menu item, list, forms and page', async () => {
    const app = await call(base, 'GET', '/config/v1/app');
    expect(app.status).toBe(200);
    const paths = app.body.routes.routes.map((route: { path: string }) => route.path);
    expect(paths).toEqual(
      expect.arrayContaining([MCC.listPath, MCC.newPath, `${MCC.listPath}/:id`, `${MCC.listPath}/:id/edit`]),
    );
    expect(app.body.menus.main.map((item: { id: string }) => item.id)).toContain(MCC.menuId);
    for (const document of mccDocuments()) {
      const served = await call(base, 'GET', `/config/v1/documents/${document.kind}/${document.id}`);
      expect(served.status, `${document.kind}/${document.id}`).toBe(200);
      expect(served.body.body).toEqual(document.body);
    }
  });

  const actions: Action[] = [
    {
      name: 'list',
      method: 'GET',
      path: () => MCC.api,
      allowed: ['admin', 'bank'],
      refused: ['merchant'],
      status: 200,
    },
    {
      name: 'read',
      method: 'GET',
      path: () => `${MCC.api}/${records.read}`,
      allowed: ['admin', 'bank'],
      refused: ['merchant'],
      status: 200,
    },
    {
      name: 'create',
      method: 'POST',
      path: () => MCC.api,
      body: () => ({ code: freshCode(), riskLevel: 'medium' }),
      allowed: ['admin'],
      refused: ['bank', 'merchant'],
      status: 201,
    },
    {
      name: 'update',
      method: 'PUT',
      path: () => `${MCC.api}/${records.update}`,
      body: () => ({ code: '7990', riskLevel: 'low', description: 'Gambling, changed' }),
      allowed: ['admin'],
      refused: ['bank', 'merchant'],
      status: 200,
    },
    {
      name: 'delete',
      method: 'DELETE',
      path: () => `${MCC.api}/${records.delete}`,
      allowed: ['admin'],
      refused: ['bank', 'merchant'],
      status: 200,
    },
    {
      name: 'workflow actions offered',
      method: 'GET',
      path: () => `${MCC.api}/${records.read}/actions`,
      allowed: ['admin', 'bank'],
      refused: ['merchant'],
      status: 200,
    },
    {
      name: 'history',
      method: 'GET',
      path: () => `${MCC.api}/${records.read}/history`,
      allowed: ['admin', 'bank'],
      refused: ['merchant'],
      status: 200,
    },
    {
      name: 'workflow action retire',
      method: 'POST',
      path: () => `${MCC.api}/${records.retire}/actions/retire`,
      body: () => ({}),
      allowed: ['admin'],
      refused: ['bank', 'merchant'],
      status: 200,
    },
    {
      name: 'workflow action reinstate',
      method: 'POST',
      path: () => `${MCC.api}/${records.reinstate}/actions/reinstate`,
      body: () => ({}),
      allowed: ['admin'],
      refused: ['bank', 'merchant'],
      status: 200,
    },
  ];

  describe.each(actions)('$name', (action) => {
    beforeAll(async () => {
      for (const key of ['read', 'update', 'delete', 'retire', 'reinstate']) records[key] ??= await newRecord();
      if (action.name === 'workflow action reinstate') {
        const retired = await as('admin', 'POST', `${MCC.api}/${records.reinstate}/actions/retire`, {});
        expect(retired.body.content?.state).toBe('retired');
      }
    });

    it('is refused to a signed-out caller with 401', async () => {
      const answer = await as('nobody', action.method, action.path(), action.body?.());
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe('unauthorized');
    });

    it('is refused with 403 to callers without its guard, changing nothing', async () => {
      const before = (await as('admin', 'GET', `${MCC.api}?pageSize=1000`)).body.content.items;
      for (const who of action.refused) {
        const answer = await as(who, action.method, action.path(), action.body?.());
        expect(answer.status, `${who}: ${JSON.stringify(answer.body)}`).toBe(403);
        expect(answer.body.code).toBe('noPermission');
        expect(answer.body.content).toBeUndefined();
      }
      expect((await as('admin', 'GET', `${MCC.api}?pageSize=1000`)).body.content.items).toEqual(before);
    });

    it('succeeds for the callers the guard lets in', async () => {
      for (const who of action.allowed) {
        // a write succeeds once: the last allowed caller (the admin) runs it
        if (action.method !== 'GET' && who !== action.allowed.at(-1)) continue;
        const answer = await as(who, action.method, action.path(), action.body?.());
        expect(answer.status, `${who}: ${JSON.stringify(answer.body)}`).toBe(action.status);
      }
    });
  });

  it('kept what the allowed callers did, with the workflow and history written', async () => {
    const updated = await as('bank', 'GET', `${MCC.api}/${records.update}`);
    expect(updated.body.content).toMatchObject({ code: '7990', riskLevel: 'low', description: 'Gambling, changed' });
    expect((await as('admin', 'GET', `${MCC.api}/${records.delete}`)).status).toBe(404);
    expect((await as('bank', 'GET', `${MCC.api}/${records.retire}`)).body.content.state).toBe('retired');
    expect((await as('bank', 'GET', `${MCC.api}/${records.reinstate}`)).body.content.state).toBe('active');
    const history = await as('bank', 'GET', `${MCC.api}/${records.reinstate}/history`);
    expect(history.body.content.map((entry: { action: string }) => entry.action)).toEqual([
      'create',
      'retire',
      'reinstate',
    ]);
    // what the bank may do now: nothing (the transitions' guard is the admin group); the admin may retire
    expect((await as('bank', 'GET', `${MCC.api}/${records.reinstate}/actions`)).body.content).toEqual([]);
    expect(
      (await as('admin', 'GET', `${MCC.api}/${records.reinstate}/actions`)).body.content.map(
        (offered: { action: string }) => offered.action,
      ),
    ).toEqual(['retire']);
  });

  it('judges records by the published schema and unique constraint: 422 for a bad code, 409 for a taken one', async () => {
    const bad = await as('admin', 'POST', MCC.api, { code: '79A5', riskLevel: 'extreme' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ code: 'validation.invalid', riskLevel: 'validation.invalid' });
    const taken = await as('admin', 'POST', MCC.api, { code: '7990', riskLevel: 'high' });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual({ code: 'errors.alreadyExists' });
  });

  it('sorts and filters the list only on the declared fields', async () => {
    const high = await as(
      'bank',
      'GET',
      `${MCC.api}?sort=-code&filter=${encodeURIComponent(JSON.stringify({ field: 'riskLevel', op: 'eq', value: 'high' }))}`,
    );
    expect(high.status).toBe(200);
    const codes = high.body.content.items.map((record: { code: string }) => record.code);
    expect(codes.length).toBeGreaterThan(1);
    expect(codes).toEqual([...codes].sort().reverse());
    expect(high.body.content.items.every((record: { riskLevel: string }) => record.riskLevel === 'high')).toBe(true);
    const undeclared = await as('bank', 'GET', `${MCC.api}?sort=createdBy`);
    expect(undeclared.status).toBe(400);
    expect(undeclared.body.errors).toEqual({ createdBy: 'invalidRequest' });
  });
});
