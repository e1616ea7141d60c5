import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestServer, startTestServer, tokenFor } from './support/harness';

const API = '/wbe/api/resources/merchant';

/**
 * The portfolio's merchants and companies (issue 11 'Portfolio'; domain §3, §5): the resource
 * document `merchant` served by the generic endpoints — unique name per organisation with the
 * spec's own words, the CSV import (columns as displayed, all or nothing), the workflow `merchant`
 * and the role groups `portfolioReaders` / `merchantEditors`.
 */
describe('portfolio merchants', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const as = (who: string, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token: tokens[who], body, headers: { 'accept-language': 'en' } });
  const upload = async (who: string, csv: string, language = 'en') => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'portfolio.csv');
    const answer = await fetch(`${server.base}${API}/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[who]}`, 'accept-language': language },
      body: form,
    });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    for (const [who, email] of [
      ['bank', 'bank@demo.test'],
      ['onboarding', 'onboarding@demo.test'],
      ['merchant', 'merchant@demo.test'],
      ['owner', 'owner@demo.test'],
    ]) {
      tokens[who] = await tokenFor(server.base, email);
    }
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('lists the seeded portfolio of the bank and shows its columns', async () => {
    const answer = await as('bank', 'GET', `${API}?sort=name`);
    expect(answer.status).toBe(200);
    const names = (answer.body.content.items as { name: string }[]).map((item) => item.name);
    expect(names).toEqual(['Anatolia Books', 'Bosphorus Travel', 'Cappadocia Crafts']);
    const filtered = await as(
      'bank',
      'GET',
      `${API}?filter=${encodeURIComponent(JSON.stringify({ field: 'score', op: 'lt', value: 75 }))}`,
    );
    // Bosphorus Travel's score is its latest scan's, 75 (fixtures/merchants.ts)
    expect((filtered.body.content.items as { name: string }[]).map((item) => item.name)).toEqual(['Cappadocia Crafts']);
  });

  it('refuses a second merchant or company of the same name with the spec’s words', async () => {
    const created = await as('bank', 'POST', API, {
      name: 'Galata Coffee',
      url: 'https://galata.example',
      type: 'merchant',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.content).toMatchObject({ state: 'active', organizationId: 'org-demo-bank' });
    const again = await as('bank', 'POST', API, {
      name: 'GALATA coffee',
      url: 'https://other.example',
      type: 'company',
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'merchantNameExists',
      message: 'A merchant or company with the same name already exists in the portfolio',
      errors: { name: 'errors.merchantNameExists' },
    });
  });

  it('imports a CSV whose columns are named as the list shows them, all or nothing', async () => {
    const bad = [
      'Company,URL,PCI DSS level,Company ID,BKM ID',
      'Ephesus Wines,https://ephesus.example,2,C-1,BKM1',
      'Anatolia Books,https://again.example,,,BKM2',
      'Fethiye Surf,https://fethiye.example,,,',
      'Gordion Rugs,not a url,,,BKM4',
    ].join('\n');
    const refused = await upload('bank', bad);
    expect(refused.status).toBe(422);
    expect(refused.body.rows).toEqual([
      {
        line: 3,
        column: 'Company',
        field: 'name',
        message: 'A merchant or company with the same name already exists in the portfolio',
      },
      { line: 4, column: 'BKM ID', field: 'bkmId', message: expect.any(String) },
      { line: 5, column: 'URL', field: 'url', message: expect.any(String) },
    ]);
    const before = await as(
      'bank',
      'GET',
      `${API}?filter=${encodeURIComponent(JSON.stringify({ field: 'name', op: 'eq', value: 'Ephesus Wines' }))}`,
    );
    expect(before.body.content.total).toBe(0);

    const good = [
      'Company,URL,PCI DSS level,BKM ID',
      'Ephesus Wines,https://ephesus.example,2,BKM1',
      'Fethiye Surf,https://fethiye.example,,BKM3',
    ].join('\n');
    const imported = await upload('bank', good);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.content).toEqual({ imported: 2 });
    const after = await as(
      'bank',
      'GET',
      `${API}?filter=${encodeURIComponent(JSON.stringify({ field: 'name', op: 'eq', value: 'Ephesus Wines' }))}`,
    );
    expect(after.body.content.items[0]).toMatchObject({
      name: 'Ephesus Wines',
      pciLevel: 2,
      bkmId: 'BKM1',
      state: 'active',
    });
  });

  it('takes the Turkish column titles too and refuses a missing required column', async () => {
    const missing = await upload('bank', 'Şirket,URL\nHarran Soap,https://harran.example\n', 'tr');
    expect(missing.status).toBe(422);
    expect(missing.body.rows).toEqual([expect.objectContaining({ line: 1, column: 'BKM ID' })]);
    const turkish = await upload('bank', 'Şirket,URL,BKM ID\nHarran Soap,https://harran.example,BKM9\n', 'tr');
    expect(turkish.status, JSON.stringify(turkish.body)).toBe(200);
  });

  it('moves a merchant through the workflow for managers only', async () => {
    const list = await as(
      'bank',
      'GET',
      `${API}?filter=${encodeURIComponent(JSON.stringify({ field: 'name', op: 'eq', value: 'Galata Coffee' }))}`,
    );
    const id = list.body.content.items[0].id as string;
    const actions = await as('bank', 'GET', `${API}/${id}/actions`);
    expect((actions.body.content as { action: string }[]).map((each) => each.action).sort()).toEqual([
      'deactivate',
      'disableScan',
      'makePassive',
    ]);
    const moved = await as('bank', 'POST', `${API}/${id}/actions/deactivate`, {});
    expect(moved.status).toBe(200);
    expect(moved.body.content.state).toBe('inactive');
    const again = await as('bank', 'POST', `${API}/${id}/actions/deactivate`, {});
    expect(again.status).toBe(409);
  });

  it('refuses the portfolio to users outside its role groups', async () => {
    const list = await as('bank', 'GET', API);
    const id = list.body.content.items[0].id as string;
    for (const who of ['onboarding', 'merchant', 'owner']) {
      for (const [method, path, body] of [
        ['GET', API],
        ['GET', `${API}/${id}`],
        ['POST', API, { name: 'Intruder', url: 'https://intruder.example', type: 'merchant' }],
        ['DELETE', `${API}/${id}`],
      ] as [string, string, unknown?][]) {
        const answer = await as(who, method, path, body);
        expect(answer.status, `${who} ${method} ${path}`).toBe(403);
        expect(answer.body.code).toBe('noPermission');
      }
      expect((await upload(who, 'Company,URL,BKM ID\nX,https://x.example,1\n')).status).toBe(403);
    }
    const signedOut = await call(server.base, 'GET', API);
    expect(signedOut.status).toBe(401);
  });
});
