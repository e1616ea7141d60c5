import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import type { Transform } from 'node:stream';
import type { RequestHandler } from 'express';

/** The codings this server speaks, best first. */
export type Coding = 'br' | 'gzip';

/** Bodies smaller than this go as they are: the codings' own overhead eats what they would save. */
export const COMPRESSION_THRESHOLD = 1024;

/** Brotli quality of answers made per request: 4 is about gzip's cost for a clearly smaller body. */
const DYNAMIC_BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

/**
 * The codings an Accept-Encoding header lets us use, the one to prefer first: those with q > 0
 * (`*` standing for any coding not named, `q=0` refusing one), brotli before gzip at equal weight.
 */
export function acceptedCodings(header: string | undefined): Coding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let weight = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (match) weight = Number(match[1]);
    }
    weights.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  const weight = (coding: Coding) => weights.get(coding) ?? weights.get('*') ?? 0;
  return (['br', 'gzip'] as const).filter((coding) => weight(coding) > 0).sort((a, b) => weight(b) - weight(a));
}

/** The coding to answer in: brotli where the client accepts it, else gzip, else none (identity). */
export function negotiateCoding(header: string | undefined): Coding | null {
  return acceptedCodings(header)[0] ?? null;
}

/**
 * Whether a body of this Content-Type gains from compression: text, JSON, XML, JavaScript, SVG,
 * web manifests. Images, PDFs, zip and xlsx (a zip) are compressed already; an event stream must
 * reach the browser event by event.
 */
export function isCompressibleType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'text/event-stream') return false;
  if (type.startsWith('text/')) return true;
  if (type === 'image/svg+xml') return true;
  if (type.endsWith('+json') || type.endsWith('+xml')) return true;
  return (
    type === 'application/json' ||
    type === 'application/xml' ||
    type === 'application/javascript' ||
    type === 'application/x-javascript' ||
    type === 'application/ecmascript' ||
    type === 'application/x-ndjson' ||
    type === 'application/wasm'
  );
}

function byteLength(chunk: unknown, encoding?: BufferEncoding): number {
  if (chunk === undefined || chunk === null || typeof chunk === 'function') return 0;
  if (typeof chunk === 'string') return Buffer.byteLength(chunk, encoding);
  return (chunk as Uint8Array).byteLength;
}

function compressor(coding: Coding, length: number | undefined): Transform {
  if (coding === 'gzip') return createGzip({ level: GZIP_LEVEL });
  return createBrotliCompress({
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
      ...(length !== undefined ? { [constants.BROTLI_PARAM_SIZE_HINT]: length } : {}),
    },
  });
}

/** A body sent many times as it is, with its encodings made when first asked for. */
export interface ReusedBody {
  json: Buffer;
  encoded?: Partial<Record<Coding, Buffer>>;
}

/**
 * The body in the coding the client prefers, compressed once at the best level and kept with it (a
 * published document is read far more often than it changes), or as it is when small or not wanted.
 */
export function reusedEncoding(
  body: ReusedBody,
  acceptEncoding: string | undefined,
): { coding: Coding | null; bytes: Buffer } {
  const coding = body.json.length >= COMPRESSION_THRESHOLD ? negotiateCoding(acceptEncoding) : null;
  if (!coding) return { coding: null, bytes: body.json };
  body.encoded ??= {};
  body.encoded[coding] ??=
    coding === 'br'
      ? brotliCompressSync(body.json, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.json.length,
          },
        })
      : gzipSync(body.json, { level: constants.Z_BEST_COMPRESSION });
  return { coding, bytes: body.encoded[coding] };
}

type WriteHead = ServerResponse['writeHead'];
type Listener = (...args: unknown[]) => void;

/**
 * Compresses answers on the fly (docs/architecture.md 'Compression and start-up'): brotli where the
 * client accepts it, else gzip, with `Vary: Accept-Encoding` on every answer whose type could be
 * compressed. Left as they are: bodies under 1 KiB (when their length is known), types that do not
 * gain (images, PDF, zip, xlsx), bodiless answers (HEAD, 204, 304), partial content, answers already
 * carrying a Content-Encoding (the build's pre-compressed files, server/http/spa.ts) and those
 * marked `Cache-Control: no-transform`. Socket upgrades never pass through Express.
 *
 * The decision is taken when the headers go out (res.writeHead, which res.write / res.end call
 * implicitly); from then on the body runs through a zlib stream instead of straight to the socket.
 */
