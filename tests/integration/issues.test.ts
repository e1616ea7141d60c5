import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';
import { fillPath, mountedRoutes } from './support/mounted-routes';

// Issues as documents (schemas/resources/issue.json, workflow issue) and the AST reads over them
// (server/gateway/ast.ts), over real HTTP: who may raise, ignore and read, and every figure.
const ISSUES = '/wbe/api/resources/issue';
const AST = '/ast/issue';

describe('issues and the AST issue reads', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const as = (who: string | undefined, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token: who ? tokens[who] : undefined, body });
  const raised: Record<string, string> = {};

  async function raise(who: string, name: string, fields: Record<string, unknown>) {
    const answer = await as(who, 'POST', ISSUES, { title: name, severity: 'medium', ...fields });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    raised[name] = answer.body.content.id;
    return answer.body.content;
  }

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    for (const who of ['admin', 'owner', 'assessor', 'assessee', 'merchant', 'bank'])
      tokens[who] = await tokenFor(server.base, `${who}@demo.test`);
    // nine assessment categories, 'policy' most often; two scan issues on one asset
    const categories = ['policy', 'policy', 'policy', 'accessControl', 'accessControl', 'dataProtection', 'thirdParty'];
    for (const [index, category] of [...categories, 'other', 'ssl', 'headers', 'network', 'application'].entries())
      await raise('owner', `assessment ${index}`, { source: 'assessment', category, asset: 'vendor.test' });
    await raise('assessor', 'weak ciphers', {
      source: 'scan',
      category: 'ssl',
      severity: 'critical',
      asset: 'shop.example',
      merchantId: 'm-1',
    });
    await raise('assessee', 'missing HSTS', {
      source: 'scan',
      category: 'headers',
      severity: 'high',
      asset: 'shop.example',
      merchantId: 'm-1',
    });
  }, 120_000);
  afterAll(() => server.close());

  it('lets the assessment roles raise and work on issues; deciding to ignore is the owner’s and assessor’s', async () => {
    const created = await as('owner', 'GET', `${ISSUES}/${raised['weak ciphers']}`);
    expect(created.body.content).toMatchObject({ state: 'open', organizationId: 'org-demo-vendor' });
    // the schema judges every field
    const bad = await as('owner', 'POST', ISSUES, { title: '', source: 'email', severity: 'urgent', category: 'ssl' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['severity', 'source', 'title']);
    // outsiders: no permission of an assessment role
    for (const who of ['merchant', 'bank']) {
      expect((await as(who, 'GET', ISSUES)).status, who).toBe(403);
      expect(
        (await as(who, 'POST', ISSUES, { title: 'x', source: 'scan', severity: 'low', category: 'ssl' })).status,
      ).toBe(403);
    }
    expect((await as(undefined, 'GET', ISSUES)).status).toBe(401);

    const ignore = (who: string, action: string) =>
      as(who, 'POST', `${ISSUES}/${raised['missing HSTS']}/actions/${action}`, {});
    expect((await ignore('assessee', 'ignore')).status).toBe(403);
    expect((await ignore('assessor', 'ignore')).body.content).toMatchObject({ state: 'ignored' });
    const twice = await ignore('owner', 'ignore');
    expect(twice.status).toBe(409);
    expect((await ignore('owner', 'unignore')).body.content).toMatchObject({ state: 'open' });
    // the assessee fixes: start, then resolve
    const move = (action: string) =>
      as('assessee', 'POST', `${ISSUES}/${raised['assessment 0']}/actions/${action}`, {});
    expect((await move('start')).body.content.state).toBe('inProgress');
    expect((await move('resolve')).body.content.state).toBe('resolved');
    expect((await as('assessee', 'DELETE', `${ISSUES}/${raised['assessment 0']}`)).status).toBe(403);
  });

  it('answers the AST reads from the records: totals, severities, statuses, categories (8), leaderboard', async () => {
    const read = async (who: string, path: string) => {
      const answer = await as(who, 'GET', `${AST}/${path}`);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
      return answer.body.content;
    };
    expect(await read('owner', 'get_total_issues/owner')).toEqual({
      total: 14,
      active: 13,
      open: 13,
      inProgress: 0,
      resolved: 1,
      ignored: 0,
    });
    expect(await read('assessor', 'get_total_scan_issues/assessor')).toMatchObject({ total: 2, active: 2 });
    expect(await read('assessee', 'get_total_assessment_issues/assessee')).toMatchObject({ total: 12, resolved: 1 });
    expect(await read('owner', 'get_scan_issues_severities/owner')).toEqual([
      { key: 'critical', count: 1 },
      { key: 'high', count: 1 },
      { key: 'medium', count: 0 },
      { key: 'low', count: 0 },
      { key: 'info', count: 0 },
    ]);
    const statuses = await read('owner', 'get_assessment_issues_statuses/owner');
    expect(statuses).toEqual([
      { key: 'open', count: 11 },
      { key: 'inProgress', count: 0 },
      { key: 'resolved', count: 1 },
      { key: 'ignored', count: 0 },
    ]);
    // active assessment issues by category, most first, trimmed to 8 of the 9 there are
    const categories = await read('owner', 'get_assessment_issues_by_category');
    expect(categories).toHaveLength(8);
    expect(categories.slice(0, 2)).toEqual([
      { key: 'accessControl', count: 2 },
      { key: 'policy', count: 2 },
    ]);
    const board = await read('owner', 'get_issues_leaderboard/owner');
    expect(board.map((entry: { name: string; total_issue: number }) => [entry.name, entry.total_issue])).toEqual([
      ['vendor.test', 11],
      ['shop.example', 2],
    ]);
    expect(board[1]).toMatchObject({ critical: 1, high: 1 });
    const scan = await read('owner', 'get_scan_issues/owner');
    expect(scan.map((issue: { title: string }) => issue.title)).toEqual(['missing HSTS', 'weak ciphers']);
    expect(await read('owner', 'get_scan_issues_by_merchant_id/m-1')).toHaveLength(2);
    expect(await read('owner', 'get_total_assessment_issues_by_merchant_id/m-1')).toMatchObject({ total: 0 });
    expect(await read('assessee', 'get_issue_statuses_by_owner')).toEqual([
      { key: 'open', count: 1 },
      { key: 'inProgress', count: 0 },
      { key: 'resolved', count: 0 },
      { key: 'ignored', count: 0 },
    ]);
  });

  it('charts progress by week over a month and by month over 3, 6 and 12', async () => {
    const month = (await as('owner', 'GET', `${AST}/get_issue_progress/1`)).body.content;
    expect(month).toHaveLength(5);
    // everything was raised and the one resolved today: the last week holds it all
    expect(month.at(-1)).toMatchObject({ raised: 14, resolved: 1, active: 13 });
    expect(month[0]).toMatchObject({ raised: 0, resolved: 0, active: 0 });
    for (const months of [3, 6, 12]) {
      const buckets = (await as('owner', 'GET', `${AST}/get_issue_progress/${months}`)).body.content;
      expect(buckets).toHaveLength(months);
      expect(buckets.at(-1).start).toBe(`${new Date().toISOString().slice(0, 7)}-01`);
    }
    const bad = await as('owner', 'GET', `${AST}/get_issue_progress/2`);
    expect([bad.status, bad.body.code]).toEqual([400, 'invalidRequest']);
  });

  it('counts the third parties and where their licences stand', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const party = (name: string, licenseEnd?: string) => ({
      name,
      url: `https://${name}.example`,
      package: 'hosting',
      contactPerson: 'Deniz',
      contactEmail: `security@${name}.example`,
      ...(licenseEnd ? { licenseEnd } : {}),
    });
    for (const [name, end] of [
      ['valid', day(200)],
      ['soon', day(10)],
      ['ended', day(-1)],
      ['unknown', undefined],
    ] as const) {
      const created = await as('owner', 'POST', '/wbe/api/resources/third-party', party(name, end));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    const total = await as('assessor', 'GET', `${AST}/get_total_number_of_third_parties`);
    expect(total.body.content).toEqual({ total: 4 });
    const states = await as('owner', 'GET', `${AST}/get_third_party_status`);
    expect(states.body.content).toEqual([
      { key: 'active', count: 1 },
      { key: 'expiresSoon', count: 1 },
      { key: 'expired', count: 1 },
      { key: 'noLicence', count: 1 },
    ]);
    // third parties are the owner's and assessor's to read, not the assessee's
    expect((await as('assessee', 'GET', `${AST}/get_third_party_status`)).status).toBe(403);
  });

  it('answers a role’s lens only to that role (or an admin); other organisations see none of it', async () => {
    const routes = mountedRoutes(server.app).filter((route) => route.path.startsWith(`${AST}/`));
    // 18 issue reads, the two get_latest_closed_assessment_score reads (docs/gateway/maq.md)
    // and the portfolio's two scan-score reads ('Portfolio'), which are the bank's (portfolio-merchant.test.ts)
    expect(routes).toHaveLength(22);
    const portfolioReads = ['get_score_history_by_merchant_id', 'get_last_scan_score'];
    for (const route of routes) {
      const path = fillPath(route.path, { userType: 'owner', merchantId: 'm-1', months: '3' });
      expect((await as(undefined, 'GET', path)).status, path).toBe(401);
      const bankMayRead = portfolioReads.some((read) => route.path.includes(`/${read}/`));
      for (const outsider of bankMayRead ? ['merchant'] : ['merchant', 'bank']) {
        const refused = await as(outsider, 'GET', path);
        expect([refused.status, refused.body.code], `${outsider} ${path}`).toEqual([403, 'noPermission']);
      }
    }
    const lens = (who: string, type: string) => as(who, 'GET', `${AST}/get_total_issues/${type}`);
    expect((await lens('assessee', 'owner')).status).toBe(403);
    expect((await lens('owner', 'assessee')).status).toBe(403);
    expect((await lens('owner', 'nobody')).status).toBe(400);
    // the admin works for PaySec's organisation: the lens is open to it, the vendor's issues are not
    expect((await lens('admin', 'assessee')).body.content.total).toBe(0);
  });
});
