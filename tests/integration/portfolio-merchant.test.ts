import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ScanRecord } from '../../core/scans/scan-record';
import type { CheckName, CheckStatus } from '../../core/scans/scan.types';
import { AUTO_SCAN_JOB } from '../../server/services/portfolio.service';
import type { UserRecord } from '../../server/store/records.types';
import { call, type TestServer, startTestServer, tokenFor } from './support/harness';

const MERCHANT = 'demo-merchant-anatolia';
const OTHER = 'demo-merchant-cappadocia';
const BANK_ORG = 'org-demo-bank';
const BASE = `/wbe/api/portfolio/merchants/${MERCHANT}`;
const PRIMARY_MISSING = 'There must be an asset set as primary.';

/** A completed scan of the merchant as the scan job leaves it, with the given check verdicts. */
function scanOf(id: string, completedAt: string, verdicts: Partial<Record<CheckName, CheckStatus>>): ScanRecord {
  return {
    id,
    organizationId: BANK_ORG,
    userId: 'x',
    url: 'https://anatolia-books.example',
    host: 'anatolia-books.example',
    address: '203.0.113.5',
    ports: { http: 80, https: 443 },
    status: 'completed',
    reachability: 'online',
    progress: { done: 1, total: 1, current: null },
    results: Object.entries(verdicts).map(([check, status]) => ({
      check: check as CheckName,
      status: status as CheckStatus,
      findings: status === 'fail' ? [{ title: 'x' } as never] : [],
      data: {},
    })),
    grades: null,
    asv: null,
    asvVerdict: 'pass',
    groups: {},
    scan_date: null,
    createdAt: completedAt,
    completedAt,
    revision: 1,
    merchantId: MERCHANT,
  };
}

/**
 * A portfolio merchant's detail (issue 11 'Portfolio'; domain §2–§4, §8): assets with exactly one
 * primary (the resource's declarative `constraints`), deleted assets kept until the next scan,
 * score history and action items from its scans, ignore / un-ignore, the auto-scan settings, and
 * who may do what.
 */
