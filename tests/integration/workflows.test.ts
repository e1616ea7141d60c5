import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_API_KEY } from '../../core/notifications/notification.types';
import { call, type TestServer, startTestServer, tokenFor } from './support/harness';
import { published, ticketResource, ticketWorkflow } from './support/resource-documents';

const TICKETS = '/wbe/api/resources/ticket';

describe('workflows: records moving through states', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const users: Record<string, string> = {};
  let base = '';
  const as = (who: string, method: string, path: string, body?: unknown) =>
    call(base, method, path, { token: tokens[who], body });

  beforeAll(async () => {
    server = await startTestServer({ loginRateLimit: 100 });
    base = server.base;
    for (const who of ['admin', 'assessor', 'owner']) {
      tokens[who] = await tokenFor(base, `${who}@demo.test`);
      users[who] = (await as(who, 'GET', '/iam/api/me')).body.content.user.id;
    }
    await published(base, tokens.admin, 'workflow', 'ticket-flow', ticketWorkflow());
    await published(base, tokens.admin, 'resource', 'ticket', ticketResource());
  });
  afterAll(() => server.close());

  const create = async (who: string, fields: Record<string, unknown>) => {
    const answer = await as(who, 'POST', TICKETS, fields);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.content as { id: string; state: string; updatedAt: string };
  };

  it('starts a record in the initial state and offers only the actions allowed now', async () => {
    const record = await create('owner', { title: 'Weak TLS', code: 'WF-1', priority: 'high' });
    expect(record.state).toBe('open');
    const actions = await as('owner', 'GET', `${TICKETS}/${record.id}/actions`);
    expect(actions.body).toEqual({ content: [{ action: 'close', to: 'closed', title: { en: 'Close', tr: 'Kapat' } }] });
  });

  it('runs a transition: state, effect (mail to the creator), history', async () => {
    const record = await create('owner', { title: 'Default password', code: 'WF-2', priority: 'low' });
    const moved = await call(base, 'POST', `${TICKETS}/${record.id}/actions/close`, {
      token: tokens.assessor,
      body: { comment: 'Fixed in release 4.2' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.content).toMatchObject({ id: record.id, state: 'closed', title: 'Default password' });
    expect(moved.body.content.updatedAt >= record.updatedAt).toBe(true);

    // notifyCreator mailed the creator (owner@demo.test), through real SMTP
    const mail = await server.mailbox().waitFor('owner@demo.test', { match: (m) => m.text.includes(record.id) });
    expect(mail.subject).toBe('Tickets: Close');
    expect(mail.text).toContain('moved a record you created');
    expect(mail.text).toContain('from "Open" to "Closed"');
    expect(mail.text).toContain('Comment: Fixed in release 4.2');
    // and a notification for the bell, in both languages
    const notifs = await call(base, 'GET', '/ntgw/api/notifs', {
      token: tokens.owner,
      headers: { 'x-api-key': NOTIFICATIONS_API_KEY },
    });
    const notice = notifs.body.member.find((n: { payload: { description: string } }) =>
      n.payload.description.includes(record.id),
    );
    expect(notice).toMatchObject({
      statusStr: 'ACTIVE',
      groups: [{ groupValue: 'announcement', groupKey: 'stateChanged' }],
      payload: { title: 'Tickets: Close', tr: { title: 'Talepler: Kapat' } },
    });
    expect(notice.payload.tr.description).toContain('durumuna taşıdı');

    const history = await as('owner', 'GET', `${TICKETS}/${record.id}/history`);
    expect(history.body.content).toEqual([
      { at: expect.any(String), by: users.owner, from: null, to: 'open', action: 'create' },
      {
        at: moved.body.content.updatedAt,
        by: users.assessor,
        from: 'open',
        to: 'closed',
        action: 'close',
        comment: 'Fixed in release 4.2',
      },
    ]);

    // closed: the assessor may reopen or archive; the owner only archive (reopen's guard)
    const forAssessor = await as('assessor', 'GET', `${TICKETS}/${record.id}/actions`);
    expect(forAssessor.body.content.map((a: { action: string }) => a.action)).toEqual(['reopen', 'archive']);
    const forOwner = await as('owner', 'GET', `${TICKETS}/${record.id}/actions`);
    expect(forOwner.body.content.map((a: { action: string }) => a.action)).toEqual(['archive']);
  });

  it('refuses an illegal transition with 409 and the allowed actions, and a guarded one with 403', async () => {
    const record = await create('owner', { title: 'Open port', code: 'WF-3', priority: 'high' });
    const wrongState = await call(base, 'POST', `${TICKETS}/${record.id}/actions/archive`, {
      token: tokens.owner,
      headers: { 'accept-language': 'tr' },
    });
    expect(wrongState.status).toBe(409);
    expect(wrongState.body).toEqual({
      code: 'transitionNotAllowed',
      message: 'Bu işlem kaydın şu anki durumunda yapılamaz.',
      allowed: ['close'],
    });
    const unknown = await as('owner', 'POST', `${TICKETS}/${record.id}/actions/explode`);
    expect(unknown.body).toMatchObject({ code: 'transitionNotAllowed', allowed: ['close'] });

    expect((await as('owner', 'POST', `${TICKETS}/${record.id}/actions/close`)).status).toBe(200);
    // `when`: a high-priority ticket cannot be archived, for anyone
    // the action leaves this state but its condition does not hold: the answer says which condition
    const whenFails = await as('assessor', 'POST', `${TICKETS}/${record.id}/actions/archive`);
    expect(whenFails.status).toBe(409);
    expect(whenFails.body).toMatchObject({
      code: 'transitionConditionFailed',
      message: "This action's condition does not hold for the record now.",
      action: 'archive',
      condition: { en: 'Only a ticket that is not high priority can be archived.' },
      rule: { '!=': [{ var: 'record.priority' }, 'high'] },
    });
    expect(
      (await as('assessor', 'GET', `${TICKETS}/${record.id}/actions`)).body.content.map(
        (a: { action: string }) => a.action,
      ),
    ).toEqual(['reopen']);
    // reopen is open from 'closed' but its guard refuses the owner
    const guarded = await as('owner', 'POST', `${TICKETS}/${record.id}/actions/reopen`);
    expect(guarded.status).toBe(403);
    expect(guarded.body.code).toBe('noPermission');
    expect((await as('assessor', 'POST', `${TICKETS}/${record.id}/actions/reopen`)).body.content.state).toBe('open');

    const history = await as('owner', 'GET', `${TICKETS}/${record.id}/history`);
    expect(history.body.content.map((e: { action: string }) => e.action)).toEqual(['create', 'close', 'reopen']);
    const badBody = await as('owner', 'POST', `${TICKETS}/${record.id}/actions/close`, { comment: 42, state: 'x' });
    expect(badBody.status).toBe(400);
  });

  it('never lets an update set the state', async () => {
    const record = await create('owner', { title: 'Stale account', code: 'WF-4' });
    const answer = await as('owner', 'PUT', `${TICKETS}/${record.id}`, {
      title: 'Stale admin account',
      code: 'WF-4',
      state: 'archived',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.content).toMatchObject({ title: 'Stale admin account', state: 'open' });
    const filtered = await as(
      'owner',
      'GET',
      `${TICKETS}?filter=${encodeURIComponent(JSON.stringify({ field: 'state', op: 'eq', value: 'archived' }))}`,
    );
    expect(filtered.body.content.total).toBe(0);
    const history = await as('owner', 'GET', `${TICKETS}/${record.id}/history`);
    expect(history.body.content).toHaveLength(1);
  });

  it('runs concurrent requests for one record one at a time: only one leaves the state', async () => {
    const record = await create('owner', { title: 'Race', code: 'WF-5', priority: 'low' });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => as('owner', 'POST', `${TICKETS}/${record.id}/actions/close`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    const history = await as('owner', 'GET', `${TICKETS}/${record.id}/history`);
    expect(history.body.content.map((e: { action: string }) => e.action)).toEqual(['create', 'close']);
  });
});
