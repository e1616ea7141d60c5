import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OnboardingView } from '../../core/onboarding/onboarding.types';
import type { ScanRecord } from '../../core/scans/scan-record';
import posRules from '../../schemas/eligibility/pos.json';
import type { ScanTarget } from '../../server/scans/scan.types';
import { type Fixtures, startFixtures } from '../unit/scans/support/fixtures';
import { call, type TestServer, startTestServer, tokenFor } from './support/harness';
import { fillPath, mountedRoutes } from './support/mounted-routes';
import { published } from './support/resource-documents';

const PRO = '/wbe/api/onboarding-pro';
const POS = '/wbe/api/resources/physical-pos';

/**
 * Onboarding-pro and physical POS over HTTP (issue 11 'Onboarding'): the five panels of an onboarding
 * come from its real scan of a loopback fixture and the profile the team saves; eligibility follows the
 * published rules (a new version changes the verdict); card-present applications move through their
 * workflow; the POS eligibility is refused to bank-account users; every new endpoint refuses the
 * signed-out and the roles that must not.
 */
describe('onboarding-pro and physical POS', () => {
  let fixtures: Fixtures;
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const as = (who: string | null, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, {
      token: who ? tokens[who] : undefined,
      body,
      headers: { 'accept-language': 'en' },
    });
  const targetOf = (fixture: ScanTarget) => ({
    address: fixture.address,
    ports: fixture.ports,
    resolver: fixture.resolver,
  });

  beforeAll(async () => {
    fixtures = await startFixtures();
    server = await startTestServer({
      withSmtp: false,
      loginRateLimit: 100,
      scans: { allowLoopback: true, ca: [fixtures.pki.ca], connections: 4, checkTimeoutMs: 10_000 },
    });
    for (const [who, email] of [
      ['onboarding', 'onboarding@demo.test'],
      ['pos', 'pos@demo.test'],
      ['posbank', 'posbank@demo.test'],
      ['bank', 'bank@demo.test'],
      ['merchant', 'merchant@demo.test'],
      ['admin', 'admin@demo.test'],
    ]) {
      tokens[who] = await tokenFor(server.base, email);
    }
  }, 90_000);
  afterAll(async () => {
    await server?.close();
    await fixtures?.close();
  });

  let onboardingId: string;
  let scan: ScanRecord;

  it('shows an onboarding with five panels taken from its scan', async () => {
    const started = await as('pos', 'POST', '/wbe/api/onboardings', {
      url: 'https://shop.test',
      fast: true,
      target: targetOf(fixtures.good),
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    onboardingId = (started.body.content as OnboardingView).id;
    await server.settled();
    scan = (await as('pos', 'GET', `/wbe/api/scans/${(started.body.content as OnboardingView).scanId}`)).body
      .content as ScanRecord;
    expect(scan.status).toBe('completed');

    const list = await as(
      'pos',
      'GET',
      `${PRO}?filter=${encodeURIComponent(JSON.stringify({ field: 'host', op: 'eq', value: 'shop.test' }))}`,
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.content.items).toEqual([
      expect.objectContaining({ id: onboardingId, eligibility: 'needsReview', mcc: null }),
    ]);

    const page = await as('pos', 'GET', `${PRO}/${onboardingId}`);
    expect(page.status).toBe(200);
    const view = page.body.content;
    const response = scan.results.find((result) => result.check === 'http_response');
    const certificate = scan.results.find((result) => result.check === 'ssl_certificate');
    expect(view.eligibility).toMatchObject({ verdict: 'needsReview', mcc: null });
    expect(view.eligibility.reasons.map((reason: { id: string }) => reason.id)).toEqual(['profile-missing']);
    expect(view.product).toMatchObject({ url: scan.url, statusCode: response?.data.statusCode, products: null });
    expect(view.website).toMatchObject({
      https: true,
      redirectsToHttps: true,
      sslGrade: scan.grades?.ssl?.grade ?? null,
      headersGrade: scan.grades?.headers?.grade ?? null,
      certificateIssuer: certificate?.data.issuer,
      certificateTrusted: true,
    });
    expect(view.fraud).toMatchObject({ warningCategories: [], override: false, highRiskMcc: false, signals: 0 });
    expect(view.cyber).toMatchObject({
      asvVerdict: scan.asvVerdict,
      failedChecks: scan.results.filter((result) => result.status === 'fail').map((result) => result.check),
    });
    expect(view.rules).toEqual({ id: 'onboarding-pro', version: 1 });
  }, 90_000);

  it('judges the saved merchant profile with the published rules', async () => {
    const refused = await as('pos', 'PUT', `${PRO}/${onboardingId}/profile`, { mcc: 'abc', country: 'TR' });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('validationFailed');
    expect(Object.keys(refused.body.errors ?? {}).sort()).toEqual(['businessType', 'mcc']);

    const risky = await as('pos', 'PUT', `${PRO}/${onboardingId}/profile`, {
      legalName: 'Shop Test Ltd',
      mcc: '5967',
      country: 'TR',
      businessType: 'limitedCompany',
      products: 'Phone cards',
    });
    expect(risky.status, JSON.stringify(risky.body)).toBe(200);
    expect(risky.body.content.profile).toMatchObject({ mcc: '5967', updatedBy: 'pos@demo.test' });
    expect(risky.body.content.product.products).toBe('Phone cards');
    expect(risky.body.content.fraud).toMatchObject({ highRiskMcc: true, signals: 1 });
    const reasons = await as('pos', 'GET', `${PRO}/${onboardingId}/eligibility`);
    expect(reasons.body.content).toMatchObject({ verdict: 'needsReview', total: 1 });
    expect(reasons.body.content.items[0]).toMatchObject({ id: 'high-risk-mcc', verdict: 'needsReview' });

    await as('pos', 'PUT', `${PRO}/${onboardingId}/profile`, {
      mcc: '5411',
      country: 'SY',
      businessType: 'limitedCompany',
    });
    const sanctioned = await as('pos', 'GET', `${PRO}/${onboardingId}/eligibility?sort=id`);
    expect(sanctioned.body.content.verdict).toBe('notEligible');
    expect(sanctioned.body.content.items.map((item: { id: string }) => item.id)).toEqual([
      'country-not-served',
      'sanctioned-country',
    ]);
  });

  it('refuses onboarding-pro to users without onboardingPro:view and other organisations', async () => {
    for (const who of ['onboarding', 'bank', 'merchant', 'posbank']) {
      for (const [method, path, body] of [
        ['GET', PRO],
        ['GET', `${PRO}/${onboardingId}`],
        ['GET', `${PRO}/${onboardingId}/eligibility`],
        ['PUT', `${PRO}/${onboardingId}/profile`, { mcc: '5411', country: 'TR', businessType: 'partnership' }],
      ] as const) {
        const answer = await as(who, method, path, body);
        expect(answer.status, `${method} ${path} as ${who}`).toBe(403);
        expect(answer.body.code).toBe('noPermission');
      }
    }
    expect((await as(null, 'GET', PRO)).status).toBe(401);
    // the admin is in another organisation by default: the onboarding is not theirs
    expect((await as('admin', 'GET', `${PRO}/${onboardingId}`)).status).toBe(404);
  });

  it('lists the demo applications for the demo user, each judged', async () => {
    const list = await as('pos', 'GET', `${POS}?sort=merchantName`);
    const names = list.body.content.items.map((row: { merchantName: string }) => row.merchantName);
    expect(names).toEqual(expect.arrayContaining(['Ege Fuel Stations', 'Galata Coffee', 'Spree Souvenirs']));
    const ege = await as('admin', 'GET', '/wbe/api/physical-pos/demo-pos-ege/eligibility');
    // the admin's session is another organisation: the application is not theirs
    expect(ege.status).toBe(404);
    const fuel = await as('pos', 'GET', '/wbe/api/physical-pos/demo-pos-ege/eligibility');
    expect(fuel.status, JSON.stringify(fuel.body)).toBe(200);
    expect(fuel.body.content.verdict).toBe('needsReview');
    expect(fuel.body.content.items.map((item: { id: string }) => item.id).sort()).toEqual([
      'high-volume',
      'large-fleet',
      'unattended-terminals',
    ]);
    const spree = await as('pos', 'GET', '/wbe/api/physical-pos/demo-pos-berlin/eligibility');
    expect(spree.body.content.verdict).toBe('notEligible');
  });

  let applicationId: string;

  it('creates a card-present application and moves it through its workflow', async () => {
    const invalid = await as('pos', 'POST', POS, { merchantName: 'Kiosk', mcc: '12', terminalCount: 0 });
    expect(invalid.status).toBe(422);
    const created = await as('pos', 'POST', POS, {
      merchantName: 'Kadıköy Market',
      mcc: '5411',
      country: 'TR',
      businessType: 'partnership',
      terminalType: 'countertop',
      terminalCount: 2,
      monthlyVolume: 400000,
      locations: [
        { name: 'Bahariye', address: 'Bahariye Cd. 1', city: 'İstanbul' },
        { name: 'Yeldeğirmeni', address: 'Karakolhane Cd. 3', city: 'İstanbul' },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.content).toMatchObject({ state: 'submitted', organizationId: 'org-demo-acquirer' });
    applicationId = created.body.content.id;

    for (const who of ['merchant', 'bank', 'onboarding']) {
      expect((await as(who, 'POST', POS, created.body.content)).status, who).toBe(403);
      expect((await as(who, 'GET', `${POS}/${applicationId}`)).status, who).toBe(403);
    }
    // the submitting side may not decide
    const selfReview = await as('posbank', 'POST', `${POS}/${applicationId}/actions/startReview`, {});
    expect([403, 409]).toContain(selfReview.status);
    const offered = await as('posbank', 'GET', `${POS}/${applicationId}/actions`);
    expect(offered.body.content).toEqual([]);

    const review = await as('pos', 'POST', `${POS}/${applicationId}/actions/startReview`, {});
    expect(review.status, JSON.stringify(review.body)).toBe(200);
    expect(review.body.content.state).toBe('underReview');
    expect((await as('pos', 'POST', `${POS}/${applicationId}/actions/reopen`, {})).status).toBe(409);
    const approved = await as('pos', 'POST', `${POS}/${applicationId}/actions/approve`, {});
    expect(approved.body.content.state).toBe('approved');

    const locations = await as('posbank', 'GET', `/wbe/api/physical-pos/${applicationId}/locations?sort=city`);
    expect(locations.status).toBe(200);
    expect(locations.body.content.items.map((row: { name: string }) => row.name)).toEqual(['Bahariye', 'Yeldeğirmeni']);
  });

  it('checks POS eligibility with the published rules, never for a bank-account user', async () => {
    const eligible = await as('pos', 'GET', `/wbe/api/physical-pos/${applicationId}/eligibility`);
    expect(eligible.status, JSON.stringify(eligible.body)).toBe(200);
    expect(eligible.body.content).toMatchObject({
      verdict: 'eligible',
      items: [],
      total: 0,
      rules: { id: 'pos', version: 1 },
    });

    for (const who of ['posbank', 'onboarding', 'bank', 'merchant']) {
      const refused = await as(who, 'GET', `/wbe/api/physical-pos/${applicationId}/eligibility`);
      expect(refused.status, who).toBe(403);
      expect(refused.body.code).toBe('noPermission');
    }

    // the compliance team stops serving TR: the next evaluation follows the new version
    const body = structuredClone(posRules.body);
    body.lists.servedCountries = ['AZ'];
    await published(server.base, tokens.admin, 'eligibility-rules', 'pos', body);
    const refusedNow = await as('pos', 'GET', `/wbe/api/physical-pos/${applicationId}/eligibility`);
    expect(refusedNow.body.content).toMatchObject({ verdict: 'notEligible', rules: { id: 'pos', version: 2 } });
    expect(refusedNow.body.content.items.map((item: { id: string }) => item.id)).toEqual(['country-not-served']);

    const rules = await as('admin', 'GET', '/wbe/api/admin/pos-eligibility/rules?sort=id');
    expect(rules.status).toBe(200);
    expect(rules.body.content.total).toBe(posRules.body.rules.length);
    expect((await as('pos', 'GET', '/wbe/api/admin/pos-eligibility/rules')).status).toBe(403);

    const invalid = await call(server.base, 'POST', '/config/v1/documents/eligibility-rules/pos/validate', {
      token: tokens.admin,
      body: {
        body: { ...body, rules: [{ id: 'x', when: { eval: 'process.exit()' }, verdict: 'maybe', reason: 'r' }] },
      },
    });
    expect(invalid.body.content.problems.length).toBeGreaterThan(0);
  });

  it("judges a portfolio merchant's POS eligibility on its MCC alone, never for a bank-account user", async () => {
    const path = '/wbe/api/portfolio/merchants/demo-merchant-bosphorus/pos-eligibility';
    const outcomes = (content: { items: { id: string; outcome: string }[] }) =>
      Object.fromEntries(content.items.map((row) => [row.id, row.outcome]));
    // MCC 4722 is on no list; the country and terminal rules read facts a portfolio merchant does not hold
    const unknown = await as('bank', 'GET', path);
    expect(unknown.status, JSON.stringify(unknown.body)).toBe(200);
    expect(unknown.body.content).toMatchObject({ verdict: 'incomplete', mcc: '4722', rules: { id: 'pos' } });
    expect(unknown.body.content.total).toBe(posRules.body.rules.length);
    expect(outcomes(unknown.body.content)).toMatchObject({
      'prohibited-mcc': 'notHeld',
      'high-risk-mcc': 'notHeld',
      'country-not-served': 'notJudged',
      'large-fleet': 'notJudged',
    });

    const saved = await as('bank', 'PUT', '/wbe/api/portfolio/merchants/demo-merchant-bosphorus/general', {
      mcc: '5993',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const held = await as(
      'bank',
      'GET',
      `${path}?filter=${encodeURIComponent(JSON.stringify({ field: 'outcome', op: 'eq', value: 'held' }))}`,
    );
    expect(held.body.content).toMatchObject({ verdict: 'needsReview', total: 1, items: [{ id: 'high-risk-mcc' }] });

    for (const who of ['posbank', 'merchant', 'pos']) expect((await as(who, 'GET', path)).status, who).toBe(403);
    expect((await as(null, 'GET', path)).status).toBe(401);
  });

  it('guards every new endpoint before it reads a parameter or a body', async () => {
    const routes = mountedRoutes(server.app).filter(
      (route) =>
        route.method !== 'HEAD' &&
        (route.path.startsWith(PRO) ||
          route.path.startsWith('/wbe/api/physical-pos/') ||
          route.path.startsWith('/wbe/api/admin/pos-eligibility')),
    );
    expect(routes.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
      'GET /wbe/api/admin/pos-eligibility/rules',
      'GET /wbe/api/onboarding-pro',
      'GET /wbe/api/onboarding-pro/:id',
      'GET /wbe/api/onboarding-pro/:id/eligibility',
      'GET /wbe/api/physical-pos/:id/eligibility',
      'GET /wbe/api/physical-pos/:id/locations',
      'PUT /wbe/api/onboarding-pro/:id/profile',
    ]);
    for (const route of routes) {
      const path = fillPath(route.path, {});
      const body = route.method === 'GET' ? undefined : {};
      expect((await as(null, route.method, path, body)).status, `${route.method} ${route.path}`).toBe(401);
      const refused = await as('merchant', route.method, path, body);
      expect(refused.status, `${route.method} ${route.path} as merchant`).toBe(403);
    }
  });
});
