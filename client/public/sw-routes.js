/*
 * Imported by the service worker (vite.config.ts, workbox.importScripts): static routes (Service
 * Worker Static Routing API, Chromium 123+) that skip the worker where it adds nothing online.
 * Every request of a controlled page otherwise waits for the worker's fetch handler: on two busy
 * cores that cost a list's first load 45–65 ms of about 350 (bench/list-screen.ts, docs/benchmarks.md).
 * - The API's answers: the handler only ever let them pass.
 * - The built files (/assets: chunks, stylesheets, icons): their names carry their content's hash and
 *   the server lets the browser keep them a year unasked (server/http/spa.ts), so its HTTP cache
 *   answers them, offline too, as fast as the worker's cache would and without the worker.
 * The navigation (the precached index.html) and the published documents (/config, /tooltip: kept
 * network-first for a reload offline) stay with the worker. A browser without the API ignores this:
 * its worker's handler serves those files from its caches as before.
 */
const NETWORK = ['iam', 'wbe', 'trn', 'saq', 'maq', 'inv', 'ntgw', 'ast', 'wa2', 'mapi', 'payments', 'api', 'assets'];

self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function') return;
  event.waitUntil(
    event
      .addRoutes(
        NETWORK.map((prefix) => ({ condition: { urlPattern: { pathname: `/${prefix}/*` } }, source: 'network' })),
      )
      .catch(() => undefined),
  );
});
