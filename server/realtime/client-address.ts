import type { IncomingMessage } from 'node:http';

/** Express's compiled 'trust proxy' setting: whether the hop at `index` (0 = the peer) is a trusted proxy. */
export type TrustProxy = (address: string, index: number) => boolean;

/**
 * The client's address of a WebSocket upgrade, the way Express finds `req.ip` (proxy-addr): walk
 * from the peer back through X-Forwarded-For while the hop is a trusted proxy. An upgrade never
 * passes through Express, so the socket server asks this instead.
 */
export function clientAddress(req: IncomingMessage, trust: TrustProxy): string {
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean)
    .reverse();
  const hops = [req.socket.remoteAddress ?? 'unknown', ...forwarded];
  for (let index = 0; index < hops.length - 1; index++) if (!trust(hops[index], index)) return hops[index];
  return hops[hops.length - 1];
}
