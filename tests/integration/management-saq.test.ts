import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeListQuery } from '../../core/query/query.utils';
import type { ListQuery } from '../../core/query/query.types';
import type { SaqRecord } from '../../server/store/records.types';
import { seedDemoData } from '../../fixtures/seed';
import type { OrganizationRecord } from '../../server/store/records.types';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';
import { fillPath, mountedRoutes } from './support/mounted-routes';
import { SAQ_A_QUESTIONS, SAQ_API, download, signedSaqA } from './support/saq-flow';

// The bank side over real HTTP: the SAQs merchants submitted to the session's organisation, its
// permissions per screen, and nothing of another organisation.
const API = '/wbe/api/management-saq';
const DAY = 24 * 60 * 60 * 1000;

describe('management SAQ /wbe/api/management-saq', () => {
  let server: TestServer;
  let admin: string;
  let merchant: string;
  let bank: string;
  let assessee: string;
  let submittedId: string;
  const seeded: Record<string, string> = {};

  const as = (token: string | undefined, path: string) => call(server.base, 'GET', path, { token });
  const listed = (token: string, query: Partial<ListQuery> = {}) =>
    as(token, `${API}/saqs?${new URLSearchParams(encodeListQuery({ pageSize: 100, ...query }))}`);

  /** A submitted SAQ stored as is: the day-dependent states without waiting a year. */
  async function seed(name: string, fields: Partial<SaqRecord>): Promise<void> {
    const now = Date.now();
    const record: SaqRecord = {
      id: randomUUID(),
      userId: 'seeded-merchant',
      siteId: null,
      saqType: 'D',
      document: { id: 'saq-d-merchant-4.0.1', version: 1 },
      standardVersion: '4.0.1',
      organizationId: 'org-checklist-shop',
      status: 'submitted',
      lastStep: null,
      answers: {},
      createdAt: new Date(now - 400 * DAY).toISOString(),
      updatedAt: new Date(now).toISOString(),
      completedAt: new Date(now - 300 * DAY).toISOString(),
      missingAtCompletion: [],
      compliance: 'compliant',
      signer: { name: 'Sam Shop', title: 'CEO' },
      signedAt: new Date(now - 300 * DAY).toISOString(),
      attestation: null,
      expiresAt: new Date(now + 65 * DAY).toISOString(),
      submittedAt: new Date(now - 299 * DAY).toISOString(),
      bankId: 'org-demo-bank',
      bankName: 'Demo Bank',
      merchantName: `Seeded ${name}`,
      merchantEmail: `${name}@demo.test`,
      level: 2,
      ...fields,
    };
    await server.store.collection<SaqRecord>('saqs').insert(record);
    seeded[name] = record.id;
  }

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    [admin, merchant, bank, assessee] = await Promise.all(
      ['admin@demo.test', 'merchant@demo.test', 'bank@demo.test', 'assessee@demo.test'].map((email) =>
        tokenFor(server.base, email),
      ),
    );
    const signed = await signedSaqA(server, merchant);
    const submitted = await call(server.base, 'POST', `${SAQ_API}/saqs/${signed.id}/submit`, {
      token: merchant,
      body: { bankId: 'org-demo-bank' },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    submittedId = signed.id;
    const now = Date.now();
    await seed('expired', { expiresAt: new Date(now - 40 * DAY).toISOString(), saqType: 'B', level: 4 });
    await seed('soon', { expiresAt: new Date(now + 10 * DAY).toISOString(), level: null });
    await seed('failing', { compliance: 'nonCompliant' });
    await seed('acquirer', { bankId: 'org-demo-acquirer', bankName: 'Demo Acquirer' });
  }, 120_000);
  afterAll(() => server.close());

  it('is for the bank group with each screen’s permission: 401 signed out, 403 merchants and other roles', async () => {
    // the shared ASV/AoC documents under /documents have their own guards and tests (compliance-documents.test.ts)
    const routes = mountedRoutes(server.app).filter(
      (route) => route.path.startsWith(`${API}/`) && !route.path.startsWith(`${API}/documents/`),
    );
    expect(routes.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
      `GET ${API}/saqs`,
      `GET ${API}/saqs/:saqId`,
      `GET ${API}/saqs/:saqId/attestation`,
      `GET ${API}/saqs/:saqId/history`,
      `GET ${API}/stats`,
      `POST ${API}/saqs/:saqId/return`,
      `POST ${API}/saqs/:saqId/validate`,
    ]);
    // a valid body: the guard refuses before the body is read
    const body = { outcome: 'compliant', note: 'Looks right' };
    const send = (token: string | undefined, method: string, path: string) =>
      call(server.base, method, path, { token, ...(method === 'POST' ? { body } : {}) });
    for (const route of routes) {
      const path = fillPath(route.path, { saqId: submittedId });
      expect((await send(undefined, route.method, path)).status, path).toBe(401);
      for (const outsider of [merchant, assessee]) {
        const refused = await send(outsider, route.method, path);
        expect([refused.status, refused.body?.code], path).toEqual([403, 'noPermission']);
      }
    }
    // a bank user without the screen's permission is refused too
    const users = server.store.collection<{ id: string; email: string; permissions: string[] }>('users');
    const [bora] = await users.find((user) => user.email === 'bank@demo.test');
    await users.update(bora.id, { permissions: bora.permissions.filter((p) => p !== 'bankOverview:view') });
    try {
      expect((await as(bank, `${API}/stats`)).status).toBe(403);
      expect((await listed(bank)).status).toBe(200);
    } finally {
      await users.update(bora.id, { permissions: bora.permissions });
    }
  });

  it('lists the SAQs submitted to the session’s organisation, with the overall status of today', async () => {
    const answer = await listed(bank, { sort: [{ field: 'merchantName', direction: 'asc' }] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const rows = answer.body.content.items as Record<string, unknown>[];
    expect(answer.body.content.total).toBe(4);
    expect(rows.map((row) => [row.merchantName, row.overallStatus])).toEqual([
      ['Demo Merchant Ltd', 'compliant'],
      ['Seeded expired', 'expired'],
      ['Seeded failing', 'nonCompliant'],
      ['Seeded soon', 'expiresSoon'],
    ]);
    expect(rows[0]).toEqual({
      id: submittedId,
      access: 'submitted',
      merchantName: 'Demo Merchant Ltd',
      merchantEmail: 'merchant@demo.test',
      level: null,
      saqType: 'A',
      standardVersion: '4.0.1',
      documentVersion: 1,
      status: 'submitted',
      compliance: 'compliant',
      signedAt: expect.any(String),
      submittedAt: expect.any(String),
      expiresAt: expect.any(String),
      lastAsvScanAt: null,
      nextAsvDueAt: null,
      overallStatus: 'compliant',
      validatedCompliance: null,
      bankNote: null,
      reviewedAt: null,
      reviewedBy: null,
    });
    // filtering on the computed status and the other columns; sorting by expiry
    const expired = await listed(bank, {
      filter: { field: 'overallStatus', op: 'in', value: ['expired', 'expiresSoon'] },
    });
    expect(expired.body.content.items.map((row: { id: string }) => row.id).sort()).toEqual(
      [seeded.expired, seeded.soon].sort(),
    );
    const byType = await listed(bank, {
      filter: {
        and: [
          { field: 'saqType', op: 'eq', value: 'D' },
          { field: 'level', op: 'eq', value: 2 },
        ],
      },
      sort: [{ field: 'expiresAt', direction: 'asc' }],
    });
    expect(byType.body.content.items.map((row: { id: string }) => row.id)).toEqual([seeded.failing]);
    const page = await listed(bank, { pageSize: 1, page: 2, sort: [{ field: 'expiresAt', direction: 'asc' }] });
    expect(page.body.content).toMatchObject({ total: 4, items: [{ id: seeded.soon }] });
    for (const query of [
      'sort=answers',
      'filter=%7B%22field%22%3A%22userId%22%2C%22op%22%3A%22eq%22%2C%22value%22%3A%22x%22%7D',
      'page=0',
    ]) {
      const bad = await as(bank, `${API}/saqs?${query}`);
      expect([bad.status, bad.body.code], query).toEqual([400, 'invalidRequest']);
    }

    // another organisation of the same user sees its own SAQs only
    const switched = await as(bank, '/trn/v2/login/organization/org-demo-acquirer');
    expect(switched.status).toBe(200);
    const acquirer = switched.body.content.token as string;
    expect((await listed(acquirer)).body.content.items.map((row: { id: string }) => row.id)).toEqual([seeded.acquirer]);
    // the admin's session is PaySec's: nothing was submitted there
    expect((await listed(admin)).body.content).toEqual({ items: [], total: 0 });
  });

  it('shows one SAQ with its answer summary and its attestation; another organisation’s SAQ is 404', async () => {
    const detail = await as(bank, `${API}/saqs/${submittedId}`);
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body.content).toMatchObject({
      id: submittedId,
      merchantName: 'Demo Merchant Ltd',
      overallStatus: 'compliant',
      answersSummary: {
        responses: { inPlace: SAQ_A_QUESTIONS.length - 1, notApplicable: 1, notInPlace: 0, inPlaceCcw: 0 },
        appendices: { appendixB: 0, appendixC: 1 },
      },
    });
    expect(detail.body.content).not.toHaveProperty('answers');

    const file = await download(server.base, `${API}/saqs/${submittedId}/attestation`, bank);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await PDFDocument.load(file.bytes)).getPageCount()).toBeGreaterThanOrEqual(1);
    const unsigned = await as(bank, `${API}/saqs/${seeded.expired}/attestation`);
    expect([unsigned.status, unsigned.body.code]).toEqual([404, 'attestationNotFound']);

    for (const path of [
      `${API}/saqs/${seeded.acquirer}`,
      `${API}/saqs/${seeded.acquirer}/attestation`,
      `${API}/saqs/${randomUUID()}`,
    ]) {
      const hidden = await as(bank, path);
      expect([hidden.status, hidden.body.code], path).toEqual([404, 'saqNotFound']);
    }
    // the merchant's SAQ not yet submitted is no bank's
    const ongoing = await call(server.base, 'POST', `${SAQ_API}/saqs`, { token: merchant, body: { saqType: 'C' } });
    const notYours = await as(bank, `${API}/saqs/${ongoing.body.content.id}`);
    expect(notYours.status).toBe(404);
    expect((await as(admin, `${API}/saqs/${submittedId}`)).status).toBe(404);
    expect((await as(bank, `${API}/saqs/not-a-uuid`)).status).toBe(400);
  });

  it('counts the submitted SAQs for the overview', async () => {
    const stats = await as(bank, `${API}/stats`);
    expect(stats.status, JSON.stringify(stats.body)).toBe(200);
    const { content } = stats.body;
    expect(content.totals).toEqual({ submitted: 4, compliant: 1, nonCompliant: 1, expiresSoon: 1, expired: 1 });
    expect(content.byOverallStatus).toEqual([
      { key: 'compliant', count: 1 },
      { key: 'nonCompliant', count: 1 },
      { key: 'expiresSoon', count: 1 },
      { key: 'expired', count: 1 },
    ]);
    expect(content.bySaqType).toEqual([
      { key: 'A', count: 1 },
      { key: 'B', count: 1 },
      { key: 'D', count: 2 },
    ]);
    expect(content.byLevel).toEqual([
      { key: '2', count: 1 },
      { key: '4', count: 1 },
      { key: 'unknown', count: 2 },
    ]);
    expect(content.expiriesByMonth).toHaveLength(13);
    expect(content.expiriesByMonth[0].month).toBe(new Date().toISOString().slice(0, 7));
    // this month and the twelve after it: the one expiring soon, the failing one (65 days) and the
    // merchant's signed today, which expires in the thirteenth month; the expired one is past
    const total = content.expiriesByMonth.reduce((sum: number, month: { count: number }) => sum + month.count, 0);
    expect(total).toBe(3);
    expect(content.expiriesByMonth.at(-1).count).toBeGreaterThanOrEqual(1);
    const switched = await as(bank, '/trn/v2/login/organization/org-demo-acquirer');
    const acquirer = (await as(switched.body.content.token, `${API}/stats`)).body.content;
    expect(acquirer.totals).toEqual({ submitted: 1, compliant: 1, nonCompliant: 0, expiresSoon: 0, expired: 0 });
  });

  it('lets a bank the merchant shares with read its signed SAQ reports, and decide on none of them', async () => {
    const switched = await as(bank, '/trn/v2/login/organization/org-demo-acquirer');
    const acquirer = switched.body.content.token as string;
    const ids = async () => (await listed(acquirer)).body.content.items.map((row: { id: string }) => row.id).sort();
    // an SAQ being answered is no report: sharing never shows it
    const ongoing = await call(server.base, 'POST', `${SAQ_API}/saqs`, { token: merchant, body: { saqType: 'C' } });
    expect(ongoing.status).toBe(201);
    expect(await ids()).toEqual([seeded.acquirer]);
    expect((await as(acquirer, `${API}/saqs/${submittedId}`)).status).toBe(404);

    const share = (method: string) =>
      call(
        server.base,
        method,
        method === 'POST' ? '/wbe/api/userComplianceShares' : '/wbe/api/userComplianceShares/org-demo-acquirer',
        {
          token: merchant,
          ...(method === 'POST' ? { body: { bankId: 'org-demo-acquirer' } } : {}),
        },
      );
    expect((await share('POST')).status).toBeLessThan(300);
    try {
      expect(await ids()).toEqual([seeded.acquirer, submittedId].sort());
      const row = (await listed(acquirer, { filter: { field: 'access', op: 'eq', value: 'shared' } })).body.content;
      expect(row).toMatchObject({
        total: 1,
        items: [{ id: submittedId, access: 'shared', merchantName: 'Demo Merchant Ltd' }],
      });
      const detail = await as(acquirer, `${API}/saqs/${submittedId}`);
      expect(detail.body.content).toMatchObject({ access: 'shared', status: 'submitted', actions: [] });
      // the bank it was submitted to still may decide; the bank it is shared with may not
      expect((await as(bank, `${API}/saqs/${submittedId}`)).body.content.actions).toEqual(['validate', 'return']);
      const decide = await call(server.base, 'POST', `${API}/saqs/${submittedId}/validate`, {
        token: acquirer,
        body: { outcome: 'compliant' },
      });
      expect([decide.status, decide.body.code, decide.body.allowed]).toEqual([409, 'saqNotSubmitted', []]);
      const file = await download(server.base, `${API}/saqs/${submittedId}/attestation`, acquirer);
      expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect((await as(acquirer, `${API}/stats`)).body.content.totals.submitted).toBe(2);
      expect((await as(acquirer, `${API}/saqs/${ongoing.body.content.id}`)).status).toBe(404);
    } finally {
      expect((await share('DELETE')).status).toBe(200);
    }
    // stopping takes the reports back at once
    expect(await ids()).toEqual([seeded.acquirer]);
    const gone = await as(acquirer, `${API}/saqs/${submittedId}/history`);
    expect([gone.status, gone.body.code]).toEqual([404, 'saqNotFound']);
  });

  it('lists every move of an SAQ, newest first, with who made it, to the merchant and to the bank', async () => {
    const users = server.store.collection<{ id: string; email: string; name: string }>('users');
    const [owner] = await users.find((user) => user.email === 'merchant@demo.test');
    const merchantSide = await as(merchant, `${SAQ_API}/saqs/${submittedId}/history`);
    expect(merchantSide.status, JSON.stringify(merchantSide.body)).toBe(200);
    const moves = merchantSide.body.content.items as Record<string, unknown>[];
    expect(moves.map((move) => [move.action, move.from, move.to])).toEqual([
      ['submit', 'signed', 'submitted'],
      ['attest', 'pending', 'signed'],
      ['sign', 'completed', 'pending'],
      ['complete', 'waiting', 'completed'],
      ['create', null, 'waiting'],
    ]);
    expect(moves.map((move) => move.actor)).toEqual([
      owner.name,
      'PaySec (automatic)',
      owner.name,
      owner.name,
      owner.name,
    ]);
    const turkish = await call(server.base, 'GET', `${SAQ_API}/saqs/${submittedId}/history?sort=at`, {
      token: merchant,
      headers: { 'accept-language': 'tr' },
    });
    expect(turkish.body.content.items.map((move: { actor: string }) => move.actor)).toContain('PaySec (otomatik)');
    expect(turkish.body.content.items[0].action).toBe('create');
    const bankSide = await as(bank, `${API}/saqs/${submittedId}/history?pageSize=2`);
    expect(bankSide.body.content).toMatchObject({ total: 5, items: [{ action: 'submit' }, { action: 'attest' }] });
    // nobody else's: another merchant's user, another organisation, a bad query
    expect((await as(assessee, `${SAQ_API}/saqs/${submittedId}/history`)).status).toBe(403);
    expect((await as(admin, `${API}/saqs/${submittedId}/history`)).status).toBe(404);
    const bad = await as(bank, `${API}/saqs/${submittedId}/history?sort=by`);
    expect([bad.status, bad.body.code]).toEqual([400, 'invalidRequest']);
  });

  it('shows the newest ASV scan a merchant shares with the bank, and when the next is due', async () => {
    const row = async () => {
      const answer = await call(server.base, 'GET', `${API}/saqs/${submittedId}`, { token: bank });
      return [answer.body.content.lastAsvScanAt, answer.body.content.nextAsvDueAt];
    };
    const upload = async (validFrom: string) => {
      const document = await PDFDocument.create();
      document.addPage().drawText(`ASV scan of ${validFrom}`);
      const form = new FormData();
      form.append('validFrom', validFrom);
      form.append('file', new Blob([new Uint8Array(await document.save())], { type: 'application/pdf' }), 'asv.pdf');
      const answer = await fetch(`${server.base}/wbe/api/compliance-documents/asv`, {
        method: 'POST',
        headers: { authorization: `Bearer ${merchant}` },
        body: form,
      });
      expect(answer.status, await answer.clone().text()).toBe(201);
    };
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    await upload(day(-60));
    await upload(day(-10));
    // not shared yet: the bank reads nothing of the merchant's scans
    expect(await row()).toEqual([null, null]);
    const share = await call(server.base, 'POST', '/wbe/api/userComplianceShares', {
      token: merchant,
      body: { bankId: 'org-demo-bank' },
    });
    expect(share.status, JSON.stringify(share.body)).toBeLessThan(300);
    // the newest scan, valid 90 days: the next is due then
    expect(await row()).toEqual([day(-10), day(80)]);
    const listed = await call(server.base, 'GET', `${API}/saqs`, { token: bank });
    const mine = listed.body.content.items.find((item: { id: string }) => item.id === submittedId);
    expect([mine.lastAsvScanAt, mine.nextAsvDueAt]).toEqual([day(-10), day(80)]);
    await call(server.base, 'DELETE', '/wbe/api/userComplianceShares/org-demo-bank', { token: merchant });
    expect(await row()).toEqual([null, null]);
  });

  it('marks the demo banks on a data directory seeded before organisations had kinds', async () => {
    const organizations = server.store.collection<OrganizationRecord>('organizations');
    await organizations.replace('org-demo-acquirer', { id: 'org-demo-acquirer', name: 'Demo Acquirer' });
    const banks = () => call(server.base, 'GET', `${SAQ_API}/banks`, { token: merchant });
    expect((await banks()).body.content).toEqual([{ id: 'org-demo-bank', name: 'Demo Bank' }]);
    expect(await seedDemoData(server.store)).toBe(false);
    expect((await organizations.get('org-demo-acquirer'))?.kind).toBe('bank');
    expect((await banks()).body.content).toHaveLength(2);
  });
});
