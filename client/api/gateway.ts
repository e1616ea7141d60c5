import { loadOnce } from '../lib/loadOnce';

/**
 * The gateway clients (client/api/clients.ts, made with axios) for code on every page's boot path:
 * loaded at the first call, so a page that makes none — the sign-in page until its form is sent —
 * paints without axios. Screens and the app shell import the clients directly.
 */
export const gatewayClients = loadOnce(() => import('./clients'));
