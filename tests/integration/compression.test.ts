import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { type IncomingHttpHeaders, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compression, negotiateCoding } from '../../server/http/compression';
import { type TestServer, startTestServer } from './support/harness';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came over the wire (fetch would decode them). */
  body: Buffer;
}

function get(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const varies = (answer: RawAnswer) => /accept-encoding/i.test(String(answer.headers.vary ?? ''));

/** A long script, well over the 1 KiB below which nothing is compressed. */
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
const INDEX = `<!doctype html><title>PaySec</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`;

describe('compression of answers (server/http/compression.ts, server/http/spa.ts)', () => {
  let server: TestServer;
  let clientDir: string;

  beforeAll(async () => {
    // a built client as vite.config.ts's precompress leaves it: x.js beside x.js.br and x.js.gz
    clientDir = await mkdtemp(join(tmpdir(), 'paysec-client-'));
    await mkdir(join(clientDir, 'assets'), { recursive: true });
    await writeFile(join(clientDir, 'index.html'), INDEX);
    await writeFile(join(clientDir, 'index.html.br'), brotliCompressSync(INDEX));
    await writeFile(join(clientDir, 'index.html.gz'), gzipSync(INDEX));
    await writeFile(join(clientDir, 'assets', 'x-AbC123.js'), SCRIPT);
    await writeFile(join(clientDir, 'assets', 'x-AbC123.js.br'), brotliCompressSync(SCRIPT));
    await writeFile(join(clientDir, 'assets', 'x-AbC123.js.gz'), gzipSync(SCRIPT));
    // built without siblings (as a file under 1 KiB would be): compressed on the fly instead
    await writeFile(join(clientDir, 'assets', 'plain-AbC123.js'), SCRIPT);
    server = await startTestServer({ withSmtp: false, clientDir });
  });
  afterAll(async () => {
    await server.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  const LIST = '/config/v1/documents';

  it('answers a JSON list in brotli where it is accepted, decoding to the same JSON', async () => {
    const plain = await get(server.base, LIST);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(varies(plain)).toBe(true);

    const br = await get(server.base, LIST, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(varies(br)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
  });

  it('answers in gzip when only gzip is accepted, as it is when none is (or br is refused)', async () => {
    const plain = JSON.parse((await get(server.base, LIST)).body.toString('utf8'));
    for (const header of ['gzip', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5, deflate']) {
      const gz = await get(server.base, LIST, { 'accept-encoding': header });
      expect(gz.headers['content-encoding'], header).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.body).toString('utf8'))).toEqual(plain);
    }
    for (const header of ['identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const none = await get(server.base, LIST, { 'accept-encoding': header });
      expect(none.headers['content-encoding'], header).toBeUndefined();
      expect(JSON.parse(none.body.toString('utf8'))).toEqual(plain);
      expect(varies(none)).toBe(true);
    }
  });

  it('keeps ETag revalidation: a 304 carries no body, compressed or not', async () => {
    const first = await get(server.base, '/config/v1/app', { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"app-/);
    const again = await get(server.base, '/config/v1/app', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
  });

  it('sends a published document compressed once: the same bytes every time, in either coding', async () => {
    const path = '/config/v1/documents/routes/app';
    const plain = await get(server.base, path, {});
    for (const [coding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const first = await get(server.base, path, { 'accept-encoding': coding });
      const second = await get(server.base, path, { 'accept-encoding': coding });
      expect(first.headers['content-encoding'], coding).toBe(coding);
      expect(varies(first)).toBe(true);
      expect(Number(first.headers['content-length'])).toBe(first.body.length);
      expect(second.body.equals(first.body), coding).toBe(true);
      expect(decode(first.body).equals(plain.body), coding).toBe(true);
    }
  });

  it('leaves small answers alone', async () => {
    const small = await get(server.base, '/config/v1/documents/routes/nope', { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(404);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8')).code).toBe('documentNotFound');
  });

  it("serves a built file's brotli sibling with the original's type and caching", async () => {
    const plain = await get(server.base, '/assets/x-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(SCRIPT);
    const br = await get(server.base, '/assets/x-AbC123.js', { 'accept-encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe(plain.headers['content-type']);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(br)).toBe(true);
    // the sibling's bytes as they are: not compressed a second time
    expect(br.body.equals(brotliCompressSync(SCRIPT))).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    const gz = await get(server.base, '/assets/x-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString('utf8')).toBe(SCRIPT);
  });

  it('answers a client route with the pre-compressed index.html, uncached', async () => {
    const route = await get(server.base, '/app/dashboard', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(route.status).toBe(200);
    expect(route.headers['content-encoding']).toBe('br');
    expect(route.headers['content-type']).toMatch(/^text\/html/);
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(route.body).toString('utf8')).toBe(INDEX);
  });

  it('compresses a built file that has no sibling on the fly', async () => {
    const br = await get(server.base, '/assets/plain-AbC123.js', { 'accept-encoding': 'br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(SCRIPT);
  });
});

describe('the compression middleware at its edges', () => {
  let listening: Server;
  let base: string;
  const big = 'a fairly repetitive line of text\n'.repeat(200);

  beforeAll(async () => {
    const app = express();
    app.use(compression());
    app.get('/png', (_req, res) => res.type('png').send(Buffer.alloc(4096, 7)));
    app.get('/pdf', (_req, res) => res.attachment('report.pdf').type('pdf').send(Buffer.alloc(4096, 7)));
    app.get('/streamed', (_req, res) => {
      res.type('text/plain');
      for (let i = 0; i < 200; i++) res.write('a fairly repetitive line of text\n');
      res.end();
    });
    // 2 MB piped in: the zlib stream's back-pressure reaches the source ('drain' on the response)
    app.get('/piped', (_req, res) => {
      res.type('text/plain');
      Readable.from(Array.from({ length: 2048 }, (_, i) => `${String(i).padStart(1023, '.')}\n`)).pipe(res);
    });
    app.get('/ended', (_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.end(big);
    });
    app.get('/head-on', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': String(Buffer.byteLength(big)) });
      res.end(big);
    });
    app.get('/no-transform', (_req, res) => res.set('Cache-Control', 'no-transform').type('text').send(big));
    app.get('/no-content', (_req, res) => res.status(204).end());
    listening = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => listening.close(() => resolve())));

  it('leaves compressed types (images, PDF downloads) as they are', async () => {
    for (const path of ['/png', '/pdf']) {
      const answer = await get(base, path, { 'accept-encoding': 'br, gzip' });
      expect(answer.headers['content-encoding'], path).toBeUndefined();
      expect(answer.body.length, path).toBe(4096);
      expect(Number(answer.headers['content-length']), path).toBe(4096);
    }
    expect((await get(base, '/pdf')).headers['content-disposition']).toMatch(/^attachment; filename="?report.pdf"?$/);
  });

  it('compresses bodies piped in, written in pieces, sent whole by res.end, or with headers given to writeHead', async () => {
    const piped = await get(base, '/piped', { 'accept-encoding': 'br' });
    expect(piped.headers['content-encoding']).toBe('br');
    const lines = brotliDecompressSync(piped.body).toString('utf8').split('\n');
    expect(lines.length).toBe(2049);
    expect(lines[2047]).toBe(String(2047).padStart(1023, '.'));
    for (const path of ['/streamed', '/ended', '/head-on']) {
      const answer = await get(base, path, { 'accept-encoding': 'gzip' });
      expect(answer.headers['content-encoding'], path).toBe('gzip');
      expect(answer.headers['content-length'], path).toBeUndefined();
      expect(gunzipSync(answer.body).toString('utf8'), path).toBe(big);
    }
  });

  it('honours no-transform, and sends nothing for HEAD and 204', async () => {
    const kept = await get(base, '/no-transform', { 'accept-encoding': 'br' });
    expect(kept.headers['content-encoding']).toBeUndefined();
    expect(kept.body.toString('utf8')).toBe(big);
    const head = await get(base, '/ended', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBeUndefined();
    const empty = await get(base, '/no-content', { 'accept-encoding': 'br' });
    expect(empty.status).toBe(204);
    expect(empty.headers['content-encoding']).toBeUndefined();
  });

  it('negotiates brotli first, then gzip, honouring q=0 and *', () => {
    expect(negotiateCoding(undefined)).toBeNull();
    expect(negotiateCoding('gzip, deflate, br')).toBe('br');
    expect(negotiateCoding('gzip')).toBe('gzip');
    expect(negotiateCoding('br;q=0, *')).toBe('gzip');
    expect(negotiateCoding('*')).toBe('br');
    expect(negotiateCoding('gzip;q=0.9, br;q=0.1')).toBe('gzip');
    expect(negotiateCoding('identity, deflate')).toBeNull();
  });
});
