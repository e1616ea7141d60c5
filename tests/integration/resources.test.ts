import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestServer, startTestServer, tokenFor } from './support/harness';
import { publishDocument, published, ticketResource, ticketWorkflow } from './support/resource-documents';

const TICKETS = '/wbe/api/resources/ticket';
const query = (params: Record<string, unknown>) =>
  `?${new URLSearchParams(
    Object.entries(params).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
  )}`;

describe('generic resource endpoints /wbe/api/resources/:resource', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let base = '';
  const as = (who: string, method: string, path: string, body?: unknown) =>
    call(base, method, path, { token: tokens[who], body });

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    base = server.base;
    for (const who of ['admin', 'assessor', 'owner', 'assessee', 'tm'])
      tokens[who] = await tokenFor(base, `${who}@demo.test`);
    const me = await as('assessor', 'GET', '/iam/api/me');
    ids.assessor = me.body.content.user.id;
  });
  afterAll(() => server.close());

  it('publishes a resource only after its workflow, and never with an unknown effect', async () => {
    const early = await publishDocument(base, tokens.admin, 'resource', 'ticket', ticketResource());
    expect(early.status).toBe(422);
    expect(early.body.problems).toEqual([
      expect.objectContaining({
        path: '/body/workflow',
        code: 'notPublished',
        params: { kind: 'workflow', id: 'ticket-flow' },
      }),
    ]);
    const strange = ticketWorkflow();
    strange.transitions[0].effects = ['notifyCreator', 'launchRockets'];
    const refused = await publishDocument(base, tokens.admin, 'workflow', 'ticket-flow', strange);
    expect(refused.status).toBe(422);
    expect(refused.body.problems).toEqual([
      expect.objectContaining({ path: '/body/transitions/0/effects/1', message: 'unknown effect "launchRockets"' }),
    ]);
    const badFields = { ...ticketResource(), workflow: undefined, sortable: ['nope'] };
    const answer = await publishDocument(base, tokens.admin, 'resource', 'ticket', badFields);
    expect(answer.body.problems).toEqual([
      expect.objectContaining({ path: '/body/sortable/0', message: 'unknown field "nope"' }),
    ]);

    await published(base, tokens.admin, 'workflow', 'ticket-flow', ticketWorkflow());
    expect((await published(base, tokens.admin, 'resource', 'ticket', ticketResource())).version).toBe(3);
  });

  it('creates a record with server-set system fields, ignoring what the client claims', async () => {
    const before = Date.now();
    const answer = await as('assessor', 'POST', TICKETS, {
      title: 'Card data found in logs',
      code: 'AB-1',
      priority: 'high',
      id: 'chosen-id',
      createdBy: 'someone-else',
      organizationId: 'org-demo-monitoring',
      definition: { id: 'ticket', version: 1 },
      state: 'archived',
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(answer.status).toBe(201);
    const record = answer.body.content;
    expect(record).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Card data found in logs',
      code: 'AB-1',
      priority: 'high',
      state: 'open',
      organizationId: 'org-demo-vendor',
      createdBy: ids.assessor,
      createdAt: expect.any(String),
      updatedAt: record.createdAt,
      definition: { id: 'ticket', version: 3 },
    });
    expect(Date.parse(record.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    ids.first = record.id;
    const read = await as('owner', 'GET', `${TICKETS}/${record.id}`);
    expect(read.status).toBe(200);
    expect(read.body.content).toEqual(record);
  });

  it('validates with the resource schema: 422 with a message key per field', async () => {
    const answer = await as('assessor', 'POST', TICKETS, {
      title: '',
      code: 'not a code',
      priority: 'urgent',
      extra: 1,
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'validationFailed', message: 'Please correct the highlighted fields.' });
    expect(answer.body.errors).toEqual({
      title: 'validation.required',
      code: 'validation.invalid',
      priority: 'validation.invalid',
      extra: 'validation.invalid',
    });
    const notObject = await as('assessor', 'POST', TICKETS, [1, 2]);
    expect(notObject.status).toBe(400);
    expect(notObject.body.code).toBe('invalidRequest');
  });

  it('refuses a unique clash within the scope (409 naming the field, case-insensitive), not across scopes', async () => {
    const clash = await call(base, 'POST', TICKETS, {
      token: tokens.owner,
      body: { title: 'Another', code: 'ab-1' },
      headers: { 'accept-language': 'tr' },
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({
      code: 'alreadyExists',
      message: 'Bu değere sahip bir kayıt zaten var.',
      errors: { code: 'errors.alreadyExists' },
    });
    const elsewhere = await as('tm', 'POST', TICKETS, { title: 'Other organisation', code: 'AB-1' });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.content.organizationId).toBe('org-demo-monitoring');
    ids.tmRecord = elsewhere.body.content.id;
  });

  it('lists with filter, sort and page within the caller organisation only', async () => {
    for (const [i, priority] of ['low', 'high', 'low', 'medium', 'low'].entries()) {
      const created = await as('owner', 'POST', TICKETS, { title: `T${i}`, code: `CD-${i + 10}`, priority, points: i });
      expect(created.status).toBe(201);
    }
    const low = await as(
      'assessor',
      'GET',
      `${TICKETS}${query({ filter: { field: 'priority', op: 'eq', value: 'low' }, sort: '-code', pageSize: '2' })}`,
    );
    expect(low.status).toBe(200);
    expect(low.body.content.total).toBe(3);
    expect(low.body.content.items.map((r: { code: string }) => r.code)).toEqual(['CD-14', 'CD-12']);
    const page2 = await as(
      'assessor',
      'GET',
      `${TICKETS}${query({ filter: { field: 'priority', op: 'eq', value: 'low' }, sort: '-code', pageSize: '2', page: '2' })}`,
    );
    expect(page2.body.content).toEqual({ items: [expect.objectContaining({ code: 'CD-10' })], total: 3 });
    const ranged = {
      and: [
        { field: 'points', op: 'between', value: [1, 3] },
        { field: 'state', op: 'eq', value: 'open' },
      ],
    };
    const between = await as('assessor', 'GET', `${TICKETS}${query({ filter: ranged, sort: '-points' })}`);
    expect(between.body.content.items.map((r: { points: number }) => r.points)).toEqual([3, 2, 1]);

    const all = await as('owner', 'GET', TICKETS);
    expect(all.body.content.total).toBe(6);
    expect(
      all.body.content.items.every((r: { organizationId: string }) => r.organizationId === 'org-demo-vendor'),
    ).toBe(true);
    const theirs = await as('tm', 'GET', TICKETS);
    expect(theirs.body.content).toEqual({ items: [expect.objectContaining({ id: ids.tmRecord })], total: 1 });
  });

  it('answers 400 naming an unknown sort or filter field, and a malformed query', async () => {
    const sort = await as('assessor', 'GET', `${TICKETS}?sort=code,-secret`);
    expect(sort.status).toBe(400);
    expect(sort.body).toMatchObject({ code: 'invalidRequest', errors: { secret: 'invalidRequest' } });
    const filter = await as(
      'assessor',
      'GET',
      `${TICKETS}${query({ filter: { field: 'organizationId', op: 'eq', value: 'org-demo-monitoring' } })}`,
    );
    expect(filter.status).toBe(400);
    expect(filter.body.errors).toEqual({ organizationId: 'invalidRequest' });
    const pageSize = await as('assessor', 'GET', `${TICKETS}?pageSize=lots&filter=%7B`);
    expect(pageSize.status).toBe(400);
    expect(pageSize.body.errors).toEqual({ pageSize: 'invalidRequest', filter: 'invalidRequest' });
  });

  it('keeps callers out of other organisations’ records (404, never 403)', async () => {
    for (const [method, path, body] of [
      ['GET', `${TICKETS}/${ids.first}`],
      ['PUT', `${TICKETS}/${ids.first}`, { title: 'Taken over', code: 'ZZ-1' }],
      ['DELETE', `${TICKETS}/${ids.first}`],
      ['GET', `${TICKETS}/${ids.first}/actions`],
      ['POST', `${TICKETS}/${ids.first}/actions/close`],
      ['GET', `${TICKETS}/${ids.first}/history`],
    ] as const) {
      const answer = await as('tm', method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.code).toBe('notFound');
    }
    expect((await as('assessor', 'GET', `${TICKETS}/${ids.first}`)).body.content.title).toBe('Card data found in logs');
  });

  it('updates the whole set of editable fields, validated, unique, state and system fields untouched', async () => {
    const path = `${TICKETS}/${ids.first}`;
    const before = (await as('assessor', 'GET', path)).body.content;
    const answer = await as('owner', 'PUT', path, {
      title: 'Card data found in debug logs',
      code: 'AB-1',
      state: 'archived',
      createdBy: 'mallory',
      organizationId: 'org-demo-monitoring',
      definition: { id: 'ticket', version: 99 },
    });
    expect(answer.status).toBe(200);
    const after = answer.body.content;
    expect(after).toEqual({
      ...before,
      title: 'Card data found in debug logs',
      priority: undefined,
      updatedAt: expect.any(String),
    });
    expect(after).not.toHaveProperty('priority'); // left out of the whole set: cleared
    expect(after.updatedAt >= before.updatedAt).toBe(true);
    expect((await as('owner', 'PUT', path, { title: 'x', code: 'cd-10' })).body).toMatchObject({
      code: 'alreadyExists',
      errors: { code: 'errors.alreadyExists' },
    });
    const invalid = await as('owner', 'PUT', path, { title: 'x', code: 'AB-1', points: -1 });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ points: 'validation.invalid' });
    expect((await as('owner', 'PUT', `${TICKETS}/no-such-record`, { title: 'x', code: 'AB-2' })).status).toBe(404);
  });

  it('deletes a record', async () => {
    const created = await as('assessor', 'POST', TICKETS, { title: 'Short-lived', code: 'DL-1' });
    const path = `${TICKETS}/${created.body.content.id}`;
    expect(await as('assessor', 'DELETE', path).then((a) => [a.status, a.body])).toEqual([
      200,
      { content: { id: created.body.content.id } },
    ]);
    expect((await as('assessor', 'GET', path)).status).toBe(404);
    expect((await as('assessor', 'DELETE', path)).status).toBe(404);
  });

  it('enforces the guard of every action: 403 without permission, 401 signed out', async () => {
    const record = `${TICKETS}/${ids.first}`;
    const actions = [
      ['GET', TICKETS],
      ['POST', TICKETS, { title: 'x', code: 'XX-1' }],
      ['GET', record],
      ['PUT', record, { title: 'x', code: 'XX-1' }],
      ['DELETE', record],
      ['GET', `${record}/actions`],
      ['POST', `${record}/actions/close`],
      ['GET', `${record}/history`],
    ] as const;
    for (const [method, path, body] of actions) {
      const refused = await as('assessee', method, path, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.code).toBe('noPermission');
      const anonymous = await call(base, method, path, { body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.body.code).toBe('unauthorized');
    }
    // the delete guard differs from the others: the owner may edit but not delete
    expect((await as('owner', 'DELETE', record)).status).toBe(403);
    expect((await as('owner', 'GET', record)).status).toBe(200);
  });

  it('answers 404 for an unknown resource and 400 for a malformed name', async () => {
    const unknown = await as('assessor', 'GET', '/wbe/api/resources/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('notFound');
    const malformed = await as('assessor', 'GET', '/wbe/api/resources/Not%20A%20Name');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual({ resource: 'invalidRequest' });
  });

  it('keeps a record on the resource version it was made with after a new version is published', async () => {
    const v2 = ticketResource();
    v2.schema.required.push('area');
    (v2.schema.properties as Record<string, unknown>).area = { type: 'string', minLength: 1 };
    expect((await published(base, tokens.admin, 'resource', 'ticket', v2)).version).toBe(4);

    const old = `${TICKETS}/${ids.first}`;
    const kept = await as('assessor', 'PUT', old, { title: 'Still valid under version 3', code: 'AB-1' });
    expect(kept.status).toBe(200);
    expect(kept.body.content.definition).toEqual({ id: 'ticket', version: 3 });
    const withArea = await as('assessor', 'PUT', old, { title: 'x', code: 'AB-1', area: 'logs' });
    expect(withArea.status).toBe(422); // version 3 does not know `area`
    expect(withArea.body.errors).toEqual({ area: 'validation.invalid' });

    const fresh = await as('assessor', 'POST', TICKETS, { title: 'New', code: 'NW-1' });
    expect(fresh.status).toBe(422);
    expect(fresh.body.errors).toEqual({ area: 'validation.required' });
    const made = await as('assessor', 'POST', TICKETS, { title: 'New', code: 'NW-1', area: 'network' });
    expect(made.body.content.definition).toEqual({ id: 'ticket', version: 4 });
  });

  it('makes one of twelve concurrent creates of one unique value and refuses the others (409)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        as('owner', 'POST', TICKETS, { title: `Race ${i}`, code: 'RC-77', area: 'network' }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(11).fill(409)]);
  });
});

