import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestServer, startTestServer, tokenFor } from './support/harness';

const API = '/wbe/api/sanctions';
const csv = readFileSync('fixtures/sanctions/sample-sdn.csv', 'utf8');
const xml = readFileSync('fixtures/sanctions/sample-un.xml', 'utf8');

/** Sanction screening over HTTP: import (CSV, XML, bad rows), bands, the whitelist and the guards. */
describe('sanction screening', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const as = (who: string | undefined, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, {
      token: who ? tokens[who] : undefined,
      body,
      headers: { 'accept-language': 'en' },
    });

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    for (const who of ['admin', 'merchant', 'tm', 'tm-approver']) {
      tokens[who] = await tokenFor(server.base, `${who}@demo.test`);
    }
  });
  afterAll(() => server?.close());

  it('imports the OFAC CSV, skipping the vessel, and the UN XML', async () => {
    const ofac = await as('tm', 'POST', `${API}/import`, { listId: 'ofac-sdn', format: 'ofac-csv', content: csv });
    expect(ofac.status).toBe(200);
    expect(ofac.body.content).toMatchObject({ imported: 19, skipped: 1, rejected: 0, problems: [] });
    const un = await as('admin', 'POST', `${API}/import`, { listId: 'un', format: 'un-xml', content: xml });
    expect(un.body.content).toMatchObject({ imported: 5, rejected: 0 });
    const listed = await as('merchant', 'GET', '/wbe/api/resources/sanctions-entry?pageSize=100');
    expect(listed.body.content.total).toBe(24);
    // a second import replaces the list, it does not add to it
    await as('tm', 'POST', `${API}/import`, { listId: 'ofac-sdn', format: 'ofac-csv', content: csv });
    expect((await as('merchant', 'GET', '/wbe/api/resources/sanctions-entry?pageSize=100')).body.content.total).toBe(
      24,
    );
  });

  it('reports bad rows by line and refuses a file with no good row', async () => {
    const file = `${csv.split('\n')[0]}\nabc,"",individual\n91000,"","individual","SDGT","-0-","-0-","-0-","-0-","-0-","-0-","-0-","-0-"\n`;
    const partial = await as('tm', 'POST', `${API}/import`, { listId: 'mixed', format: 'ofac-csv', content: file });
    expect(partial.body).toMatchObject({ content: { imported: 1, rejected: 2 } });
    expect(partial.body.content.problems).toEqual([
      { line: 2, column: '', message: 'sanctions.import.columnCount' },
      { line: 3, column: 'SDN_Name', message: 'sanctions.import.nameRequired' },
    ]);
    const none = await as('tm', 'POST', `${API}/import`, { listId: 'bad', format: 'ofac-csv', content: 'a,b\n' });
    expect(none.status).toBe(422);
    const notXml = await as('tm', 'POST', `${API}/import`, { listId: 'bad', format: 'un-xml', content: '<a><b' });
    expect(notXml.status).toBe(422);
    expect(notXml.body.code).toBe('sanctionsFileUnreadable');
  });

  it('answers bands: exact blocks, a near miss needs review, a stranger none', async () => {
    const exact = await as('merchant', 'POST', `${API}/screen`, { name: 'Mohammed Karim Rashidi' });
    expect(exact.body.content.band).toBe('block');
    const near = await as('merchant', 'POST', `${API}/screen`, { name: 'Mohamad Karim Rashidy', country: 'SY' });
    expect(near.body.content.band).toBe('review');
    expect(near.body.content.items[0]).toMatchObject({
      entryName: 'RASHIDI, Mohammed Karim',
      listId: 'ofac-sdn',
      band: 'review',
    });
    const turkish = await as('merchant', 'POST', `${API}/screen`, { name: 'SUKRU OZTURK' });
    expect(turkish.body.content.band).toBe('block');
    const stranger = await as('merchant', 'POST', `${API}/screen`, { name: 'Jane Doe' });
    expect(stranger.body.content).toMatchObject({ band: null, total: 0 });
  });

  it('a whitelisted pair no longer alerts, and says who and why', async () => {
    const before = await as('merchant', 'POST', `${API}/screen`, { name: 'Nizar Halabi' });
    const entryId = before.body.content.items[0].entryId;
    expect(before.body.content.band).toBe('block');
    const added = await as('tm', 'POST', `${API}/whitelist`, {
      name: 'halabi NIZAR',
      entryId,
      reason: 'Born 1990, a customer since 2010',
    });
    expect(added.status).toBe(201);
    const after = await as('merchant', 'POST', `${API}/screen`, { name: 'Nizar Halabi' });
    expect(after.body.content.band).toBeNull();
    expect(after.body.content.items[0].whitelisted).toEqual({
      by: 'tm@demo.test',
      reason: 'Born 1990, a customer since 2010',
    });
  });

  const matches = (who: string, filter: unknown, extra = '') =>
    as(who, 'GET', `${API}/matches?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`);

  it("lists matches for the screen's query form: what it screens from the form's conditions, the rest filters", async () => {
    const form = {
      and: [
        { field: 'name', op: 'contains', value: 'Hossein Zargary' },
        { field: 'country', op: 'contains', value: 'ir' },
        { field: 'type', op: 'contains', value: 'individual' },
      ],
    };
    const listed = await matches('merchant', form);
    expect(listed.status).toBe(200);
    expect(listed.body.content.items[0]).toMatchObject({
      entryName: 'ZARGARI, Hossein',
      screenedName: 'Hossein Zargary',
      id: listed.body.content.items[0].entryId,
    });
    expect(listed.body.content.items[0].band).not.toBeNull();
    // a band filter from the column applies to the matches, not to what is screened
    const none = await matches('merchant', { and: [...form.and, { field: 'band', op: 'eq', value: 'edd' }] });
    expect(none.body.content).toEqual({ items: [], total: 0 });
    expect((await matches('merchant', { field: 'listId', op: 'eq', value: 'ofac-sdn' })).body.content.total).toBe(0);
    for (const bad of [
      { field: 'country', op: 'eq', value: 'Iran' },
      { field: 'birthYear', op: 'eq', value: 3000 },
    ]) {
      expect((await matches('merchant', { and: [form.and[0], bad] })).status).toBe(400);
    }
    expect((await matches('merchant', { field: 'nope', op: 'eq', value: 1 })).status).toBe(400);
    expect((await as(undefined, 'GET', `${API}/matches`)).status).toBe(401);
  });

  it('imports a list file as multipart and keeps the per-row report with who imported it', async () => {
    const upload = async (who: string, content: string, fields: Record<string, string>) => {
      const form = new FormData();
      form.append('file', new Blob([content], { type: 'text/csv' }), 'sdn.csv');
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      const answer = await fetch(`${server.base}${API}/import/file`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[who]}`, 'accept-language': 'en' },
        body: form,
      });
      return { status: answer.status, body: (await answer.json()) as Record<string, never> };
    };
    const file = `${csv}91000,"","individual","SDGT","-0-","-0-","-0-","-0-","-0-","-0-","-0-","-0-"\n`;
    const done = await upload('tm', file, { listId: 'uploaded', format: 'ofac-csv' });
    expect(done.status).toBe(200);
    const report = done.body.content as Record<string, unknown>;
    expect(report).toMatchObject({
      listId: 'uploaded',
      fileName: 'sdn.csv',
      imported: 19,
      skipped: 1,
      rejected: 1,
      importedBy: 'tm@demo.test',
    });
    const problems = await as('tm', 'GET', `${API}/imports/${report.id}/problems`);
    expect(problems.body.content).toEqual({
      items: [{ line: 21, column: 'SDN_Name', message: 'sanctions.import.nameRequired' }],
      total: 1,
    });
    expect((await as('merchant', 'GET', `${API}/imports/${report.id}/problems`)).status).toBe(403);
    expect((await as('merchant', 'GET', `/wbe/api/resources/sanctions-import/${report.id}`)).status).toBe(403);
    expect((await as('admin', 'GET', `/wbe/api/resources/sanctions-import/${report.id}`)).status).toBe(200);
    expect((await as('tm', 'GET', `${API}/imports/nope/problems`)).status).toBe(404);
    expect((await upload('merchant', csv, { listId: 'x', format: 'ofac-csv' })).status).toBe(403);
    expect((await upload('tm', csv, { listId: 'Bad Id', format: 'ofac-csv' })).status).toBe(400);
    expect((await upload('tm', csv, { listId: 'x', format: 'pdf' })).status).toBe(400);
    expect((await upload('tm', '\u00ff\u0000', { listId: 'x', format: 'un-xml' })).status).toBe(422);
    const noFile = await as('tm', 'POST', `${API}/import/file`, { listId: 'x', format: 'ofac-csv' });
    expect(noFile.status).toBe(400);
    expect(noFile.body.code).toBe('fileRequired');
    // the uploaded list replaced nothing else: a name on it now matches on both lists
    const both = await as('merchant', 'POST', `${API}/screen`, { name: 'Yelena Belova' });
    expect(new Set(both.body.content.items.map((item: { listId: string }) => item.listId))).toEqual(
      new Set(['ofac-sdn', 'uploaded']),
    );
  });

  it("whitelists the screen's row by path: the pair from the row, the reason from the dialog", async () => {
    const before = await as('merchant', 'POST', `${API}/screen`, { name: 'Emeka Okonkwo' });
    const entryId = before.body.content.items[0].entryId;
    const path = `${API}/entries/${entryId}/whitelist/${encodeURIComponent('Emeka Okonkwo')}`;
    expect((await as('merchant', 'POST', path, { reason: 'x' })).status).toBe(403);
    expect((await as('tm', 'POST', path, { reason: '  ' })).status).toBe(400);
    expect((await as('tm', 'POST', path, {})).status).toBe(400);
    expect((await as('tm', 'POST', `${API}/entries/nope/whitelist/x`, { reason: 'r' })).status).toBe(404);
    const added = await as('tm', 'POST', path, { reason: 'Different nationality' });
    expect(added.status).toBe(201);
    expect(added.body.content).toMatchObject({ name: 'Emeka Okonkwo', reviewedBy: 'tm@demo.test' });
    // the same pair twice is a conflict, not a second record
    expect((await as('tm', 'POST', path, { reason: 'again' })).status).toBe(409);
    const after = await as('merchant', 'POST', `${API}/screen`, { name: 'OKONKWO emeka' });
    expect(after.body.content.items.find((item: { entryId: string }) => item.entryId === entryId)).toMatchObject({
      band: null,
      whitelisted: { by: 'tm@demo.test', reason: 'Different nationality' },
    });
  });

  it('scores an ingested transaction by a published rule that screens its merchant name, no restart', async () => {
    const current = await call(server.base, 'GET', '/config/v1/documents/tm-rules/acquirer');
    const rule = {
      id: 'sanctioned-merchant',
      title: { en: 'Merchant on a sanctions list', tr: 'Üye işyeri bir yaptırım listesinde' },
      group: 'sanctions',
      score: 90,
      when: { in: [{ sanctionsMatch: [{ var: 'merchantName' }] }, ['block', 'review']] },
    };
    const body = current.body.body;
    // maker-checker: the tm user drafts, another approver approves (docs/gateway/tm.md)
    const draft = await as('tm', 'POST', '/wbe/api/transaction-monitoring/rules/drafts', {
      body: { ...body, rules: [...body.rules, rule] },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const approved = await as(
      'tm-approver',
      'POST',
      `/wbe/api/transaction-monitoring/rules/versions/${draft.body.content.version}/approve`,
      {},
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const key = (await as('tm', 'POST', '/wbe/api/transaction-monitoring/keys', { name: 'Sanctions' })).body.content
      .key;
    const send = (transactionId: string, merchantName: string) =>
      call(server.base, 'POST', '/tm/api/v1/transactions', {
        headers: { 'x-api-key': key },
        body: {
          transactionId,
          merchantId: 'm-sanctions',
          merchantName,
          amount: 20,
          currency: 'EUR',
          pan: '5555555555554444',
        },
      });
    const listed = await send('t-listed', 'Golden Crescent Exchange Ltd');
    expect(listed.status).toBe(201);
    expect(listed.body.content).toMatchObject({ decision: 'declined', hits: ['sanctioned-merchant'] });
    const clean = await send('t-clean', 'Anatolia Books');
    expect(clean.body.content.hits).not.toContain('sanctioned-merchant');
  });

  it('guards: 401 without a session, 403 for a merchant importing or whitelisting', async () => {
    expect((await as(undefined, 'POST', `${API}/screen`, { name: 'x' })).status).toBe(401);
    expect(
      (await as('merchant', 'POST', `${API}/import`, { listId: 'x', format: 'ofac-csv', content: csv })).status,
    ).toBe(403);
    expect((await as('merchant', 'POST', `${API}/whitelist`, { name: 'x', entryId: 'y', reason: 'z' })).status).toBe(
      403,
    );
    expect(
      (
        await as('merchant', 'POST', '/wbe/api/resources/sanctions-entry', {
          listId: 'x',
          ref: '1',
          name: 'x',
          type: 'entity',
        })
      ).status,
    ).toBe(403);
  });

  it('bad bodies are 4xx, never 500', async () => {
    for (const body of [
      {},
      { name: '' },
      { name: 'x', birthYear: 'old' },
      { name: 'x', country: 'Turkey' },
      { name: ['x'] },
      { name: 'x', extra: 1 },
    ]) {
      expect((await as('merchant', 'POST', `${API}/screen`, body)).status).toBe(400);
    }
    expect((await as('tm', 'POST', `${API}/import`, { listId: 'x', format: 'pdf', content: 'a' })).status).toBe(400);
    expect((await as('tm', 'POST', `${API}/whitelist`, { name: 'x', entryId: 'nope', reason: 'z' })).status).toBe(404);
  });
});
