import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../server/services';
import { EFFECTS } from '../../server/workflows/effects';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';

// Vendor assessments `/maq/api` over real HTTP (server/gateway/maq.ts, server/services/assessments.service.ts):
// the create rules, the pinned template version, the whole lifecycle through the `assessment` workflow and,
// at every step, the refusal of each role that must not take it.
const MAQ = '/maq/api';
const TEMPLATE = 'assessment-vendor-security-1.0';
const WHO = ['owner', 'assessor', 'assessee', 'merchant', 'admin'] as const;
type Who = (typeof WHO)[number];

/** Every question and required field of the seeded template but its file, answered well. */
const FULL: Record<string, unknown> = {
  securityContact: 'Sam Secure',
  employees: 42,
  certifications: ['iso27001', 'soc2'],
  mfa: 'yes',
  encryption: 'partial',
  pentest: 'yes',
  pentestDate: '2026-03-01',
  incidentPlan: 'no',
};

describe('vendor assessments', () => {
  let server: TestServer;
  const tokens = {} as Record<Who, string>;
  const ids: Record<string, string> = {};
  const as = (who: Who, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token: tokens[who], body });
  const one = (id: string) => `${MAQ}/assessments/${id}`;

  /** The assessee's upload for the template's file question (POST /wbe/api/files): the reference an answer keeps. */
  async function policyFile(scope: string) {
    const form = new FormData();
    form.append('scope', scope);
    form.append('file', new Blob([`Security policy for ${scope}\n`]), 'policy.txt');
    const response = await fetch(`${server.base}/wbe/api/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.assessee}` },
      body: form,
    });
    expect(response.status).toBe(201);
    return (await response.json()).content;
  }

  async function thirdParty(name: string, contactEmail: string) {
    const answer = await as('owner', 'POST', '/wbe/api/resources/third-party', {
      name,
      url: `https://${name.toLowerCase().replace(/\W/g, '')}.example`,
      package: 'basic',
      contactPerson: 'Contact',
      contactEmail,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.content.id as string;
  }

  async function people() {
    const answer = await as('owner', 'GET', `${MAQ}/people`);
    expect(answer.status).toBe(200);
    const byEmail = (email: string) =>
      (answer.body.content as { id: string; email: string }[]).find((p) => p.email === email)?.id as string;
    return { owner: byEmail('owner@demo.test'), assessor: byEmail('assessor@demo.test') };
  }

  async function create(name: string, thirdPartyId: string, extra: Record<string, unknown> = {}) {
    const answer = await as('owner', 'POST', `${MAQ}/assessments`, {
      name,
      templateId: TEMPLATE,
      thirdPartyId,
      assessorId: ids.assessor,
      deadline: '2027-01-31',
      ...extra,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body;
  }

  /** Each `who` is refused the call with a 4xx (403 or 404 or 409), and the assessment does not move. */
  async function refused(whoList: Who[], method: string, path: string, body?: unknown, statuses = [403, 404, 409]) {
    for (const who of whoList) {
      const answer = await as(who, method, path, body);
      expect(statuses, `${who} ${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`).toContain(
        answer.status,
      );
    }
  }

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    for (const who of WHO) tokens[who] = await tokenFor(server.base, `${who}@demo.test`);
    Object.assign(ids, await people());
    ids.vendor = await thirdParty('Acme Hosting', 'assessee@demo.test');
    ids.stranger = await thirdParty('Faraway Cloud', 'someone.new@faraway.example');
    ids.second = await thirdParty('Second Vendor', 'assessee@demo.test');
  });

  afterAll(async () => {
    await server?.close();
  });

  it('offers the seeded template and the organisation members to the owner only', async () => {
    const templates = await as('owner', 'GET', `${MAQ}/templates`);
    expect(templates.body.content.map((t: { id: string }) => t.id)).toContain(TEMPLATE);
    await refused(['assessee', 'merchant'], 'GET', `${MAQ}/templates`);
    await refused(['assessor', 'assessee', 'merchant'], 'POST', `${MAQ}/assessments`, {
      name: 'x',
      templateId: TEMPLATE,
      thirdPartyId: ids.vendor,
      assessorId: ids.assessor,
      deadline: '2027-01-31',
    });
  });

  it('judges the owner first, then the other fields', async () => {
    const body = { name: 'x', templateId: 'nope', thirdPartyId: 'nope', assessorId: 'nope', deadline: '2027-01-31' };
    const noOwner = await as('owner', 'POST', `${MAQ}/assessments`, { ...body, ownerId: 'not-a-user' });
    expect(noOwner.status).toBe(422);
    expect(noOwner.body.code ?? noOwner.body.error).toBeDefined();
    expect(JSON.stringify(noOwner.body)).toContain('assessmentOwnerUnknown');
    const noTemplate = await as('owner', 'POST', `${MAQ}/assessments`, body);
    expect(JSON.stringify(noTemplate.body)).toContain('assessmentTemplateUnknown');
    const noAssessor = await as('owner', 'POST', `${MAQ}/assessments`, {
      ...body,
      templateId: TEMPLATE,
      thirdPartyId: ids.vendor,
    });
    expect(noAssessor.status).toBe(422);
    expect(JSON.stringify(noAssessor.body)).toContain('assessmentAssessorUnknown');
    const malformed = await as('owner', 'POST', `${MAQ}/assessments`, { ...body, deadline: 'soon' });
    expect(malformed.status).toBe(400);
  });

  it('refuses a third party twice in one assessment, with the catalogue text', async () => {
    const twice = await as('owner', 'POST', `${MAQ}/assessments`, {
      name: 'Twice',
      templateId: TEMPLATE,
      thirdPartyId: ids.vendor,
      companyIds: [ids.vendor],
      assessorId: ids.assessor,
      deadline: '2027-01-31',
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Third party already in assessment');
    const { content } = await create('With a company', ids.vendor, { companyIds: [ids.second] });
    const again = await as('owner', 'POST', `${one(content.id)}/companies`, { thirdPartyId: ids.second });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Third party already in assessment');
    await refused(['assessor'], 'POST', `${one(content.id)}/companies`, { thirdPartyId: ids.stranger });
  });

  it('invites a contact who is not a member by an assessee invitation', async () => {
    const { content } = await create('Stranger', ids.stranger);
    const invited = await as('owner', 'POST', `${one(content.id)}/actions/invite`);
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body.content.status).toBe('invited');
    expect(invited.body.content.assesseeId).toBeNull();
    const invitation = await server.store
      .collection<{ id: string; email?: string; role?: string }>('res.invitation')
      .get(invited.body.content.invitationId);
    expect(invitation).toMatchObject({ email: 'someone.new@faraway.example', role: 'assessee' });
    // no assessee yet: the request cannot go
    const request = await as('owner', 'POST', `${one(content.id)}/actions/request`);
    expect(request.status).toBe(409);
  });

  it('runs the whole lifecycle, refusing every role that must not take each step', async () => {
    const { content, warnings } = await create('Lifecycle', ids.vendor);
    expect(warnings).toEqual([]);
    const id = content.id as string;
    const path = one(id);
    expect(content.status).toBe('notInvited');
    expect(content.actions).toEqual(['invite']);
    expect(content.templateTitle).toBe('Vendor security assessment');

    // outsiders: no assessment permission at all, or no role in this one (the assessee before the invitation)
    await refused(['merchant', 'assessee'], 'GET', path, undefined, [403, 404]);
    // invite: the owner's
    await refused(['assessor', 'merchant'], 'POST', `${path}/actions/invite`);
    const invited = await as('owner', 'POST', `${path}/actions/invite`);
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    // the contact is a member already: registered at once, and the assessee sees it
    expect(invited.body.content.status).toBe('registered');
    expect(invited.body.content.assesseeName).toBe('Emre Assessee');

    // request: the owner's
    await refused(['assessor', 'assessee', 'merchant'], 'POST', `${path}/actions/request`);
    expect((await as('owner', 'POST', `${path}/actions/request`)).body.content.status).toBe('requested');
    const requests = await as(
      'assessee',
      'GET',
      `${MAQ}/assessments/as/assessee?filter=${encodeURIComponent(JSON.stringify({ field: 'name', op: 'eq', value: 'Lifecycle' }))}`,
    );
    expect(requests.status, JSON.stringify(requests.body)).toBe(200);

    // answers: the assessee's only, judged by the pinned version; the first one starts answering
    await refused(['owner', 'assessor'], 'PUT', `${path}/answers/mfa`, { value: 'yes' });
    await refused(['merchant'], 'PUT', `${path}/answers/mfa`, { value: 'yes' });
    const wrong = await as('assessee', 'PUT', `${path}/answers/mfa`, { value: 'maybe' });
    expect(wrong.status).toBe(422);
    const first = await as('assessee', 'PUT', `${path}/answers/mfa`, { value: 'yes' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.content.status).toBe('answering');
    expect(first.body.content.progress.done).toBe(1);

    // submit: refused while anything is missing, with the catalogue's text and the missing items
    const early = await as('assessee', 'POST', `${path}/submit`, {});
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Assessment submit failure (make sure all questions are answered)');
    expect(early.body.missing).toContain('securityContact');
    const answers = { ...FULL, securityPolicy: await policyFile(`assessment:${id}:securityPolicy`) };
    for (const [itemId, value] of Object.entries(answers)) {
      const saved = await as('assessee', 'PUT', `${path}/answers/${itemId}`, { value });
      expect(saved.status, `${itemId}: ${JSON.stringify(saved.body)}`).toBe(200);
    }
    await refused(['owner', 'assessor', 'merchant'], 'POST', `${path}/submit`, {});
    const submitted = await as('assessee', 'POST', `${path}/submit`, {});
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.content.status).toBe('reviewing');
    expect(submitted.body.content.submissionDate).not.toBeNull();
    // yes 10 + partial 5×2 + yes 10 + no 0 of 10 + 20 + 10 + 10
    expect(submitted.body.content.score).toBe(Math.round((30 / 50) * 100));
    // a submitted assessment takes no answer
    expect((await as('assessee', 'PUT', `${path}/answers/mfa`, { value: 'no' })).status).toBe(409);

    // review marks: the assessor's
    await refused(['owner', 'assessee', 'merchant'], 'POST', `${path}/reviews/mfa`);
    await refused(['owner', 'assessee'], 'POST', `${path}/sections/company/review`);
    expect((await as('assessor', 'POST', `${path}/reviews/unknownThing`)).status).toBe(422);
    const section = await as('assessor', 'POST', `${path}/sections/company/review`);
    expect(section.status, JSON.stringify(section.body)).toBe(200);
    expect(section.body.content.reviews.employees.reviewed).toBe(true);
    // completion needs every answer reviewed
    const notYet = await as('assessor', 'POST', `${path}/actions/complete`);
    expect(notYet.status).toBe(409);
    expect(notYet.body.unreviewed).toContain('encryption');

    // send back: the assessor's; the note lands on the item's thread
    await refused(['owner', 'assessee', 'merchant'], 'POST', `${path}/actions/sendBack`, {});
    const back = await as('assessor', 'POST', `${path}/actions/sendBack`, {
      itemIds: ['encryption'],
      note: 'Encrypt backups too',
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.content.status).toBe('answering');
    const thread = await as('assessee', 'GET', `${path}/items/encryption/messages`);
    expect(thread.body.content.messages.map((m: { body: string }) => m.body)).toEqual(['Encrypt backups too']);

    // the assessee fixes it, asks in the chat and submits again
    expect((await as('assessee', 'PUT', `${path}/answers/encryption`, { value: 'yes' })).status).toBe(200);
    const said = await as('assessee', 'POST', `${path}/messages`, { body: 'Done, backups are encrypted.' });
    expect(said.status).toBe(201);
    await refused(['merchant'], 'POST', `${path}/messages`, { body: 'hello' });
    expect((await as('assessee', 'POST', `${path}/submit`, {})).body.content.status).toBe('reviewing');

    // the assessor reviews the rest and completes; nobody else may
    for (const sectionId of ['company', 'controls', 'incidents'])
      expect((await as('assessor', 'POST', `${path}/sections/${sectionId}/review`)).status).toBe(200);
    const items = await as('assessor', 'GET', `${path}/items?pageSize=50`);
    expect(
      items.body.content.items.every((row: { reviewed: boolean; answered: boolean }) => row.reviewed || !row.answered),
    ).toBe(true);
    await refused(['owner', 'assessee', 'merchant'], 'POST', `${path}/actions/complete`);
    const completed = await as('assessor', 'POST', `${path}/actions/complete`);
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(completed.body.content.status).toBe('completed');
    expect(completed.body.content.score).toBe(Math.round((40 / 50) * 100));
    expect(completed.body.content.assessorProgress.percent).toBe(100);

    // reopen: the assessor's
    await refused(['owner', 'assessee'], 'POST', `${path}/actions/reopen`);

    // the AST read and the portfolio follow
    const score = await as('owner', 'GET', `/ast/issue/get_latest_closed_assessment_score/${ids.vendor}`);
    expect(score.body.content).toMatchObject({ assessmentId: id, score: 80 });
    await refused(['merchant'], 'GET', `/ast/issue/get_latest_closed_assessment_score/${ids.vendor}`, undefined, [403]);
    const portfolio = await as('assessor', 'GET', `${MAQ}/portfolio`);
    const row = portfolio.body.content.items.find((r: { id: string }) => r.id === ids.vendor);
    expect(row).toMatchObject({ latestScore: 80, name: 'Acme Hosting' });
    await refused(['owner', 'assessee'], 'GET', `${MAQ}/portfolio`, undefined, [403]);
  });

  it('reminds the assessee of a near deadline once', async () => {
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const { content } = await create('Due soon', ids.vendor, { deadline: soon });
    await as('owner', 'POST', `${one(content.id)}/actions/invite`);
    // the scheduled job's work (server/app-jobs.ts), run now
    const { assessments } = createServices(server.ctx, EFFECTS);
    expect(await assessments.remind(new Date(), [7, 1])).toBeGreaterThanOrEqual(1);
    expect(await assessments.remind(new Date(), [7, 1])).toBe(0);
    const notes = await server.store
      .collection<{ id: string; receiverId: string; payload: { title: string } }>('notifications')
      .find((n) => n.payload.title === 'Assessment deadline near');
    expect(notes.length).toBeGreaterThanOrEqual(1);
  });

  it('keeps an assessment on its template version when a newer one is published', async () => {
    const { content: before } = await create('Pinned', ids.vendor);
    expect(before.template).toEqual({ id: TEMPLATE, version: 1 });
    const latest = await call(server.base, 'GET', `/config/v1/documents/questionnaire/${TEMPLATE}`);
    const body = structuredClone((latest.body.content ?? latest.body).body);
    body.sections[0].items.push({
      type: 'field',
      id: 'website',
      input: 'text',
      required: true,
      label: { en: 'Website', tr: 'Web sitesi' },
    });
    const draft = await as('admin', 'POST', `/config/v1/documents/questionnaire/${TEMPLATE}/drafts`, { body });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const version = draft.body.version as number;
    const published = await as(
      'admin',
      'POST',
      `/config/v1/documents/questionnaire/${TEMPLATE}/versions/${version}/publish`,
    );
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const { content: after } = await create('After publish', ids.vendor);
    expect(after.template.version).toBe(version);
    const still = await as('owner', 'GET', one(before.id));
    expect(still.body.content.template).toEqual({ id: TEMPLATE, version: 1 });
    expect(still.body.content.progress.total).toBe(after.progress.total - 1);
    ids.pinned = before.id;
  });
});
