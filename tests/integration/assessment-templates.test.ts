import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionnaireBody } from '../../core/questionnaire/questionnaire.types';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';

const WIZARD_ANSWERS = {
  nameEn: 'Cloud vendor review',
  nameTr: 'Bulut tedarikçi incelemesi',
  descriptionEn: 'Yearly review of cloud vendors',
  descriptionTr: 'Bulut tedarikçilerinin yıllık incelemesi',
  category: 'Security',
  industry: 'Payments',
  scope: 'Hosting and data processing',
  scoringMethod: 'perSection',
  sections: 'Access control\nData protection',
  deadlineDays: 30,
  requireFileReview: true,
  reviewEverySection: false,
};

/**
 * Assessment templates (docs/gateway/wbe.md 'Assessment templates'): a draft from the wizard's
 * answers, the list with versions and status, two versions compared, retire; admins only.
 */
describe('assessment templates /wbe/api/assessment-templates', () => {
  let server: TestServer;
  let admin: string;
  let merchant: string;
  const as = (token: string, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token, body, headers: { 'accept-language': 'en' } });

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    admin = await tokenFor(server.base, 'admin@demo.test');
    merchant = await tokenFor(server.base, 'merchant@demo.test');
  });
  afterAll(() => server.close());

  it('lists the seeded template, and the owner’s picker offers exactly the published templates the list shows', async () => {
    const listed = await as(admin, 'GET', '/wbe/api/assessment-templates?pageSize=100');
    expect(listed.status).toBe(200);
    const rows = listed.body.content.items as { id: string; status: string }[];
    expect(rows.map((row) => row.id)).toContain('assessment-vendor-security-1.0');
    const owner = await tokenFor(server.base, 'owner@demo.test');
    const picker = await call(server.base, 'GET', '/maq/api/templates', { token: owner });
    expect(picker.status).toBe(200);
    const offered = (picker.body.content as { id: string }[]).map((template) => template.id).sort();
    expect(offered).toEqual(
      rows
        .filter((row) => row.status === 'published')
        .map((row) => row.id)
        .sort(),
    );
  });

  it('makes a draft questionnaire marked as a template from the wizard, lists it, compares and retires it', async () => {
    const created = await as(admin, 'POST', '/wbe/api/assessment-templates', WIZARD_ANSWERS);
    expect(created.status).toBe(201);
    expect(created.body.content).toEqual({ id: 'assessment-cloud-vendor-review', version: 1 });
    const again = await as(admin, 'POST', '/wbe/api/assessment-templates', WIZARD_ANSWERS);
    expect(again.body.content.id).toBe('assessment-cloud-vendor-review-2');

    const draft = await as(
      admin,
      'GET',
      '/config/v1/documents/questionnaire/assessment-cloud-vendor-review/versions/1',
    );
    const body = draft.body.body as QuestionnaireBody;
    expect(body.purpose).toBe('assessment');
    expect(body.template).toMatchObject({ scoringMethod: 'perSection', deadlineDays: 30, industry: 'Payments' });
    expect(body.sections.map((s) => [s.title, s.weight])).toEqual([
      [{ en: 'Access control', tr: 'Access control' }, 1],
      [{ en: 'Data protection', tr: 'Data protection' }, 1],
    ]);

    const listed = await as(
      admin,
      'GET',
      `/wbe/api/assessment-templates?filter=${encodeURIComponent(JSON.stringify({ field: 'id', op: 'startsWith', value: 'assessment-cloud' }))}&sort=id`,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.content.total).toBe(2);
    expect(listed.body.content.items[0]).toMatchObject({
      id: 'assessment-cloud-vendor-review',
      title: { en: 'Cloud vendor review', tr: 'Bulut tedarikçi incelemesi' },
      status: 'draft',
      latestVersion: 1,
      latestPublished: null,
      versions: 1,
      author: 'admin@demo.test',
      compareFrom: null,
    });
    // SAQs are questionnaires too, but no templates
    const all = await as(admin, 'GET', '/wbe/api/assessment-templates?pageSize=100');
    expect(all.body.content.items.map((row: { id: string }) => row.id)).not.toContain('saq-a-4.0.1');

    const path = '/config/v1/documents/questionnaire/assessment-cloud-vendor-review';
    expect((await as(admin, 'POST', `${path}/versions/1/publish`)).status).toBe(200);
    // version 2: the first question reworded and made visible only sometimes, one removed section, one new question
    const next = structuredClone(body);
    const [access] = next.sections;
    const first = access.items[0];
    if (first.type === 'question') first.text = { en: 'Is MFA enforced?', tr: 'MFA zorunlu mu?' };
    access.items.push({ type: 'question', id: 'pam', text: { en: 'PAM?', tr: 'PAM?' }, responseSet: 'yesNo' });
    next.sections = [access];
    expect((await as(admin, 'POST', `${path}/drafts`, { body: next })).status).toBe(201);
    expect((await as(admin, 'POST', `${path}/versions/2/publish`)).status).toBe(200);

    const summary = await as(admin, 'GET', '/wbe/api/assessment-templates/assessment-cloud-vendor-review/compare/1/2');
    expect(summary.status).toBe(200);
    expect(summary.body.content).toMatchObject({
      from: 1,
      to: 2,
      added: 1,
      removed: 1,
      changed: 1,
      fromStatus: 'retired',
      toStatus: 'published',
    });
    const page = await as(
      admin,
      'GET',
      '/wbe/api/assessment-templates/assessment-cloud-vendor-review/compare/1/2?sort=change',
    );
    expect(page.body.content.items.map((row: { itemId: string; change: string }) => [row.change, row.itemId])).toEqual([
      ['added', 'pam'],
      ['changed', 's1q1'],
      ['removed', 's2q1'],
    ]);
    expect(page.body.content.items[1]).toMatchObject({ textChanged: true, responsesChanged: false });

    const row = async () =>
      (
        await as(
          admin,
          'GET',
          `/wbe/api/assessment-templates?filter=${encodeURIComponent(JSON.stringify({ field: 'id', op: 'eq', value: 'assessment-cloud-vendor-review' }))}`,
        )
      ).body.content.items[0];
    expect(await row()).toMatchObject({ status: 'published', latestVersion: 2, latestPublished: 2, compareFrom: 1 });

    const retired = await as(admin, 'POST', '/wbe/api/assessment-templates/assessment-cloud-vendor-review/retire', {});
    expect(retired.status).toBe(200);
    expect(retired.body.content).toMatchObject({ version: 2, status: 'retired' });
    expect(await row()).toMatchObject({ status: 'retired', latestPublished: null });
    // nothing new starts on it: no published version; the pinned version still reads by its number, for anyone
    expect((await call(server.base, 'GET', path)).status).toBe(404);
    expect((await as(admin, 'GET', `${path}/versions/2`)).body.body.title).toEqual(body.title);
    expect((await call(server.base, 'GET', `${path}/versions/2`)).body.body.title).toEqual(body.title);
    const twice = await as(admin, 'POST', '/wbe/api/assessment-templates/assessment-cloud-vendor-review/retire', {});
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('documentNotPublished');
  });

  it('refuses bad input with 4xx and everyone but admins with 403', async () => {
    expect((await as(admin, 'POST', '/wbe/api/assessment-templates', { ...WIZARD_ANSWERS, nameEn: '' })).status).toBe(
      400,
    );
    expect((await as(admin, 'POST', '/wbe/api/assessment-templates', { ...WIZARD_ANSWERS, extra: 1 })).status).toBe(
      400,
    );
    expect((await as(admin, 'GET', '/wbe/api/assessment-templates/saq-a-4.0.1/compare/1/1')).status).toBe(404);
    expect((await as(admin, 'GET', '/wbe/api/assessment-templates/assessment-x/compare/0/1')).status).toBe(400);
    expect((await as(admin, 'GET', '/wbe/api/assessment-templates/nope/compare/1/2')).status).toBe(404);
    expect((await as(admin, 'GET', '/wbe/api/assessment-templates?sort=title')).status).toBe(400);
    for (const [method, path, body] of [
      ['GET', '/wbe/api/assessment-templates', undefined],
      ['POST', '/wbe/api/assessment-templates', WIZARD_ANSWERS],
      ['GET', '/wbe/api/assessment-templates/assessment-x/compare/1/2', undefined],
      ['POST', '/wbe/api/assessment-templates/assessment-x/retire', {}],
      ['POST', '/config/v1/documents/questionnaire/saq-a-4.0.1/versions/1/retire', undefined],
    ] as const) {
      const answer = await as(merchant, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body.code).toBe('noPermission');
    }
  });
});
