import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaqSuggestion } from '../../core/saq/saq-suggestions';
import type { ScanRecord } from '../../core/scans/scan-record';
import type { UserRecord } from '../../server/store/records.types';
import { type Fixtures, loopbackScans, startFixtures } from '../unit/scans/support/fixtures';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';

const SAQS = '/saq/api/v1/saqs';

/**
 * Scan findings pre-fill the SAQ (docs/gateway/saq.md 'SAQ suggestions'): a merchant scans its bad
 * shop (loopback fixtures); the open SAQ of its organisation gets suggested Not in Place answers on
 * the requirements the mapping document (scan-requirements/pci-dss-4) finds unmet, which the
 * merchant accepts or overrides, and a later scan keeps those choices.
 */
describe('SAQ suggestions from a domain scan', () => {
  let fixtures: Fixtures;
  let server: TestServer;
  let merchant: string;
  let bank: string;
  let admin: string;
  let saqId: string;
  const as = (token: string | undefined, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token, body, headers: { 'accept-language': 'en' } });
  const scanBadShop = async () => {
    const started = await as(merchant, 'POST', '/wbe/api/scans', {
      url: 'https://bad.test',
      target: { address: fixtures.bad.address, ports: fixtures.bad.ports, resolver: fixtures.bad.resolver },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await server.settled();
    return (await as(merchant, 'GET', `/wbe/api/scans/${started.body.content.id}`)).body.content as ScanRecord;
  };
  const suggestions = async () => {
    const answer = await as(merchant, 'GET', `${SAQS}/${saqId}/suggestions`);
    expect(answer.status).toBe(200);
    return Object.fromEntries((answer.body.content as SaqSuggestion[]).map((each) => [each.itemId, each]));
  };

  beforeAll(async () => {
    fixtures = await startFixtures();
    server = await startTestServer({
      withSmtp: false,
      loginRateLimit: 100,
      scans: loopbackScans(fixtures),
    });
    // the demo merchant scans its own domain: give it scan:view (the scanners role group)
    const users = server.store.collection<UserRecord>('users');
    const [user] = await users.find((each) => each.email === 'merchant@demo.test');
    await users.update(user.id, { permissions: [...user.permissions, 'scan:view'] });
    [merchant, bank, admin] = await Promise.all(
      ['merchant@demo.test', 'bank@demo.test', 'admin@demo.test'].map((email) => tokenFor(server.base, email)),
    );
    const started = await as(merchant, 'POST', SAQS, { saqType: 'A-EP' });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    saqId = started.body.content.id;
  }, 90_000);
  afterAll(async () => {
    await server?.close();
    await fixtures?.close();
  });

  let first: ScanRecord;

  it('suggests Not in Place, with evidence and the scan date, where the scan shows a requirement unmet', async () => {
    expect(await suggestions()).toEqual({});
    first = await scanBadShop();
    expect(first.status).toBe('completed');
    const made = await suggestions();
    expect(Object.keys(made).sort()).toEqual(
      expect.arrayContaining(['req_1_3_1', 'req_1_4_1', 'req_4_2_1', 'req_6_3_3', 'req_6_4_1']),
    );
    expect(made.req_4_2_1).toMatchObject({
      requirement: '4.2.1',
      value: 'notInPlace',
      status: 'suggested',
      scanId: first.id,
      scanDate: first.scan_date,
      url: 'https://bad.test',
    });
    const checks = new Set(made.req_4_2_1.evidence.map((each) => each.check));
    expect(checks.has('ssl_ciphers')).toBe(true);
    expect(checks.has('ssl_certificate')).toBe(true);
    // plain HTTP answering without a redirect is a 4.2.1 finding on its own (the check is only "not recommended")
    expect(made.req_4_2_1.evidence.map((each) => each.finding)).toContain('http_not_redirected');
    // header penalties read as words in the reader's language, never as the score's modifier ("-25")
    const csp = made.req_6_4_1.evidence.find((each) => each.finding === 'header_csp_not_implemented');
    expect(csp).toMatchObject({
      evidence: 'Content-Security-Policy: not sent',
      detail: { key: 'scan.evidence.headerMissing', params: { header: 'Content-Security-Policy', points: '25' } },
    });
    expect(made.req_6_4_1.evidence.filter((each) => /^-?\d+$/.test(each.evidence))).toEqual([]);
    expect(made.req_1_3_1.evidence.map((each) => each.finding)).toContain('database_port_open');
    expect(made.req_1_3_1.evidence[0].evidence).not.toBe('');
    // suggestions are not answers until the merchant takes them
    const saq = await as(merchant, 'GET', `${SAQS}/${saqId}`);
    expect(saq.body.content.answers.req_4_2_1).toBeUndefined();
  }, 120_000);

  it('keeps the merchant’s choice: accept saves the answer, override keeps their own', async () => {
    const accepted = await as(merchant, 'POST', `${SAQS}/${saqId}/suggestions/req_4_2_1/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.content).toMatchObject({ status: 'accepted', itemId: 'req_4_2_1' });
    const overridden = await as(merchant, 'POST', `${SAQS}/${saqId}/suggestions/req_1_3_1/override`, {
      value: 'inPlace',
    });
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(200);
    expect(overridden.body.content.status).toBe('overridden');
    const plain = await as(merchant, 'POST', `${SAQS}/${saqId}/suggestions/req_6_3_3/override`, {});
    expect(plain.body.content.status).toBe('overridden');

    const saq = (await as(merchant, 'GET', `${SAQS}/${saqId}`)).body.content;
    expect(saq.answers.req_4_2_1).toBe('notInPlace');
    expect(saq.answers.req_1_3_1).toBe('inPlace');
    expect(saq.answers.req_6_3_3).toBeUndefined();

    // a later scan brings fresh suggestions; the decided ones stay as the merchant left them
    const second = await scanBadShop();
    const after = await suggestions();
    expect(after.req_4_2_1).toMatchObject({ status: 'accepted', scanId: first.id });
    expect(after.req_1_3_1).toMatchObject({ status: 'overridden', scanId: first.id });
    expect(after.req_6_3_3).toMatchObject({ status: 'overridden' });
    expect(after.req_1_4_1).toMatchObject({ status: 'suggested', scanId: second.id });
  }, 120_000);

  it('undoes a decision: the suggestion is open again with its evidence, the earlier answer back', async () => {
    const base = `${SAQS}/${saqId}/suggestions`;
    const answers = async () => (await as(merchant, 'GET', `${SAQS}/${saqId}`)).body.content.answers;
    // accepted over no answer: undone, the question is unanswered again
    const undone = await as(merchant, 'POST', `${base}/req_4_2_1/undo`, {});
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.content).toMatchObject({ status: 'suggested', decidedAt: null, decidedBy: null });
    expect(undone.body.content.evidence.length).toBeGreaterThan(0);
    expect((await answers()).req_4_2_1).toBeUndefined();
    // overridden with the merchant's own answer over none: that answer goes with it
    expect((await as(merchant, 'POST', `${base}/req_1_3_1/undo`, {})).status).toBe(200);
    expect((await answers()).req_1_3_1).toBeUndefined();
    // an answer changed after the decision is the merchant's: undo leaves it
    expect((await as(merchant, 'PUT', `${SAQS}/${saqId}/answers/req_4_2_1`, { value: 'inPlace' })).status).toBe(200);
    expect((await as(merchant, 'POST', `${base}/req_4_2_1/accept`, {})).status).toBe(200);
    expect((await answers()).req_4_2_1).toBe('notInPlace');
    expect((await as(merchant, 'POST', `${base}/req_4_2_1/undo`, {})).status).toBe(200);
    expect((await answers()).req_4_2_1).toBe('inPlace');
    expect((await as(merchant, 'POST', `${base}/req_4_2_1/override`, {})).status).toBe(200);
    expect((await as(merchant, 'PUT', `${SAQS}/${saqId}/answers/req_4_2_1`, { value: 'notApplicable' })).status).toBe(
      200,
    );
    expect((await as(merchant, 'POST', `${base}/req_4_2_1/undo`, {})).status).toBe(200);
    expect((await answers()).req_4_2_1).toBe('notApplicable');

    // nothing to undo on an open one; the body is empty; who may
    const open = await as(merchant, 'POST', `${base}/req_4_2_1/undo`, {});
    expect([open.status, open.body.code]).toEqual([409, 'suggestionNotDecided']);
    expect((await as(merchant, 'POST', `${base}/req_6_3_3/undo`, { value: 'inPlace' })).status).toBe(400);
    expect((await as(merchant, 'POST', `${base}/req_6_3_3/accept`, { value: 'inPlace' })).status).toBe(400);
    expect((await as(undefined, 'POST', `${base}/req_6_3_3/undo`, {})).status).toBe(401);
    expect((await as(bank, 'POST', `${base}/req_6_3_3/undo`, {})).status).toBe(403);
    expect((await as(admin, 'POST', `${base}/req_6_3_3/undo`, {})).status).toBe(403);
    expect((await as(merchant, 'POST', `${base}/req_12_1_1/undo`, {})).body.code).toBe('suggestionNotFound');
    expect((await suggestions()).req_6_3_3.status).toBe('overridden');
  });

  it('refuses what it must: 401, 403 for non-answering roles, 404 elsewhere, 400 bad bodies', async () => {
    const base = `${SAQS}/${saqId}/suggestions`;
    expect((await as(undefined, 'GET', base)).status).toBe(401);
    expect((await as(undefined, 'POST', `${base}/req_1_4_1/accept`)).status).toBe(401);
    expect((await as(bank, 'POST', `${base}/req_1_4_1/accept`)).status).toBe(403);
    expect((await as(admin, 'POST', `${base}/req_1_4_1/override`, {})).status).toBe(403);
    // an SAQ of another user is not found for the admin's reads either
    expect((await as(admin, 'GET', base)).status).toBe(404);
    const unknown = await as(merchant, 'POST', `${base}/req_12_1_1/accept`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('suggestionNotFound');
    expect((await as(merchant, 'POST', `${base}/req_1_4_1/override`, { value: 5 })).status).toBe(400);
    expect((await as(merchant, 'POST', `${base}/req_1_4_1/override`, { value: 'x', more: 1 })).status).toBe(400);
    expect((await as(merchant, 'GET', `${SAQS}/not-a-uuid/suggestions`)).status).toBe(400);
    const badValue = await as(merchant, 'POST', `${base}/req_1_4_1/override`, { value: 'maybe' });
    expect(badValue.status).toBe(422);
    expect((await suggestions()).req_1_4_1.status).toBe('suggested');
  });

  it('a site answering over plain HTTP only is online and gets the no-HTTPS finding (4.2.1)', async () => {
    const fresh = await as(merchant, 'POST', SAQS, { saqType: 'A-EP' });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(201);
    // the bad shop's plain HTTP, and an HTTPS port nothing listens on
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const https = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const started = await as(merchant, 'POST', '/wbe/api/scans', {
      url: 'http://plain.bad.test',
      target: {
        address: fixtures.bad.address,
        ports: { http: fixtures.bad.ports.http, https, services: {} },
        resolver: fixtures.bad.resolver,
      },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await server.settled();
    const scan = (await as(merchant, 'GET', `/wbe/api/scans/${started.body.content.id}`)).body.content as ScanRecord;
    expect([scan.status, scan.reachability]).toEqual(['completed', 'online']);
    const made = (await as(merchant, 'GET', `${SAQS}/${fresh.body.content.id}/suggestions`)).body
      .content as SaqSuggestion[];
    const tls = made.find((each) => each.itemId === 'req_4_2_1');
    expect(tls?.evidence.map((each) => each.finding)).toEqual(
      expect.arrayContaining(['http_not_redirected', 'https_not_served']),
    );
  }, 120_000);

  it('reaches the merchant’s SAQ from its bank’s scan once the portfolio merchant is linked to it (Settings → Sharing)', async () => {
    const onboarding = await tokenFor(server.base, 'onboarding@demo.test');
    // a fresh SAQ of the merchant (the last test: the earlier one goes), so every suggestion on it comes from the bank's scan
    await as(merchant, 'DELETE', `${SAQS}/${saqId}`);
    const fresh = await as(merchant, 'POST', SAQS, { saqType: 'A-EP' });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(201);
    const ofFresh = async () =>
      (await as(merchant, 'GET', `${SAQS}/${fresh.body.content.id}/suggestions`)).body.content as SaqSuggestion[];
    // the bank onboards the bad shop with a full scan and approves it into its portfolio
    const started = await as(onboarding, 'POST', '/wbe/api/onboardings', {
      url: 'https://linked.bad.test',
      target: { address: fixtures.bad.address, ports: fixtures.bad.ports, resolver: fixtures.bad.resolver },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await server.settled();
    const approved = await as(
      onboarding,
      'POST',
      `/wbe/api/onboardings/${started.body.content.id}/actions/approve`,
      {},
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const sharing = `/wbe/api/portfolio/merchants/${approved.body.content.merchantId}/sharing`;
    expect(await ofFresh()).toEqual([]);
    expect((await as(bank, 'GET', sharing)).body.content).toEqual({});

    // not shared with the bank: neither offered nor accepted, and nothing suggested
    expect((await as(bank, 'GET', '/wbe/api/portfolio/sharing-organizations')).body.content).toEqual([]);
    const early = await as(bank, 'PUT', sharing, { organizationId: 'org-demo-merchant' });
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({
      code: 'merchantNotSharing',
      message: 'This organisation does not share its compliance data with you.',
    });
    // the merchant shares its compliance with Demo Bank; the bank links the merchant to it
    expect((await as(merchant, 'POST', '/wbe/api/userComplianceShares', { bankId: 'org-demo-bank' })).status).toBe(201);
    expect((await as(bank, 'GET', '/wbe/api/portfolio/sharing-organizations')).body.content).toEqual([
      { id: 'org-demo-merchant', name: expect.any(String) },
    ]);
    for (const [token, status] of [
      [merchant, 403],
      [onboarding, 403],
      [undefined, 401],
    ] as const)
      expect((await as(token, 'PUT', sharing, { organizationId: 'org-demo-merchant' })).status).toBe(status);
    expect((await as(bank, 'PUT', sharing, { organizationId: 5 })).status).toBe(400);
    const linked = await as(bank, 'PUT', sharing, { organizationId: 'org-demo-merchant' });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.content).toEqual({ organizationId: 'org-demo-merchant' });

    // linking applies the merchant's latest scan: the bank's findings are suggestions in the merchant's SAQ
    const made = await ofFresh();
    expect(made.map((each) => each.itemId)).toEqual(expect.arrayContaining(['req_1_3_1', 'req_4_2_1']));
    expect(made.every((each) => each.scanId === approved.body.content.scanId && each.status === 'suggested')).toBe(
      true,
    );
    // unlinked, and the share stopped: nothing more reaches it
    expect((await as(bank, 'PUT', sharing, {})).body.content).toEqual({});
    expect((await as(merchant, 'DELETE', '/wbe/api/userComplianceShares/org-demo-bank')).status).toBe(200);
  }, 120_000);
});
