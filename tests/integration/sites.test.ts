import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOTP_SECRET, DEMO_USERS } from '../../fixtures/users';
import { totpCodes } from '../support/totp-codes';
import type { ErrorReportRecord, SiteRecord, UserRecord } from '../../server/store/records.types';
import { type TestServer, call, login, startTestServer, tokenFor } from './support/harness';

const MERCHANT_SITES = [
  { id: 'site-demo-bookings', name: 'Demo Bookings (book.example.test)' },
  { id: 'site-demo-shop', name: 'Demo Shop (shop.example.test)' },
];

describe('GET /wbe/api/sites and data.hasSites (domain §6-7)', () => {
  let server: TestServer;
  const sites = () => server.store.collection<SiteRecord>('sites');

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
  });
  afterAll(() => server.close());

  /** Adds a site for the duration of `body`, then removes it again. */
  async function withSite(organizationId: string, body: (site: SiteRecord) => Promise<void>): Promise<void> {
    const site = await sites().insert({
      id: `site-${organizationId}`,
      name: `Temporary site of ${organizationId}`,
      organizationId,
      createdAt: new Date().toISOString(),
    });
    try {
      await body(site);
    } finally {
      await sites().remove(site.id);
    }
  }

  it("lists the merchant's sites as { id, name } and says hasSites in the LoginResponse and /me", async () => {
    const signedIn = await login(server.base, 'merchant@demo.test');
    expect(signedIn.body.content.data.hasSites).toBe(true);
    const token = signedIn.body.content.token as string;

    const answer = await call(server.base, 'GET', '/wbe/api/sites', { token });
    expect(answer.status).toBe(200);
    expect(answer.body.content).toEqual(MERCHANT_SITES);

    const me = await call(server.base, 'GET', '/iam/api/me', { token });
    expect(me.body.content.data.hasSites).toBe(true);
  });

  it('answers an empty list (not an error) to a bank user whose organisations have no sites', async () => {
    const signedIn = await login(server.base, 'bank@demo.test');
    expect(signedIn.body.content.data.hasSites).toBe(false);
    const answer = await call(server.base, 'GET', '/wbe/api/sites', { token: signedIn.body.content.token });
    expect(answer.status).toBe(200);
    expect(answer.body.content).toEqual([]);
  });

  it('derives hasSites from the sites collection, not from a stored flag', async () => {
    // the bank holds saq permissions (saqManagement:view), so a site of its organisation counts
    const token = await tokenFor(server.base, 'bank@demo.test');
    await withSite('org-demo-acquirer', async (site) => {
      const listed = await call(server.base, 'GET', '/wbe/api/sites', { token });
      expect(listed.body.content).toEqual([{ id: site.id, name: site.name }]);
      expect((await call(server.base, 'GET', '/iam/api/me', { token })).body.content.data.hasSites).toBe(true);
      expect((await login(server.base, 'bank@demo.test')).body.content.data.hasSites).toBe(true);
    });
    expect((await call(server.base, 'GET', '/iam/api/me', { token })).body.content.data.hasSites).toBe(false);

    const [merchant] = await server.store.collection<UserRecord>('users').find((u) => u.email === 'merchant@demo.test');
    expect(merchant.data).not.toHaveProperty('hasSites');
  });

  it('gives a user without any saq role or permission no sites, even when the organisation has some', async () => {
    const token = await tokenFor(server.base, 'tm@demo.test');
    await withSite('org-demo-monitoring', async () => {
      const answer = await call(server.base, 'GET', '/wbe/api/sites', { token });
      expect(answer.status).toBe(200);
      expect(answer.body.content).toEqual([]);
      expect((await call(server.base, 'GET', '/iam/api/me', { token })).body.content.data.hasSites).toBe(false);
    });
  });

  it("gives the admin (every saq permission) only its own organisations' sites: none", async () => {
    const signedIn = await login(server.base, 'admin@demo.test');
    expect(signedIn.body.content.data.hasSites).toBe(false);
    const answer = await call(server.base, 'GET', '/wbe/api/sites', { token: signedIn.body.content.token });
    expect(answer.status).toBe(200);
    expect(answer.body.content).toEqual([]);
  });

  it('gives twofa@ (merchant organisation, no saq role or permission) no sites', async () => {
    const token = await tokenFor(server.base, 'twofa@demo.test', {
      authcode: await totpCodes(DEMO_TOTP_SECRET, server.clock)(),
    });
    const answer = await call(server.base, 'GET', '/wbe/api/sites', { token });
    expect(answer.status).toBe(200);
    expect(answer.body.content).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const answer = await call(server.base, 'GET', '/wbe/api/sites');
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('unauthorized');
  });

  it("ignores an X-SITE-ID that is not one of the user's sites and keeps a valid one", async () => {
    const token = await tokenFor(server.base, 'merchant@demo.test');
    const bankToken = await tokenFor(server.base, 'bank@demo.test');
    await withSite('org-demo-bank', async (foreign) => {
      for (const header of [foreign.id, 'no-such-site', ' ', '../../etc/passwd']) {
        const listed = await call(server.base, 'GET', '/wbe/api/sites', { token, headers: { 'x-site-id': header } });
        expect(listed.status).toBe(200);
        expect(listed.body.content).toEqual(MERCHANT_SITES);
      }
      // the merchant's own site is not the bank's either
      const bankListed = await call(server.base, 'GET', '/wbe/api/sites', {
        token: bankToken,
        headers: { 'x-site-id': 'site-demo-shop' },
      });
      expect(bankListed.status).toBe(200);
      expect(bankListed.body.content).toEqual([{ id: foreign.id, name: foreign.name }]);

      const report = (siteId: string, reportToken?: string) =>
        call(server.base, 'POST', '/wbe/api/user/log/error', {
          token: reportToken,
          headers: { 'x-site-id': siteId },
          body: { page_url: `http://app.test/app/saq/overview?site=${siteId}`, error_reason: 'boom' },
        });
      const own = await report('site-demo-shop', token);
      const stranger = await report(foreign.id, token);
      const anonymous = await report('site-demo-shop');
      for (const answer of [own, stranger, anonymous]) expect(answer.status).toBe(201);

      const stored = server.store.collection<ErrorReportRecord>('errorReports');
      expect((await stored.get(own.body.content.id))?.siteId).toBe('site-demo-shop');
      expect(await stored.get(stranger.body.content.id)).not.toHaveProperty('siteId');
      expect(await stored.get(anonymous.body.content.id)).not.toHaveProperty('siteId');
    });
  });
  it('follows the published role-groups document: a new siteHolders list changes who has sites, no code change', async () => {
    const admin = await tokenFor(server.base, 'admin@demo.test');
    const merchant = await tokenFor(server.base, 'merchant@demo.test');
    const tm = await tokenFor(server.base, 'tm@demo.test');
    const ROLE_GROUPS = '/config/v1/documents/role-groups/app';
    const publish = async (body: unknown) => {
      const draft = await call(server.base, 'POST', `${ROLE_GROUPS}/drafts`, { token: admin, body: { body } });
      const published = await call(server.base, 'POST', `${ROLE_GROUPS}/versions/${draft.body.version}/publish`, {
        token: admin,
      });
      expect(published.status).toBe(200);
    };
    const sitesOf = async (token: string) => (await call(server.base, 'GET', '/wbe/api/sites', { token })).body.content;
    const hasSites = async (token: string) =>
      (await call(server.base, 'GET', '/iam/api/me', { token })).body.content.data.hasSites;

    const original = (await call(server.base, 'GET', ROLE_GROUPS)).body.body;
    await withSite('org-demo-monitoring', async (site) => {
      expect(await sitesOf(tm)).toEqual([]);
      // the monitoring manager's permission becomes a site-holder entry; the saq role and permissions do not
      await publish({
        groups: { ...original.groups, siteHolders: ['transactionMonitoringManager:view'] },
      });
      try {
        expect(await sitesOf(tm)).toEqual([{ id: site.id, name: site.name }]);
        expect(await hasSites(tm)).toBe(true);
        expect(await sitesOf(merchant)).toEqual([]);
        expect(await hasSites(merchant)).toBe(false);
      } finally {
        await publish(original);
      }
      expect(await sitesOf(tm)).toEqual([]);
      expect(await sitesOf(merchant)).toEqual(MERCHANT_SITES);
    });
  });
});

