/**
 * Page-view analytics (shell §7: a page view on each route change). No provider is configured
 * yet, so the one entry point logs in development only; a provider plugs in here.
 */
export function trackPageView(path: string): void {
  if (import.meta.env.DEV) console.debug('[analytics] page view', path);
}