describe('user-scoped resources', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
  });
  afterAll(() => server.close());

  it('show each user only their own records, even within one organisation', async () => {
    const admin = await tokenFor(server.base, 'admin@demo.test');
    await published(server.base, admin, 'resource', 'note', {
      title: 'notes.title',
      schema: { type: 'object', required: ['text'], properties: { text: { type: 'string' } } },
      scope: 'user',
      guards: {
        list: { anyOf: [] },
        read: { anyOf: [] },
        create: { anyOf: [] },
        update: { anyOf: [] },
        delete: { anyOf: [] },
      },
      unique: [['text']],
      filterable: [],
      sortable: ['createdAt'],
    });
    const assessor = await tokenFor(server.base, 'assessor@demo.test');
    const owner = await tokenFor(server.base, 'owner@demo.test');
    const mine = await call(server.base, 'POST', '/wbe/api/resources/note', {
      token: assessor,
      body: { text: 'Mine' },
    });
    expect(mine.status).toBe(201);
    expect(mine.body.content).toMatchObject({ ownerId: mine.body.content.createdBy });
    expect(mine.body.content).not.toHaveProperty('organizationId');
    // unique per user: the same text is another user's own
    const same = await call(server.base, 'POST', '/wbe/api/resources/note', { token: owner, body: { text: 'mine' } });
    expect(same.status).toBe(201);
    const again = await call(server.base, 'POST', '/wbe/api/resources/note', { token: owner, body: { text: 'MINE' } });
    expect(again.status).toBe(409);
    const list = await call(server.base, 'GET', '/wbe/api/resources/note', { token: owner });
    expect(list.body.content).toEqual({ items: [expect.objectContaining({ text: 'mine' })], total: 1 });
    const theirs = await call(server.base, 'GET', `/wbe/api/resources/note/${mine.body.content.id}`, { token: owner });
    expect(theirs.status).toBe(404);
    // a resource without a workflow offers no actions and refuses any
    const path = `/wbe/api/resources/note/${mine.body.content.id}`;
    expect((await call(server.base, 'GET', `${path}/actions`, { token: assessor })).body).toEqual({ content: [] });
    const refused = await call(server.base, 'POST', `${path}/actions/close`, { token: assessor });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'transitionNotAllowed', allowed: [] });
  });
});
