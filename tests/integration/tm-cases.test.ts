import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../server/store/records.types';
import { call, type TestServer, startTestServer, tokenFor } from './support/harness';
import { tmManagerTokens } from './support/tm-managers';

const INGEST = '/tm/api/v1/transactions';
const TM = '/wbe/api/transaction-monitoring';
const ALERTS = '/wbe/api/resources/tm-alert';
const CASES = '/wbe/api/resources/tm-case';
const NOTES = '/wbe/api/resources/tm-case-note';
const MINUTE = 60_000;

interface Alert {
  id: string;
  transactionRef: string;
  transactionId: string;
  state: string;
  caseId?: string;
}

/**
 * Case work over HTTP (issue 25): a case opened from several selected alerts, the case's notes as an
 * append-only conversation, reopening a closed case with a reason kept in its history, and a closed
 * case's label refused until it is reopened.
 */
describe('transaction monitoring: cases from a selection, notes, reopening', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  let alerts: Alert[] = [];
  let caseId = '';
  const as = (who: string, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token: tokens[who], body, headers: { 'accept-language': 'en' } });
  const alertsOf = async () =>
    (
      await as(
        'tm',
        'GET',
        `${ALERTS}?filter=${encodeURIComponent(JSON.stringify({ field: 'transactionId', op: 'startsWith', value: 'cases-' }))}&sort=transactionId`,
      )
    ).body.content.items as Alert[];
  const userNamed = async (email: string) =>
    (await server.store.collection<UserRecord>('users').all()).find((user) => user.email === email) as UserRecord;

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    Object.assign(tokens, await tmManagerTokens(server, 'tm-cases-other@demo.test'));
    // a colleague in the same organisation, to write in the conversation too
    const tm = await userNamed('tm@demo.test');
    await server.store
      .collection<UserRecord>('users')
      .insert({ ...tm, id: crypto.randomUUID(), email: 'tm-colleague@demo.test', name: 'Colleague Analyst' });
    tokens.colleague = await tokenFor(server.base, 'tm-colleague@demo.test');
    const key = (await as('tm', 'POST', `${TM}/keys`, { name: 'Cases switch' })).body.content.key;
    // one card, seven 1.00 payments: the last five raise alerts (card testing, then card velocity)
    const batch = await call(server.base, 'POST', `${INGEST}/batch`, {
      headers: { 'x-api-key': key },
      body: {
        transactions: Array.from({ length: 7 }, (_, i) => ({
          transactionId: `cases-${i}`,
          merchantId: 'cases-merchant',
          pan: '6011000990139424',
          amount: 1,
          currency: 'EUR',
          country: 'DE',
        })),
      },
    });
    expect(batch.status).toBe(201);
    server.clock.advance(15 * MINUTE + 1000);
    alerts = await alertsOf();
    expect(alerts).toHaveLength(5);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('opens one case from the selected alerts, all of them open, and refuses a selection with one taken', async () => {
    const selected = [alerts[0].id, alerts[1].id, alerts[2].id];
    expect((await as('tm', 'POST', `${TM}/alerts/case`, { ids: [], title: 'Empty' })).status).toBe(400);
    expect((await as('tm', 'POST', `${TM}/alerts/case`, { ids: selected })).status).toBe(400);
    expect((await as('other', 'POST', `${TM}/alerts/case`, { ids: selected, title: 'Not mine' })).status).toBe(404);
    expect((await as('bank', 'POST', `${TM}/alerts/case`, { ids: selected, title: 'No permission' })).status).toBe(403);
    const opened = await as('tm', 'POST', `${TM}/alerts/case`, {
      ids: selected,
      title: 'Card testing, three alerts',
      notes: 'Opened from the alerts list.',
    });
    expect(opened.status).toBe(201);
    caseId = opened.body.content.id;
    expect(opened.body.content).toMatchObject({ title: 'Card testing, three alerts', state: 'open' });
    const inCase = (await as('tm', 'GET', `${TM}/cases/${caseId}/alerts?sort=transactionId`)).body.content.items;
    expect(inCase.map((alert: Alert) => [alert.transactionId, alert.state])).toEqual([
      ['cases-2', 'assigned'],
      ['cases-3', 'assigned'],
      ['cases-4', 'assigned'],
    ]);
    // one already in a case: nothing is made, and the answer names it
    const casesBefore = (await as('tm', 'GET', CASES)).body.content.total;
    const taken = await as('tm', 'POST', `${TM}/alerts/case`, { ids: [alerts[3].id, alerts[0].id], title: 'Again' });
    expect([taken.status, taken.body.code, taken.body.alerts]).toEqual([409, 'alertNotOpen', [alerts[0].id]]);
    expect((await as('tm', 'GET', CASES)).body.content.total).toBe(casesBefore);
    expect((await alertsOf()).map((alert) => alert.state)).toEqual([
      'assigned',
      'assigned',
      'assigned',
      'open',
      'open',
    ]);
  });

  it('keeps the notes as a conversation: the opening note, then each note with its author and time, in order', async () => {
    const first = await as('tm', 'POST', `${TM}/cases/${caseId}/notes`, { text: 'Asked the issuer.' });
    expect(first.status).toBe(201);
    server.clock.advance(1000);
    expect(
      (await as('colleague', 'POST', `${TM}/cases/${caseId}/notes`, { text: 'Issuer says: card stolen.' })).status,
    ).toBe(201);
    expect((await as('tm', 'POST', `${TM}/cases/${caseId}/notes`, { text: '   ' })).status).toBe(400);
    expect((await as('other', 'POST', `${TM}/cases/${caseId}/notes`, { text: 'Elsewhere' })).status).toBe(404);
    expect((await as('other', 'GET', `${TM}/cases/${caseId}/notes`)).status).toBe(404);

    const tm = await userNamed('tm@demo.test');
    const colleague = await userNamed('tm-colleague@demo.test');
    const { notes } = (await as('colleague', 'GET', `${TM}/cases/${caseId}/notes`)).body.content;
    expect(notes.map((note: Record<string, unknown>) => [note.text, note.authorName, note.createdBy])).toEqual([
      ['Opened from the alerts list.', tm.name, tm.id],
      ['Asked the issuer.', tm.name, tm.id],
      ['Issuer says: card stolen.', colleague.name, colleague.id],
    ]);
    const times = notes.map((note: { createdAt: string }) => Date.parse(note.createdAt));
    expect(times[1]).toBeLessThan(times[2]);

    // append-only: no note is edited or removed, and the opening note no longer changes
    expect((await as('tm', 'PUT', `${NOTES}/${first.body.content.id}`, { text: 'Changed' })).status).toBe(403);
    expect((await as('tm', 'DELETE', `${NOTES}/${first.body.content.id}`)).status).toBe(403);
    expect((await as('tm', 'POST', NOTES, { caseId, text: 'Around the case', authorName: 'x' })).status).toBe(403);
    const rewritten = await as('tm', 'PUT', `${CASES}/${caseId}`, {
      title: 'Card testing, three alerts',
      notes: 'Something else',
    });
    expect([rewritten.status, rewritten.body.code, rewritten.body.errors]).toEqual([
      409,
      'fieldsLocked',
      { notes: 'errors.fieldLocked' },
    ]);
  });

  it('refuses a closed case’s label until it is reopened with a reason, kept in its history', async () => {
    const fields = { title: 'Card testing, three alerts', notes: 'Opened from the alerts list.' };
    expect((await as('tm', 'PUT', `${CASES}/${caseId}`, { ...fields, label: 'confirmed_risk' })).status).toBe(200);
    expect((await as('tm', 'POST', `${CASES}/${caseId}/actions/close`, {})).status).toBe(200);

    const relabel = await as('tm', 'PUT', `${CASES}/${caseId}`, { ...fields, label: 'false_positive' });
    expect([relabel.status, relabel.body.code, relabel.body.errors]).toEqual([
      409,
      'fieldsLocked',
      { label: 'errors.fieldLocked' },
    ]);
    expect((await as('tm', 'GET', `${CASES}/${caseId}`)).body.content.label).toBe('confirmed_risk');
    // the move must say why
    const offered = (await as('tm', 'GET', `${CASES}/${caseId}/actions`)).body.content;
    expect(offered).toMatchObject([{ action: 'reopen', to: 'investigating', comment: 'required' }]);
    const silent = await as('tm', 'POST', `${CASES}/${caseId}/actions/reopen`, {});
    expect([silent.status, silent.body.errors]).toEqual([422, { comment: 'validation.required' }]);
    expect((await as('other', 'POST', `${CASES}/${caseId}/actions/reopen`, { comment: 'x' })).status).toBe(404);
    const reopened = await as('colleague', 'POST', `${CASES}/${caseId}/actions/reopen`, {
      comment: 'The cardholder disputes the theft report.',
    });
    expect(reopened.status).toBe(200);
    expect(reopened.body.content.state).toBe('investigating');
    const history = (await as('tm', 'GET', `${CASES}/${caseId}/history`)).body.content;
    const colleague = await userNamed('tm-colleague@demo.test');
    expect(history.at(-1)).toMatchObject({
      action: 'reopen',
      from: 'closed',
      to: 'investigating',
      by: colleague.id,
      comment: 'The cardholder disputes the theft report.',
    });
    // the case page's history list: newest first, authors by name
    const rows = (await as('tm', 'GET', `${TM}/cases/${caseId}/history`)).body.content;
    expect(rows.items.map((row: Record<string, unknown>) => [row.action, row.by, row.comment ?? null])).toEqual([
      ['reopen', colleague.name, 'The cardholder disputes the theft report.'],
      ['close', (await userNamed('tm@demo.test')).name, null],
      ['create', (await userNamed('tm@demo.test')).name, null],
    ]);
    expect((await as('other', 'GET', `${TM}/cases/${caseId}/history`)).status).toBe(404);
    // its alerts are in the case again; the transactions keep the label until it closes again
    expect((await alertsOf()).slice(0, 3).map((alert) => alert.state)).toEqual(['assigned', 'assigned', 'assigned']);
    expect((await as('tm', 'PUT', `${CASES}/${caseId}`, { ...fields, label: 'false_positive' })).status).toBe(200);
    expect((await as('tm', 'POST', `${CASES}/${caseId}/actions/close`, {})).status).toBe(200);
    const labels = (
      await server.store.collection<{ id: string; transactionId: string; label?: string }>('tmTransactions').all()
    )
      .filter((t) => t.transactionId.startsWith('cases-'))
      .map((t) => [t.transactionId, t.label ?? null])
      .sort();
    expect(labels).toEqual([
      ['cases-0', null],
      ['cases-1', null],
      ['cases-2', 'false_positive'],
      ['cases-3', 'false_positive'],
      ['cases-4', 'false_positive'],
      ['cases-5', null],
      ['cases-6', null],
    ]);
    expect((await alertsOf()).map((alert) => alert.state)).toEqual(['closed', 'closed', 'closed', 'open', 'open']);
  });
});
