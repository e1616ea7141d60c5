import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestServer, startTestServer } from './support/harness';
import { tmManagerTokens } from './support/tm-managers';

const INGEST = '/tm/api/v1/transactions';
const TM = '/wbe/api/transaction-monitoring';
const ALERTS = '/wbe/api/resources/tm-alert';
const CASES = '/wbe/api/resources/tm-case';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface Alert {
  id: string;
  transactionRef: string;
  transactionId: string;
  decision: string;
  score: number;
  hits: string[];
  state: string;
  caseId?: string;
}

const transaction = (id: string, pan: string, patch: Record<string, unknown> = {}) => ({
  transactionId: id,
  merchantId: 'alerts-merchant',
  merchantName: 'Alerts Shop',
  pan,
  amount: 1,
  currency: 'EUR',
  country: 'DE',
  ip: `198.51.100.${Math.floor(Math.random() * 200) + 20}`,
  ...patch,
});

/**
 * Alerts, cases and snoozes over HTTP (issue 25): flagged and investigating decisions raise alerts
 * shown after the visibility delay; a case groups alerts and, closed with a label, writes it on their
 * transactions; a snoozed rule traces `snoozed` and scores nothing for its entity until it expires
 * (the injected clock); another organisation's manager is refused everything.
 */
describe('transaction monitoring: alerts, cases, snoozes', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  let key = '';
  let alerts: Alert[] = [];
  let caseId = '';
  const as = (who: string, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token: tokens[who], body, headers: { 'accept-language': 'en' } });
  const ingest = (path: string, body: unknown) =>
    call(server.base, 'POST', path, { body, headers: { 'x-api-key': key } });
  const mine = (prefix: string) =>
    encodeURIComponent(JSON.stringify({ field: 'transactionId', op: 'startsWith', value: prefix }));
  const listAlerts = async (who: string, prefix: string) =>
    (await as(who, 'GET', `${ALERTS}?filter=${mine(prefix)}&sort=transactionId&pageSize=50`)).body.content
      .items as Alert[];

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    // a transaction-monitoring manager of another organisation, and a user without the permission
    Object.assign(tokens, await tmManagerTokens(server, 'tm-elsewhere@demo.test'));
    key = (await as('tm', 'POST', `${TM}/keys`, { name: 'Alerts switch' })).body.content.key;
  });

  afterAll(async () => {
    await server?.close();
  });

  it('raises an alert per flagged or investigating decision, shown after the 15-minute delay', async () => {
    // one card, seven 1.00 payments: two approved, three flagged (card testing), then card velocity too
    const batch = await ingest(`${INGEST}/batch`, {
      // money leaving the institution's accounts: what the alternate variant's alert lists show
      transactions: Array.from({ length: 7 }, (_, i) =>
        transaction(`burst-${i}`, '6011000990139424', { direction: 'outbound' }),
      ),
    });
    expect(batch.status).toBe(201);
    const decisions = batch.body.content.items.map((item: { decision: string }) => item.decision);
    expect(decisions).toEqual([
      'approved',
      'approved',
      'flagged',
      'flagged',
      'flagged',
      'investigating',
      'investigating',
    ]);
    expect(await listAlerts('tm', 'burst-')).toEqual([]);
    const stored = await server.store.collection<Alert & { organizationId: string }>('res.tm-alert').all();
    expect(stored).toHaveLength(5);
    expect((await as('tm', 'GET', `${ALERTS}/${stored[0].id}`)).status).toBe(404);

    server.clock.advance(15 * MINUTE + 1000);
    alerts = await listAlerts('tm', 'burst-');
    expect(alerts.map((alert) => [alert.transactionId, alert.decision, alert.state])).toEqual([
      ['burst-2', 'flagged', 'open'],
      ['burst-3', 'flagged', 'open'],
      ['burst-4', 'flagged', 'open'],
      ['burst-5', 'investigating', 'open'],
      ['burst-6', 'investigating', 'open'],
    ]);
    expect(alerts[4]).toMatchObject({
      score: 70,
      maskedPan: '601100******9424',
      merchantName: 'Alerts Shop',
      direction: 'outbound',
    });
    expect(alerts[4].hits.sort()).toEqual(['card-testing', 'card-velocity']);
    expect(JSON.stringify(alerts)).not.toContain('cardHash');
    expect(stored.every((alert) => alert.organizationId === 'org-demo-monitoring')).toBe(true);
    // the alert workflow: the server assigns, a manager may only close one without a case
    const actions = (await as('tm', 'GET', `${ALERTS}/${alerts[0].id}/actions`)).body.content;
    expect(actions.map((action: { action: string }) => action.action)).toEqual(['dismiss']);
    expect((await as('tm', 'POST', `${ALERTS}/${alerts[0].id}/actions/assign`, {})).status).toBe(403);
    expect((await as('tm', 'POST', ALERTS, { transactionId: 'made-up' })).status).toBe(403);
  });

  it('groups alerts into a case and, closed with a label, writes it on every transaction of its alerts', async () => {
    const opened = await as('tm', 'POST', `${TM}/alerts/${alerts[0].id}/case`, {
      title: 'Card testing burst',
      assignee: 'tm@demo.test',
      dueDate: '2030-01-31',
    });
    expect(opened.status).toBe(201);
    caseId = opened.body.content.id;
    expect(opened.body.content).toMatchObject({ title: 'Card testing burst', state: 'open' });
    const added = await as('tm', 'POST', `${TM}/alerts/${alerts[4].id}/assign`, { caseId });
    expect(added.status).toBe(200);
    expect(added.body.content).toMatchObject({ state: 'assigned', caseId });
    const again = await as('tm', 'POST', `${TM}/alerts/${alerts[4].id}/assign`, { caseId });
    expect([again.status, again.body.code]).toEqual([409, 'alertNotOpen']);
    const inCase = (await as('tm', 'GET', `${TM}/cases/${caseId}/alerts?sort=transactionId`)).body.content;
    expect(inCase.items.map((alert: Alert) => alert.transactionId)).toEqual(['burst-2', 'burst-6']);

    // a file for the case, through the existing upload
    const form = new FormData();
    form.append('file', new Blob(['Issuer confirmation: card reported stolen.\n']), 'issuer.txt');
    const upload = await fetch(`${server.base}${TM}/cases/${caseId}/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.tm}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    const files = (await as('tm', 'GET', `${TM}/cases/${caseId}/files`)).body.content.items;
    expect(files).toMatchObject([{ name: 'issuer.txt', type: 'text/plain' }]);
    expect((await as('tm', 'GET', `/wbe/api/files/${files[0].id}`)).status).toBe(200);
    expect((await as('other', 'GET', `/wbe/api/files/${files[0].id}`)).status).toBe(404);

    // closing needs a label first
    const early = await as('tm', 'POST', `${CASES}/${caseId}/actions/close`, {});
    expect([early.status, early.body.code]).toEqual([409, 'transitionConditionFailed']);
    const labelled = await as('tm', 'PUT', `${CASES}/${caseId}`, {
      title: 'Card testing burst',
      assignee: 'tm@demo.test',
      label: 'confirmed_risk',
    });
    expect(labelled.status).toBe(200);
    const closed = await as('tm', 'POST', `${CASES}/${caseId}/actions/close`, {});
    expect(closed.status).toBe(200);
    expect(closed.body.content.state).toBe('closed');

    const transactions = await server.store
      .collection<{ id: string; transactionId: string; label?: string }>('tmTransactions')
      .all();
    const labels = Object.fromEntries(
      transactions.filter((t) => t.transactionId.startsWith('burst-')).map((t) => [t.transactionId, t.label ?? null]),
    );
    expect(labels).toEqual({
      'burst-0': null,
      'burst-1': null,
      'burst-2': 'confirmed_risk',
      'burst-3': null,
      'burst-4': null,
      'burst-5': null,
      'burst-6': 'confirmed_risk',
    });
    const after = await listAlerts('tm', 'burst-');
    expect(after.map((alert) => alert.state)).toEqual(['closed', 'open', 'open', 'open', 'closed']);
    const late = await as('tm', 'POST', `${TM}/alerts/${alerts[1].id}/assign`, { caseId });
    expect([late.status, late.body.code]).toEqual([409, 'caseClosed']);
  });

  it('snoozes one rule for one card: traced `snoozed`, no score, until the snooze expires', async () => {
    const snoozed = await as('tm', 'POST', `${TM}/alerts/${alerts[1].id}/snooze`, {
      ruleId: 'card-testing',
      entity: 'cardHash',
      days: 1,
      reason: 'The cardholder tests a new wallet.',
    });
    expect(snoozed.status).toBe(201);
    expect(snoozed.body.content).toMatchObject({
      ruleId: 'card-testing',
      entity: 'cardHash',
      shown: '601100******9424',
    });
    expect(JSON.stringify(snoozed.body.content)).not.toMatch(/"value"|cardHash":/);

    // three small payments within an hour: card testing, but snoozed for this card
    const again = await ingest(`${INGEST}/batch`, {
      transactions: Array.from({ length: 3 }, (_, i) => transaction(`snoozed-${i}`, '6011000990139424')),
    });
    expect(again.body.content.items[2]).toMatchObject({ decision: 'approved', score: 0, hits: [] });
    // another card is not snoozed
    const other = await ingest(`${INGEST}/batch`, {
      transactions: Array.from({ length: 3 }, (_, i) => transaction(`other-card-${i}`, '4012888888881881')),
    });
    expect(other.body.content.items[2]).toMatchObject({ decision: 'flagged', hits: ['card-testing'] });

    server.clock.advance(15 * MINUTE + 1000);
    const [shown] = (await as('tm', 'GET', `${TM}/transactions?filter=${mine('snoozed-2')}`)).body.content.items;
    const trace = (await as('tm', 'GET', `${TM}/transactions/${shown.id}/trace?pageSize=50`)).body.content.items;
    expect(trace.find((row: { ruleId: string }) => row.ruleId === 'card-testing')).toMatchObject({
      outcome: 'snoozed',
    });
    expect(await listAlerts('tm', 'snoozed-')).toEqual([]);

    // a day later the snooze has expired: the same card is scored by the rule again
    server.clock.advance(DAY);
    const expired = await ingest(`${INGEST}/batch`, {
      transactions: Array.from({ length: 3 }, (_, i) => transaction(`expired-${i}`, '6011000990139424')),
    });
    expect(expired.body.content.items[2]).toMatchObject({ decision: 'flagged', hits: ['card-testing'] });
  });

  it('refuses bad bodies with 4xx naming the field', async () => {
    const alert = alerts[2].id;
    const cases = [
      [`${TM}/alerts/${alert}/case`, {}],
      [`${TM}/alerts/${alert}/case`, { title: 'x', extra: true }],
      [`${TM}/alerts/${alert}/assign`, { caseId: '../x' }],
      [`${TM}/alerts/${alert}/snooze`, { ruleId: 'card-testing', entity: 'cardHash', days: 0, reason: 'x' }],
      [`${TM}/alerts/${alert}/snooze`, { ruleId: 'card-testing', entity: 'pan', days: 1, reason: 'x' }],
      [`${TM}/alerts/${alert}/snooze`, { ruleId: 'card-testing', entity: 'ip', days: 1 }],
    ] as const;
    for (const [path, body] of cases) {
      const answer = await as('tm', 'POST', path, body);
      expect([answer.status, answer.body.code], JSON.stringify(body)).toEqual([400, 'invalidRequest']);
    }
    const notHit = await as('tm', 'POST', `${TM}/alerts/${alert}/snooze`, {
      ruleId: 'blocked-ip',
      entity: 'ip',
      days: 1,
      reason: 'x',
    });
    expect([notHit.status, notHit.body.errors]).toEqual([422, { ruleId: 'errors.snoozeRuleNotHit' }]);
    const noDevice = await as('tm', 'POST', `${TM}/alerts/${alert}/snooze`, {
      ruleId: 'card-testing',
      entity: 'deviceId',
      days: 1,
      reason: 'x',
    });
    expect([noDevice.status, noDevice.body.errors]).toEqual([422, { entity: 'errors.snoozeEntityMissing' }]);
    const badCase = await as('tm', 'POST', `${TM}/alerts/${alert}/case`, { title: 'x', assignee: 'not an e-mail' });
    expect(badCase.status).toBe(422);
    expect(badCase.body.errors).toHaveProperty('assignee');
    const badLabel = await as('tm', 'PUT', `${CASES}/${caseId}`, { title: 'x', label: 'maybe' });
    expect(badLabel.status).toBe(422);
    expect((await as('tm', 'POST', `${TM}/alerts/no-such-alert/case`, { title: 'x' })).status).toBe(404);
  });

  it('refuses another organisation’s manager (404) and a user without the permission (403)', async () => {
    const alert = alerts[3].id;
    expect(await listAlerts('other', 'burst-')).toEqual([]);
    expect((await as('other', 'GET', `${CASES}`)).body.content.items).toEqual([]);
    for (const [method, path, body] of [
      ['GET', `${ALERTS}/${alert}`, undefined],
      ['GET', `${CASES}/${caseId}`, undefined],
      ['GET', `${TM}/cases/${caseId}/alerts`, undefined],
      ['GET', `${TM}/cases/${caseId}/files`, undefined],
      ['POST', `${TM}/alerts/${alert}/case`, { title: 'Theirs' }],
      ['POST', `${TM}/alerts/${alert}/snooze`, { ruleId: 'card-testing', entity: 'cardHash', days: 1, reason: 'x' }],
      ['POST', `${ALERTS}/${alert}/actions/dismiss`, {}],
    ] as const) {
      expect((await as('other', method, path, body)).status, `${method} ${path}`).toBe(404);
      expect((await as('bank', method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    // a case of the other organisation is not theirs to add an alert to
    const theirCase = (await as('other', 'POST', CASES, { title: 'Elsewhere' })).body.content.id;
    const crossed = await as('tm', 'POST', `${TM}/alerts/${alert}/assign`, { caseId: theirCase });
    expect(crossed.status).toBe(404);
    expect((await as('tm', 'GET', `${ALERTS}/${alert}`)).body.content.state).toBe('open');
  });
});
