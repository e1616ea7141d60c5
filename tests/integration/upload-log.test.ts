import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorReportRecord, UserRecord } from '../../server/store/records.types';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';

/** Shell §7 POST /user/log/error/file_upload (page_url, endpoint, error_reason): kept, never shown. */
describe('the failed-upload log', () => {
  let server: TestServer;
  const PATH = '/wbe/api/user/log/error/file_upload';
  const entry = {
    page_url: 'http://app.test/app/saq/asv-list',
    endpoint: '/wbe/api/resources/asv-report',
    error_reason: '413 payloadTooLarge: asv.pdf (2400000 bytes)',
  };

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
  });
  afterAll(() => server.close());

  it('keeps what the browser reports, with the user and the selected site when signed in', async () => {
    const token = await tokenFor(server.base, 'merchant@demo.test');
    const signedIn = await call(server.base, 'POST', PATH, {
      token,
      headers: { 'x-site-id': 'site-demo-shop' },
      body: entry,
    });
    expect(signedIn.status).toBe(201);
    const anonymous = await call(server.base, 'POST', PATH, { body: entry });
    expect(anonymous.status).toBe(201);

    const stored = server.store.collection<ErrorReportRecord>('errorReports');
    const [merchant] = await server.store
      .collection<UserRecord>('users')
      .find((user) => user.email === 'merchant@demo.test');
    expect(await stored.get(signedIn.body.content.id)).toMatchObject({
      kind: 'fileUpload',
      ...entry,
      userId: merchant?.id,
      siteId: 'site-demo-shop',
    });
    const unsigned = await stored.get(anonymous.body.content.id);
    expect(unsigned).toMatchObject({ kind: 'fileUpload', ...entry });
    expect(unsigned).not.toHaveProperty('userId');
  });

  it('refuses a body without its three fields, with others, or over its limits: 400 invalidRequest', async () => {
    for (const body of [
      { page_url: entry.page_url, error_reason: entry.error_reason },
      { ...entry, endpoint: '' },
      { ...entry, extra: 'x' },
      { ...entry, error_reason: 'x'.repeat(4001) },
      { ...entry, page_url: 42 },
    ]) {
      const answer = await call(server.base, 'POST', PATH, { body });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.code).toBe('invalidRequest');
    }
  });
});
