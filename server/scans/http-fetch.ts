/** One HTTP(S) exchange for the web checks: no redirects followed, the body capped, sockets limited. */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { addressOf } from './sockets';
import type { CheckOptions, ScanTarget } from './scan.types';

export interface Page {
  url: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FetchRequest {
  scheme: 'http' | 'https';
  path?: string;
  method?: string;
  headers?: Record<string, string>;
}

const BODY_CAP = 512 * 1024;

export function portFor(target: ScanTarget, scheme: 'http' | 'https'): number | null {
  const configured = target.ports[scheme];
  if (configured === null) return null;
  return configured ?? (scheme === 'https' ? 443 : 80);
}

/** The scheme the web-application checks read: HTTPS when the site serves it. */
export function mainScheme(target: ScanTarget): 'http' | 'https' | null {
  if (portFor(target, 'https') !== null) return 'https';
  if (portFor(target, 'http') !== null) return 'http';
  return null;
}

export function urlOf(target: ScanTarget, scheme: 'http' | 'https', path = '/'): string {
  const port = portFor(target, scheme);
  const standard = (scheme === 'https' && port === 443) || (scheme === 'http' && port === 80);
  const host = net.isIPv6(target.host) ? `[${target.host}]` : target.host;
  return `${scheme}://${host}${standard ? '' : `:${port}`}${path}`;
}

export async function fetchPage(target: ScanTarget, request: FetchRequest, options: CheckOptions): Promise<Page> {
  const port = portFor(target, request.scheme);
  if (port === null) throw new Error(`${request.scheme} is not served`);
  const path = request.path ?? '/';
  const url = urlOf(target, request.scheme, path);
  const release = await options.limiter.acquire(options.signal);
  const transport = request.scheme === 'https' ? https : http;
  return new Promise<Page>((resolve, reject) => {
    const req = transport.request(
      {
        host: addressOf(target),
        port,
        path,
        method: request.method ?? 'GET',
        agent: false,
        signal: options.signal,
        servername: net.isIP(target.host) ? undefined : target.host,
        rejectUnauthorized: false,
        ciphers: request.scheme === 'https' ? `${tls.DEFAULT_CIPHERS}:@SECLEVEL=0` : undefined,
        minVersion: request.scheme === 'https' ? 'TLSv1' : undefined,
        headers: {
          host: new URL(url).host,
          'user-agent': 'PaySecScan/1.0 (+compliance scan)',
          accept: 'text/html,*/*',
          ...request.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('latin1');
        res.on('data', (chunk: string) => {
          if (body.length < BODY_CAP) body += chunk;
          else res.destroy();
        });
        const done = () => resolve({ url, status: res.statusCode ?? 0, headers: res.headers, body });
        res.on('end', done);
        res.on('close', done);
        res.on('error', reject);
      },
    );
    req.on('socket', (socket) => socket.once('close', release));
    req.on('error', (error) => {
      release();
      reject(error);
    });
    req.end();
  });
}
