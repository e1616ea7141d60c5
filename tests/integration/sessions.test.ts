import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../server/store/records.types';
import { type TestServer, call, login, startTestServer } from './support/harness';

describe('sessions follow the stored user', () => {
  let server: TestServer;
  const users = () => server.store.collection<UserRecord>('users');

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
  });
  afterAll(() => server.close());

  async function userByEmail(email: string): Promise<UserRecord> {
    const [user] = await users().find((candidate) => candidate.email === email);
    return user;
  }

  it('applies a permission change to an existing token at once', async () => {
    const token = (await login(server.base, 'admin@demo.test')).body.content.token as string;
    expect((await call(server.base, 'GET', '/wbe/api/mail-logs', { token })).status).toBe(200);
    const admin = await userByEmail('admin@demo.test');
    await users().update(admin.id, { permissions: admin.permissions.filter((p) => p !== 'mailLogs:view') });
    try {
      const refused = await call(server.base, 'GET', '/wbe/api/mail-logs', { token });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('noPermission');
    } finally {
      await users().update(admin.id, { permissions: admin.permissions });
    }
  });

  it('answers 406 sessionRejected on the web backend when the session organisation was revoked', async () => {
    const token = (await login(server.base, 'admin@demo.test')).body.content.token as string;
    const switched = await call(server.base, 'GET', '/trn/v2/login/organization/org-demo-bank', { token });
    const orgToken = switched.body.content.token as string;
    expect((await call(server.base, 'GET', '/wbe/api/admin/users', { token: orgToken })).status).toBe(200);
    const admin = await userByEmail('admin@demo.test');
    await users().update(admin.id, { organizationIds: ['org-paysec'] });
    try {
      const rejected = await call(server.base, 'GET', '/wbe/api/admin/users', { token: orgToken });
      expect(rejected.status).toBe(406);
      expect(rejected.body.code).toBe('sessionRejected');
    } finally {
      await users().update(admin.id, { organizationIds: admin.organizationIds });
    }
  });

  it('ends the session (401) of a user who is no longer approved', async () => {
    const token = (await login(server.base, 'assessor@demo.test')).body.content.token as string;
    const assessor = await userByEmail('assessor@demo.test');
    await users().update(assessor.id, { approved: false });
    try {
      expect((await call(server.base, 'GET', '/iam/api/me', { token })).status).toBe(401);
    } finally {
      await users().update(assessor.id, { approved: true });
    }
  });
});
