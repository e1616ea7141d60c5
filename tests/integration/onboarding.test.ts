import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessScan, FAST_SCAN_CHECKS } from '../../core/onboarding/onboarding-outcome';
import type { OnboardingView } from '../../core/onboarding/onboarding.types';
import type { ScanRecord } from '../../core/scans/scan-record';
import type { CreditRecord } from '../../server/services/onboarding-credits';
import { ONBOARDING_CONTROLS_JOB } from '../../server/services/onboarding.service';
import type { ScanTarget } from '../../server/scans/scan.types';
import { type Fixtures, loopbackScans, startFixtures } from '../unit/scans/support/fixtures';
import { call, type TestServer, startTestServer, tokenFor } from './support/harness';

const API = '/wbe/api/onboardings';
const BANK_ORG = 'org-demo-bank';
const OUTCOMES = ['passed', 'passedWithCondition', 'underReview', 'noActionNeeded'];

/**
 * Onboarding over HTTP (issue 11 'Onboarding'; domain §4, §5, §8, §9): a URL spends a credit and
 * starts a real scan of a loopback fixture; the scan decides the outcome; approve puts the
 * merchant into the portfolio (and schedules the 30-day controls), reject keeps it out; warned
 * domains need an explicit override; cancelling within 3 minutes refunds (the clock is moved, not
 * waited for); bulk CSV files are judged line by line.
 */
