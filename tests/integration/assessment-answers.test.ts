import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../server/store/records.types';
import { VENDOR_ANSWERS } from '../support/vendor-assessment';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';

// One vendor assessment over real HTTP from the file answer to the raised issues (issue 10): a file
// answer keeps only the reference of the assessee's own upload and its participants download it; one
// answer goes back to fix with a note; completion warns of unreviewed files; the template's findings
// raise issue records the AST reads count. At each step every role that must not act is refused.
const MAQ = '/maq/api';
const TEMPLATE = 'assessment-vendor-security-1.0';
const WHO = ['owner', 'assessor', 'assessee', 'merchant', 'admin', 'outsider'] as const;
type Who = (typeof WHO)[number];
/** An assessor of the same organisation who holds no role in this assessment. */
const OUTSIDER = 'outsider.assessor@demo.test';

/** The template's other required answers: encryption partial and incidentPlan no are its two findings. */
const REST = VENDOR_ANSWERS;

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('assessment file answers, per-answer send back and issues from findings', () => {
  let server: TestServer;
  const tokens = {} as Record<Who, string>;
  let id = '';
  let vendor = '';
  let policy: Record<string, unknown> = {};
  const VENDOR = `Findings Vendor ${Date.now()}`;
  const as = (who: Who, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token: tokens[who], body });
  const one = () => `${MAQ}/assessments/${id}`;

  async function upload(who: Who, bytes: Buffer, scope: string, name = 'policy.pdf') {
    const form = new FormData();
    form.append('scope', scope);
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const response = await fetch(`${server.base}/wbe/api/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[who]}`, 'accept-language': 'en' },
      body: form,
    });
    return { status: response.status, body: await response.json() };
  }
  const download = (who: Who, fileId: string) =>
    fetch(`${server.base}/wbe/api/files/${fileId}`, { headers: { authorization: `Bearer ${tokens[who]}` } });

  /** Each `who` gets one of `statuses` and the assessment's status stays where it was. */
  async function refused(whoList: Who[], method: string, path: string, body?: unknown, statuses = [403, 404, 409]) {
    const before = (await as('owner', 'GET', one())).body.content.status;
    for (const who of whoList) {
      const answer = await as(who, method, path, body);
      expect(statuses, `${who} ${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`).toContain(
        answer.status,
      );
    }
    expect((await as('owner', 'GET', one())).body.content.status).toBe(before);
  }

  const items = async (who: Who) =>
    (await as(who, 'GET', `${one()}/items?pageSize=50`)).body.content.items as Record<string, unknown>[];
  const itemRow = async (who: Who, itemId: string) => (await items(who)).find((row) => row.itemId === itemId);

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    const users = server.store.collection<UserRecord>('users');
    const [assessor] = await users.find((user) => user.email === 'assessor@demo.test');
    await users.insert({ ...assessor, id: randomUUID(), email: OUTSIDER, name: 'Otto Outsider' });
    for (const who of WHO)
      tokens[who] = await tokenFor(server.base, who === 'outsider' ? OUTSIDER : `${who}@demo.test`);
    const made = await as('owner', 'POST', '/wbe/api/resources/third-party', {
      name: VENDOR,
      url: 'https://findings.example',
      package: 'basic',
      contactPerson: 'Contact',
      contactEmail: 'assessee@demo.test',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    vendor = made.body.content.id;
    const people = (await as('owner', 'GET', `${MAQ}/people`)).body.content as { id: string; email: string }[];
    const created = await as('owner', 'POST', `${MAQ}/assessments`, {
      name: 'Files and findings',
      templateId: TEMPLATE,
      thirdPartyId: vendor,
      assessorId: people.find((p) => p.email === 'assessor@demo.test')?.id,
      deadline: '2027-01-31',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    id = created.body.content.id;
    expect((await as('owner', 'POST', `${one()}/actions/invite`)).body.content.status).toBe('registered');
    expect((await as('owner', 'POST', `${one()}/actions/request`)).body.content.status).toBe('requested');
  });

  afterAll(async () => {
    await server?.close();
  });

  it('keeps only the reference of the assessee’s own upload, and lets the participants download it', async () => {
    const scope = `assessment:${id}:securityPolicy`;
    const uploaded = await upload('assessee', PDF, scope);
    expect(uploaded.status).toBe(201);
    policy = uploaded.body.content;
    // the same bytes twice for the same question: refused
    expect((await upload('assessee', PDF, scope)).body.code).toBe('fileAlreadyExists');

    // an upload of someone else, a made-up reference or the bytes inline: refused, nothing saved
    const theirs = (await upload('outsider', PDF, 'elsewhere')).body.content;
    for (const value of [
      theirs,
      { ...policy, name: 'renamed.pdf' },
      { ...policy, id: randomUUID() },
      `data:application/pdf;base64,${PDF.toString('base64')}`,
    ]) {
      const answer = await as('assessee', 'PUT', `${one()}/answers/securityPolicy`, { value });
      expect(answer.status, JSON.stringify(value)).toBe(422);
      expect(answer.body.code).toBe('answerInvalid');
    }
    const foreign = await as('assessee', 'PUT', `${one()}/answers/securityPolicy`, { value: theirs });
    expect(foreign.body.problems[0].message).toBe(
      'Upload the file again: this answer does not name a file you uploaded.',
    );

    // only the assessee answers, even with a reference of their own upload
    const ownerFile = (await upload('owner', PDF, 'owner-scope')).body.content;
    await refused(['owner'], 'PUT', `${one()}/answers/securityPolicy`, { value: ownerFile });
    await refused(['assessor', 'outsider', 'admin', 'merchant'], 'PUT', `${one()}/answers/securityPolicy`, {
      value: policy,
    });

    const saved = await as('assessee', 'PUT', `${one()}/answers/securityPolicy`, { value: policy });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.content.answers.securityPolicy).toEqual(policy);
    expect(Object.keys(saved.body.content.answers.securityPolicy).sort()).toEqual([
      'id',
      'name',
      'sha256',
      'size',
      'type',
    ]);
    const row = await itemRow('assessor', 'securityPolicy');
    expect(row).toMatchObject({ fileId: policy.id, answer: 'policy.pdf', answered: true });

    for (const who of ['assessee', 'owner', 'assessor'] as const) {
      const got = await download(who, String(policy.id));
      expect(got.status, who).toBe(200);
      expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);
    }
    // an assessor of the same organisation without a role in this assessment, and a merchant: as if absent
    expect((await download('outsider', String(policy.id))).status).toBe(404);
    expect([403, 404]).toContain((await download('merchant', String(policy.id))).status);
  });

  it('sends one answer back with a note; the assessee sees which and why, fixes it and resubmits', async () => {
    for (const [itemId, value] of Object.entries(REST))
      expect((await as('assessee', 'PUT', `${one()}/answers/${itemId}`, { value })).status, itemId).toBe(200);
    expect((await as('assessee', 'POST', `${one()}/submit`, {})).body.content.status).toBe('reviewing');
    expect((await as('assessor', 'POST', `${one()}/reviews/mfa`)).status).toBe(200);

    const sendBack = `${one()}/items/encryption/send-back`;
    const note = { note: 'Encrypt the backups too.' };
    await refused(['owner', 'assessee', 'outsider', 'admin', 'merchant'], 'POST', sendBack, note);
    expect((await as('assessor', 'POST', sendBack, {})).status).toBe(400);
    expect((await as('assessor', 'POST', sendBack, { note: '   ' })).status).toBe(400);
    expect((await as('assessor', 'POST', `${one()}/items/noSuchItem/send-back`, note)).status).toBe(422);

    const back = await as('assessor', 'POST', sendBack, note);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.content).toMatchObject({ status: 'answering', sentBackItems: ['encryption'] });
    // answering again: nothing more to send back
    expect((await as('assessor', 'POST', sendBack, note)).status).toBe(409);

    // the assessee sees the answer to fix with the note; the others are not marked, marks elsewhere stay
    const rows = await items('assessee');
    expect(rows.filter((row) => row.sentBack).map((row) => row.itemId)).toEqual(['encryption']);
    expect(rows.find((row) => row.itemId === 'encryption')).toMatchObject({
      sentBackNote: 'Encrypt the backups too.',
      reviewed: false,
    });
    expect(rows.find((row) => row.itemId === 'mfa')).toMatchObject({ reviewed: true, sentBack: false });
    const thread = await as('assessee', 'GET', `${one()}/items/encryption/messages`);
    expect(thread.body.content.messages.map((m: { body: string }) => m.body)).toEqual(['Encrypt the backups too.']);

    expect((await as('assessee', 'PUT', `${one()}/answers/encryption`, { value: 'yes' })).status).toBe(200);
    expect(await itemRow('assessee', 'encryption')).toMatchObject({ sentBack: false, sentBackNote: null });
    // back to partial: the finding the last test counts
    expect((await as('assessee', 'PUT', `${one()}/answers/encryption`, { value: 'partial' })).status).toBe(200);
    const again = await as('assessee', 'POST', `${one()}/submit`, {});
    expect(again.body.content).toMatchObject({ status: 'reviewing', sentBackItems: [] });
  });

  it('lists the files not reviewed before completing, then raises an issue per finding', async () => {
    const view = (await as('assessor', 'GET', one())).body.content;
    expect(view.filesNotReviewed).toEqual(['securityPolicy']);
    expect(view.filesNotReviewedNames).toEqual(['Information security policy (file)']);
    for (const itemId of Object.keys(REST).filter((itemId) => itemId !== 'mfa'))
      expect((await as('assessor', 'POST', `${one()}/reviews/${itemId}`)).status, itemId).toBe(200);
    const early = await as('assessor', 'POST', `${one()}/actions/complete`);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ unreviewed: ['securityPolicy'], filesNotReviewed: ['securityPolicy'] });

    // reviewing the file marks and completing are the assessor's
    await refused(['owner', 'assessee', 'outsider', 'admin', 'merchant'], 'POST', `${one()}/reviews/securityPolicy`);
    expect((await as('assessor', 'POST', `${one()}/reviews/securityPolicy`)).body.content.filesNotReviewed).toEqual([]);
    const totalBefore = (await as('owner', 'GET', '/ast/issue/get_total_assessment_issues/owner')).body.content;
    await refused(['owner', 'assessee', 'outsider', 'admin', 'merchant'], 'POST', `${one()}/actions/complete`);
    const completed = await as('assessor', 'POST', `${one()}/actions/complete`);
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(completed.body.content.status).toBe('completed');
    expect(completed.body.content.issueIds).toHaveLength(2);

    // the issue records: one per finding, linked to the assessment and the answer, on the third party
    const filter = encodeURIComponent(JSON.stringify({ field: 'assessmentId', op: 'eq', value: id }));
    const issues = await as('owner', 'GET', `/wbe/api/resources/issue?filter=${filter}&pageSize=50`);
    expect(issues.status, JSON.stringify(issues.body)).toBe(200);
    const raised = (issues.body.content.items as Record<string, unknown>[]).sort((a, b) =>
      String(a.assessmentItemId).localeCompare(String(b.assessmentItemId)),
    );
    expect(raised).toMatchObject([
      {
        assessmentItemId: 'encryption',
        source: 'assessment',
        severity: 'medium',
        category: 'thirdParty',
        state: 'open',
        asset: VENDOR,
        merchantId: vendor,
      },
      { assessmentItemId: 'incidentPlan', severity: 'high', priority: 'urgent', state: 'open' },
    ]);
    expect(raised[1].title).toBe(`${VENDOR}: Do you keep a tested incident response plan?`);
    expect(raised[1].description).toBe(
      'Raised by the assessment "Files and findings" at completion; the answer was: No.',
    );
    expect(raised.map((issue) => issue.id).sort()).toEqual([...completed.body.content.issueIds].sort());

    // the AST reads the dashboard draws from count them
    const totalAfter = (await as('owner', 'GET', '/ast/issue/get_total_assessment_issues/owner')).body.content;
    expect(totalAfter.total - totalBefore.total).toBe(2);
    expect(totalAfter.open - totalBefore.open).toBe(2);
    const ofVendor = await as('assessor', 'GET', `/ast/issue/get_assessment_issues_by_merchant_id/${vendor}`);
    expect(ofVendor.body.content.map((issue: { title: string }) => issue.title)).toHaveLength(2);
    const board = await as('assessee', 'GET', '/ast/issue/get_issues_leaderboard/assessee');
    expect(board.body.content.find((entry: { name: string }) => entry.name === VENDOR)).toMatchObject({
      total_issue: 2,
      high: 1,
    });
    const severities = await as('owner', 'GET', '/ast/issue/get_assessment_issues_severities/owner');
    expect(severities.body.content.find((s: { key: string }) => s.key === 'high').count).toBeGreaterThanOrEqual(1);
    // a lens the caller does not hold, or no assessment permission at all: refused
    expect((await as('assessee', 'GET', '/ast/issue/get_total_assessment_issues/owner')).status).toBe(403);
    expect((await as('merchant', 'GET', '/ast/issue/get_total_assessment_issues/owner')).status).toBe(403);

    // reopened and completed again: the same findings raise nothing twice
    await refused(['owner', 'assessee', 'outsider', 'merchant'], 'POST', `${one()}/actions/reopen`);
    expect((await as('assessor', 'POST', `${one()}/actions/reopen`)).body.content.status).toBe('reviewing');
    const twice = await as('assessor', 'POST', `${one()}/actions/complete`);
    expect(twice.body.content.issueIds).toHaveLength(2);
    const still = await as('owner', 'GET', `/wbe/api/resources/issue?filter=${filter}&pageSize=50`);
    expect(still.body.content.items).toHaveLength(2);
  });
});
