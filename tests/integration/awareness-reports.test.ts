import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentRecord } from '../../core/assessments/assessment.types';
import { periodOf } from '../../core/reports/report.utils';
import { ReportsService } from '../../server/services/reports.service';
import type {
  NotificationRecord,
  OrganizationRecord,
  ReportRecord,
  UserRecord,
} from '../../server/store/records.types';
import { pdfText } from '../support/pdf-text';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';

const BATCHES = '/wbe/api/admin/awareness/batches';
const REPORTS = '/wbe/api/admin/awareness/reports';
const TURKISH = 'İzmir Çiçekçilik Şirketi';

/**
 * Awareness reports (docs/domain/reports.md 'Awareness reports'): an admin's batch makes one PDF per
 * organisation through the reports' job, counts them on the batch, tells the admin once; single reports
 * are listed, downloaded, made again and removed; nobody but an admin may. Then the vendor-assessment
 * and MMSP integrity reports on the same machinery, the latter from a monthly schedule.
 */
describe('awareness reports and the vendor and MMSP PDF reports', () => {
  let server: TestServer;
  let admin: string;
  let bank: string;
  let owner: string;

  const fetchFile = (token: string, path: string) =>
    fetch(`${server.base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const userId = async (email: string) =>
    (await server.store.collection<UserRecord>('users').find((user) => user.email === email))[0]?.id ?? '';

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100, stoppedClock: true });
    admin = await tokenFor(server.base, 'admin@demo.test');
    bank = await tokenFor(server.base, 'bank@demo.test');
    owner = await tokenFor(server.base, 'owner@demo.test');
    await server.store
      .collection<OrganizationRecord>('organizations')
      .insert({ id: 'org-izmir', name: TURKISH, createdAt: server.clock.now().toISOString() });
  });
  afterAll(() => server.close());

  it('refuses everyone but an admin, on every awareness endpoint', async () => {
    for (const token of [bank, owner]) {
      const body = { name: 'Nope', organizationKind: 'all' };
      expect((await call(server.base, 'POST', BATCHES, { token, body })).status).toBe(403);
      expect((await call(server.base, 'GET', REPORTS, { token })).status).toBe(403);
      expect((await call(server.base, 'GET', '/wbe/api/resources/awareness-batch', { token })).status).toBe(403);
      expect((await call(server.base, 'DELETE', `${BATCHES}/x`, { token })).status).toBe(403);
    }
    // the generic resource makes no batch: only the endpoint that starts its reports does
    const generic = await call(server.base, 'POST', '/wbe/api/resources/awareness-batch', {
      token: admin,
      body: { name: 'x' },
    });
    expect(generic.status).toBe(403);
    // awareness reports are never asked for as one's own report
    const own = await call(server.base, 'POST', '/wbe/api/reports', { token: admin, body: { kind: 'awareness' } });
    expect(own.status).toBe(400);
  });

  it('refuses a batch without organisations, with unknown ones, for a future month, or with a bad body', async () => {
    const create = (body: Record<string, unknown>) => call(server.base, 'POST', BATCHES, { token: admin, body });
    expect((await create({ name: 'B', organizationKind: 'selected' })).status).toBe(422);
    expect((await create({ name: 'B', organizationKind: 'selected', organizationIds: ['org-nowhere'] })).status).toBe(
      404,
    );
    expect((await create({ name: 'B', organizationKind: 'bank', period: '2999-01' })).status).toBe(422);
    expect((await create({ name: 'B', organizationKind: 'everyone' })).status).toBe(400);
    expect((await create({ name: ' ', organizationKind: 'bank' })).status).toBe(400);
    expect((await create({ name: 'B', organizationKind: 'bank', templateId: 'no-such-template' })).status).toBe(404);
  });

  let batchId = '';

  it('makes a batch of reports with the job, counts them on the batch and tells the admin once', async () => {
    const created = await call(server.base, 'POST', BATCHES, {
      token: admin,
      body: {
        name: 'Ekim kampanyası',
        organizationKind: 'selected',
        organizationIds: ['org-izmir', 'org-demo-bank'],
        language: 'tr',
      },
    });
    expect(created.status).toBe(201);
    batchId = created.body.content.id;
    const now = server.clock.now();
    expect(created.body.content).toMatchObject({ status: 'generating', total: 2, done: 0, period: periodOf(now) });
    await server.settled();

    const batch = await call(server.base, 'GET', `/wbe/api/resources/awareness-batch/${batchId}`, { token: admin });
    expect(batch.body.content).toMatchObject({ status: 'ready', total: 2, done: 2, failed: 0, progress: 100 });
    expect(batch.body.content.finishedAt).toBe(now.toISOString());

    const listed = await call(
      server.base,
      'GET',
      `${REPORTS}?filter=${encodeURIComponent(JSON.stringify({ field: 'batchId', op: 'eq', value: batchId }))}&sort=subjectName`,
      { token: admin },
    );
    expect(listed.status).toBe(200);
    const items = listed.body.content.items as (ReportRecord & { organizationId: string })[];
    expect(items.map((item) => [item.subjectName, item.subjectKind, item.state])).toEqual([
      ['Demo Bank', 'bank', 'ready'],
      [TURKISH, 'merchant', 'ready'],
    ]);
    expect(items[0]).not.toHaveProperty('ownerId');
    expect(items[0]?.readyAt).toBe(now.toISOString());

    const izmir = items.find((item) => item.organizationId === 'org-izmir');
    const answer = await fetchFile(admin, `${REPORTS}/${izmir?.id}/download`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(Buffer.from(await answer.arrayBuffer()));
    expect(text).toContain(TURKISH);
    expect(text).toContain('Web güvenlik taramaları');
    expect(text).toContain('Sitelerinin hiçbiri henüz taranmadı.');
    expect(text).not.toContain('…'); // no cell cut
    const bankText = await pdfText(
      Buffer.from(await (await fetchFile(admin, `${REPORTS}/${items[0]?.id}/download`)).arrayBuffer()),
    );
    expect(bankText).toContain('Demo Bank');
    expect(bankText).toContain('Riske göre üye işyeri portföyü');

    // one notice for the whole batch, none per report
    const adminId = await userId('admin@demo.test');
    const notices = await server.store
      .collection<NotificationRecord>('notifications')
      .find((notice) => notice.receiverId === adminId && notice.groups.some((group) => group.groupValue === 'report'));
    expect(notices.map((notice) => notice.groups[0]?.groupKey)).toEqual(['awarenessBatchFinished']);
    expect(notices[0]?.payload.description).toContain('2 reports are ready, 0 failed');

    // the charts' aggregate over the same list
    const aggregate = encodeURIComponent(
      JSON.stringify({ measures: [{ op: 'count', as: 'count' }], groupBy: { field: 'subjectKind' } }),
    );
    const charts = await call(server.base, 'GET', `${REPORTS}?aggregate=${aggregate}`, { token: admin });
    expect(charts.body.content.aggregate.groups).toEqual([
      { key: 'bank', count: 1 },
      { key: 'merchant', count: 1 },
    ]);
  });

  it('makes a report again, retries the failed ones, and removes reports and batches', async () => {
    const reports = server.store.collection<ReportRecord>('reports');
    const [first, second] = await reports.find((report) => report.batchId === batchId);
    const again = await call(server.base, 'POST', `${REPORTS}/${first?.id}/regenerate`, { token: admin });
    expect(again.status).toBe(200);
    expect(again.body.content).toMatchObject({ state: 'generating', progress: 0 });
    expect((await fetchFile(admin, `${REPORTS}/${first?.id}/download`)).status).toBe(202);
    await server.settled();
    expect((await reports.get(first?.id ?? ''))?.state).toBe('ready');

    // nothing failed yet: nothing to retry; a failed one is made again and the batch counts it
    expect((await call(server.base, 'POST', `${BATCHES}/${batchId}/retry`, { token: admin })).status).toBe(409);
    await reports.update(second?.id ?? '', { state: 'failed' });
    const retried = await call(server.base, 'POST', `${BATCHES}/${batchId}/retry`, { token: admin });
    expect(retried.body.content).toMatchObject({ status: 'generating', failed: 0, done: 1 });
    await server.settled();
    const batch = () => call(server.base, 'GET', `/wbe/api/resources/awareness-batch/${batchId}`, { token: admin });
    expect((await batch()).body.content).toMatchObject({ status: 'ready', done: 2 });

    expect((await call(server.base, 'DELETE', `${REPORTS}/${first?.id}`, { token: admin })).status).toBe(200);
    expect((await batch()).body.content).toMatchObject({ total: 1, done: 1 });
    expect((await call(server.base, 'DELETE', `${BATCHES}/${batchId}`, { token: admin })).status).toBe(200);
    expect((await batch()).status).toBe(404);
    expect(await reports.find((report) => report.batchId === batchId)).toEqual([]);
    expect((await fetchFile(admin, `${REPORTS}/${second?.id}/download`)).status).toBe(404);
  });

  it('makes a batch of every bank', async () => {
    const created = await call(server.base, 'POST', BATCHES, {
      token: admin,
      body: { name: 'Banks', organizationKind: 'bank' },
    });
    expect(created.body.content.total).toBe(2);
    await server.settled();
    const reports = await server.store
      .collection<ReportRecord>('reports')
      .find((report) => report.batchId === created.body.content.id);
    expect(reports.map((report) => report.organizationId).sort()).toEqual(['org-demo-acquirer', 'org-demo-bank']);
  });

  it("draws the vendor-assessment report over the organisation's assessments", async () => {
    const ownerId = await userId('owner@demo.test');
    const at = server.clock.now().toISOString();
    await server.store.collection<AssessmentRecord>('assessments').insert({
      id: 'assessment-ankara',
      name: 'Yıllık güvenlik değerlendirmesi',
      alias: null,
      template: { id: 'assessment-vendor-security-1.0', version: 1 },
      group: null,
      ownerId,
      assessorId: ownerId,
      assesseeId: null,
      thirdPartyId: 'tp-ankara',
      thirdPartyName: 'Ankara Güvenlik Hizmetleri',
      contactEmail: null,
      invitationId: null,
      deadline: '2027-01-31',
      status: 'completed',
      answers: {},
      reviews: {},
      messages: [],
      issueIds: ['i1', 'i2'],
      progress: { done: 4, total: 4, percent: 100 },
      assessorProgress: { done: 4, total: 4, percent: 100 },
      submissionDate: at,
      completionDate: at,
      score: 75,
      remindersSent: [],
      organizationId: 'org-demo-vendor',
      createdAt: at,
      updatedAt: at,
    });
    // the portfolio's bank user is no assessment reader
    expect(
      (await call(server.base, 'POST', '/wbe/api/reports', { token: bank, body: { kind: 'vendorAssessment' } })).status,
    ).toBe(403);
    const asked = await call(server.base, 'POST', '/wbe/api/reports', {
      token: owner,
      body: { kind: 'vendorAssessment' },
    });
    expect(asked.status).toBe(201);
    await server.settled();
    const answer = await fetchFile(owner, `/wbe/api/download/report/${asked.body.content.id}`);
    expect(answer.status).toBe(200);
    // long names wrap in their cells: the lines of a cell come one after the other
    const text = (await pdfText(Buffer.from(await answer.arrayBuffer()))).replace(/\n/g, ' ');
    expect(text).toContain('Ankara Güvenlik Hizmetleri');
    expect(text).toContain('Yıllık güvenlik değerlendirmesi');
    expect(text).toMatch(/Demo Vendor Assessments/);
    expect(text).not.toContain('…');
  });

  it('sends the MMSP merchant integrity report from a monthly schedule, over the portfolio', async () => {
    const schedule = await call(server.base, 'POST', '/wbe/api/resources/report-schedule', {
      token: bank,
      body: { kind: 'mmspIntegrity', frequency: 'monthly' },
    });
    expect(schedule.status).toBe(201);
    expect(await new ReportsService(server.ctx).sendScheduled(new Date('2026-07-01T06:15:00Z'))).toBe(1);
    await server.settled();
    const listed = await call(server.base, 'GET', '/wbe/api/reports', { token: bank });
    const report = listed.body.content.items.find((item: { kind: string }) => item.kind === 'mmspIntegrity');
    expect(report).toMatchObject({ state: 'ready' });
    const text = await pdfText(
      Buffer.from(await (await fetchFile(bank, `/wbe/api/download/report/${report.id}`)).arrayBuffer()),
    );
    expect(text).toMatch(/MMSP/);
    expect(text).toContain('Demo Bank');
  });
});
