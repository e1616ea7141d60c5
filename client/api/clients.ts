import type { AxiosInstance } from 'axios';
import { getSession, updateSession } from '../session/session.store';
import { endSession } from '../session/logout';
import { showToast } from '../lib/toaster';
import { createServiceClient } from './http';
import { logFailedUploads } from './uploadLog';

/** Any value is accepted by the server; the header itself is part of the identity contract. */
const PROJECT_KEY = 'paysec-web';
/** The notification service's api key header (shell §7); like the project key, any value for now. */
const NOTIFICATIONS_API_KEY = 'paysec-web';

export const iam = createServiceClient({
  prefix: '/iam/api',
  headers: () => ({ 'X-Project-Key': PROJECT_KEY }),
  onError: (error) => {
    // a 401 on GET /me always ends the session (shell §4)
    const isMe = error.config?.method === 'get' && /^\/?me\/?$/.test(error.config.url ?? '');
    if (error.response?.status === 401 && isMe) {
      endSession();
      return true;
    }
    return false;
  },
});

export const wbe = createServiceClient({
  prefix: '/wbe/api',
  headers: () => {
    const session = getSession();
    return { 'X-AFF-ID': session.affid, 'X-SITE-ID': session.siteId };
  },
  // the server says when the stored affiliate id has served (docs/domain/sessions-auth.md 'The browser's session')
  onResponse: (headers) => {
    if (headers['x-clear-affid'] !== undefined && getSession().affid) updateSession({ affid: undefined });
  },
  onError: (error) => {
    // 406: the backend rejects this session; say why, then end it (shell §8)
    if (error.response?.status !== 406) return false;
    const message = error.response.data?.message;
    if (message) void showToast(message, 'danger');
    endSession();
    return true;
  },
});

export const trn = createServiceClient({
  prefix: '/trn/v2',
  // organisation calls carry the original token while impersonating (shell §7)
  headers: () => ({ 'X-Original-Token': getSession().originalToken }),
});

export const config = createServiceClient({ prefix: '/config/v1' });
/** GET /tooltip/list sits at the gateway's root (shell §7). */
export const tooltip = createServiceClient({ prefix: '/tooltip' });

export const ntgw = createServiceClient({
  prefix: '/ntgw/api',
  headers: () => ({ 'X-Api-Key': NOTIFICATIONS_API_KEY }),
});

export const saq = createServiceClient({ prefix: '/saq/api/v1' });
export const maq = createServiceClient({ prefix: '/maq/api' });
export const inv = createServiceClient({ prefix: '/inv/api' });
export const ast = createServiceClient({ prefix: '/ast' });
export const wa2 = createServiceClient({ prefix: '/wa2/api/v2' });
export const mapi = createServiceClient({ prefix: '/mapi/api/v1' });
export const payments = createServiceClient({ prefix: '/payments/api/v1' });

const byPrefix: [string, AxiosInstance][] = [
  ['/iam/api', iam],
  ['/wbe/api', wbe],
  ['/trn/v2', trn],
  ['/config/v1', config],
  ['/ntgw/api', ntgw],
  ['/tooltip', tooltip],
  ['/saq/api/v1', saq],
  ['/maq/api', maq],
  ['/inv/api', inv],
  ['/ast', ast],
  ['/wa2/api/v2', wa2],
  ['/mapi/api/v1', mapi],
  ['/payments/api/v1', payments],
];

// shell §7: a failed upload is reported to the web backend, whichever service it went to
logFailedUploads(
  byPrefix.map(([, client]) => client),
  wbe,
);

/** The client for a gateway path named in a document (e.g. a form's submit path) and the rest of the path. */
export function clientForPath(path: string): { client: AxiosInstance; url: string } {
  for (const [prefix, client] of byPrefix) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return { client, url: path.slice(prefix.length) };
  }
  throw new Error(`No gateway client for ${path}`);
}
