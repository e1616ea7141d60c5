import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENDOR_TEMPLATE, completeAnswers } from '../support/vendor-assessment';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';

// The assessor's overviews over real HTTP (server/services/assessment-overviews.service.ts): review
// requests grouped by third party and by template, one group and its assessments, the portfolio of
// third parties with one third party's counts, statuses and scores — and the documents that show
// them (`/app/review-requests`, `…/group/:id`, `/app/portfolio-management/:id` and its overview).
const MAQ = '/maq/api';
const TEMPLATE = VENDOR_TEMPLATE;
const WHO = ['owner', 'assessor', 'assessee', 'merchant', 'admin'] as const;
type Who = (typeof WHO)[number];

describe('assessment overviews /maq/api/review-requests and /maq/api/portfolio', () => {
  let server: TestServer;
  const tokens = {} as Record<Who, string>;
  const ids: Record<string, string> = {};
  const as = (who: Who, method: string, path: string, body?: unknown, language = 'en') =>
    call(server.base, method, path, { token: tokens[who], body, headers: { 'accept-language': language } });
  const ok = async (who: Who, method: string, path: string, body?: unknown) => {
    const answer = await as(who, method, path, body);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body.content;
  };

  async function thirdParty(name: string) {
    const made = await as('owner', 'POST', '/wbe/api/resources/third-party', {
      name,
      url: `https://${name.toLowerCase().replace(/\W/g, '')}.example`,
      package: 'basic',
      contactPerson: 'Contact',
      contactEmail: 'assessee@demo.test',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.content.id as string;
  }

  /** An assessment of the seeded template requested from the assessee. */
  async function requested(name: string, thirdPartyId: string): Promise<string> {
    const made = await as('owner', 'POST', `${MAQ}/assessments`, {
      name,
      templateId: TEMPLATE,
      thirdPartyId,
      assessorId: ids.assessor,
      deadline: '2027-01-31',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.content.id as string;
    await ok('owner', 'POST', `${MAQ}/assessments/${id}/actions/invite`);
    await ok('owner', 'POST', `${MAQ}/assessments/${id}/actions/request`);
    return id;
  }

  /** Answered in full, submitted, every section marked reviewed, completed. */
  async function completed(id: string) {
    const path = `${MAQ}/assessments/${id}`;
    for (const [itemId, value] of Object.entries(await completeAnswers(server.base, tokens.assessee, id)))
      await ok('assessee', 'PUT', `${path}/answers/${itemId}`, { value });
    await ok('assessee', 'POST', `${path}/submit`, {});
    for (const section of ['company', 'controls', 'incidents'])
      await ok('assessor', 'POST', `${path}/sections/${section}/review`);
    expect((await ok('assessor', 'POST', `${path}/actions/complete`)).status).toBe('completed');
  }

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    for (const who of WHO) tokens[who] = await tokenFor(server.base, `${who}@demo.test`);
    const people = (await ok('owner', 'GET', `${MAQ}/people`)) as { id: string; email: string }[];
    ids.assessor = people.find((person) => person.email === 'assessor@demo.test')?.id as string;
    ids.alpha = await thirdParty('Alpha Overview');
    ids.beta = await thirdParty('Beta Overview');
    ids.first = await requested('Alpha first', ids.alpha);
    await completed(ids.first);
    ids.second = await requested('Alpha second', ids.alpha);
    ids.third = await requested('Beta only', ids.beta);
  }, 90_000);
  afterAll(() => server?.close());

  it('groups the assessor’s review requests by third party and by template', async () => {
    const byName = encodeURIComponent(JSON.stringify({ field: 'name', op: 'contains', value: 'Overview' }));
    const thirdParties = await ok('assessor', 'GET', `${MAQ}/review-requests/groups/thirdParty?filter=${byName}`);
    expect(thirdParties.total).toBe(2);
    expect(thirdParties.items[0]).toMatchObject({
      id: `thirdParty.${ids.alpha}`,
      by: 'thirdParty',
      name: 'Alpha Overview',
      assessments: 2,
      open: 1,
      completed: 1,
      averageScore: 60,
      statuses: { completed: 1, requested: 1 },
    });
    expect(thirdParties.items[1]).toMatchObject({ name: 'Beta Overview', assessments: 1, averageScore: null });

    const templates = await ok('assessor', 'GET', `${MAQ}/review-requests/groups/template`);
    const vendor = templates.items.find((group: { key: string }) => group.key === TEMPLATE);
    expect(vendor).toMatchObject({ id: `template.${TEMPLATE}`, name: 'Vendor security assessment' });
    expect(vendor.assessments).toBeGreaterThanOrEqual(3);
    const turkish = await as('assessor', 'GET', `${MAQ}/review-requests/group/template.${TEMPLATE}`, undefined, 'tr');
    expect(turkish.body.content.name).toBe('Tedarikçi güvenlik değerlendirmesi');

    const group = await ok('assessor', 'GET', `${MAQ}/review-requests/group/thirdParty.${ids.alpha}`);
    expect(group).toMatchObject({ name: 'Alpha Overview', assessments: 2, completed: 1 });
    const rows = await ok('assessor', 'GET', `${MAQ}/review-requests/group/thirdParty.${ids.alpha}/assessments`);
    expect(rows.items.map((row: { name: string }) => row.name).sort()).toEqual(['Alpha first', 'Alpha second']);
    expect(rows.items[0]).not.toHaveProperty('answers');
  });

  it('answers the portfolio and one third party’s counts, statuses and scores', async () => {
    const portfolio = await ok('assessor', 'GET', `${MAQ}/portfolio?sort=-averageScore`);
    const alpha = portfolio.items.find((row: { id: string }) => row.id === ids.alpha);
    expect(alpha).toMatchObject({ name: 'Alpha Overview', assessments: 2, latestScore: 60, averageScore: 60 });
    expect(alpha.latestAssessmentId).toBe(ids.second);

    const one = await ok('assessor', 'GET', `${MAQ}/portfolio/${ids.alpha}`);
    expect(one).toMatchObject({
      id: ids.alpha,
      name: 'Alpha Overview',
      assessments: 2,
      completed: 1,
      statuses: { completed: 1, requested: 1 },
      scores: [{ score: 60, name: 'Alpha first' }],
    });
    const rows = await ok('assessor', 'GET', `${MAQ}/portfolio/${ids.alpha}/assessments?sort=name`);
    expect(rows.items.map((row: { id: string }) => row.id)).toEqual([ids.first, ids.second]);
  });

  it('refuses whoever is no assessor, a third party or group the caller assesses nothing in, and malformed ids', async () => {
    for (const who of ['assessee', 'merchant'] as const) {
      for (const path of [
        `${MAQ}/portfolio/${ids.alpha}`,
        `${MAQ}/portfolio/${ids.alpha}/assessments`,
        `${MAQ}/review-requests/groups/thirdParty`,
        `${MAQ}/review-requests/group/thirdParty.${ids.alpha}`,
      ]) {
        expect((await as(who, 'GET', path)).status, `${who} ${path}`).toBe(403);
      }
    }
    const stranger = await thirdParty('Nobody Assesses');
    expect((await as('assessor', 'GET', `${MAQ}/portfolio/${stranger}`)).body.code).toBe('thirdPartyNotFound');
    expect((await as('assessor', 'GET', `${MAQ}/review-requests/group/thirdParty.${stranger}`)).status).toBe(404);
    expect((await as('assessor', 'GET', `${MAQ}/review-requests/groups/owner`)).status).toBe(400);
    expect((await as('assessor', 'GET', `${MAQ}/review-requests/group/other.x`)).status).toBe(400);
  });

  it('publishes the documents that show them, each passing the publish check', async () => {
    for (const [kind, id] of [
      ['list', 'review-request-groups'],
      ['list', 'assessment-portfolio'],
      ['page', 'review-requests'],
      ['page', 'review-request-group'],
      ['page', 'assessment-portfolio-third-party'],
      ['page', 'assessment-portfolio-overview'],
    ]) {
      const document = await as('admin', 'GET', `/config/v1/documents/${kind}/${id}`);
      expect(document.status, `${kind}/${id}`).toBe(200);
      const checked = await as('admin', 'POST', `/config/v1/documents/${kind}/${id}/validate`, {
        body: document.body.body,
      });
      expect(checked.body.content.problems, `${kind}/${id}`).toEqual([]);
    }
    const routes = (await call(server.base, 'GET', '/config/v1/app')).body;
    const screens = JSON.stringify(routes);
    expect(screens).toContain('"pageId":"review-request-group"');
    expect(screens).toContain('"pageId":"assessment-portfolio-overview"');
  });
});