describe('demo sites in a data directory seeded before sites existed', () => {
  it('are added on the next start, for the demo organisations only', async () => {
    const first = await startTestServer({ withSmtp: false });
    const dataDir = first.dataDir;
    const stored = first.store.collection<SiteRecord>('sites');
    for (const site of await stored.all()) await stored.remove(site.id);
    await first.stopApp();

    const second = await startTestServer({ withSmtp: false, dataDir });
    try {
      const token = await tokenFor(second.base, 'merchant@demo.test');
      expect((await call(second.base, 'GET', '/wbe/api/sites', { token })).body.content).toEqual(MERCHANT_SITES);
      expect(await second.store.collection<SiteRecord>('sites').all()).toHaveLength(MERCHANT_SITES.length);
    } finally {
      await second.close();
    }
  });
});

describe('profile defaults: dark theme and the registered language', () => {
  let server: TestServer;
  const users = () => server.store.collection<UserRecord>('users');

  beforeAll(async () => {
    server = await startTestServer({ loginRateLimit: 100 });
  });
  afterAll(() => server.close());

  it('seeds every demo user with the dark theme and its site_language (English unless set)', async () => {
    const stored = await users().all();
    expect(stored).toHaveLength(DEMO_USERS.length);
    for (const demo of DEMO_USERS) {
      const user = stored.find((candidate) => candidate.email === demo.email);
      expect(user, demo.email).toMatchObject({ theme: 'dark', site_language: demo.site_language ?? 'en' });
    }
    const signedIn = await login(server.base, 'merchant@demo.test');
    expect(signedIn.body.content.user).toMatchObject({ theme: 'dark', site_language: 'en' });
  });

  const registration = {
    name: 'Defaults Check',
    company: 'Defaults Ltd',
    password: 'Strong-Pass1',
    password_confirm: 'Strong-Pass1',
    using_conditions: true,
    commercial_consent: false,
    phone: '905551112244',
    saq: true,
  };

  async function registerAndApprove(body: Record<string, unknown>): Promise<string> {
    const answer = await call(server.base, 'POST', '/iam/api/auth/register', { body });
    expect(answer.status).toBe(201);
    const uuid = answer.body.content.uuid as string;
    // the account is created after the answer; its verification mail says it exists
    await server.mailbox().waitFor(String(body.email));
    await users().update(uuid, { verified: true });
    const admin = await tokenFor(server.base, 'admin@demo.test');
    expect((await call(server.base, 'POST', `/wbe/api/admin/users/${uuid}/approve`, { token: admin })).status).toBe(
      200,
    );
    return uuid;
  }

  it('gives a new registration without a language the dark theme and English', async () => {
    const uuid = await registerAndApprove({ ...registration, email: 'defaults-en@example.com' });
    expect(await users().get(uuid)).toMatchObject({ theme: 'dark', site_language: 'en', report_language: 'en' });

    const signedIn = await login(server.base, 'defaults-en@example.com', 'Strong-Pass1');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.content.user).toMatchObject({ theme: 'dark', site_language: 'en' });
    // a new merchant holds the saq role but has no sites yet: the SAQ menu goes to the wizard
    expect(signedIn.body.content.data.hasSites).toBe(false);
    const listed = await call(server.base, 'GET', '/wbe/api/sites', { token: signedIn.body.content.token });
    expect(listed.status).toBe(200);
    expect(listed.body.content).toEqual([]);
  });

  it('keeps the language the user registered with', async () => {
    const uuid = await registerAndApprove({
      ...registration,
      email: 'defaults-tr@example.com',
      site_language: 'tr',
      report_language: 'en',
    });
    expect(await users().get(uuid)).toMatchObject({ theme: 'dark', site_language: 'tr', report_language: 'en' });
    const signedIn = await login(server.base, 'defaults-tr@example.com', 'Strong-Pass1');
    const me = await call(server.base, 'GET', '/iam/api/me', { token: signedIn.body.content.token });
    expect(me.body.content.user).toMatchObject({ theme: 'dark', site_language: 'tr' });
  });
});