describe('portfolio merchant detail', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const as = (who: string, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token: tokens[who], body, headers: { 'accept-language': 'en' } });
  const assets = async () =>
    (await as('bank', 'GET', `${BASE}/assets?sort=value`)).body.content.items as {
      id: string;
      value: string;
      primary: boolean;
      state: string;
    }[];

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    // a bank analyst who may read the portfolio but not edit merchants
    const users = server.store.collection<UserRecord>('users');
    const bank = (await users.all()).find((user) => user.email === 'bank@demo.test') as UserRecord;
    await users.insert({
      ...bank,
      id: 'analyst-portfolio',
      email: 'analyst@demo.test',
      permissions: ['portfolio:view'],
    });
    for (const [who, email] of [
      ['bank', 'bank@demo.test'],
      ['analyst', 'analyst@demo.test'],
      ['merchant', 'merchant@demo.test'],
      ['onboarding', 'onboarding@demo.test'],
    ]) {
      tokens[who] = await tokenFor(server.base, email);
    }
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a merchant’s first asset unless it is primary, with the spec’s words', async () => {
    const secondary = await as('bank', 'POST', `${BASE}/assets`, { value: 'shop.anatolia.example', primary: false });
    expect(secondary.status).toBe(409);
    expect(secondary.body).toMatchObject({ code: 'primaryAssetRequired', message: PRIMARY_MISSING });
    const primary = await as('bank', 'POST', `${BASE}/assets`, {
      value: 'anatolia-books.example',
      tier: 1,
      priority: 'urgent',
      primary: true,
    });
    expect(primary.status, JSON.stringify(primary.body)).toBe(201);
    expect(primary.body.content).toMatchObject({ merchantId: MERCHANT, state: 'active', organizationId: BANK_ORG });
    const second = await as('bank', 'POST', `${BASE}/assets`, { value: '203.0.113.7', tier: 2, primary: false });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect((await assets()).map((asset) => [asset.value, asset.primary])).toEqual([
      ['203.0.113.7', false],
      ['anatolia-books.example', true],
    ]);
  });

  it('keeps exactly one primary: a new primary takes the flag, none is refused', async () => {
    const before = await assets();
    const ip = before.find((asset) => asset.value === '203.0.113.7') as { id: string };
    const domain = before.find((asset) => asset.value === 'anatolia-books.example') as { id: string };
    const promoted = await as('bank', 'PUT', `/wbe/api/resources/asset/${ip.id}`, {
      merchantId: MERCHANT,
      value: '203.0.113.7',
      tier: 2,
      primary: true,
    });
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    expect((await assets()).filter((asset) => asset.primary).map((asset) => asset.value)).toEqual(['203.0.113.7']);

    const demoted = await as('bank', 'PUT', `/wbe/api/resources/asset/${ip.id}`, {
      merchantId: MERCHANT,
      value: '203.0.113.7',
      primary: false,
    });
    expect(demoted.status).toBe(409);
    expect(demoted.body).toMatchObject({
      code: 'primaryAssetRequired',
      errors: { primary: 'errors.primaryAssetRequired' },
    });

    const deletePrimary = await as('bank', 'POST', `/wbe/api/resources/asset/${ip.id}/actions/delete`, {});
    expect(deletePrimary.status).toBe(409);
    expect(deletePrimary.body.message).toBe(PRIMARY_MISSING);

    const deleted = await as('bank', 'POST', `/wbe/api/resources/asset/${domain.id}/actions/delete`, {});
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.content).toMatchObject({ state: 'deleted', primary: false });
    // marked, not gone: it drops out after the next periodic scan (below)
    expect((await assets()).map((asset) => [asset.value, asset.state])).toEqual([
      ['203.0.113.7', 'active'],
      ['anatolia-books.example', 'deleted'],
    ]);
    // a deleted asset does not count, so it cannot take the flag back by being made primary
    const revived = await as('bank', 'PUT', `/wbe/api/resources/asset/${domain.id}`, {
      merchantId: MERCHANT,
      value: 'anatolia-books.example',
      primary: true,
    });
    expect(revived.status).toBe(200);
    expect((await assets()).filter((asset) => asset.primary && asset.state === 'active')).toHaveLength(1);
  });

  it('ties an asset to a merchant of the caller’s portfolio and to that merchant only', async () => {
    const dangling = await as('bank', 'POST', '/wbe/api/resources/asset', {
      merchantId: 'no-such-merchant',
      value: 'x.example',
      primary: true,
    });
    expect(dangling.status).toBe(422);
    expect(dangling.body.errors).toEqual({ merchantId: 'errors.merchantNotFound' });
    const missing = await as('bank', 'GET', '/wbe/api/portfolio/merchants/no-such-merchant/assets');
    expect(missing.status).toBe(404);
    const other = await as('bank', 'POST', `/wbe/api/portfolio/merchants/${OTHER}/assets`, {
      value: 'cappadocia-crafts.example',
      primary: true,
      merchantId: MERCHANT,
    });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    expect(other.body.content.merchantId).toBe(OTHER);
    expect((await assets()).map((asset) => asset.value)).not.toContain('cappadocia-crafts.example');
  });

  it('judges an asset import by the constraints over the whole file, all or nothing', async () => {
    const upload = async (csv: string) => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'assets.csv');
      const answer = await fetch(`${server.base}/wbe/api/resources/asset/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.bank}`, 'accept-language': 'en' },
        body: form,
      });
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    };
    const refused = await upload(
      [
        'merchantId,value,primary',
        'demo-merchant-bosphorus,www.bosphorus-travel.example,false',
        'no-such-merchant,x.example,true',
        `${MERCHANT},www.anatolia-books.example,false`,
      ].join('\n'),
    );
    expect(refused.status).toBe(422);
    // Bosphorus keeps its seeded primary, so its row is fine; the unknown merchant is named
    expect(refused.body.rows).toEqual([
      { line: 3, column: 'merchantId', field: 'merchantId', message: 'Merchant not found.' },
    ]);
    const before = (await assets()).length;
    const imported = await upload(
      [
        'merchantId,value,primary',
        `${MERCHANT},shop1.anatolia.example,true`,
        `${MERCHANT},shop2.anatolia.example,true`,
      ].join('\n'),
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const after = await assets();
    expect(after).toHaveLength(before + 2);
    // the file's last primary row wins over the stored primary and the file's earlier one
    expect(after.filter((asset) => asset.primary && asset.state === 'active').map((asset) => asset.value)).toEqual([
      'shop2.anatolia.example',
    ]);
  });

  it('draws the score history and the action items from the merchant’s scans', async () => {
    const scans = server.store.collection<ScanRecord>('scans');
    await scans.insert(scanOf('scan-old', '2026-10-01T10:00:00.000Z', { http_response: 'pass', xss: 'fail' }));
    await scans.insert(
      scanOf('scan-new', '2026-11-01T10:00:00.000Z', {
        http_response: 'pass',
        https_redirection: 'pass',
        xss: 'fail',
        directory: 'fail',
        csrf: 'not_recommended',
      }),
    );
    await scans.insert({ ...scanOf('scan-else', '2026-11-02T10:00:00.000Z', { xss: 'pass' }), merchantId: OTHER });

    const history = await as('bank', 'GET', `${BASE}/score-history`);
    expect(history.status).toBe(200);
    expect(history.body.content).toEqual([
      { scanId: 'scan-old', day: '2026-10-01', score: 50 },
      { scanId: 'scan-new', day: '2026-11-01', score: 50 },
    ]);
    const ast = await as('bank', 'GET', `/ast/issue/get_score_history_by_merchant_id/${MERCHANT}`);
    expect(ast.body.content).toEqual(history.body.content);
    const last = await as('bank', 'GET', `/ast/issue/get_last_scan_score/${MERCHANT}`);
    expect(last.body.content).toMatchObject({ scanId: 'scan-new', score: 50 });

    const items = await as('bank', 'GET', `${BASE}/action-items?sort=check`);
    expect(items.status).toBe(200);
    expect(
      (items.body.content.items as { check: string; ignored: boolean; merchantId: string }[]).map((item) => [
        item.check,
        item.ignored,
        item.merchantId,
      ]),
    ).toEqual([
      ['directory', false, MERCHANT],
      ['xss', false, MERCHANT],
    ]);
  });

  it("shows in the Latest scan panel what the score history's newest scan says (issue 24 item 8)", async () => {
    const merchantNow = async (id: string) =>
      (await as('bank', 'GET', `/wbe/api/resources/merchant/${id}`)).body.content;
    // the demo merchant with two scans: its record, the history and the last score agree
    const bosphorus = 'demo-merchant-bosphorus';
    const history = (await as('bank', 'GET', `/ast/issue/get_score_history_by_merchant_id/${bosphorus}`)).body.content;
    const last = (await as('bank', 'GET', `/ast/issue/get_last_scan_score/${bosphorus}`)).body.content;
    expect(last).toMatchObject({ scanId: history.at(-1).scanId, score: history.at(-1).score });
    const record = await merchantNow(bosphorus);
    expect({ scanId: record.scanId, score: record.score, grade: record.grade ?? null }).toEqual({
      scanId: last.scanId,
      score: last.score,
      grade: last.grade,
    });

    // a scan that completed before the newest one but is reported after it does not take its place
    const late = scanOf('scan-reported-late', '2026-09-15T10:00:00.000Z', { http_response: 'pass' });
    await server.store.collection<ScanRecord>('scans').insert(late);
    server.ctx.events.emit('scan.completed', { scan: late });
    await vi.waitFor(async () => expect((await merchantNow(MERCHANT)).scanId).toBe('scan-reported-late'));
    const newest = (await as('bank', 'GET', `/ast/issue/get_last_scan_score/${MERCHANT}`)).body.content;
    expect(newest).toMatchObject({ scanId: 'scan-new', score: 50 });
    expect((await merchantNow(MERCHANT)).score).toBe(newest.score);
  });
  it('ignores and un-ignores an action item for this merchant only', async () => {
    const ignored = await as('bank', 'POST', `${BASE}/action-items/xss/ignore`, {});
    expect(ignored.status, JSON.stringify(ignored.body)).toBe(200);
    expect(ignored.body.content.ignoredChecks).toEqual(['xss']);
    const filter = encodeURIComponent(JSON.stringify({ field: 'ignored', op: 'eq', value: false }));
    const open = await as('bank', 'GET', `${BASE}/action-items?filter=${filter}`);
    expect((open.body.content.items as { check: string }[]).map((item) => item.check)).toEqual(['directory']);
    const elsewhere = await as('bank', 'GET', `/wbe/api/portfolio/merchants/${OTHER}/settings`);
    expect(elsewhere.body.content.ignoredChecks).toEqual([]);
    const back = await as('bank', 'POST', `${BASE}/action-items/xss/unignore`, {});
    expect(back.body.content.ignoredChecks).toEqual([]);
    const unknown = await as('bank', 'POST', `${BASE}/action-items/no_such_check/ignore`, {});
    expect(unknown.status).toBe(400);
  });

  it('seeds the demo portfolio with Bosphorus Travel’s asset and two scans', async () => {
    const base = '/wbe/api/portfolio/merchants/demo-merchant-bosphorus';
    const seeded = (await as('bank', 'GET', `${base}/assets`)).body.content.items;
    expect(seeded).toMatchObject([{ value: 'bosphorus-travel.example', primary: true, state: 'active' }]);
    const history = (await as('bank', 'GET', `${base}/score-history`)).body.content as { score: number }[];
    expect(history.map((point) => point.score)).toEqual([58, 75]);
    const items = (await as('bank', 'GET', `${base}/action-items`)).body.content.items as { check: string }[];
    expect(items.map((item) => item.check)).toEqual(['csrf']);
  });

  it('saves the general settings, leaving the scan’s facts alone', async () => {
    const before = (await as('bank', 'GET', `/wbe/api/resources/merchant/${MERCHANT}`)).body.content;
    const saved = await as('bank', 'PUT', `${BASE}/general`, { tags: 'books, vip', legalName: 'Anatolia Kitap A.Ş.' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.content).toMatchObject({
      name: 'Anatolia Books',
      tags: 'books, vip',
      legalName: 'Anatolia Kitap A.Ş.',
      score: before.score,
      compliance: before.compliance,
      scanStatus: before.scanStatus,
      state: 'active',
    });
    const cleared = await as('bank', 'PUT', `${BASE}/general`, { legalName: '' });
    expect(cleared.body.content.legalName).toBeUndefined();
    const clash = await as('bank', 'PUT', `${BASE}/general`, { name: 'bosphorus travel' });
    expect([clash.status, clash.body.code]).toEqual([409, 'merchantNameExists']);
    expect((await as('bank', 'PUT', `${BASE}/general`, { score: 100 })).status).toBe(400);
    expect((await as('bank', 'PUT', `${BASE}/general`, { pciLevel: 9 })).status).toBe(422);
    expect((await as('analyst', 'PUT', `${BASE}/general`, { tags: 'x' })).status).toBe(403);
  });

  it('keeps the auto-scan settings with a day, week or month period', async () => {
    const fresh = await as('bank', 'GET', `${BASE}/settings`);
    expect(fresh.body.content).toMatchObject({ autoScan: false, period: 'month', lastAutoScanAt: null });
    const saved = await as('bank', 'PUT', `${BASE}/settings`, { autoScan: true, period: 'week' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.content).toMatchObject({ autoScan: true, period: 'week' });
    const bad = await as('bank', 'PUT', `${BASE}/settings`, { autoScan: true, period: 'year' });
    expect(bad.status).toBe(400);
    expect((await as('bank', 'PUT', `${BASE}/settings`, {})).status).toBe(400);
    expect((await as('bank', 'PUT', `${BASE}/settings`, { mmspMonitoring: 'no' })).status).toBe(400);
  });

  it('keeps MMSP and MCC detection beside the auto scan: each form saves its part, the rest stays', async () => {
    const before = await as('bank', 'GET', `${BASE}/settings`);
    expect(before.body.content).toMatchObject({ mmspMonitoring: true, mccDetection: true });
    const off = await as('bank', 'PUT', `${BASE}/settings`, { mmspMonitoring: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const { autoScan, period } = before.body.content;
    expect(off.body.content).toMatchObject({ mmspMonitoring: false, mccDetection: true, autoScan, period });
    const detection = await as('bank', 'PUT', `${BASE}/settings`, { mccDetection: false, mmspMonitoring: true });
    expect(detection.body.content).toMatchObject({ mmspMonitoring: true, mccDetection: false, autoScan, period });
    expect((await as('analyst', 'PUT', `${BASE}/settings`, { mccDetection: true })).status).toBe(403);
    await as('bank', 'PUT', `${BASE}/settings`, { mccDetection: true });
  });

  it('invites the merchant’s contact with the merchant’s own invitation validity', async () => {
    const general = async (contactEmail: string) =>
      expect((await as('bank', 'PUT', `${BASE}/general`, { contactEmail })).status).toBe(200);
    await general('');
    const noEmail = await as('bank', 'POST', `${BASE}/invite`);
    expect([noEmail.status, noEmail.body.errors]).toEqual([422, { contactEmail: 'validation.required' }]);
    expect((await as('bank', 'GET', `${BASE}/settings`)).body.content.invitationValidityDays).toBe(180);
    expect((await as('bank', 'PUT', `${BASE}/settings`, { invitationValidityDays: 0 })).status).toBe(400);
    expect((await as('bank', 'PUT', `${BASE}/settings`, { invitationValidityDays: 30 })).status).toBe(200);
    await general('owner@anatolia-books.example');
    expect((await as('analyst', 'POST', `${BASE}/invite`)).status).toBe(403);
    expect((await as('merchant', 'POST', `${BASE}/invite`)).status).toBe(403);
    expect((await as('bank', 'POST', `${BASE}/invite`, { email: 'someone@else.example' })).status).toBe(400);

    const sent = await as('bank', 'POST', `${BASE}/invite`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.content).toMatchObject({
      email: 'owner@anatolia-books.example',
      role: 'saq',
      merchantId: MERCHANT,
      merchantName: 'Anatolia Books',
    });
    const days = (Date.parse(sent.body.content.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('shows the MCC the merchant’s words imply beside the declared one', async () => {
    const general = await as('bank', 'PUT', `${BASE}/general`, { tags: 'poker nights' });
    expect(general.status, JSON.stringify(general.body)).toBe(200);
    const settings = await as('bank', 'GET', `${BASE}/settings`);
    expect(settings.body.content.detectedMcc).toEqual({
      code: '7995',
      category: 'gambling',
      word: 'poker',
      mismatch: general.body.content.mcc !== '7995',
    });
    await as('bank', 'PUT', `${BASE}/general`, { tags: '' });
    expect((await as('bank', 'GET', `${BASE}/settings`)).body.content.detectedMcc).toBeNull();
  });

  it('adds a merchant with the wizard (select, details, POS type) and refuses a second of that name', async () => {
    const wizard = '/wbe/api/wizards/merchant-new';
    const details = { name: 'Ephesus Wines', url: 'https://ephesus-wines.example', bkmId: 'BKM77', pciLevel: 3 };
    const answers = { select: { type: 'merchant' }, details, pos: { posType: 'physical' } };
    expect(
      (await as('bank', 'PUT', `${wizard}/progress`, { step: 'details', answers: { select: answers.select } })).status,
    ).toBe(200);
    const bad = await as('bank', 'PUT', `${wizard}/progress`, {
      step: 'pos',
      answers: { ...answers, details: { ...details, url: 'not a url' } },
    });
    expect(bad.status).toBe(422);
    expect((await as('bank', 'PUT', `${wizard}/progress`, { step: 'pos', answers })).status).toBe(200);
    const created = await as('bank', 'POST', `${wizard}/submit`, {});
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.content).toMatchObject({ ...details, type: 'merchant', posType: 'physical', state: 'active' });

    // a company skips the POS type; the same name (any case) is refused with the spec's words
    const company = { select: { type: 'company' }, details: { name: 'EPHESUS wines', url: 'https://other.example' } };
    expect((await as('bank', 'PUT', `${wizard}/progress`, { step: 'details', answers: company })).status).toBe(200);
    const again = await as('bank', 'POST', `${wizard}/submit`, {});
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'merchantNameExists',
      message: 'A merchant or company with the same name already exists in the portfolio',
    });
    expect((await as('analyst', 'PUT', `${wizard}/progress`, { step: 'details', answers: company })).status).toBe(403);
    expect((await as('analyst', 'POST', `${wizard}/submit`, {})).status).toBe(403);
  });

  it('imports 50 rows by the displayed columns all or nothing, then lists and filters them', async () => {
    const upload = async (csv: string) => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'portfolio.csv');
      const answer = await fetch(`${server.base}/wbe/api/resources/merchant/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.bank}`, 'accept-language': 'en' },
        body: form,
      });
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    };
    const rows = Array.from(
      { length: 50 },
      (_, i) => `Bulk Shop ${i + 1},https://bulk-${i + 1}.example,2,BKM-${i + 1}`,
    );
    const header = 'Company,URL,PCI DSS level,BKM ID';
    const bad = [...rows];
    bad[26] = 'Bulk Shop 27,not a url,7,BKM-27';
    const refused = await upload([header, ...bad].join('\n'));
    expect(refused.status).toBe(422);
    expect(refused.body.rows).toEqual([
      { line: 28, column: 'URL', field: 'url', message: expect.any(String) },
      { line: 28, column: 'PCI DSS level', field: 'pciLevel', message: expect.any(String) },
    ]);
    const named = encodeURIComponent(JSON.stringify({ field: 'name', op: 'startsWith', value: 'Bulk Shop' }));
    const list = (filter: string) => as('bank', 'GET', `/wbe/api/resources/merchant?filter=${filter}&pageSize=100`);
    expect((await list(named)).body.content.total).toBe(0);

    const imported = await upload([header, ...rows].join('\n'));
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.content).toEqual({ imported: 50 });
    const all = await list(named);
    expect(all.body.content.total).toBe(50);
    expect(all.body.content.items[0]).toMatchObject({ onboardingStatus: 'imported', state: 'active', pciLevel: 2 });

    // the list's status columns filter on the server
    const byStatus = (field: string, value: unknown) =>
      encodeURIComponent(
        JSON.stringify({
          and: [
            { field: 'name', op: 'startsWith', value: 'Bulk Shop' },
            { field, op: 'eq', value },
          ],
        }),
      );
    expect((await list(byStatus('onboardingStatus', 'imported'))).body.content.total).toBe(50);
    expect((await list(byStatus('onboardingStatus', 'approved'))).body.content.total).toBe(0);
    const scored = encodeURIComponent(JSON.stringify({ field: 'score', op: 'gte', value: 70 }));
    expect(((await list(scored)).body.content.items as { name: string }[]).map((item) => item.name).sort()).toEqual([
      // Anatolia Books follows its latest scan (scan-new above, 50); Bosphorus Travel's says 75
      'Bosphorus Travel',
      'Cappadocia Crafts',
    ]);
    const scanned = encodeURIComponent(JSON.stringify({ field: 'scanStatus', op: 'eq', value: 'completed' }));
    expect((await list(scanned)).body.content.total).toBeGreaterThanOrEqual(3);
  });

  it('lets readers read and only merchant editors write; others get nothing', async () => {
    const read = await as('analyst', 'GET', `${BASE}/assets`);
    expect(read.status).toBe(200);
    expect((await as('analyst', 'GET', `${BASE}/action-items`)).status).toBe(200);
    const asset = (await assets())[0];
    for (const [method, path, body] of [
      ['POST', `${BASE}/assets`, { value: 'y.example', primary: true }],
      ['POST', `${BASE}/action-items/xss/ignore`, {}],
      ['PUT', `${BASE}/settings`, { autoScan: false, period: 'day' }],
      ['PUT', `${BASE}/sharing`, { organizationId: 'org-demo-merchant' }],
      ['GET', '/wbe/api/portfolio/sharing-organizations', undefined],
      ['POST', `${BASE}/invite`, {}],
      ['POST', `/wbe/api/resources/asset/${asset.id}/actions/delete`, {}],
      ['POST', '/wbe/api/resources/asset', { merchantId: MERCHANT, value: 'z.example', primary: true }],
    ] as [string, string, unknown][]) {
      const answer = await as('analyst', method, path, body);
      expect(answer.status, `analyst ${method} ${path}`).toBe(403);
    }
    // nobody removes an asset outright: deleting marks it, the next scan drops it
    expect((await as('bank', 'DELETE', `/wbe/api/resources/asset/${asset.id}`)).status).toBe(403);
    for (const who of ['merchant', 'onboarding']) {
      for (const path of [
        `${BASE}/assets`,
        `${BASE}/score-history`,
        `${BASE}/action-items`,
        `${BASE}/settings`,
        `${BASE}/sharing`,
      ]) {
        const answer = await as(who, 'GET', path);
        expect(answer.status, `${who} GET ${path}`).toBe(403);
      }
      expect((await as(who, 'GET', `/ast/issue/get_last_scan_score/${MERCHANT}`)).status).toBe(403);
    }
    expect((await call(server.base, 'GET', `${BASE}/assets`)).status).toBe(401);
    expect((await call(server.base, 'POST', `${BASE}/invite`)).status).toBe(401);
  });
});

