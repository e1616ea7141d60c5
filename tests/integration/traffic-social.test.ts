import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportedTrafficProvider } from '../../server/traffic/imported-traffic-provider';
import { call, type TestServer, startTestServer, tokenFor } from './support/harness';

const TRAFFIC = '/wbe/api/traffic';
const SOCIAL = '/wbe/api/social-media';
const MERCHANT_ORG = 'org-demo-merchant';

/**
 * Traffic queries and social media content over HTTP (docs/domain/traffic-social.md): credits spent
 * one per query and never twice, refused at zero before the provider is asked, domains checked, the
 * routes' guards enforced, imports, and bulk review between content, reviewed and trash.
 */
describe('traffic queries and social media content', () => {
  let server: TestServer;
  let admin = '';
  let merchant = '';
  /** The domains the provider was asked about, in order. */
  const asked: string[] = [];
  const as = (token: string, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token, body, headers: { 'accept-language': 'en' } });
  const balance = async () => (await as(merchant, 'GET', `${TRAFFIC}/credits`)).body.content;
  const grant = async (credits: number) => {
    const answer = await as(admin, 'POST', '/wbe/api/admin/traffic/credits', { organizationId: MERCHANT_ORG, credits });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.content;
  };

  beforeAll(async () => {
    server = await startTestServer({
      withSmtp: false,
      loginRateLimit: 100,
      // the real imported-data provider, counting what it is asked
      trafficProvider: (store) => {
        const real = new ImportedTrafficProvider(store);
        return {
          name: real.name,
          months: (domain: string) => {
            asked.push(domain);
            return real.months(domain);
          },
        };
      },
    });
    admin = await tokenFor(server.base, 'admin@demo.test');
    merchant = await tokenFor(server.base, 'merchant@demo.test');
  });
  afterAll(() => server?.close());

  it('refuses users without the routes’ permissions, and non-admins the admin calls', async () => {
    for (const [method, path] of [
      ['GET', `${TRAFFIC}/credits`],
      ['GET', `${TRAFFIC}/queries`],
      ['GET', `${SOCIAL}/posts/content`],
    ]) {
      expect((await as(merchant, method, path)).status, path).toBe(403);
    }
    expect((await as(merchant, 'POST', `${TRAFFIC}/queries`, { domain: 'demo-shop.example' })).status).toBe(403);
    expect((await as(merchant, 'POST', `${SOCIAL}/posts/review`, { ids: ['x'] })).status).toBe(403);
    expect(
      (await as(merchant, 'POST', '/wbe/api/admin/traffic/credits', { organizationId: MERCHANT_ORG, credits: 5 }))
        .status,
    ).toBe(403);
    expect((await as(merchant, 'POST', '/wbe/api/admin/traffic/data', { content: '[]' })).status).toBe(403);
    // an admin grants both permissions to the merchant in its organisation (a user group)
    const group = await as(admin, 'POST', '/wbe/api/resources/user-group', {
      name: 'Traffic and social',
      permissions: ['trafficQuery:view', 'social:view'],
      members: [{ email: 'merchant@demo.test', organization: MERCHANT_ORG }],
    });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    expect((await as(merchant, 'GET', `${TRAFFIC}/credits`)).status).toBe(200);
  });

  it('refuses a query at zero credits before the provider is asked, with the translated error', async () => {
    expect(await balance()).toMatchObject({ total: 0, remaining: 0, used: 0 });
    const before = asked.length;
    const refused = await as(merchant, 'POST', `${TRAFFIC}/queries`, { domain: 'demo-shop.example' });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: 'trafficNotEnoughCredits', message: 'Not enough credits.' });
    expect(asked.length).toBe(before);
    const turkish = await call(server.base, 'POST', `${TRAFFIC}/queries`, {
      token: merchant,
      body: { domain: 'demo-shop.example' },
      headers: { 'accept-language': 'tr' },
    });
    expect(turkish.body.message).toBe('Yeterli kredi yok.');
  });

  it('spends one credit per query and answers the spec’s fields', async () => {
    expect(await grant(3)).toMatchObject({ organizationId: MERCHANT_ORG, total: 3, remaining: 3 });
    const answer = await as(merchant, 'POST', `${TRAFFIC}/queries`, { domain: 'https://www.Demo-Shop.example/cart' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const result = answer.body.content;
    expect(result).toMatchObject({
      domain: 'demo-shop.example',
      trafficDate: '2026-10',
      direction: 'growing',
      credits: 1,
    });
    expect(result.averageVisitors).toBeGreaterThan(42000);
    expect(Object.keys(result.traffic).sort()).toEqual(
      ['ad', 'direct', 'email', 'organicSearch', 'paidSearch', 'referral', 'social'].sort(),
    );
    const shares = Object.values(result.traffic as Record<string, number>).reduce((sum, share) => sum + share, 0);
    expect(shares).toBeCloseTo(100, 0);
    expect(result.traffic.direct).toBe(32); // the month's 0.32 of visits
    expect(result.history).toHaveLength(12);
    expect(await balance()).toMatchObject({ total: 3, remaining: 2, used: 1 });
    expect(
      (await as(merchant, 'POST', `${TRAFFIC}/queries`, { domain: 'oldgadgets.example' })).body.content.direction,
    ).toBe('shrinking');
    expect(
      (await as(merchant, 'POST', `${TRAFFIC}/queries`, { domain: 'bluefashion.example' })).body.content.direction,
    ).toBe('stagnant');
    expect(await balance()).toMatchObject({ total: 3, remaining: 0, used: 3 });
    expect((await as(merchant, 'POST', `${TRAFFIC}/queries`, { domain: 'demo-shop.example' })).status).toBe(402);
    // the organisation's queries, newest first; another organisation sees none of them
    const list = await as(merchant, 'GET', `${TRAFFIC}/queries`);
    expect(list.body.content.total).toBe(3);
    expect(list.body.content.items[0].domain).toBe('bluefashion.example');
    expect((await as(merchant, 'GET', `${TRAFFIC}/queries/${result.id}`)).body.content.id).toBe(result.id);
    expect((await as(admin, 'GET', `${TRAFFIC}/queries/${result.id}`)).status).toBe(404);
    expect(
      (
        await as(
          admin,
          'GET',
          `${TRAFFIC}/queries?filter=${encodeURIComponent(JSON.stringify({ field: 'domain', op: 'eq', value: 'bluefashion.example' }))}`,
        )
      ).body.content.total,
    ).toBe(0);
  });

  it('refuses invalid domains without spending, and gives the credit back when data is short', async () => {
    await grant(1);
    for (const domain of ['not a domain', 'localhost', '192.168.1.10', 'shop.example-', 'http://shop', 'a..example']) {
      const answer = await as(merchant, 'POST', `${TRAFFIC}/queries`, { domain });
      expect(answer.status, domain).toBe(422);
      expect(answer.body).toMatchObject({ code: 'trafficInvalidDomain', message: 'Invalid domain.' });
    }
    expect((await as(merchant, 'POST', `${TRAFFIC}/queries`, { domain: '' })).status).toBe(400);
    const unknown = await as(merchant, 'POST', `${TRAFFIC}/queries`, { domain: 'nobody-knows.example' });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ code: 'trafficNotEnoughData', message: 'Not enough data.' });
    expect(await balance()).toMatchObject({ remaining: 1 });
  });

  it('never spends a credit twice under concurrent queries', async () => {
    await grant(2); // 3 remaining
    const answers = await Promise.all(
      Array.from({ length: 9 }, () => as(merchant, 'POST', `${TRAFFIC}/queries`, { domain: 'demo-shop.example' })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 402)).toHaveLength(6);
    expect(await balance()).toMatchObject({ total: 6, remaining: 0, used: 6 });
    expect((await as(merchant, 'GET', `${TRAFFIC}/queries`)).body.content.total).toBe(6);
  });

  it('imports a data file for the provider, reporting bad rows by line', async () => {
    const csv = [
      'domain,trafficDate,averageVisitors,direct,email,referral,social,organicSearch,paidSearch,ad',
      'newshop.example,2026-09,1000,0.5,0.1,0.1,0.1,0.1,0.05,0.05',
      'newshop.example,2026-10,1500,0.5,0.1,0.1,0.1,0.1,0.05,0.05',
      'newshop.example,2026-13,1500,0.5,0.1,0.1,0.1,0.1,0.05,0.05',
      'newshop.example,2026-08,900,0.9,0.1,0.1,0.1,0.1,0.05,0.05',
    ].join('\n');
    const imported = await as(admin, 'POST', '/wbe/api/admin/traffic/data', { content: csv });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.content).toMatchObject({ imported: 2, domains: 1, rejected: 2 });
    expect(imported.body.content.problems).toEqual([
      { line: 4, column: 'trafficDate', message: 'traffic.import.month' },
      { line: 5, column: '', message: 'traffic.import.shareSum' },
    ]);
    expect((await as(admin, 'POST', '/wbe/api/admin/traffic/data', { content: 'a,b\n1,2' })).status).toBe(422);
    // the screen's upload: the same file as multipart, JSON told by its content
    const json = [
      {
        domain: 'newshop.example',
        trafficDate: '2026-07',
        averageVisitors: 800,
        traffic: {
          direct: 0.5,
          email: 0.1,
          referral: 0.1,
          social: 0.1,
          organicSearch: 0.1,
          paidSearch: 0.05,
          ad: 0.05,
        },
      },
    ];
    const form = new FormData();
    form.append('file', new Blob([JSON.stringify(json)], { type: 'application/json' }), 'traffic.json');
    const uploaded = await fetch(`${server.base}/wbe/api/admin/traffic/data/file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    expect((await uploaded.json()).content).toMatchObject({ imported: 1, domains: 1, rejected: 0 });
    await grant(1);
    const answer = await as(merchant, 'POST', `${TRAFFIC}/queries`, { domain: 'newshop.example' });
    expect(answer.body.content).toMatchObject({ trafficDate: '2026-10', averageVisitors: 1500, direction: 'growing' });
    expect(answer.body.content.history.map((month: { trafficDate: string }) => month.trafficDate)).toEqual([
      '2026-07',
      '2026-09',
      '2026-10',
    ]);
  });

  it('imports flagged posts and reviews them in bulk between content, reviewed and trash', async () => {
    const posts = [
      {
        platform: 'instagram',
        url: 'https://ig.example/p/1',
        text: 'Best online casino bonus',
        postedAt: '2026-10-01T10:00:00Z',
      },
      { platform: 'x', url: 'https://x.example/s/2', text: 'Cheap vape refills', postedAt: '2026-10-02T10:00:00Z' },
      {
        platform: 'x',
        url: 'https://x.example/s/3',
        text: 'Odds on tonight',
        postedAt: '2026-10-03T10:00:00Z',
        category: 'gambling_regulations',
      },
      {
        platform: 'facebook',
        url: 'https://fb.example/4',
        text: 'Autumn scarves are in',
        postedAt: '2026-10-04T10:00:00Z',
      },
      { platform: 'facebook', url: 'not a link', text: 'Broken', postedAt: '2026-10-04T10:00:00Z' },
    ];
    const imported = await as(merchant, 'POST', `${SOCIAL}/import`, { content: JSON.stringify(posts) });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.content).toMatchObject({ imported: 3, duplicates: 0, notFlagged: 1, rejected: 1 });
    expect(
      (await as(merchant, 'POST', `${SOCIAL}/import`, { content: JSON.stringify(posts) })).body.content,
    ).toMatchObject({
      imported: 0,
      duplicates: 3,
    });
    const content = (await as(merchant, 'GET', `${SOCIAL}/posts/content`)).body.content;
    expect(content.total).toBe(3);
    const byText = Object.fromEntries(content.items.map((post: { text: string }) => [post.text, post]));
    expect(byText['Best online casino bonus'].categories).toEqual(['gambling']);
    expect(byText['Cheap vape refills'].category).toBe('vape');
    expect(byText['Odds on tonight'].category).toBe('gambling_regulations');
    const ids = content.items.map((post: { id: string }) => post.id);

    const reviewed = await as(merchant, 'POST', `${SOCIAL}/posts/review`, { ids: ids.slice(0, 2) });
    expect(reviewed.body.content).toEqual({ count: 2 });
    expect((await as(merchant, 'GET', `${SOCIAL}/posts/reviewed`)).body.content.total).toBe(2);
    expect((await as(merchant, 'GET', `${SOCIAL}/posts/content`)).body.content.total).toBe(1);
    // trash takes posts from either view; restore puts each back where it was
    expect((await as(merchant, 'POST', `${SOCIAL}/posts/trash`, { ids })).body.content).toEqual({ count: 3 });
    expect((await as(merchant, 'GET', `${SOCIAL}/posts/trash`)).body.content.total).toBe(3);
    expect((await as(merchant, 'POST', `${SOCIAL}/posts/restore`, { ids })).body.content).toEqual({ count: 3 });
    expect((await as(merchant, 'GET', `${SOCIAL}/posts/reviewed`)).body.content.total).toBe(2);
    expect((await as(merchant, 'GET', `${SOCIAL}/posts/content`)).body.content.total).toBe(1);
    // a post of another organisation moves nothing
    const adminPost = (await as(admin, 'GET', `${SOCIAL}/posts/content`)).body.content.items[0].id;
    expect((await as(merchant, 'POST', `${SOCIAL}/posts/review`, { ids: [ids[2], adminPost] })).status).toBe(404);
    expect((await as(merchant, 'GET', `${SOCIAL}/posts/content`)).body.content.total).toBe(1);
    expect((await as(merchant, 'GET', `${SOCIAL}/posts/elsewhere`)).status).toBe(400);
  });

  it('flags by the admin’s category settings and blacklist keywords', async () => {
    const categories = await as(admin, 'GET', '/wbe/api/resources/content-category?pageSize=100');
    const vape = categories.body.content.items.find((item: { key: string }) => item.key === 'vape');
    const off = await as(admin, 'PUT', `/wbe/api/resources/content-category/${vape.id}`, {
      key: 'vape',
      active: false,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const posts = [
      { platform: 'x', url: 'https://x.example/s/10', text: 'More vape refills', postedAt: '2026-10-05T10:00:00Z' },
      {
        platform: 'x',
        url: 'https://x.example/s/11',
        text: 'A knockoff handbag sale',
        postedAt: '2026-10-05T10:00:00Z',
      },
    ];
    const imported = await as(merchant, 'POST', `${SOCIAL}/import`, { content: JSON.stringify(posts) });
    expect(imported.body.content).toMatchObject({ imported: 1, notFlagged: 1 });
    const content = (await as(merchant, 'GET', `${SOCIAL}/posts/content`)).body.content.items;
    expect(content.find((post: { text: string }) => post.text.includes('knockoff')).category).toBe('counterfeit');
  });
});
