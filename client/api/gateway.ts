/**
 * The gateway clients (client/api/clients.ts, made with axios) for code on every page's boot path:
 * loaded at the first call, so a page that makes none — the sign-in page until its form is sent —
 * paints without axios. Screens and the app shell import the clients directly.
 */
export function gatewayClients(): Promise<typeof import('./clients')> {
  return import('./clients');
}
