import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/harness';

const PATHS = ['/config/v1/app', '/iam/api/me', '/login'];

/**
 * Issue 24 item 5: HSTS where the answer travelled over TLS (here, or a trusted proxy saying so),
 * never on plain http; a Permissions-Policy on every answer.
 */
describe('transport and feature headers', () => {
  let proxied: TestServer;
  let direct: TestServer;
  const get = (server: TestServer, path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.base}${path}`, { headers });

  beforeAll(async () => {
    [proxied, direct] = await Promise.all([
      startTestServer({ withSmtp: false, trustProxy: 'loopback' }),
      startTestServer({ withSmtp: false }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([proxied?.close(), direct?.close()]);
  });

  it('sends Strict-Transport-Security behind a trusted proxy that says https, on every kind of answer', async () => {
    for (const path of PATHS) {
      const answer = await get(proxied, path, { 'x-forwarded-proto': 'https' });
      expect(answer.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('sends none over plain http, nor when a peer that is no trusted proxy claims https', async () => {
    expect((await get(proxied, '/config/v1/app')).headers.get('strict-transport-security')).toBeNull();
    expect(
      (await get(proxied, '/config/v1/app', { 'x-forwarded-proto': 'http' })).headers.get('strict-transport-security'),
    ).toBeNull();
    const spoofed = await get(direct, '/config/v1/app', { 'x-forwarded-proto': 'https' });
    expect(spoofed.headers.get('strict-transport-security')).toBeNull();
  });

  it('turns off the browser features the app never uses, on every answer', async () => {
    for (const path of PATHS) {
      const policy = (await get(direct, path)).headers.get('permissions-policy') ?? '';
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()'])
        expect(policy, path).toContain(feature);
    }
  });
});
