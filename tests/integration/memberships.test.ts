import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../server/store/records.types';
import { call, login, startTestServer, type TestServer, tokenFor } from './support/harness';

const INVITATIONS = '/inv/api/invitations';
const MMSP_SETTINGS = '/wbe/api/mmsp/settings';
const SETTINGS = { icaNumber: '1234', submitterName: 'Mert Merchant', submitterEmail: 'mmsp@merchant.example' };

/**
 * The probe of issue 24: a bank user of the bank (org A) invites the demo merchant (member of org B
 * only) with role `bank`. The role holds in the bank, never in the merchant's own organisation.
 */
describe('roles are held per organisation membership (over HTTP)', () => {
  let server: TestServer;
  let base = '';
  const switchTo = async (token: string, organizationId: string) => {
    const answer = await call(base, 'GET', `/trn/v2/login/organization/${organizationId}`, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.content as { token: string; roles: string[]; permissions: string[] };
  };
  const bankRights = async (token: string) => ({
    invitations: (await call(base, 'GET', INVITATIONS, { token })).status,
    mmspSettingsWrite: (await call(base, 'PUT', MMSP_SETTINGS, { token, body: SETTINGS })).status,
  });

  beforeAll(async () => {
    server = await startTestServer({ loginRateLimit: 1000 });
    base = server.base;
    const bank = await tokenFor(base, 'bank@demo.test');
    const invited = await call(base, 'POST', INVITATIONS, {
      token: bank,
      body: { email: 'merchant@demo.test', role: 'bank', position: 'manager' },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const accepted = await login(base, 'merchant@demo.test', undefined, { invitation_code: invited.body.content.id });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  });
  afterAll(() => server.close());

  it('in their own organisation the invited user has no bank rights; switched to the inviting one they have', async () => {
    // a plain sign-in opens the merchant's own organisation (its first)
    const own = (await login(base, 'merchant@demo.test')).body.content;
    expect(own.roles).toEqual(['saq', 'user']);
    expect(own.user.roles).toEqual(['saq', 'user']);
    expect(await bankRights(own.token)).toEqual({ invitations: 403, mmspSettingsWrite: 403 });

    const inBank = await switchTo(own.token, 'org-demo-bank');
    expect(inBank.roles).toEqual(['bank']);
    expect((await call(base, 'GET', '/iam/api/me', { token: inBank.token })).body.content.roles).toEqual(['bank']);
    expect(await bankRights(inBank.token)).toEqual({ invitations: 200, mmspSettingsWrite: 200 });

    // and back: switching changes the roles again
    const back = await switchTo(inBank.token, 'org-demo-merchant');
    expect(back.roles).toEqual(['saq', 'user']);
    expect(await bankRights(back.token)).toEqual({ invitations: 403, mmspSettingsWrite: 403 });
  });

  it('keeps what the account held before memberships in the organisations it held it in (migrated on read)', async () => {
    const [stored] = await server.store.collection<UserRecord>('users').find((u) => u.email === 'merchant@demo.test');
    expect(stored.memberships?.['org-demo-merchant']?.roles).toEqual(['saq', 'user']);
    expect(stored.memberships?.['org-demo-merchant']?.permissions).toEqual(
      expect.arrayContaining(['saqOverview:view', 'saqList:view']),
    );
    expect(stored.memberships?.['org-demo-bank']).toEqual({ roles: ['bank'], permissions: [] });

    // a demo user never invited is stored without memberships and keeps its roles in each organisation
    const bank = (await login(base, 'bank@demo.test')).body.content;
    expect(bank.roles).toEqual(['bank']);
    expect((await switchTo(bank.token, 'org-demo-acquirer')).roles).toEqual(['bank']);
  });

  it('holds nothing in an organisation the session names but the user is not a member of', async () => {
    const token = await server.ctx.tokens.sign({ sub: await idOf('merchant@demo.test'), gen: 0, org: 'org-paysec' });
    const me = await call(base, 'GET', '/iam/api/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.content).toMatchObject({ roles: [], permissions: [] });
    expect((await call(base, 'GET', INVITATIONS, { token })).status).toBe(403);
    // the web backend ends such a session outright (shell §4)
    expect((await call(base, 'GET', '/wbe/api/sites', { token })).status).toBe(406);
  });

  async function idOf(email: string): Promise<string> {
    const [user] = await server.store.collection<UserRecord>('users').find((u) => u.email === email);
    return user.id;
  }
});