/**
 * The daily auto-scan job (domain §2 settings, §9 periods) through the app's job interface: it
 * scans the merchants whose period has passed — a loopback site here — and the merchant follows
 * its scan, its deleted assets dropping out.
 */
// a shop page with an embedded payment form, a tag manager and its platform named
const SHOP_PAGE = `<html><head><meta name="generator" content="WooCommerce 8.9.1">
<script src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>
<script src="/wp-content/themes/shop/jquery-3.7.1.min.js"></script></head>
<body>shop<iframe src="https://js.stripe.com/v3/elements-inner-card.html"></iframe></body></html>`;

describe('portfolio auto scan', () => {
  let server: TestServer;
  let site: Server;
  let url: string;
  let token: string;
  let shiftMs = 0;
  const as = (method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token, body, headers: { 'accept-language': 'en' } });

  beforeAll(async () => {
    site = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(SHOP_PAGE);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    server = await startTestServer({
      withSmtp: false,
      loginRateLimit: 100,
      scans: { allowLoopback: true, checks: ['http_response'], checkTimeoutMs: 10_000 },
      clock: () => new Date(Date.now() + shiftMs),
    });
    token = await tokenFor(server.base, 'bank@demo.test');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => site?.close(resolve));
  });

  it('starts the scans of due merchants each day and the merchant follows them', async () => {
    const merchant = await as('POST', '/wbe/api/resources/merchant', { name: 'Loopback Shop', url, type: 'merchant' });
    expect(merchant.status, JSON.stringify(merchant.body)).toBe(201);
    const id = merchant.body.content.id as string;
    const base = `/wbe/api/portfolio/merchants/${id}`;
    expect((await as('POST', `${base}/assets`, { value: url, primary: true })).status).toBe(201);
    const old = await as('POST', `${base}/assets`, { value: 'old-shop.example', primary: false });
    expect((await as('POST', `/wbe/api/resources/asset/${old.body.content.id}/actions/delete`, {})).status).toBe(200);
    expect((await as('PUT', `${base}/settings`, { autoScan: true, period: 'day' })).status).toBe(200);
    // another merchant without auto scan is left alone
    const idle = await as('POST', '/wbe/api/resources/merchant', { name: 'Idle Shop', url, type: 'merchant' });

    await server.ctx.jobs.send(AUTO_SCAN_JOB, {});
    await server.settled();
    const scansOf = async (merchantId: string) =>
      (await server.store.collection<ScanRecord>('scans').all()).filter((scan) => scan.merchantId === merchantId);
    const scans = await scansOf(id);
    expect(scans.map((scan) => [scan.merchantId, scan.status])).toEqual([[id, 'completed']]);
    const after = (await as('GET', `/wbe/api/resources/merchant/${id}`)).body.content;
    expect(after).toMatchObject({ scanId: scans[0].id, scanStatus: 'completed', state: 'active' });
    expect(typeof after.score).toBe('number');
    // the portfolio showed "scan in progress" while it ran: the moves are in the merchant's history
    const history = (await as('GET', `/wbe/api/resources/merchant/${id}/history`)).body.content as {
      action: string;
      from: string;
      to: string;
    }[];
    expect(history.map(({ action, from, to }) => [action, from, to])).toEqual(
      expect.arrayContaining([
        ['scanStart', 'active', 'scanInProgress'],
        ['scanEnd', 'scanInProgress', 'active'],
      ]),
    );
    // nobody may make those moves by hand
    const byHand = await as('POST', `/wbe/api/resources/merchant/${id}/actions/scanStart`, {});
    expect(byHand.status).toBeGreaterThanOrEqual(403);
    const left = (await as('GET', `${base}/assets`)).body.content.items as { value: string }[];
    expect(left.map((asset) => asset.value)).toEqual([url]);
    expect((await as('GET', `${base}/score-history`)).body.content).toHaveLength(1);
    // the completed scan read the home page: payment page, service providers, modules, scripts
    const site = (await as('GET', `${base}/site`)).body.content;
    expect(site).toMatchObject({
      type: 'embedded',
      provider: 'Stripe',
      saqHint: 'A',
      cardFields: false,
      scanId: scans[0].id,
      scripts: 2,
      thirdPartyScripts: 1,
      withoutIntegrity: 1,
    });
    const names = async (list: string, query = '') =>
      ((await as('GET', `${base}/site/${list}${query}`)).body.content.items as { name?: string; src?: string }[]).map(
        (row) => row.name ?? row.src,
      );
    expect(await names('providers')).toEqual(['Google Tag Manager', 'Stripe']);
    const payment = encodeURIComponent(JSON.stringify({ field: 'category', op: 'eq', value: 'payment' }));
    expect(await names('providers', `?filter=${payment}`)).toEqual(['Stripe']);
    expect(await names('modules')).toEqual(['jQuery', 'WooCommerce', 'WordPress']);
    expect((await as('GET', `${base}/site/modules`)).body.content.items[1]).toMatchObject({ version: '8.9.1' });
    expect((await as('GET', `${base}/site/cookies`)).status).toBe(400);
    expect((await call(server.base, 'GET', `${base}/site`)).status).toBe(401);
    const merchantUser = await tokenFor(server.base, 'merchant@demo.test');
    for (const path of [`${base}/site`, `${base}/site/scripts`])
      expect((await call(server.base, 'GET', path, { token: merchantUser })).status).toBe(403);
    expect(
      (await as('GET', `/wbe/api/portfolio/merchants/${idle.body.content.id}/score-history`)).body.content,
    ).toEqual([]);

    // the same day: not due again; a day later: due
    await server.ctx.jobs.send(AUTO_SCAN_JOB, {});
    await server.settled();
    expect(await scansOf(id)).toHaveLength(1);
    shiftMs = 24 * 60 * 60 * 1000;
    await server.ctx.jobs.send(AUTO_SCAN_JOB, {});
    await server.settled();
    expect(await scansOf(id)).toHaveLength(2);
    expect(await scansOf(idle.body.content.id)).toEqual([]);
    expect((await as('GET', `${base}/score-history`)).body.content).toHaveLength(2);
  }, 60_000);

  it('scans a new merchant by the portfolio defaults, once a period', async () => {
    // another organisation of the bank user, with no demo merchants to scan
    const switched = await as('GET', '/trn/v2/login/organization/org-demo-acquirer');
    const other = (method: string, path: string, body?: unknown) =>
      call(server.base, method, path, { token: switched.body.content.token, body });
    expect((await other('PUT', '/wbe/api/portfolio/settings', { autoScan: true, period: 'week' })).status).toBe(200);
    const made = await other('POST', '/wbe/api/resources/merchant', { name: 'Defaults Shop', url, type: 'merchant' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const scansOf = async () =>
      (await server.store.collection<ScanRecord>('scans').all()).filter(
        (scan) => scan.merchantId === made.body.content.id,
      );
    await server.ctx.jobs.send(AUTO_SCAN_JOB, {});
    await server.settled();
    expect((await scansOf()).map((scan) => [scan.organizationId, scan.status])).toEqual([
      ['org-demo-acquirer', 'completed'],
    ]);
    // the next day it is not due again: the job kept when it ran, and the merchant still follows the defaults
    shiftMs += 24 * 60 * 60 * 1000;
    await server.ctx.jobs.send(AUTO_SCAN_JOB, {});
    await server.settled();
    expect(await scansOf()).toHaveLength(1);
    const settings = await other('GET', `/wbe/api/portfolio/merchants/${made.body.content.id}/settings`);
    expect(settings.body.content).toMatchObject({ autoScan: true, period: 'week' });
  }, 60_000);
});
