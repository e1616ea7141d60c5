import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImpersonationRecord, UserRecord } from '../../server/store/records.types';
import { call, startTestServer, type TestServer, tokenFor } from './support/harness';

const TRAIL = '/wbe/api/admin/impersonations';
const RETURN = '/wbe/api/impersonation/return';

/** Shell §4 'Impersonation': every take-over and return is in the audit trail, with both ids and the time. */
describe('the impersonation audit trail', () => {
  let server: TestServer;
  let admin: string;
  let adminId: string;
  let merchantId: string;
  let bankId: string;

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    admin = await tokenFor(server.base, 'admin@demo.test');
    const users = await server.store.collection<UserRecord>('users').all();
    const idOf = (email: string) => users.find((user) => user.email === email)?.id as string;
    [adminId, merchantId, bankId] = [idOf('admin@demo.test'), idOf('merchant@demo.test'), idOf('bank@demo.test')];
  });
  afterAll(() => server.close());

  const takeOver = async (userId: string) => {
    const answer = await call(server.base, 'GET', `/wbe/api/admin/impersonate-uuid/${userId}`, { token: admin });
    expect(answer.status).toBe(200);
    return answer.body.content.token as string;
  };

  it('writes the take-over before answering, and the return made with that session, both ids and the time', async () => {
    const before = new Date().toISOString();
    const session = await takeOver(merchantId);
    const trail = (await call(server.base, 'GET', TRAIL, { token: admin })).body.content;
    expect(trail.total).toBe(1);
    const [taken] = trail.items as ImpersonationRecord[];
    expect(taken).toMatchObject({
      action: 'takeOver',
      adminId,
      adminEmail: 'admin@demo.test',
      userId: merchantId,
      userEmail: 'merchant@demo.test',
    });
    expect(taken.at >= before).toBe(true);

    const given = await call(server.base, 'POST', RETURN, { token: session, body: {} });
    expect(given.status).toBe(200);
    expect(given.body.content).toMatchObject({ action: 'return', adminId, userId: merchantId, takeOverId: taken.id });
    expect(given.body.content.at >= taken.at).toBe(true);
    // a second call for the same take-over answers the first return, and writes nothing
    const again = await call(server.base, 'POST', RETURN, { token: session, body: {} });
    expect(again.body.content.id).toBe(given.body.content.id);
    const after = (await call(server.base, 'GET', TRAIL, { token: admin })).body.content;
    expect(after.total).toBe(2);
    expect(after.items.map((row: ImpersonationRecord) => row.action)).toEqual(['return', 'takeOver']);
  });

  it('keeps naming the take-over after the impersonated session switches organisation', async () => {
    const session = await takeOver(bankId);
    const switched = await call(server.base, 'GET', '/trn/v2/login/organization/org-demo-acquirer', { token: session });
    expect(switched.status).toBe(200);
    const given = await call(server.base, 'POST', RETURN, { token: switched.body.content.token, body: {} });
    expect(given.status).toBe(200);
    expect(given.body.content).toMatchObject({ action: 'return', adminId, userId: bankId });
    const taken = await server.store
      .collection<ImpersonationRecord>('impersonations')
      .get(given.body.content.takeOverId);
    expect(taken).toMatchObject({ action: 'takeOver', userId: bankId });
  });

  it('filters, sorts and pages the trail with the query contract', async () => {
    const filter = (value: unknown) => encodeURIComponent(JSON.stringify(value));
    const returns = await call(
      server.base,
      'GET',
      `${TRAIL}?filter=${filter({ field: 'action', op: 'eq', value: 'return' })}`,
      {
        token: admin,
      },
    );
    expect(returns.body.content.total).toBe(2);
    const bankOnly = await call(
      server.base,
      'GET',
      `${TRAIL}?filter=${filter({ field: 'userEmail', op: 'contains', value: 'bank@' })}`,
      { token: admin },
    );
    expect(bankOnly.body.content.items.map((row: ImpersonationRecord) => row.userId)).toEqual([bankId, bankId]);
    const paged = await call(server.base, 'GET', `${TRAIL}?page=2&pageSize=3&sort=at`, { token: admin });
    expect(paged.body.content.total).toBe(4);
    expect(paged.body.content.items).toHaveLength(1);
    expect(paged.body.content.items[0].action).toBe('return');
    expect((await call(server.base, 'GET', `${TRAIL}?sort=takeOverId`, { token: admin })).status).toBe(400);
  });

  it('lets only an impersonation session record a return, and only admins read the trail', async () => {
    expect((await call(server.base, 'POST', RETURN, { body: {} })).status).toBe(401);
    const own = await call(server.base, 'POST', RETURN, { token: admin, body: {} });
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('noPermission');
    const bank = await tokenFor(server.base, 'bank@demo.test');
    expect((await call(server.base, 'POST', RETURN, { token: bank, body: {} })).status).toBe(403);
    expect((await call(server.base, 'GET', TRAIL, { token: bank })).status).toBe(403);
    expect((await call(server.base, 'GET', TRAIL)).status).toBe(401);
    const session = await takeOver(merchantId);
    expect((await call(server.base, 'POST', RETURN, { token: session, body: { adminId: 'x' } })).status).toBe(400);
    // the impersonated merchant is no admin: the trail stays closed to the session
    expect((await call(server.base, 'GET', TRAIL, { token: session })).status).toBe(403);
  });
});
