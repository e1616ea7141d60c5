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
    for (const who of ['admin', 'merchant', 'tm']) tokens[who] = await tokenFor(server.base, `${who}@demo.test`);
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
