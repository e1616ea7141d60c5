/**
 * The specs' `test`: Playwright's, with one browser context per worker instead of one per test.
 * A new context starts with an empty HTTP and code cache, so every test paid again for fetching
 * and compiling the client's bundles; a kept context compiles them once. Each test still starts
 * as a new visitor: cookies, permissions and the origin's storage are cleared after it, and its
 * pages closed. A spec that needs its own context options (the service worker's) uses
 * Playwright's `test` directly; one that needs a second user opens a context of its own.
 */
import { type BrowserContext, test as base } from '@playwright/test';
import { serverURL } from './servers';

export { expect } from '@playwright/test';

export const test = base.extend<object, { workerContext: BrowserContext }>({
  workerContext: [
    async ({ browser }, use, workerInfo) => {
      const { serviceWorkers } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL: serverURL(workerInfo.parallelIndex), serviceWorkers });
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
    for (const open of workerContext.pages()) await open.close();
    await workerContext.clearCookies();
    await workerContext.clearPermissions();
    // localStorage outlives the pages: cleared from a page of the app's origin (a JSON answer, no script)
    const cleaner = await workerContext.newPage();
    await cleaner.goto('/config/v1/app');
    await cleaner.evaluate(() => localStorage.clear());
    await cleaner.close();
  },

  page: async ({ context, actionTimeout, navigationTimeout }, use) => {
    const page = await context.newPage();
    if (actionTimeout) page.setDefaultTimeout(actionTimeout);
    if (navigationTimeout) page.setDefaultNavigationTimeout(navigationTimeout);
    await use(page);
  },
});
