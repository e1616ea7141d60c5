import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  type ComplianceDocumentType,
  dayOf,
  MAX_PDF_BYTES,
  MAX_PDF_MB,
} from '../../core/compliance/compliance-documents';
import { fileNameOf } from '../../core/http/content-disposition';
import type { ComplianceDocumentRecord, ComplianceShareRecord } from '../../server/store/records.types';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';

/** A real one-page PDF made with pdf-lib; `text` makes each one's bytes (and hash) its own. */
async function pdf(text: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([400, 200]);
  page.drawText(text, { x: 20, y: 100, size: 14, font: await document.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await document.save());
}

/** The 8-byte PNG signature and an IHDR chunk: an image, whatever its name says. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

interface Upload {
  bytes?: Buffer;
  name?: string;
  mime?: string;
  validFrom?: string;
  field?: string;
}

/**
 * ASV and AoC documents and sharing them with banks (docs/gateway/wbe-compliance.md 'Compliance documents and
 * sharing'): real multipart uploads over HTTP, refusals in the error shape, banks seeing only what
 * merchants share with their organisation.
 */
describe('compliance documents', () => {
  let server: TestServer;
  let merchant: string;
  let bank: string;
  let admin: string;
  let plain: string;
  const today = dayOf(new Date());

  async function upload(type: string, token: string | null, { bytes, name, mime, validFrom, field }: Upload) {
    const form = new FormData();
    if (validFrom !== undefined) form.append('validFrom', validFrom);
    if (bytes)
      form.append(
        field ?? 'file',
        new Blob([new Uint8Array(bytes)], { type: mime ?? 'application/pdf' }),
        name ?? 'report.pdf',
      );
    const response = await fetch(`${server.base}/wbe/api/compliance-documents/${type}`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}`, 'accept-language': 'en' } : {},
      body: form,
    });
    return { status: response.status, body: await response.json() };
  }

  const list = (token: string, path: string, filter?: unknown) =>
    call(server.base, 'GET', `${path}${filter ? `?filter=${encodeURIComponent(JSON.stringify(filter))}` : ''}`, {
      token,
    });

  const file = (token: string, path: string) =>
    fetch(`${server.base}${path}`, { headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    merchant = await tokenFor(server.base, 'merchant@demo.test');
    bank = await tokenFor(server.base, 'bank@demo.test');
    admin = await tokenFor(server.base, 'admin@demo.test');
    plain = await tokenFor(server.base, 'assessee@demo.test');
  });
  afterAll(() => server.close());

  it('takes a real PDF with its scan date, lists it with its validity and state, and serves the same bytes', async () => {
    const bytes = await pdf('ASV scan, quarter 3');
    const scanDate = addDays(today, -10);
    const answer = await upload('asv', merchant, { bytes, name: 'Tarama raporu Q3.pdf', validFrom: scanDate });
    expect(answer.status).toBe(201);
    expect(answer.body.content).toMatchObject({
      type: 'asv',
      fileName: 'Tarama raporu Q3.pdf',
      size: bytes.length,
      validFrom: scanDate,
      validUntil: addDays(scanDate, 90),
      merchantName: 'Demo Merchant Ltd',
      uploadedByName: 'Mert Merchant',
      state: 'newlyIdentified',
    });
    expect(answer.body.content).not.toHaveProperty('sha256');

    const listed = await list(merchant, '/wbe/api/compliance-documents/asv');
    expect(listed.status).toBe(200);
    expect(listed.body.content.items.map((row: { id: string }) => row.id)).toContain(answer.body.content.id);
    // an ASV is not an AoC
    const aocs = await list(merchant, '/wbe/api/compliance-documents/aoc');
    expect(aocs.body.content.items.map((row: { id: string }) => row.id)).not.toContain(answer.body.content.id);

    const download = await file(merchant, `/wbe/api/compliance-documents/asv/${answer.body.content.id}/file`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(fileNameOf(download.headers.get('content-disposition') ?? '')).toBe('Tarama raporu Q3.pdf');
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('gives an AoC a year from its signature date', async () => {
    const answer = await upload('aoc', merchant, { bytes: await pdf('AoC 2026'), validFrom: '2026-02-28' });
    expect(answer.status).toBe(201);
    expect(answer.body.content).toMatchObject({ type: 'aoc', validFrom: '2026-02-28', validUntil: '2027-02-28' });
  });

  it('judges a PDF by its content: a PNG named .pdf and sent as application/pdf is refused, so is a PDF header on junk', async () => {
    const png = await upload('asv', merchant, {
      bytes: PNG,
      name: 'scan.pdf',
      mime: 'application/pdf',
      validFrom: today,
    });
    expect(png).toMatchObject({
      status: 422,
      body: {
        code: 'pdfRequired',
        message: 'PCI documents must be uploaded as PDF files.',
        errors: { file: 'errors.pdfRequired' },
      },
    });
    const fake = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2_000, 7)]);
    const junk = await upload('asv', merchant, { bytes: fake, validFrom: today });
    expect(junk.status).toBe(422);
    expect(junk.body.code).toBe('pdfRequired');
  });

  it(`refuses a file over ${MAX_PDF_MB} MB with 413 and the size in the message`, async () => {
    const big = Buffer.concat([await pdf('big'), Buffer.alloc(MAX_PDF_BYTES, 32)]);
    const answer = await upload('aoc', merchant, { bytes: big, validFrom: today });
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe('fileTooLarge');
    expect(answer.body.message).toContain(`${MAX_PDF_MB} MB`);
    // still answering, and nothing was stored
    const aocs = await server.store.collection<ComplianceDocumentRecord>('complianceDocuments').all();
    expect(aocs.every((document) => document.size <= MAX_PDF_BYTES)).toBe(true);
  });

  it('refuses the same file twice in one organisation, as either type, with the catalogue text', async () => {
    const bytes = await pdf('the same file');
    expect((await upload('asv', merchant, { bytes, validFrom: today })).status).toBe(201);
    const again = await upload('asv', merchant, { bytes, name: 'renamed.pdf', validFrom: addDays(today, -1) });
    expect(again).toMatchObject({
      status: 409,
      body: { code: 'fileAlreadyExists', message: 'This file already exists.' },
    });
    expect((await upload('aoc', merchant, { bytes, validFrom: today })).status).toBe(409);
    // another organisation may hold the same bytes (admin's session organisation is the platform's)
    expect((await upload('asv', admin, { bytes, validFrom: today })).status).toBe(201);
  });

  it('says what is missing or wrong: no file, no date, a date in the future, another field name', async () => {
    const bytes = await pdf('fields');
    const noFile = await upload('asv', merchant, { validFrom: today });
    expect(noFile).toMatchObject({ status: 422, body: { code: 'fileRequired', message: 'A file is required.' } });
    const noDate = await upload('asv', merchant, { bytes });
    expect(noDate).toMatchObject({
      status: 400,
      body: { code: 'invalidRequest', errors: { validFrom: 'validation.required' } },
    });
    for (const validFrom of ['2026-02-30', 'yesterday', '1899-12-31', '']) {
      expect((await upload('asv', merchant, { bytes, validFrom })).status).toBe(400);
    }
    const future = await upload('asv', merchant, { bytes, validFrom: addDays(today, 1) });
    expect(future).toMatchObject({ status: 422, body: { code: 'dateInFuture' } });
    const otherField = await upload('asv', merchant, { bytes, validFrom: today, field: 'document' });
    expect(otherField).toMatchObject({
      status: 400,
      body: { code: 'invalidRequest', errors: { document: 'invalidRequest' } },
    });
    const json = await call(server.base, 'POST', '/wbe/api/compliance-documents/asv', {
      token: merchant,
      body: { validFrom: today },
    });
    expect(json).toMatchObject({ status: 422, body: { code: 'fileRequired' } });
    const broken = await fetch(`${server.base}/wbe/api/compliance-documents/asv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${merchant}`, 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 truncated',
    });
    expect(broken.status).toBe(400);
    expect((await broken.json()).code).toBe('invalidRequest');
    // an upload only goes to a type's path: elsewhere a multipart body is a type the gateway does not read
    expect((await upload('sbom', merchant, { bytes, validFrom: today })).status).toBe(415);
  });

  it('keeps each organisation to its own documents: another organisation reads, downloads and deletes nothing (404)', async () => {
    const mine = await upload('asv', merchant, { bytes: await pdf('private'), validFrom: today });
    const path = `/wbe/api/compliance-documents/asv/${mine.body.content.id}`;
    expect((await file(admin, `${path}/file`)).status).toBe(404);
    const removal = await call(server.base, 'DELETE', path, { token: admin });
    expect(removal).toMatchObject({ status: 404, body: { code: 'complianceDocumentNotFound' } });
    const adminRows = (await list(admin, '/wbe/api/compliance-documents/asv')).body.content.items;
    expect(adminRows.map((row: { id: string }) => row.id)).not.toContain(mine.body.content.id);
    // its owner deletes it; then it is gone
    expect((await call(server.base, 'DELETE', path, { token: merchant })).status).toBe(200);
    expect((await file(merchant, `${path}/file`)).status).toBe(404);
    // the path type must match the document's
    const aoc = await upload('aoc', merchant, { bytes: await pdf('an aoc'), validFrom: today });
    expect((await file(merchant, `/wbe/api/compliance-documents/asv/${aoc.body.content.id}/file`)).status).toBe(404);
  });

  it('guards every endpoint on the server: 401 signed out, 403 without the permission', async () => {
    const id = crypto.randomUUID();
    const paths: [string, string][] = [
      ['GET', '/wbe/api/compliance-documents/asv'],
      ['GET', `/wbe/api/compliance-documents/aoc/${id}/file`],
      ['DELETE', `/wbe/api/compliance-documents/asv/${id}`],
      ['GET', '/wbe/api/management-saq/documents/asv'],
      ['GET', `/wbe/api/management-saq/documents/aoc/${id}/file`],
      ['GET', '/wbe/api/userComplianceShares'],
      ['POST', '/wbe/api/userComplianceShares'],
      ['DELETE', '/wbe/api/userComplianceShares/org-demo-bank'],
    ];
    for (const [method, path] of paths) {
      expect((await call(server.base, method, path)).status, `${method} ${path}`).toBe(401);
      const body = method === 'GET' ? undefined : {};
      expect((await call(server.base, method, path, { token: plain, body })).status, `${method} ${path}`).toBe(403);
    }
    expect((await upload('asv', null, { bytes: await pdf('anon'), validFrom: today })).status).toBe(401);
    expect((await upload('asv', plain, { bytes: await pdf('plain'), validFrom: today })).status).toBe(403);
    // a merchant is no bank, a bank no merchant
    expect((await list(merchant, '/wbe/api/management-saq/documents/asv')).status).toBe(403);
    expect((await list(bank, '/wbe/api/compliance-documents/asv')).status).toBe(403);
    expect((await list(bank, '/wbe/api/userComplianceShares')).status).toBe(403);
  });

  it('lets a bank read only what merchants share with its session organisation, until they stop', async () => {
    const shared = await upload('aoc', merchant, { bytes: await pdf('for the bank'), validFrom: today });
    const docPath = `/wbe/api/management-saq/documents/aoc/${shared.body.content.id}/file`;
    const bankRows = async (token: string) =>
      (await list(token, '/wbe/api/management-saq/documents/aoc')).body.content.items.map(
        (row: { id: string }) => row.id,
      );
    expect(await bankRows(bank)).toEqual([]);
    expect((await file(bank, docPath)).status).toBe(404);

    const banks = await list(merchant, '/wbe/api/userComplianceShares');
    expect(banks.body.content).toEqual({
      items: [
        { id: 'org-demo-acquirer', name: 'Demo Acquirer', shared: false, sharedAt: null },
        { id: 'org-demo-bank', name: 'Demo Bank', shared: false, sharedAt: null },
      ],
      total: 2,
    });
    const started = await call(server.base, 'POST', '/wbe/api/userComplianceShares', {
      token: merchant,
      body: { bankId: 'org-demo-bank' },
    });
    expect(started).toMatchObject({ status: 201, body: { content: { id: 'org-demo-bank', shared: true } } });

    expect(await bankRows(bank)).toContain(shared.body.content.id);
    const row = (await list(bank, '/wbe/api/management-saq/documents/aoc')).body.content.items[0];
    expect(row).toMatchObject({ merchantName: 'Demo Merchant Ltd', state: 'newlyIdentified' });
    const download = await file(bank, docPath);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    // the same bank user in the other organisation sees nothing: sharing is per organisation
    const switched = await call(server.base, 'GET', '/trn/v2/login/organization/org-demo-acquirer', { token: bank });
    const acquirer = switched.body.content.token as string;
    expect(await bankRows(acquirer)).toEqual([]);
    expect((await file(acquirer, docPath)).status).toBe(404);

    const stopped = await call(server.base, 'DELETE', '/wbe/api/userComplianceShares/org-demo-bank', {
      token: merchant,
    });
    expect(stopped).toMatchObject({ status: 200, body: { content: { id: 'org-demo-bank', shared: false } } });
    expect(await bankRows(bank)).toEqual([]);
    expect((await file(bank, docPath)).status).toBe(404);
  });

  it('refuses sharing with anything but a bank, twice, or stopping what was not shared: 400 with a message', async () => {
    for (const bankId of ['org-demo-merchant', 'org-paysec', 'no-such-org']) {
      const answer = await call(server.base, 'POST', '/wbe/api/userComplianceShares', {
        token: merchant,
        body: { bankId },
      });
      expect(answer).toMatchObject({
        status: 400,
        body: { code: 'shareBankUnknown', message: 'This bank cannot be found.' },
      });
    }
    const body = { bankId: 'org-demo-acquirer' };
    expect((await call(server.base, 'POST', '/wbe/api/userComplianceShares', { token: merchant, body })).status).toBe(
      201,
    );
    const twice = await call(server.base, 'POST', '/wbe/api/userComplianceShares', { token: merchant, body });
    expect(twice).toMatchObject({ status: 400, body: { code: 'alreadySharing' } });
    expect(
      (await call(server.base, 'DELETE', '/wbe/api/userComplianceShares/org-demo-acquirer', { token: merchant }))
        .status,
    ).toBe(200);
    const notShared = await call(server.base, 'DELETE', '/wbe/api/userComplianceShares/org-demo-acquirer', {
      token: merchant,
    });
    expect(notShared).toMatchObject({ status: 400, body: { code: 'notSharing' } });
    for (const bad of [{}, { bankId: 5 }, { bankId: '../x' }, { bankId: 'org-demo-bank', extra: 1 }]) {
      const answer = await call(server.base, 'POST', '/wbe/api/userComplianceShares', { token: merchant, body: bad });
      expect(answer.status).toBe(400);
    }
  });

  it('computes each state from the dates at read, and filters on it in the store', async () => {
    const documents = server.store.collection<ComplianceDocumentRecord>('complianceDocuments');
    const now = Date.now();
    const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString();
    const record = (id: string, type: ComplianceDocumentType, validUntil: string, uploadedAt: string) => ({
      id,
      type,
      organizationId: 'org-demo-monitoring',
      merchantName: 'Demo Monitoring',
      fileName: `${id}.pdf`,
      size: 1,
      sha256: id,
      validFrom: addDays(validUntil, -90),
      validUntil,
      uploadedAt,
      uploadedBy: 'x',
      uploadedByName: 'x',
    });
    const expected: Record<string, string> = {
      'state-expired': 'expired',
      'state-recent': 'recentlyExpired',
      'state-soon': 'expiresSoon',
      'state-new': 'newlyIdentified',
      'state-awaiting': 'awaiting',
    };
    await documents.insert(record('state-expired', 'asv', addDays(today, -30), daysAgo(120)));
    await documents.insert(record('state-recent', 'asv', today, daysAgo(90)));
    await documents.insert(record('state-soon', 'asv', addDays(today, 15), daysAgo(1)));
    await documents.insert(record('state-new', 'asv', addDays(today, 16), daysAgo(6)));
    await documents.insert(record('state-awaiting', 'asv', addDays(today, 80), daysAgo(8)));
    // the monitoring organisation shares with Demo Bank: the bank's list shows these rows
    await server.store.collection<ComplianceShareRecord>('complianceShares').insert({
      id: 'org-demo-monitoring:org-demo-bank',
      organizationId: 'org-demo-monitoring',
      bankId: 'org-demo-bank',
      createdAt: daysAgo(1),
      createdBy: 'x',
    });
    const path = '/wbe/api/management-saq/documents/asv';
    const rows = (await list(bank, path)).body.content.items as { id: string; state: string }[];
    for (const [id, state] of Object.entries(expected))
      expect(rows.find((row) => row.id === id)?.state, id).toBe(state);
    for (const [id, state] of Object.entries(expected)) {
      const filtered = await list(bank, path, { field: 'state', op: 'eq', value: state });
      expect(
        filtered.body.content.items.map((row: { id: string }) => row.id),
        state,
      ).toEqual([id]);
    }
    const some = await list(bank, path, { field: 'state', op: 'in', value: ['expired', 'expiresSoon'] });
    expect(some.body.content.items.map((row: { id: string }) => row.id).sort()).toEqual([
      'state-expired',
      'state-soon',
    ]);
    const notExpired = await list(bank, path, { field: 'state', op: 'ne', value: 'expired' });
    expect(notExpired.body.content.total).toBe(4);
    for (const bad of [
      { field: 'state', op: 'contains', value: 'exp' },
      { field: 'state', op: 'eq', value: 'valid' },
      { field: 'sha256', op: 'eq', value: 'x' },
    ]) {
      expect((await list(bank, path, bad)).status).toBe(400);
    }
  });
});
