/**
 * Shell §9 'A service worker is used' (vite.config.ts builds it): the app shell is precached and
 * the published documents kept network-first, so a reload on a failing connection still paints.
 * A new version installs, takes over at once and reloads the page (registerType 'autoUpdate').
 */
let registration: ServiceWorkerRegistration | undefined;

/** Besides every route change, a tab left open looks for a new version this often. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Production builds only: under `vite` (dev) a worker would serve stale modules. */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  registerSW({
    immediate: true,
    onRegisteredSW: (_url, registered) => {
      registration = registered;
      if (registered) setInterval(checkForUpdate, UPDATE_CHECK_MS);
    },
    // refused (a private window, a browser that blocks workers): the app runs without one
    onRegisterError: () => undefined,
  });
}

/** Asks for sw.js again; a changed one installs, activates and the page reloads into it. */
export function checkForUpdate(): void {
  if (!registration || registration.installing || !navigator.onLine) return;
  registration.update().catch(() => undefined);
}
