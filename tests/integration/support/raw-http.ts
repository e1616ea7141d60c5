import { Agent, request } from 'node:http';
import type { FuzzRequest } from './fuzz-requests';

export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** Raw HTTP, so malformed escapes in the path and lying headers reach the server untouched. */
function sendOnce(
  base: string,
  path: string,
  fuzz: FuzzRequest,
  token: string | null,
  reuse: boolean,
): Promise<Answer> {
  const url = new URL(base);
  const headers: Record<string, string> = { ...fuzz.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  // Node's client frames a GET body only when told its length
  if (fuzz.body) headers['content-length'] = String(fuzz.body.length);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: fuzz.method,
        path,
        headers,
        agent: reuse ? agent : false,
        timeout: 20_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout: ${fuzz.method} ${path}`)));
    req.on('error', reject);
    req.end(fuzz.body);
  });
}

/**
 * Kept-alive connections make the run fast; a server may close one it answered with an error
 * (413) before the client noticed, so a request that gets no answer is tried once on its own.
 */
export async function send(base: string, path: string, fuzz: FuzzRequest, token: string | null): Promise<Answer> {
  try {
    return await sendOnce(base, path, fuzz, token, true);
  } catch {
    return sendOnce(base, path, fuzz, token, false);
  }
}

/** Ends the kept-alive connections (after the run). */
export function closeConnections(): void {
  agent.destroy();
}
