/**
 * The specs' `test`: Playwright's, with one browser context and one page per worker instead of one
 * of each per test. A new context starts with an empty HTTP and code cache, and a new page is a new
 * renderer process, so every test paid again for starting a process and fetching and compiling the
 * client's bundles; kept ones pay once. Each test still starts as a new visitor: after it, the page
 * leaves the app (a same-origin JSON answer, so no script and no app state survive), its routes,
 * listeners and viewport are reset, cookies, permissions and the origin's storage cleared, and any
 * other page it opened closed. A spec that needs its own context options (the service worker's) uses
 * Playwright's `test` directly; one that needs a second user opens a context of its own.
 */
import { type BrowserContext, test as base } from '@playwright/test';
import { serverURL } from './servers';
import { leaveTheApp } from './ui';

export { expect } from '@playwright/test';

export const test = base.extend<object, { workerContext: BrowserContext }>({
  workerContext: [
    async ({ browser }, use, workerInfo) => {
      const { serviceWorkers, reducedMotion } = workerInfo.project.use;
      const context = await browser.newContext({
        baseURL: serverURL(workerInfo.parallelIndex),
        serviceWorkers,
        reducedMotion,
      });
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],

  // the worker's own server, for its pages, request contexts and the contexts a spec opens
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, testInfo) => use(serverURL(testInfo.parallelIndex)),

  context: async ({ workerContext }, use) => {
    await use(workerContext);
  },

  page: [
    async ({ workerContext, actionTimeout, navigationTimeout, viewport }, use) => {
      const kept = workerContext.pages().find((open) => !open.isClosed());
      const page = kept ?? (await workerContext.newPage());
      if (actionTimeout) page.setDefaultTimeout(actionTimeout);
      if (navigationTimeout) page.setDefaultNavigationTimeout(navigationTimeout);
      await use(page);
      for (const open of workerContext.pages()) if (open !== page) await open.close();
      await workerContext.clearCookies();
      await workerContext.clearPermissions();
      if (page.isClosed()) return;
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      page.removeAllListeners();
      if (viewport) await page.setViewportSize(viewport);
      // leave the app for an answer of its origin with no script, then forget what it stored
      await leaveTheApp(page);
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
    },
    { scope: 'test', timeout: 30_000 },
  ],
});