describe('onboarding', () => {
  let fixtures: Fixtures;
  let server: TestServer;
  let shiftMs = 0;
  const tokens: Record<string, string> = {};
  const as = (who: string, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token: tokens[who], body, headers: { 'accept-language': 'en' } });
  const targetOf = (fixture: ScanTarget) => ({
    address: fixture.address,
    ports: fixture.ports,
    resolver: fixture.resolver,
  });
  const start = (body: Record<string, unknown>, who = 'onboarding') => as(who, 'POST', API, body);
  const credits = async () => (await as('onboarding', 'GET', `${API}/stats`)).body.content.credits as number;
  const setCredits = (balance: number) =>
    server.store
      .collection<CreditRecord>('onboardingCredits')
      .upsertWith(BANK_ORG, () => ({ id: BANK_ORG, balance, updatedAt: new Date().toISOString() }));
  const bulk = async (csv: string, fields: Record<string, string> = {}, who = 'onboarding') => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'urls.csv');
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const answer = await fetch(`${server.base}${API}/bulk`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[who]}`, 'accept-language': 'en' },
      body: form,
    });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> & { content?: never } };
  };

  beforeAll(async () => {
    fixtures = await startFixtures();
    server = await startTestServer({
      withSmtp: false,
      loginRateLimit: 100,
      scans: loopbackScans(fixtures),
      clock: () => new Date(Date.now() + shiftMs),
    });
    for (const [who, email] of [
      ['onboarding', 'onboarding@demo.test'],
      ['bank', 'bank@demo.test'],
      ['merchant', 'merchant@demo.test'],
      ['admin', 'admin@demo.test'],
      ['tm', 'tm@demo.test'],
    ]) {
      tokens[who] = await tokenFor(server.base, email);
    }
  }, 90_000);
  afterAll(async () => {
    await server?.close();
    await fixtures?.close();
  });

  let approvedId: string;

  it('fast-scans a loopback fixture for a credit and takes its outcome from the scan', async () => {
    shiftMs = 0;
    const before = await credits();
    const started = await start({ url: 'https://shop.test', fast: true, target: targetOf(fixtures.good) });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const onboarding = started.body.content as OnboardingView;
    expect(onboarding).toMatchObject({ host: 'shop.test', fast: true, organizationId: BANK_ORG, override: false });
    expect(await credits()).toBe(before - 1);
    await server.settled();

    const read = await as('onboarding', 'GET', `${API}/${onboarding.id}`);
    const done = read.body.content as OnboardingView;
    const scan = (await as('onboarding', 'GET', `/wbe/api/scans/${onboarding.scanId}`)).body.content as ScanRecord;
    expect(scan.status).toBe('completed');
    expect(scan.results.map((result) => result.check).sort()).toEqual([...FAST_SCAN_CHECKS].sort());
    expect(done.progress).toMatchObject({ done: FAST_SCAN_CHECKS.length, total: FAST_SCAN_CHECKS.length });
    expect(done.percent).toBe(100);
    expect(OUTCOMES).toContain(done.status);
    const assessment = assessScan(scan);
    expect(done).toMatchObject({ status: assessment.outcome, score: assessment.score, grade: assessment.grade });
    expect(done.score).toBeGreaterThan(0);
    expect(done.actions.sort()).toEqual(['approve', 'cancel', 'reject']);
    approvedId = done.id;
  }, 90_000);

  it('approves into the portfolio and schedules the 30-day controls when items need action', async () => {
    const approved = await as('onboarding', 'POST', `${API}/${approvedId}/actions/approve`, {});
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const record = approved.body.content as OnboardingView;
    expect(record.status).toBe('approved');
    expect(record.merchantId).toBeTruthy();
    const merchant = await as('bank', 'GET', `/wbe/api/resources/merchant/${record.merchantId}`);
    expect(merchant.status).toBe(200);
    expect(merchant.body.content).toMatchObject({
      name: 'shop.test',
      url: record.url,
      onboardingStatus: 'approved',
      scanId: record.scanId,
      scanStatus: 'completed',
      score: record.score,
      state: 'active',
    });
    if ((record.itemsNeedingAction ?? 0) > 0) {
      const due = Date.parse(record.controlsDueAt as string) - Date.parse(record.decidedAt as string);
      expect(due).toBe(30 * 24 * 60 * 60 * 1000);
      const job = await server.ctx.jobs.status(ONBOARDING_CONTROLS_JOB, record.controlsJobId as string);
      expect(job?.state).toBe('created');
    } else {
      expect(record.controlsJobId).toBeNull();
    }
    // the scanned address is its primary asset
    const assets = await as('bank', 'GET', `/wbe/api/portfolio/merchants/${record.merchantId}/assets`);
    expect(assets.body.content.items).toEqual([
      expect.objectContaining({ merchantId: record.merchantId, value: record.url, tier: 1, primary: true }),
    ]);
    // the onboarding scan's home page is the new merchant's first site profile (payment page tab)
    const site = await as('bank', 'GET', `/wbe/api/portfolio/merchants/${record.merchantId}/site`);
    expect(site.body.content).toMatchObject({ scanId: record.scanId, readAt: expect.any(String) });
    expect(['shared', 'embedded', 'none']).toContain(site.body.content.type);
    const history = await as('bank', 'GET', `/wbe/api/onboardings/merchants/${record.merchantId}/score-history`);
    expect(history.body.content).toEqual([{ day: expect.any(String), score: record.score }]);
    const again = await as('onboarding', 'POST', `${API}/${approvedId}/actions/reject`, {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('transitionNotAllowed');
  });

  it('rejects and keeps the merchant out; a new onboarding of it can start later', async () => {
    const started = await start({ url: 'https://bad.test', fast: true, target: targetOf(fixtures.bad) });
    expect(started.status).toBe(202);
    await server.settled();
    const id = (started.body.content as OnboardingView).id;
    const rejected = await as('onboarding', 'POST', `${API}/${id}/actions/reject`, {});
    expect(rejected.status).toBe(200);
    expect(rejected.body.content).toMatchObject({ status: 'rejected', merchantId: null });
    const filter = encodeURIComponent(JSON.stringify({ field: 'name', op: 'eq', value: 'bad.test' }));
    expect((await as('bank', 'GET', `/wbe/api/resources/merchant?filter=${filter}`)).body.content.total).toBe(0);
    const later = await start({ url: 'https://bad.test', fast: true, target: targetOf(fixtures.bad) });
    expect(later.status).toBe(202);
    await server.settled();
    // the bad shop fails ASV (TLS 1.0, a self-signed certificate): under review, items needing action
    const laterId = (later.body.content as OnboardingView).id;
    const reviewed = (await as('onboarding', 'GET', `${API}/${laterId}`)).body.content as OnboardingView;
    expect(reviewed).toMatchObject({ status: 'underReview', asvVerdict: 'fail' });
    expect(reviewed.itemsNeedingAction).toBeGreaterThan(0);
    const approved = (await as('onboarding', 'POST', `${API}/${laterId}/actions/approve`, {})).body
      .content as OnboardingView;
    expect(Date.parse(approved.controlsDueAt as string) - Date.parse(approved.decidedAt as string)).toBe(
      30 * 24 * 60 * 60 * 1000,
    );
    await server.settled();
    const job = await server.ctx.jobs.status(ONBOARDING_CONTROLS_JOB, approved.controlsJobId as string);
    expect(job?.state).toBe('created');
    const merchant = await as('bank', 'GET', `/wbe/api/resources/merchant/${approved.merchantId}`);
    expect(merchant.body.content).toMatchObject({
      name: 'bad.test',
      compliance: 'nonCompliant',
      scanStatus: 'completed',
    });
  }, 90_000);

  it('warns about a social-media domain, and keeps the explicit override', async () => {
    const before = await credits();
    const warned = await start({ url: 'https://www.facebook.com/shop', fast: true, target: targetOf(fixtures.good) });
    expect(warned.status).toBe(409);
    expect(warned.body).toMatchObject({
      code: 'onboardingWarning',
      warnings: [{ category: 'socialMedia', domain: 'facebook.com' }],
    });
    expect(await credits()).toBe(before);
    const gov = await start({ url: 'https://portal.ankara.bel.tr', fast: true });
    expect(gov.body.warnings).toEqual([{ category: 'government', domain: 'bel.tr' }]);

    const overridden = await start({
      url: 'https://www.facebook.com/shop',
      fast: true,
      override: true,
      target: targetOf(fixtures.good),
    });
    expect(overridden.status).toBe(202);
    expect(overridden.body.content).toMatchObject({
      override: true,
      warnings: [{ category: 'socialMedia', domain: 'facebook.com' }],
    });
    await server.settled();
  }, 90_000);

  it("warns when the merchant's name or an owner is on a sanctions list, and not once the pair is whitelisted", async () => {
    const before = await credits();
    const listed = await start({
      url: 'https://shop.test',
      fast: true,
      merchantName: 'Mohamad Karim Rashidy',
      owners: ['Jane Doe'],
      target: targetOf(fixtures.good),
    });
    expect(listed.status).toBe(409);
    expect(listed.body).toMatchObject({
      code: 'onboardingRuleWarning',
      warnings: [],
      ruleWarnings: [
        {
          rule: 'sanctions',
          matches: [{ screenedName: 'Mohamad Karim Rashidy', entryName: 'RASHIDI, Mohammed Karim', band: 'review' }],
        },
      ],
    });
    expect(await credits()).toBe(before);
    // an owner alone is screened too; the exact name blocks
    const owner = await start({ url: 'https://shop.test', owners: ['Şükrü Öztürk'], target: targetOf(fixtures.good) });
    expect(owner.body.ruleWarnings[0].matches[0]).toMatchObject({ entryName: 'ÖZTÜRK, Şükrü', band: 'block' });

    const entryId = listed.body.ruleWarnings[0].matches[0].entryId;
    const name = encodeURIComponent('Mohamad Karim Rashidy');
    const reviewed = await as('tm', 'POST', `/wbe/api/sanctions/entries/${entryId}/whitelist/${name}`, {
      reason: 'Another person: born 1990 in Ankara',
    });
    expect(reviewed.status).toBe(201);
    const clear = await start({
      url: 'https://shop.test',
      fast: true,
      merchantName: 'Karim Rashidy, Mohamad',
      target: targetOf(fixtures.good),
    });
    expect(clear.status).toBe(202);
    expect(clear.body.content).toMatchObject({
      merchantName: 'Karim Rashidy, Mohamad',
      ruleWarnings: [],
      override: false,
    });
    await server.settled();
  }, 90_000);

  it('keeps an overridden sanctions warning with the onboarding; malformed names are 400', async () => {
    const overridden = await start({
      url: 'https://shop.test',
      fast: true,
      owners: ['Nizar Halabi'],
      override: true,
      target: targetOf(fixtures.good),
    });
    expect(overridden.status).toBe(202);
    expect(overridden.body.content).toMatchObject({
      override: true,
      owners: ['Nizar Halabi'],
      ruleWarnings: [{ rule: 'sanctions', matches: [{ entryName: 'HALABI, Nizar', band: 'block' }] }],
    });
    for (const bad of [{ merchantName: '' }, { merchantName: '   ' }, { owners: 'Nizar' }, { owners: [1] }]) {
      expect((await start({ url: 'https://shop.test', ...bad })).status).toBe(400);
    }
    await server.settled();
  }, 90_000);

  it('refuses a start the credits do not cover, and an invalid URL', async () => {
    await setCredits(1);
    const first = await start({ url: 'https://shop.test', fast: true, target: targetOf(fixtures.good) });
    expect(first.status).toBe(202);
    const second = await start({ url: 'https://shop.test', fast: true, target: targetOf(fixtures.good) });
    expect(second.status).toBe(402);
    expect(second.body).toMatchObject({
      code: 'onboardingQuotaReached',
      message: 'Your onboarding quota has been reached. Please contact us.',
    });
    const invalid = await start({ url: 'ftp://shop.test' });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toMatchObject({ code: 'onboardingUrlInvalid', message: 'Invalid URL for onboarding.' });
    await setCredits(50);
    await server.settled();
  }, 90_000);

  it('cancels within 3 minutes with the credit refunded, and refuses later with the spec’s message', async () => {
    shiftMs = 0;
    const before = await credits();
    const early = await start({ url: 'https://shop.test', fast: true, target: targetOf(fixtures.good) });
    const earlyId = (early.body.content as OnboardingView).id;
    await server.settled();
    shiftMs = 2 * 60 * 1000 + 50 * 1000;
    const cancelled = await as('onboarding', 'POST', `${API}/${earlyId}/actions/cancel`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.content).toMatchObject({ status: 'cancelled', creditRefunded: true });
    expect(await credits()).toBe(before);

    shiftMs = 0;
    const late = await start({ url: 'https://shop.test', fast: true, target: targetOf(fixtures.good) });
    const lateId = (late.body.content as OnboardingView).id;
    await server.settled();
    shiftMs = 3 * 60 * 1000 + 1000;
    const view = (await as('onboarding', 'GET', `${API}/${lateId}`)).body.content as OnboardingView;
    expect(view.actions).not.toContain('cancel');
    const refused = await as('onboarding', 'POST', `${API}/${lateId}/actions/cancel`, {});
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'onboardingCancelTooLate',
      message: 'The onboarding can no longer be cancelled: the 3-minute cancel window has passed.',
    });
    expect(await credits()).toBe(before - 1);
    shiftMs = 0;
  }, 90_000);

  it('judges a bulk file line by line: invalid lines, warned domains, the line limit, the credits', async () => {
    const before = await credits();
    const invalid = await bulk(
      ['url', 'https://shop.example', 'not a url', '', 'https://facebook.com', 'ftp://x.example'].join('\n'),
    );
    expect(invalid.status).toBe(422);
    expect(invalid.body.code).toBe('onboardingBulkInvalid');
    expect((invalid.body.rows as { line: number }[]).map((row) => row.line)).toEqual([3, 5, 6]);
    expect(invalid.body.message).toContain('Line 3');
    expect(await credits()).toBe(before);

    const tooMany = await bulk(Array.from({ length: 101 }, (_, i) => `https://shop${i}.example`).join('\n'));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'onboardingTooManyUrls', max: 100 });

    await setCredits(1);
    const web = `http://127.0.0.1:${fixtures.good.ports.http}`;
    const uncovered = await bulk(`${web}\n${web}/other\n`, { fast: 'true' });
    expect(uncovered.status).toBe(402);
    expect(uncovered.body.code).toBe('onboardingQuotaReached');

    await setCredits(10);
    const started = await bulk(`url\n${web}\n${web}/other\n`, { fast: 'true' });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const content = started.body.content as unknown as {
      batchId: string;
      started: OnboardingView[];
      failed: unknown[];
    };
    expect(content.started).toHaveLength(2);
    expect(content.failed).toEqual([]);
    expect(new Set(content.started.map((each) => each.batchId))).toEqual(new Set([content.batchId]));
    expect(await credits()).toBe(8);
    await server.settled();
    const filter = encodeURIComponent(JSON.stringify({ field: 'batchId', op: 'eq', value: content.batchId }));
    const rows = (await as('onboarding', 'GET', `${API}?filter=${filter}`)).body.content.items as OnboardingView[];
    expect(rows.map((row) => row.percent)).toEqual([100, 100]);
  }, 90_000);

  it('counts the outcomes for the statistics page', async () => {
    const stats = (await as('onboarding', 'GET', `${API}/stats`)).body.content;
    expect(stats.byStatus).toMatchObject({ approved: 2, rejected: 1, cancelled: 1 });
    expect(stats.total).toBe(Object.values(stats.byStatus as Record<string, number>).reduce((a, b) => a + b, 0));
    expect(stats.byDay.length).toBeGreaterThan(0);
  });

  it('refuses onboarding to outsiders and hides another organisation’s onboardings', async () => {
    const body = { url: 'https://shop.test', fast: true, target: targetOf(fixtures.good) };
    for (const who of ['bank', 'merchant']) {
      expect((await start(body, who)).status, who).toBe(403);
      expect((await as(who, 'GET', API)).status, who).toBe(403);
      expect((await as(who, 'GET', `${API}/${approvedId}`)).status, who).toBe(403);
      expect((await as(who, 'POST', `${API}/${approvedId}/actions/cancel`, {})).status, who).toBe(403);
      expect((await bulk('https://shop.example\n', {}, who)).status, who).toBe(403);
    }
    expect((await as('merchant', 'GET', `${API}/stats`)).status).toBe(403);
    const other = await as('admin', 'GET', `${API}/${approvedId}`);
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('onboardingNotFound');
    expect((await call(server.base, 'GET', API)).status).toBe(401);
    const malformed = await as('onboarding', 'POST', `${API}/${approvedId}/actions/explode`, {});
    expect(malformed.status).toBe(400);
  });
});
