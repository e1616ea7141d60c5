import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';

const nestedObject = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

/** Issue 6 items 12 and 13: small input rules (what reaches lowdb's files: lowdb/storage-files.test.ts). */
describe('storage and small input rules', () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    admin = await tokenFor(server.base, 'admin@demo.test');
  });
  afterAll(() => server.close());

  it('refuses a document nested deeper than 32 levels in drafts and in the dry run', async () => {
    const path = '/config/v1/documents/form/deep';
    const deep = await call(server.base, 'POST', `${path}/drafts`, { token: admin, body: { body: nestedObject(40) } });
    expect(deep.status).toBe(422);
    expect(deep.body.problems).toEqual([{ path: '/body', message: 'nests deeper than 32 levels' }]);
    const checked = await call(server.base, 'POST', `${path}/validate`, {
      token: admin,
      body: { body: nestedObject(40) },
    });
    expect(checked.body.content.problems).toEqual([{ path: '/body', message: 'nests deeper than 32 levels' }]);
    const fine = await call(server.base, 'POST', `${path}/drafts`, { token: admin, body: { body: nestedObject(20) } });
    expect(fine.status).toBe(201);
    const edit = `${path}/versions/${fine.body.version}`;
    expect((await call(server.base, 'PUT', edit, { token: admin, body: { body: nestedObject(40) } })).status).toBe(422);
  });

  it('reads version numbers written with digits only', async () => {
    const path = '/config/v1/documents/routes/app/versions';
    expect((await call(server.base, 'GET', `${path}/1`)).status).toBe(200);
    for (const version of ['1e0', '0x1', '01', '1.0', '+1']) {
      const answer = await call(server.base, 'GET', `${path}/${version}`);
      expect(answer.status, version).toBe(400);
      expect(answer.body.errors).toEqual({ version: 'invalidRequest' });
    }
  });

  it('refuses a name of only spaces and a time zone that is not an IANA name', async () => {
    const token = await tokenFor(server.base, 'assessee@demo.test');
    const put = (body: unknown) => call(server.base, 'PUT', '/iam/api/me', { token, body });
    const blank = await put({ name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual({ name: 'invalidRequest' });
    for (const timezone of ['Mars/Olympus', 'europe/istanbul', '+03:00', 'x'.repeat(20)]) {
      const answer = await put({ timezone });
      expect(answer.status, timezone).toBe(400);
      expect(answer.body.errors).toEqual({ timezone: 'invalidRequest' });
    }
    expect((await put({ timezone: 'Europe/Istanbul' })).body.content.timezone).toBe('Europe/Istanbul');
    expect((await put({ timezone: 'UTC' })).body.content.timezone).toBe('UTC');
    expect((await put({ timezone: '' })).body.content.timezone).toBeNull();

    const signUp = await call(server.base, 'POST', '/iam/api/auth/register', {
      body: {
        email: 'spaces@example.com',
        name: '   ',
        company: 'Spaces Ltd',
        password: 'Strong-Pass1',
        password_confirm: 'Strong-Pass1',
        using_conditions: true,
        phone: '905551112233',
        saq: true,
      },
    });
    expect(signUp.status).toBe(422);
    expect(signUp.body.errors).toEqual({ name: 'validation.required' });
  });
});
