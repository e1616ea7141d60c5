import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationRecord, ReportRecord, UserRecord } from '../../server/store/records.types';
import { ReportsService } from '../../server/services/reports.service';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';
import { pdfText } from '../support/pdf-text';
import { solidPng } from '../support/png';

const png = (width: number, height: number) => solidPng(width, height);

/** A JPEG's first bytes: a file a name cannot make a PNG. */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64),
]);

/**
 * Report templates (resource `report-template`, docs/domain/reports.md) and the PDF reports drawn with
 * them: images judged by the decoded PNG, one default per organisation, the preview's first page, the
 * portfolio reports as jobs (202, then the PDF), the notification, and refusals across organisations.
 */
describe('report templates and PDF reports', () => {
  let server: TestServer;
  let bank: string;
  let admin: string;
  let merchant: string;

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    bank = await tokenFor(server.base, 'bank@demo.test');
    // the admin works in org-paysec (their first organisation): another organisation than the bank's
    admin = await tokenFor(server.base, 'admin@demo.test');
    merchant = await tokenFor(server.base, 'merchant@demo.test');
  });
  afterAll(() => server.close());

  const template = (token: string, body: Record<string, unknown>) =>
    call(server.base, 'POST', '/wbe/api/resources/report-template', { token, body });

  async function upload(token: string, id: string, slot: string, bytes: Buffer, name: string) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const answer = await fetch(`${server.base}/wbe/api/report-templates/${id}/images/${slot}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: answer.status, body: await answer.json() };
  }

  const fetchPdf = (token: string, path: string) =>
    fetch(`${server.base}${path}`, { headers: { authorization: `Bearer ${token}` } });

  let brandedId = '';

  it('keeps one default per organisation: a new default takes it from the old one', async () => {
    const first = await template(bank, { name: 'Plain', title: 'Portfolio', language: 'en', isDefault: true });
    expect(first.status).toBe(201);
    const second = await template(bank, {
      name: 'Branded',
      title: 'Şirket Öğrenci Raporu',
      pageHeader: 'Demo Bank · Gizli',
      titleColor: '#aa1133',
      pageNumberColor: '#3355ff',
      language: 'tr',
      isDefault: true,
    });
    expect(second.status).toBe(201);
    brandedId = second.body.content.id;
    const listed = await call(server.base, 'GET', '/wbe/api/resources/report-template?sort=name', { token: bank });
    const defaults = listed.body.content.items.filter((item: { isDefault?: boolean }) => item.isDefault);
    expect(defaults.map((item: { id: string }) => item.id)).toEqual([brandedId]);
    // the other organisation's default is its own affair
    const theirs = await template(admin, { name: 'Branded', title: 'Platform', language: 'en', isDefault: true });
    expect(theirs.status).toBe(201);
    const again = await call(server.base, 'GET', `/wbe/api/resources/report-template/${brandedId}`, { token: bank });
    expect(again.body.content.isDefault).toBe(true);
  });

  it('refuses bad bodies with 4xx and a field', async () => {
    const colour = await template(bank, { name: 'Bad', title: 'x', language: 'en', titleColor: 'red' });
    expect(colour.status).toBe(422);
    expect(colour.body.errors).toHaveProperty('titleColor');
    const language = await template(bank, { name: 'Bad', title: 'x', language: 'de' });
    expect(language.status).toBe(422);
    const kind = await call(server.base, 'POST', '/wbe/api/reports', { token: bank, body: { kind: 'nope' } });
    expect(kind.status).toBe(400);
    const id = await call(server.base, 'POST', '/wbe/api/reports', {
      token: bank,
      body: { kind: 'portfolioRisk', templateId: '../etc' },
    });
    expect(id.status).toBe(400);
    const monthly = await call(server.base, 'POST', '/wbe/api/reports', {
      token: admin,
      body: { kind: 'mailDelivery' },
    });
    expect(monthly.status).toBe(400);
    expect(monthly.body.code).toBe('invalidRequest');
    const notMultipart = await call(server.base, 'POST', `/wbe/api/report-templates/${brandedId}/images/banner`, {
      token: bank,
      body: { file: 'x' },
    });
    expect(notMultipart.status).toBe(400);
  });

  it('takes PNG images judged by their decoded header, never by their name', async () => {
    const renamed = await upload(bank, brandedId, 'banner', JPEG, 'banner.png');
    expect(renamed.status).toBe(422);
    expect(renamed.body.code).toBe('templateImageNotPng');
    const small = await upload(bank, brandedId, 'banner', png(120, 30), 'banner.png');
    expect(small.status).toBe(422);
    expect(small.body.code).toBe('templateImageTooSmall');
    const banner = await upload(bank, brandedId, 'banner', png(800, 100), 'anything.jpg');
    expect(banner.status).toBe(201);
    expect(banner.body.content).toMatchObject({ slot: 'banner', width: 800, height: 100 });
    expect(banner.body.content).not.toHaveProperty('data');
    expect((await upload(bank, brandedId, 'footer', png(400, 40), 'footer.png')).status).toBe(201);
    const images = await call(server.base, 'GET', `/wbe/api/report-templates/${brandedId}/images`, { token: bank });
    expect(images.body.content.items.map((image: { slot: string }) => image.slot)).toEqual(['banner', 'footer']);
    // another organisation neither sees nor changes them
    expect((await upload(admin, brandedId, 'banner', png(800, 100), 'b.png')).status).toBe(404);
    expect((await upload(merchant, brandedId, 'banner', png(800, 100), 'b.png')).status).toBe(403);
  });

  it("previews the real PDF's first page, with the template's title and Turkish text", async () => {
    const answer = await fetchPdf(bank, `/wbe/api/report-templates/${brandedId}/preview`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await answer.arrayBuffer());
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const text = await pdfText(bytes);
    expect(text).toContain('Şirket Öğrenci Raporu');
    expect(text).toContain('Şirket Öğrenci Gıda A.Ş.');
    expect(text).toContain('Demo Bank · Gizli');
    expect(text).toContain('Sayfa 1 / 1');
    expect((await fetchPdf(admin, `/wbe/api/report-templates/${brandedId}/preview`)).status).toBe(404);
  });

  it('generates the portfolio risk report as a job: progress, then a searchable PDF and a notification', async () => {
    const asked = await call(server.base, 'POST', '/wbe/api/reports', {
      token: bank,
      body: { kind: 'portfolioRisk', templateId: brandedId },
    });
    expect(asked.status).toBe(201);
    expect(asked.body.content).toMatchObject({ kind: 'portfolioRisk', state: 'generating', templateId: brandedId });
    await server.settled();
    const listed = await call(server.base, 'GET', '/wbe/api/reports', { token: bank });
    const report = listed.body.content.items.find((item: { id: string }) => item.id === asked.body.content.id);
    expect(report).toMatchObject({ state: 'ready', progress: 100 });
    expect(report).not.toHaveProperty('organizationId');

    const answer = await fetchPdf(bank, `/wbe/api/download/report/${report.id}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(Buffer.from(await answer.arrayBuffer()));
    expect(text).toContain('Şirket Öğrenci Raporu');
    expect(text).toContain('Anatolia Books');
    expect(text).toContain('Cappadocia Crafts');
    expect(text).toContain('Riske göre üye işyerleri');

    const [owner] = await server.store.collection<UserRecord>('users').find((user) => user.email === 'bank@demo.test');
    const notices = await server.store
      .collection<NotificationRecord>('notifications')
      .find((notice) => notice.receiverId === owner?.id && notice.payload.report_id === report.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.groupValues).toEqual(['report']);

    // another user may not download it
    expect((await fetchPdf(admin, `/wbe/api/download/report/${report.id}`)).status).toBe(403);
  });

  it('answers 202 while a PDF report is being generated', async () => {
    const [owner] = await server.store.collection<UserRecord>('users').find((user) => user.email === 'bank@demo.test');
    const waiting: ReportRecord = {
      id: 'waiting-pdf',
      ownerId: owner?.id as string,
      kind: 'complianceStatus',
      period: '2026-01',
      state: 'generating',
      progress: 40,
      language: 'en',
      organizationId: 'org-demo-bank',
      createdAt: new Date().toISOString(),
    };
    await server.store.collection<ReportRecord>('reports').insert(waiting);
    const answer = await fetchPdf(bank, '/wbe/api/download/report/waiting-pdf');
    expect(answer.status).toBe(202);
    expect((await answer.json()).content).toMatchObject({ state: 'generating', progress: 40 });
  });

  it("makes one merchant's compliance status report with the organisation's default template", async () => {
    const asked = await call(server.base, 'POST', '/wbe/api/reports', {
      token: bank,
      body: { kind: 'complianceStatus', merchantId: 'demo-merchant-anatolia' },
    });
    expect(asked.status).toBe(201);
    expect(asked.body.content.templateId).toBe(brandedId);
    await server.settled();
    const answer = await fetchPdf(bank, `/wbe/api/download/report/${asked.body.content.id}`);
    expect(answer.status).toBe(200);
    const text = await pdfText(Buffer.from(await answer.arrayBuffer()));
    expect(text).toContain('Anatolia Books');
    expect(text).not.toContain('Cappadocia Crafts');
    expect(text).toContain('Uyumlu');
  });

  it("refuses another organisation's template or merchant, and users without the portfolio", async () => {
    const template = await call(server.base, 'POST', '/wbe/api/reports', {
      token: admin,
      body: { kind: 'portfolioRisk', templateId: brandedId },
    });
    expect(template.status).toBe(404);
    expect(template.body.code).toBe('reportTemplateNotFound');
    const merchantOf = await call(server.base, 'POST', '/wbe/api/reports', {
      token: admin,
      body: { kind: 'complianceStatus', merchantId: 'demo-merchant-anatolia' },
    });
    expect(merchantOf.status).toBe(404);
    const read = await call(server.base, 'GET', `/wbe/api/resources/report-template/${brandedId}`, { token: admin });
    expect(read.status).toBe(404);
    const noPortfolio = await call(server.base, 'POST', '/wbe/api/reports', {
      token: merchant,
      body: { kind: 'portfolioRisk' },
    });
    expect(noPortfolio.status).toBe(403);
    const templates = await call(server.base, 'GET', '/wbe/api/resources/report-template', { token: merchant });
    expect(templates.status).toBe(403);
  });

  it('sends scheduled reports on their day once: weekly on Mondays, monthly on the 1st', async () => {
    const schedule = (token: string, body: Record<string, unknown>) =>
      call(server.base, 'POST', '/wbe/api/resources/report-schedule', { token, body });
    expect((await schedule(bank, { kind: 'portfolioRisk', frequency: 'monthly', templateId: brandedId })).status).toBe(
      201,
    );
    const weekly = await schedule(bank, { kind: 'complianceStatus', frequency: 'weekly' });
    expect(weekly.status).toBe(201);
    // another organisation's template is no reference; a frequency outside the two is no schedule
    const theirs = await schedule(admin, { kind: 'portfolioRisk', frequency: 'monthly', templateId: brandedId });
    expect(theirs.status).toBe(422);
    expect(theirs.body.errors).toHaveProperty('templateId');
    expect((await schedule(bank, { kind: 'portfolioRisk', frequency: 'daily' })).status).toBe(422);

    const reports = new ReportsService(server.ctx);
    // 2026-06-01 is a Monday and a 1st: both; the day after neither; asking twice the same day adds none
    expect(await reports.sendScheduled(new Date('2026-06-02T06:15:00Z'))).toBe(0);
    expect(await reports.sendScheduled(new Date('2026-06-01T06:15:00Z'))).toBe(2);
    expect(await reports.sendScheduled(new Date('2026-06-01T07:15:00Z'))).toBe(0);
    expect(await reports.sendScheduled(new Date('2026-06-08T06:15:00Z'))).toBe(1);
    await server.settled();
    const listed = await call(server.base, 'GET', '/wbe/api/reports?pageSize=100', { token: bank });
    const scheduled = listed.body.content.items.filter((item: { id: string }) => item.id.startsWith('schedule-'));
    expect(scheduled).toHaveLength(3);
    expect(scheduled.every((item: { state: string }) => item.state === 'ready')).toBe(true);
    expect(scheduled.find((item: { kind: string }) => item.kind === 'portfolioRisk')?.templateId).toBe(brandedId);
  });
});
