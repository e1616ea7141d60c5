import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodOf } from '../../core/reports/report.utils';
import type { UserRecord } from '../../server/store/records.types';
import { call, type TestServer, startTestServer, tokenFor } from './support/harness';
import { fillPath, mountedRoutes } from './support/mounted-routes';

const MMSP = '/wbe/api/mmsp';
const MERCHANTS = '/wbe/api/resources/merchant';
const FINDINGS = '/wbe/api/resources/mmsp-finding';

/**
 * MMSP (issue 11, domain §2–§5, shell §3 vocabularies) over real HTTP: the organisation's settings
 * judged by the form document, the month's findings made from the portfolio by the rules document,
 * their status moved by the workflow `mmsp-finding`, the once-only bulk marking of prohibited goods
 * with its history, the report workbook, and who is refused each step.
 */
describe('MMSP settings, dashboard, findings, prohibited goods and the report', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const as = (who: string | undefined, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, {
      token: who ? tokens[who] : undefined,
      body,
      headers: { 'accept-language': 'en' },
    });
  const merchantIds: Record<string, string> = {};
  const month = periodOf(new Date());

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    // a reader who is no manager: the portfolio permission without the bank role
    const users = server.store.collection<UserRecord>('users');
    const bank = (await users.all()).find((user) => user.email === 'bank@demo.test') as UserRecord;
    await users.insert({
      ...bank,
      id: crypto.randomUUID(),
      email: 'reader@demo.test',
      name: 'Rita Reader',
      roles: ['user'],
      permissions: ['portfolio:view'],
      organizationIds: ['org-demo-bank'],
    });
    for (const [who, email] of [
      ['bank', 'bank@demo.test'],
      ['reader', 'reader@demo.test'],
      ['merchant', 'merchant@demo.test'],
      ['admin', 'admin@demo.test'],
      ['onboarding', 'onboarding@demo.test'],
    ]) {
      tokens[who] = await tokenFor(server.base, email);
    }
    // a scan of a site that sent its visitors elsewhere (what the scan engine records as 'redirected')
    await server.store.collection<{ id: string }>('scans').insert({
      id: 'scan-redirected',
      organizationId: 'org-demo-bank',
      reachability: 'redirected',
      scan_date: '01-11-2026 10:00:00',
    } as { id: string });
    for (const [key, merchant] of [
      ['casino', { name: 'Royal Casino', url: 'https://royalcasino.example', mcc: '7995', type: 'merchant' }],
      ['smoke', { name: 'Smoke House', url: 'https://smoke-house.example', mcc: '5993', tags: 'tobacco, cigar' }],
      ['redirect', { name: 'Mirror Shop', url: 'https://mirror-shop.example', mcc: '5942', scanId: 'scan-redirected' }],
    ] as const) {
      const created = await as('bank', 'POST', MERCHANTS, merchant);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      merchantIds[key] = created.body.content.id;
    }
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('refuses the report until the organisation has MMSP settings', async () => {
    const refused = await as('bank', 'GET', `${MMSP}/report`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'mmspSettingsMissing',
      message: 'Save the MMSP settings (ICA number and report submitter) before downloading the report.',
    });
  });

  it('saves the settings per organisation, the ICA number 4 to 6 digits only (domain §5)', async () => {
    for (const icaNumber of ['123', '1234567', '12a4', ' 1234']) {
      const refused = await as('bank', 'PUT', `${MMSP}/settings`, {
        icaNumber,
        submitterName: 'Bora Bank',
        submitterEmail: 'mmsp@bank.example',
      });
      expect(refused.status, icaNumber).toBe(422);
      expect(refused.body.errors, icaNumber).toEqual({ icaNumber: 'validation.icaNumber' });
    }
    const badEmail = await as('bank', 'PUT', `${MMSP}/settings`, {
      icaNumber: '1234',
      submitterName: 'Bora Bank',
      submitterEmail: 'not-an-email',
    });
    expect(badEmail.status).toBe(422);
    expect(badEmail.body.errors).toEqual({ submitterEmail: 'validation.email' });

    const saved = await as('bank', 'PUT', `${MMSP}/settings`, {
      icaNumber: '123456',
      submitterName: 'Bora Bank',
      submitterEmail: 'mmsp@bank.example',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.content).toMatchObject({ id: 'org-demo-bank', icaNumber: '123456' });
    expect((await as('reader', 'GET', `${MMSP}/settings`)).body.content).toMatchObject({
      icaNumber: '123456',
      submitterName: 'Bora Bank',
      submitterEmail: 'mmsp@bank.example',
    });
    // the admin's session is in another organisation: nothing saved there
    expect((await as('admin', 'GET', `${MMSP}/settings`)).body.content).toEqual({});
  });

  it('derives the month’s findings from the portfolio with the rules document', async () => {
    const dashboard = await as('reader', 'GET', `${MMSP}/dashboard`);
    expect(dashboard.status, JSON.stringify(dashboard.body)).toBe(200);
    expect(dashboard.body.content).toMatchObject({
      month,
      // casino: high-risk MCC, bad content, possible prohibited product, and both as BRAM;
      // smoke: high-risk MCC, bad content, possible prohibited product (tobacco is no BRAM category);
      // mirror: transaction laundering (its latest scan was redirected)
      bySection: { bram: 2, transactionLaundering: 1, highRiskMcc: 2, badContent: 2, prohibitedProducts: 2 },
      total: 9,
      merchants: 3,
      open: 9,
      byStatus: { awaiting: 9, false_positive: 0, informed: 0, resolved: 0, no_action_taken: 0 },
      settingsComplete: true,
      icaNumber: '123456',
    });
    // reading again makes nothing twice
    expect((await as('bank', 'GET', `${MMSP}/dashboard`)).body.content.total).toBe(9);

    const filter = encodeURIComponent(JSON.stringify({ field: 'merchantId', op: 'eq', value: merchantIds.casino }));
    const list = await as('reader', 'GET', `${MMSP}/findings?filter=${filter}&sort=section`);
    expect(list.status).toBe(200);
    const casino = list.body.content.items as Record<string, unknown>[];
    const described = casino.map((finding) => [
      finding.section,
      finding.type ?? null,
      finding.category,
      finding.kind ?? null,
    ]);
    expect(described.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
      ['badContent', 'bad_content', 'gambling', 'gambling'],
      ['bram', 'bad_content', 'gambling', 'gambling'],
      ['bram', 'possible_prohibited_product', 'gambling', 'gambling_and_lottery'],
      ['highRiskMcc', null, 'gambling', null],
      ['prohibitedProducts', 'possible_prohibited_product', 'gambling', 'gambling_and_lottery'],
    ]);
    expect(casino.every((finding) => finding.state === 'awaiting' && finding.month === month)).toBe(true);
    // the admin's organisation has no portfolio merchants of the bank
    expect((await as('admin', 'GET', `${MMSP}/dashboard`)).body.content.total).toBe(0);
  });

  it('moves a finding’s status through the workflow: managers only', async () => {
    const filter = encodeURIComponent(JSON.stringify({ field: 'section', op: 'eq', value: 'transactionLaundering' }));
    const [laundering] = (await as('bank', 'GET', `${MMSP}/findings?filter=${filter}`)).body.content.items;
    expect(laundering.merchantName).toBe('Mirror Shop');
    const actions = await as('bank', 'GET', `${FINDINGS}/${laundering.id}/actions`);
    expect(actions.body.content.map((action: { action: string }) => action.action).sort()).toEqual([
      'inform',
      'markFalsePositive',
      'noActionTaken',
      'resolve',
    ]);
    const refused = await as('reader', 'POST', `${FINDINGS}/${laundering.id}/actions/inform`, {});
    expect([refused.status, refused.body.code]).toEqual([403, 'noPermission']);
    const informed = await as('bank', 'POST', `${FINDINGS}/${laundering.id}/actions/inform`, {});
    expect(informed.status, JSON.stringify(informed.body)).toBe(200);
    expect(informed.body.content.state).toBe('informed');
    const again = await as('bank', 'POST', `${FINDINGS}/${laundering.id}/actions/markFalsePositive`, {});
    expect(again.status).toBe(409);
    // nobody makes or deletes findings by hand
    expect(
      (
        await as('admin', 'POST', FINDINGS, {
          month,
          key: 'x',
          merchantId: 'x',
          merchantName: 'x',
          section: 'bram',
          category: 'drug',
        })
      ).status,
    ).toBe(403);
    expect((await as('bank', 'DELETE', `${FINDINGS}/${laundering.id}`)).status).toBe(403);
    // nor edits what the rules found: its status moves, its fields stay
    const edited = await as('bank', 'PUT', `${FINDINGS}/${laundering.id}`, { ...laundering, category: 'drug' });
    expect([edited.status, edited.body.code]).toEqual([403, 'noPermission']);
    expect((await as('reader', 'GET', `${MMSP}/dashboard`)).body.content.byStatus.informed).toBe(1);
  });

  it('marks prohibited goods in bulk once: the same request again changes nothing and says so', async () => {
    const ids = [merchantIds.casino, merchantIds.smoke];
    const refused = await as('reader', 'POST', `${MMSP}/prohibited-marking/yes`, { ids });
    expect([refused.status, refused.body.code]).toEqual([403, 'noPermission']);

    const first = await as('bank', 'POST', `${MMSP}/prohibited-marking/yes`, { ids });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.content).toEqual({ month, answer: 'yes', applied: 2, unchanged: 0 });

    const second = await as('bank', 'POST', `${MMSP}/prohibited-marking/yes`, { ids });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      code: 'prohibitedMarkingAlreadyApplied',
      message: 'The prohibited goods marking was already applied to the selected merchants: nothing changed.',
    });
    // nor does the other answer overturn it
    expect((await as('bank', 'POST', `${MMSP}/prohibited-marking/no`, { ids: [merchantIds.smoke] })).status).toBe(409);

    // a merchant with no finding, marked no, next to one already marked: only the new one counts
    const anatolia = (
      await as(
        'bank',
        'GET',
        `${MERCHANTS}?filter=${encodeURIComponent(JSON.stringify({ field: 'name', op: 'eq', value: 'Anatolia Books' }))}`,
      )
    ).body.content.items[0];
    const mixed = await as('bank', 'POST', `${MMSP}/prohibited-marking/no`, { ids: [anatolia.id, merchantIds.casino] });
    expect(mixed.body.content).toEqual({ month, answer: 'no', applied: 1, unchanged: 1 });

    // the casino's prohibited-product finding is now confirmed, with a history entry
    const filter = encodeURIComponent(
      JSON.stringify({
        and: [
          { field: 'merchantId', op: 'eq', value: merchantIds.casino },
          { field: 'section', op: 'eq', value: 'prohibitedProducts' },
        ],
      }),
    );
    const [prohibited] = (await as('bank', 'GET', `${MMSP}/findings?filter=${filter}`)).body.content.items;
    expect(prohibited).toMatchObject({ type: 'prohibited_product', marked: 'yes', state: 'awaiting' });
    const history = (await as('bank', 'GET', `${FINDINGS}/${prohibited.id}/history`)).body.content;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['create', 'markProhibitedYes']);

    const merchants = (await as('reader', 'GET', `${MMSP}/merchants?sort=name`)).body.content.items;
    expect(
      Object.fromEntries(merchants.map((row: { name: string; marked: string }) => [row.name, row.marked])),
    ).toEqual({
      'Anatolia Books': 'no',
      'Bosphorus Travel': 'unmarked',
      'Cappadocia Crafts': 'unmarked',
      'Mirror Shop': 'unmarked',
      'Royal Casino': 'yes',
      'Smoke House': 'yes',
    });
    const markings = (await as('reader', 'GET', `${MMSP}/markings?sort=merchantName`)).body.content;
    expect(markings.total).toBe(3);
    expect(
      markings.items.map((row: { merchantName: string; answer: string; byName: string }) => [
        row.merchantName,
        row.answer,
        row.byName,
      ]),
    ).toEqual([
      ['Anatolia Books', 'no', 'Bora Bank'],
      ['Royal Casino', 'yes', 'Bora Bank'],
      ['Smoke House', 'yes', 'Bora Bank'],
    ]);
    expect((await as('reader', 'GET', `${MMSP}/dashboard`)).body.content).toMatchObject({ markedYes: 2, markedNo: 1 });

    const unknown = await as('bank', 'POST', `${MMSP}/prohibited-marking/yes`, { ids: ['no-such-merchant'] });
    expect(unknown.status).toBe(404);
  });

  it('downloads the month’s report as a workbook with the submitter and every finding', async () => {
    const response = await fetch(`${server.base}${MMSP}/report?month=${month}`, {
      headers: { authorization: `Bearer ${tokens.reader}`, 'accept-language': 'en' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect(response.headers.get('content-disposition')).toContain(`merchant-integrity-report-${month}.xlsx`);
    const XLSX = await import('xlsx');
    const book = XLSX.read(Buffer.from(await response.arrayBuffer()), { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Summary', 'Findings']);
    const summary = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Summary, { header: 1 });
    expect(summary).toContainEqual(['ICA number', '123456']);
    expect(summary).toContainEqual(['BRAM violations', 2]);
    expect(summary).toContainEqual(['Prohibited products', 2]);
    expect(summary).toContainEqual(['Total', 9]);
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets.Findings);
    expect(rows).toHaveLength(9);
    expect(rows).toContainEqual(
      expect.objectContaining({
        Merchant: 'Mirror Shop',
        'Report section': 'Transaction laundering',
        Category: 'Transaction laundering',
        Status: 'Merchant informed',
      }),
    );
    // in the reader's language
    const turkish = await fetch(`${server.base}${MMSP}/report`, {
      headers: { authorization: `Bearer ${tokens.reader}`, 'accept-language': 'tr' },
    });
    const tr = XLSX.read(Buffer.from(await turkish.arrayBuffer()), { type: 'buffer' });
    expect(tr.SheetNames).toEqual(['Özet', 'Bulgular']);
    expect(XLSX.utils.sheet_to_json<unknown[]>(tr.Sheets.Özet, { header: 1 })).toContainEqual(['BRAM ihlalleri', 2]);
    // a month with no findings yet is an empty report, not an error
    const earlier = await as('reader', 'GET', `${MMSP}/dashboard?month=2020-01`);
    expect(earlier.body.content.total).toBe(0);
    expect((await as('reader', 'GET', `${MMSP}/report?month=2020-13`)).status).toBe(400);
  });

  it('guards every /wbe/api/mmsp endpoint on the server: 401 signed out, 403 to a user without the portfolio', async () => {
    const routes = mountedRoutes(server.app).filter(
      (route) => route.path.startsWith(`${MMSP}/`) && route.method !== 'HEAD',
    );
    expect(routes.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
      'GET /wbe/api/mmsp/dashboard',
      'GET /wbe/api/mmsp/findings',
      'GET /wbe/api/mmsp/markings',
      'GET /wbe/api/mmsp/merchants',
      'GET /wbe/api/mmsp/merchants/:id/info',
      'GET /wbe/api/mmsp/merchants/:id/laundering',
      'GET /wbe/api/mmsp/merchants/:id/pattern-matches',
      'GET /wbe/api/mmsp/report',
      'GET /wbe/api/mmsp/settings',
      'POST /wbe/api/mmsp/prohibited-marking/:answer',
      'PUT /wbe/api/mmsp/settings',
    ]);
    for (const route of routes) {
      const path = fillPath(route.path, { answer: 'yes', id: 'demo-merchant-cappadocia' });
      const body = route.method === 'GET' ? undefined : {};
      expect((await as(undefined, route.method, path, body)).status, path).toBe(401);
      const refused = await as('merchant', route.method, path, body);
      expect([refused.status, refused.body.code], `${route.method} ${path}`).toEqual([403, 'noPermission']);
    }
    // nor may that user read the findings through the resource's own endpoints
    const generic = await as('merchant', 'GET', FINDINGS);
    expect([generic.status, generic.body.code]).toEqual([403, 'noPermission']);
    // the reader reads but does not write
    expect(
      (
        await as('reader', 'PUT', `${MMSP}/settings`, {
          icaNumber: '1234',
          submitterName: 'R',
          submitterEmail: 'r@x.example',
        })
      ).status,
    ).toBe(403);
    expect((await as('reader', 'GET', `${MMSP}/merchants`)).status).toBe(200);
    // a bank user without the portfolio opens the settings page the route allows: reads what they save, nothing else
    expect((await as('onboarding', 'GET', `${MMSP}/settings`)).status).toBe(200);
    expect((await as('onboarding', 'GET', `${MMSP}/dashboard`)).status).toBe(403);
  });

  it('follows each merchant’s settings: MCC detection finds a miscoded merchant, MMSP off leaves it out', async () => {
    const create = async (merchant: Record<string, unknown>) => {
      const created = await as('bank', 'POST', MERCHANTS, merchant);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.content.id as string;
    };
    const miscoded = await create({ name: 'Lucky Poker Books', url: 'https://lucky-books.example', mcc: '5942' });
    const quiet = await create({ name: 'Quiet Poker Club', url: 'https://quiet-club.example', mcc: '5942' });
    const off = await as('bank', 'PUT', `/wbe/api/portfolio/merchants/${quiet}/settings`, { mmspMonitoring: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);

    const findingsOf = async (merchantId: string) => {
      const filter = encodeURIComponent(JSON.stringify({ field: 'merchantId', op: 'eq', value: merchantId }));
      return (await as('bank', 'GET', `${MMSP}/findings?filter=${filter}&pageSize=50`)).body.content.items as {
        section: string;
        detail: { en: string };
      }[];
    };
    const laundering = (await findingsOf(miscoded)).filter((finding) => finding.section === 'transactionLaundering');
    expect(laundering.map((finding) => finding.detail.en)).toEqual([
      '“poker” implies MCC 7995 (gambling); declared: MCC 5942',
    ]);
    expect(await findingsOf(quiet)).toEqual([]);
    const rows = (await as('bank', 'GET', `${MMSP}/merchants?pageSize=100`)).body.content.items as { id: string }[];
    expect(rows.map((row) => row.id)).toContain(miscoded);
    expect(rows.map((row) => row.id)).not.toContain(quiet);
    expect((await as('bank', 'POST', `${MMSP}/prohibited-marking/yes`, { ids: [quiet] })).status).toBe(404);
  });
});
