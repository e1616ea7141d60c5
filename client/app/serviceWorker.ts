/**
 * Shell §9 'A service worker is used' (vite.config.ts builds it): the app shell is precached, every
 * other chunk kept once loaded, and the published documents kept network-first, so a reload on a
 * failing connection still paints.
 * A new version installs, takes over at once (skipWaiting, clientsClaim) and the page reloads into it.
 * Registered with the browser's own API: workbox-window (vite-plugin-pwa's registerSW) did the same
 * in 2.4 KB more on every route, the sign-in page's included.
 */
let registration: ServiceWorkerRegistration | undefined;

/** Besides every route change, a tab left open looks for a new version this often. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Production builds only: under `vite` (dev) a worker would serve stale modules. */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const workers = navigator.serviceWorker;
  // a worker taking over a page another one controlled is a new version: reload into it, once. The
  // first visit's worker claiming the page is not (the page already runs this version).
  let controlled = workers.controller !== null;
  let reloading = false;
  workers.addEventListener('controllerchange', () => {
    if (controlled && !reloading) {
      reloading = true;
      window.location.reload();
    }
    controlled = true;
  });
  try {
    registration = await workers.register('/sw.js', { scope: '/' });
  } catch {
    // refused (a private window, a browser that blocks workers): the app runs without one
    return;
  }
  setInterval(checkForUpdate, UPDATE_CHECK_MS);
  void keepLoadedChunks().catch(() => undefined);
}

/** The worker's cache of chunks loaded when first used (vite.config.ts, runtimeCaching). */
const CHUNKS_CACHE = 'chunks';

/**
 * The chunks this page loaded before the worker controlled it (the first visit's screens) go into
 * the worker's chunk cache too, so they paint offline as well as those loaded after.
 */
async function keepLoadedChunks(): Promise<void> {
  await navigator.serviceWorker.ready;
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === window.location.origin && /^\/assets\/[^/]+\.(js|css)$/.test(url.pathname));
  const cache = await caches.open(CHUNKS_CACHE);
  await Promise.all(urls.map(async (url) => (await cache.match(url)) ?? cache.add(url)));
}

/** Asks for sw.js again; a changed one installs, activates and the page reloads into it. */
export function checkForUpdate(): void {
  if (!registration || registration.installing || !navigator.onLine) return;
  registration.update().catch(() => undefined);
}