export function compression(): RequestHandler {
  return (req, response, next) => {
    // patched as the Node response it is (Express's own methods end up in these)
    const res: ServerResponse = response;
    const coding = negotiateCoding(req.headers['accept-encoding']);
    const write = res.write;
    const end = res.end;
    const writeHead = res.writeHead;
    const on = res.on;
    let stream: Transform | null = null;
    /** 'drain' listeners added before the decision: they belong to whichever stream the body takes. */
    const drains: Listener[] = [];
    let decided = false;

    const decide = () => {
      decided = true;
      const status = res.statusCode;
      const type = res.getHeader('Content-Type');
      if (!isCompressibleType(typeof type === 'string' ? type : undefined)) return;
      if (req.method === 'HEAD' || status < 200 || status === 204 || status === 206 || status === 304) return;
      const existing = res.getHeader('Content-Encoding');
      if (existing && existing !== 'identity') return;
      if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader('Cache-Control') ?? ''))) return;
      response.vary('Accept-Encoding');
      const header = res.getHeader('Content-Length');
      const length = header !== undefined ? Number(header) : undefined;
      if (length !== undefined && length < COMPRESSION_THRESHOLD) return;
      if (!coding) return;
      res.setHeader('Content-Encoding', coding);
      res.removeHeader('Content-Length');
      const zlib = compressor(coding, length);
      stream = zlib;
      zlib.on('data', (chunk: Buffer) => {
        if ((write as (...args: unknown[]) => boolean).call(res, chunk) === false) zlib.pause();
      });
      on.call(res, 'drain', () => zlib.resume());
      zlib.on('end', () => (end as () => ServerResponse).call(res));
      zlib.on('error', (error) => res.destroy(error));
      on.call(res, 'close', () => {
        if (!res.writableFinished) zlib.destroy();
      });
    };

    res.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
      if (!decided) {
        // headers given to writeHead itself join the others first, so the decision sees them
        const last = rest[rest.length - 1];
        if (last && typeof last === 'object' && !Array.isArray(last)) {
          for (const [name, value] of Object.entries(last as OutgoingHttpHeaders)) {
            if (value !== undefined) this.setHeader(name, value);
          }
          rest.pop();
        }
        this.statusCode = statusCode;
        decide();
        const pending = drains.splice(0);
        for (const listener of pending) {
          if (stream) stream.on('drain', listener);
          else on.call(this, 'drain', listener);
        }
      }
      return (writeHead as (...args: unknown[]) => ServerResponse).call(this, statusCode, ...rest);
    } as WriteHead;

    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      if (!this.headersSent) this.writeHead(this.statusCode);
      if (stream) return (stream.write as (...args: unknown[]) => boolean)(chunk, ...rest);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse['write'];

    res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      if (!this.headersSent) {
        // the length Node would have given a body sent whole, so small bodies are still seen as small
        const bodyless = this.statusCode === 204 || this.statusCode === 304 || this.statusCode < 200;
        if (!bodyless && this.getHeader('Content-Length') === undefined && !this.getHeader('Transfer-Encoding')) {
          const encoding = typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined;
          this.setHeader('Content-Length', byteLength(chunk, encoding));
        }
        this.writeHead(this.statusCode);
      }
      if (!stream) return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
      const callback = [chunk, ...rest].find((arg) => typeof arg === 'function') as (() => void) | undefined;
      if (callback) this.once('finish', callback);
      if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') {
        const encoding = typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined;
        if (encoding) stream.end(chunk, encoding);
        else stream.end(chunk);
      } else stream.end();
      return this;
    } as ServerResponse['end'];

    res.on = function (this: ServerResponse, event: string | symbol, listener: Listener) {
      if (event !== 'drain') return on.call(this, event, listener);
      if (stream) stream.on('drain', listener);
      else if (!decided) drains.push(listener);
      else on.call(this, event, listener);
      return this;
    } as ServerResponse['on'];
    res.addListener = res.on;

    next();
  };
}
