import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, call, startTestServer } from './support/harness';

/**
 * The built client's files as the service worker needs them (shell §9, server/http/spa.ts): sw.js
 * and index.html asked for afresh each time, so a new version is found at once; the hashed bundles
 * kept for good; and a CSP under which the worker may run and load workbox's runtime.
 */
describe('the built client files', () => {
  let server: TestServer;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = await mkdtemp(join(tmpdir(), 'paysec-client-'));
    await mkdir(join(clientDir, 'assets', 'icons', '6.14.1', '16'), { recursive: true });
    await writeFile(join(clientDir, 'index.html'), '<!doctype html><title>PaySec</title><div id="root"></div>');
    await writeFile(join(clientDir, 'sw.js'), 'importScripts("./workbox-0a1b2c3d.js");');
    await writeFile(join(clientDir, 'workbox-0a1b2c3d.js'), 'self.workbox = {};');
    await writeFile(join(clientDir, 'assets', 'index-AbC123xy.js'), 'console.log(1)');
    await writeFile(join(clientDir, 'assets', 'icons', '6.14.1', '16', 'add.json'), '["M0 0"]');
    await writeFile(join(clientDir, 'favicon.txt'), 'x');
    server = await startTestServer({ withSmtp: false, clientDir });
  });
  afterAll(async () => {
    await server.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('serves sw.js uncached, as JavaScript, under a CSP that allows same-origin workers and scripts', async () => {
    const sw = await call(server.base, 'GET', '/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    const csp = sw.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/worker-src 'self'/);
    expect(csp).toMatch(/script-src 'self'/);
  });

  it('asks for index.html afresh, directly and as the answer to a client route', async () => {
    expect((await call(server.base, 'GET', '/index.html')).headers.get('cache-control')).toBe('no-cache');
    const route = await call(server.base, 'GET', '/app/dashboard', { headers: { accept: 'text/html' } });
    expect(route.status).toBe(200);
    expect(route.headers.get('cache-control')).toBe('no-cache');
    expect(String(route.body)).toContain('<div id="root">');
  });

  it('keeps the hashed bundles, the versioned icon files and workbox runtime for good, and nothing else', async () => {
    const immutable = 'public, max-age=31536000, immutable';
    for (const path of ['/assets/index-AbC123xy.js', '/assets/icons/6.14.1/16/add.json', '/workbox-0a1b2c3d.js']) {
      const answer = await call(server.base, 'GET', path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('cache-control'), path).toBe(immutable);
    }
    expect((await call(server.base, 'GET', '/favicon.txt')).headers.get('cache-control')).toBe('no-cache');
  });
});
