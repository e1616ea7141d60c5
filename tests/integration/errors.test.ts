import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';

describe('error answers', () => {
  let server: TestServer;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = await mkdtemp(join(tmpdir(), 'paysec-client-'));
    await writeFile(join(clientDir, 'index.html'), '<!doctype html><title>PaySec</title><div id="root"></div>');
    await writeFile(join(clientDir, 'app.js'), 'console.log(1)');
    server = await startTestServer({ withSmtp: false, clientDir, loginRateLimit: 100 });
  });
  afterAll(async () => {
    await server.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('answers malformed JSON with 400 invalidRequest as JSON', async () => {
    const answer = await call(server.base, 'POST', '/iam/api/auth/register', { body: '{"email": ' });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/application\/json/);
    expect(answer.body).toMatchObject({ code: 'invalidRequest', message: 'The request is not valid.' });
    expect(JSON.stringify(answer.body)).not.toMatch(/at .*\.(ts|js)/);
  });

  it('answers wrong types with 400 and the fields', async () => {
    const answer = await call(server.base, 'POST', '/iam/api/auth/verify', { body: { token: 42 } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ token: 'invalidRequest' });
    const array = await call(server.base, 'POST', '/iam/api/auth/forgot-password', { body: [1, 2] });
    expect(array.status).toBe(400);
    const login = await call(server.base, 'POST', '/iam/api/login', { body: { username: ['a'], password: 1 } });
    expect(login.status).toBe(400);
  });

  it('answers an oversized body with 413 payloadTooLarge', async () => {
    const answer = await call(server.base, 'POST', '/wbe/api/user/log/error', {
      body: { page_url: 'x', error_reason: 'y'.repeat(200_000) },
    });
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe('payloadTooLarge');
  });

  it('answers unknown API paths with 404 JSON and client routes with index.html', async () => {
    const api = await call(server.base, 'GET', '/wbe/api/does-not-exist');
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ code: 'notFound', message: 'Page not found.' });
    expect((await call(server.base, 'POST', '/saq/api/v1/anything')).body.code).toBe('notFound');

    const page = await fetch(`${server.base}/app/dashboard`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const asset = await fetch(`${server.base}/app.js`);
    expect(await asset.text()).toBe('console.log(1)');
  });

  it('sends security headers that still allow Blueprint inline styles and data: images', async () => {
    const page = await fetch(`${server.base}/login`, { headers: { accept: 'text/html' } });
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toMatch(/img-src[^;]*data:/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('x-powered-by')).toBeNull();
  });

  it('answers an internal failure with 500 somethingWentWrong and no stack', async () => {
    const broken = await startTestServer({ withSmtp: false });
    try {
      const token = await tokenFor(broken.base, 'assessor@demo.test');
      // the storage vanishes under the running app (files or table): the next store call fails
      await broken.breakStorage();
      const answer = await call(broken.base, 'PUT', '/iam/api/me', { token, body: { name: 'X' } });
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({
        code: 'somethingWentWrong',
        message: 'Something went wrong, please try again later.',
      });
    } finally {
      await broken.close();
    }
  });
});
