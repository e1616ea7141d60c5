import type { Request } from 'express';

/** The caller's identity and context headers travel with a forwarded call; nothing else does. */
const FORWARDED_HEADERS = [
  'authorization',
  'accept-language',
  'x-site-id',
  'x-aff-id',
  'x-original-token',
  'x-project-key',
];

/**
 * Calls one of this server's own endpoints as the caller, with a JSON body, and returns its answer
 * as is. The target is addressed through the socket the request came in on (never the Host header,
 * which the client controls), so a forwarded call cannot leave this server and runs through the
 * target's own guards and validation exactly as if the browser had made it.
 */
export async function forwardToSelf(
  req: Request,
  method: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: unknown }> {
  const address = req.socket.localAddress ?? '127.0.0.1';
  const host = address.includes(':') ? `[${address}]` : address;
  const scheme = 'encrypted' in req.socket ? 'https' : 'http';
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const name of FORWARDED_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const response = await fetch(`${scheme}://${host}:${req.socket.localPort}${path}`, {
    method,
    headers,
    body: JSON.stringify(body),
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}
