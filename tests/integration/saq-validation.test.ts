import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_API_KEY } from '../../core/notifications/notification.types';
import type { WorkflowBody } from '../../core/workflows/workflow.types';
import { userChannel } from '../../server/realtime/publish';
import type { UserRecord } from '../../server/store/records.types';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';
import { next, pusherFor } from './support/pusher-client';
import { SAQ_API, download, signedSaqA, waitForStatus } from './support/saq-flow';

// The SAQ lifecycle as the published workflow `saq` (schemas/workflows/saq.json) over real HTTP:
// every move judged by it, the bank's validation and return, the merchant told of either.
const API = '/wbe/api/management-saq';
const WORKFLOW = JSON.parse(readFileSync('schemas/workflows/saq.json', 'utf8')) as { body: WorkflowBody };

describe('the SAQ workflow and the bank’s validation', () => {
  let server: TestServer;
  let admin: string;
  let merchant: string;
  let bank: string;
  let assessee: string;

  const as = (token: string | undefined, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token, ...(body !== undefined ? { body } : {}) });

  /** An SAQ A signed and submitted to Demo Bank by the merchant. */
  async function submitted(): Promise<string> {
    const signed = await signedSaqA(server, merchant);
    const sent = await as(merchant, 'POST', `${SAQ_API}/saqs/${signed.id}/submit`, { bankId: 'org-demo-bank' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    return signed.id as string;
  }

  const notifications = async (token: string, language = 'en') =>
    (
      await call(server.base, 'GET', '/ntgw/api/notifs?pageSize=50', {
        token,
        headers: { 'x-api-key': NOTIFICATIONS_API_KEY, 'accept-language': language },
      })
    ).body.content.items as { title: string; description: string; url: string }[];

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    [admin, merchant, bank, assessee] = await Promise.all(
      ['admin@demo.test', 'merchant@demo.test', 'bank@demo.test', 'assessee@demo.test'].map((email) =>
        tokenFor(server.base, email),
      ),
    );
  }, 60_000);
  afterAll(() => server.close());

  it('offers each side the actions the workflow allows it, and refuses the rest with 409 naming them', async () => {
    const started = await as(merchant, 'POST', `${SAQ_API}/saqs`, { saqType: 'A' });
    expect(started.body.content).toMatchObject({ status: 'waiting', actions: ['complete'] });
    const early = await as(merchant, 'POST', `${SAQ_API}/saqs/${started.body.content.id}/sign`, {
      signerName: 'Ada',
      signerTitle: 'Owner',
      agree: true,
    });
    expect([early.status, early.body.code, early.body.allowed]).toEqual([409, 'saqNotCompleted', ['complete']]);

    const saqId = await submitted();
    const mine = await as(merchant, 'GET', `${SAQ_API}/saqs/${saqId}`);
    expect(mine.body.content).toMatchObject({ status: 'submitted', actions: [] });
    const edit = await as(merchant, 'PUT', `${SAQ_API}/saqs/${saqId}/answers/dba`, { value: 'x' });
    expect([edit.status, edit.body.code, edit.body.allowed]).toEqual([409, 'saqLocked', []]);
    const detail = await as(bank, 'GET', `${API}/saqs/${saqId}`);
    expect(detail.body.content).toMatchObject({ status: 'submitted', actions: ['validate', 'return'] });

    // the moves are the workflow's history, as a resource's are
    const history = await server.store
      .collection<{ id: string; recordId: string; action: string; by: string }>('hist.saq')
      .all();
    expect(history.filter((entry) => entry.recordId === saqId).map((entry) => entry.action)).toEqual([
      'create',
      'complete',
      'sign',
      'attest',
      'submit',
    ]);
    expect(history.find((entry) => entry.recordId === saqId && entry.action === 'attest')?.by).toBe('system');
  }, 120_000);

  it('refuses bad bodies with 400, other roles with 401/403, another organisation with 404', async () => {
    const saqId = await submitted();
    const validate = `${API}/saqs/${saqId}/validate`;
    const back = `${API}/saqs/${saqId}/return`;
    for (const [path, body] of [
      [validate, {}],
      [validate, { outcome: 'maybe' }],
      [validate, { outcome: 'legalException' }],
      [validate, { outcome: 'compliant', note: 'x'.repeat(2001) }],
      [validate, { outcome: 'compliant', status: 'validated' }],
      [validate, ['compliant']],
      [back, {}],
      [back, { note: '' }],
      [back, { note: '   ' }],
      [back, { note: 42 }],
      [back, { note: 'x'.repeat(2001) }],
      [back, { note: 'Fix it', outcome: 'compliant' }],
    ] as const) {
      const refused = await as(bank, 'POST', path, body);
      expect([refused.status, refused.body.code], `${path} ${JSON.stringify(body).slice(0, 60)}`).toEqual([
        400,
        'invalidRequest',
      ]);
    }
    expect((await as(bank, 'POST', `${API}/saqs/not-an-id/validate`, { outcome: 'compliant' })).status).toBe(400);
    expect((await as(undefined, 'POST', validate, { outcome: 'compliant' })).status).toBe(401);
    for (const outsider of [merchant, assessee]) {
      expect((await as(outsider, 'POST', validate, { outcome: 'compliant' })).status).toBe(403);
      expect((await as(outsider, 'POST', back, { note: 'No' })).status).toBe(403);
    }
    // the same bank user working for the acquirer, and the admin's own organisation: not theirs
    const switched = await as(bank, 'GET', '/trn/v2/login/organization/org-demo-acquirer');
    const acquirer = switched.body.content.token as string;
    for (const other of [acquirer, admin]) {
      const hidden = await as(other, 'POST', validate, { outcome: 'compliant' });
      expect([hidden.status, hidden.body.code]).toEqual([404, 'saqNotFound']);
    }
    // the merchant cannot validate through the SAQ service either: no such route
    expect((await as(merchant, 'POST', `${SAQ_API}/saqs/${saqId}/validate`, { outcome: 'compliant' })).status).toBe(
      404,
    );
    expect((await as(bank, 'GET', `${API}/saqs/${saqId}`)).body.content.status).toBe('submitted');
  }, 120_000);

  it('returns an SAQ with a note: the merchant is told, edits it back to answering and resubmits; the bank validates', async () => {
    const users = await server.store.collection<UserRecord>('users').all();
    const merchantId = users.find((user) => user.email === 'merchant@demo.test')?.id as string;
    const saqId = await submitted();
    const owner = pusherFor(server.base, merchant);
    try {
      const channel = owner.subscribe(userChannel(merchantId));
      await next(channel, 'pusher:subscription_succeeded');
      const changed = next<{ id: string; status: string }>(channel, 'saq.changed');
      const returned = await as(bank, 'POST', `${API}/saqs/${saqId}/return`, {
        note: '  Appendix C needs a reason per requirement.  ',
      });
      expect(returned.status, JSON.stringify(returned.body)).toBe(200);
      expect(returned.body.content).toMatchObject({
        status: 'returned',
        overallStatus: 'nonCompliant',
        validatedCompliance: null,
        bankNote: 'Appendix C needs a reason per requirement.',
        reviewedBy: expect.any(String),
        reviewedAt: expect.any(String),
        actions: [],
      });
      expect(await changed).toEqual({ id: saqId, status: 'returned' });
    } finally {
      owner.disconnect();
    }
    const again = await as(bank, 'POST', `${API}/saqs/${saqId}/validate`, { outcome: 'compliant' });
    expect([again.status, again.body.code, again.body.allowed]).toEqual([409, 'saqNotSubmitted', []]);

    expect(await notifications(merchant)).toContainEqual(
      expect.objectContaining({
        title: 'Demo Bank returned your SAQ A',
        description: 'Demo Bank returned your SAQ A: “Appendix C needs a reason per requirement.”',
        url: `/app/pci-dss-requests/saq/${saqId}`,
      }),
    );
    expect((await notifications(merchant, 'tr')).map((item) => item.title)).toContain(
      'Demo Bank, SAQ A beyanınızı iade etti',
    );
    const tracked = await as(bank, 'GET', `${API}/saqs?pageSize=100`);
    expect(tracked.body.content.items).toContainEqual(
      expect.objectContaining({ id: saqId, status: 'returned', overallStatus: 'nonCompliant' }),
    );

    // the merchant reads the note, edits (signature dropped), completes, signs and submits again
    const mine = await as(merchant, 'GET', `${SAQ_API}/saqs/${saqId}`);
    expect(mine.body.content).toMatchObject({ status: 'returned', bankNote: expect.any(String), actions: ['edit'] });
    const edited = await as(merchant, 'PUT', `${SAQ_API}/saqs/${saqId}/answers/dba`, { value: 'Demo Shop Online' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.content).toMatchObject({ status: 'waiting', signedAt: null, attestation: null });
    expect((await download(server.base, `${SAQ_API}/saqs/${saqId}/attestation`, merchant)).status).toBe(404);
    // the bank still tracks it while it is reworked: unsigned, yet non-compliant rather than expired
    const reworked = await as(bank, 'GET', `${API}/saqs/${saqId}`);
    expect(reworked.body.content).toMatchObject({ status: 'waiting', overallStatus: 'nonCompliant', actions: [] });
    expect((await as(merchant, 'POST', `${SAQ_API}/saqs/${saqId}/complete`, {})).status).toBe(200);
    const signer = { signerName: 'Ada Merchant', signerTitle: 'Owner', agree: true };
    expect((await as(merchant, 'POST', `${SAQ_API}/saqs/${saqId}/sign`, signer)).status).toBe(202);
    await waitForStatus(server, merchant, saqId, 'signed');
    const resubmitted = await as(merchant, 'POST', `${SAQ_API}/saqs/${saqId}/submit`, { bankId: 'org-demo-bank' });
    expect(resubmitted.body.content).toMatchObject({ status: 'submitted', bankNote: null, reviewedAt: null });

    // the bank confirms a non-compliance against the merchant's declared compliance
    const validated = await as(bank, 'POST', `${API}/saqs/${saqId}/validate`, {
      outcome: 'nonCompliant',
      note: 'Requirement 6.4.3 is not in place.',
    });
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    expect(validated.body.content).toMatchObject({
      status: 'validated',
      compliance: 'compliant',
      validatedCompliance: 'nonCompliant',
      overallStatus: 'nonCompliant',
      actions: [],
    });
    expect(await notifications(merchant)).toContainEqual(
      expect.objectContaining({
        title: 'Demo Bank validated your SAQ A',
        description: 'Demo Bank validated your SAQ A as non-compliant: “Requirement 6.4.3 is not in place.”',
      }),
    );
    expect((await notifications(merchant, 'tr')).map((item) => item.description)).toContain(
      'Demo Bank, SAQ A beyanınızı uyumsuz olarak doğruladı: “Requirement 6.4.3 is not in place.”',
    );
    const filtered = await as(
      bank,
      'GET',
      `${API}/saqs?pageSize=100&filter=${encodeURIComponent(JSON.stringify({ field: 'validatedCompliance', op: 'eq', value: 'nonCompliant' }))}`,
    );
    expect(filtered.body.content.items.map((row: { id: string }) => row.id)).toEqual([saqId]);
    const stats = (await as(bank, 'GET', `${API}/stats`)).body.content;
    expect(stats.totals.nonCompliant).toBeGreaterThanOrEqual(1);
    // a validated SAQ is the bank's report: the merchant cannot change it, nor does a new SAQ delete it
    const locked = await as(merchant, 'PUT', `${SAQ_API}/saqs/${saqId}/answers/dba`, { value: 'x' });
    expect([locked.status, locked.body.code]).toEqual([409, 'saqLocked']);
    await as(merchant, 'POST', `${SAQ_API}/saqs`, { saqType: 'A' });
    expect((await as(merchant, 'GET', `${SAQ_API}/saqs/${saqId}`)).body.content.status).toBe('validated');
  }, 180_000);

  it('follows a changed workflow once it is published, without a restart', async () => {
    const saqId = await submitted();
    // the analysts publish a workflow in which the bank can no longer return an SAQ, only validate it
    const body = structuredClone(WORKFLOW.body);
    body.transitions = body.transitions.filter((transition) => transition.action !== 'return');
    const draft = await as(admin, 'POST', '/config/v1/documents/workflow/saq/drafts', { body });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const published = await as(
      admin,
      'POST',
      `/config/v1/documents/workflow/saq/versions/${draft.body.version}/publish`,
    );
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    try {
      expect((await as(bank, 'GET', `${API}/saqs/${saqId}`)).body.content.actions).toEqual(['validate']);
      const refused = await as(bank, 'POST', `${API}/saqs/${saqId}/return`, { note: 'No' });
      expect([refused.status, refused.body.code, refused.body.allowed]).toEqual([409, 'saqNotSubmitted', ['validate']]);
    } finally {
      const restore = await as(admin, 'POST', '/config/v1/documents/workflow/saq/drafts', {
        body: WORKFLOW.body,
      });
      await as(admin, 'POST', `/config/v1/documents/workflow/saq/versions/${restore.body.version}/publish`);
    }
    expect((await as(bank, 'GET', `${API}/saqs/${saqId}`)).body.content.actions).toEqual(['validate', 'return']);

    // a workflow of the service's records may not name a published resource's id
    const clash = await as(admin, 'POST', '/config/v1/documents/workflow/saq-clash/drafts', {
      body: { ...WORKFLOW.body, resource: 'invitation' },
    });
    const check =
      clash.status === 201
        ? await as(admin, 'POST', `/config/v1/documents/workflow/saq-clash/versions/${clash.body.version}/publish`)
        : clash;
    expect(check.status).toBe(422);
    expect(JSON.stringify(check.body)).toContain('is a published resource');
  }, 120_000);
});
