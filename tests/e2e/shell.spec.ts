import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { DEMO_SITES } from '../../fixtures/sites';
import { PASSWORD } from './support/users';
import {
  chooseLanguage,
  expectSignedInAt,
  missingKeys,
  profileOf,
  signIn,
  signInWithForm,
  storedConfig,
  t,
} from './support/ui';

/**
 * Safety net: the tests below change profiles and restore them through the UI; should one fail
 * half-way, later specs still find these users in dark/English.
 */
async function resetPreferences(request: APIRequestContext, email: string) {
  const login = await request.post('/iam/api/login', { form: { username: email, password: PASSWORD } });
  if (!login.ok()) return;
  const { token } = (await login.json()).content;
  await request.put('/iam/api/me', {
    headers: { authorization: `Bearer ${token}` },
    data: { theme: 'dark', site_language: 'en' },
  });
}

test.afterAll(async ({ request }) => {
  for (const email of ['admin@demo.test', 'bank@demo.test']) await resetPreferences(request, email);
});

// axe on the sign-in page and the dashboard, in both themes: tests/e2e/a11y.spec.ts
test('the sign-in page: dark theme, English, no shell (item 1)', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  await expect(page.getByRole('button', { name: t('auth.login.submit') })).toBeVisible();
  await expect(page.getByRole('navigation', { name: t('shell.mainMenu') })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  expect(await missingKeys(page)).toEqual([]);
});

test('the shell: folded navbar, footer, theme and language stored on profile and in the config key (items 6, 8)', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
  const nav = page.getByRole('navigation', { name: t('shell.mainMenu') });
  expect((await nav.boundingBox())?.width).toBe(64);
  await page.getByRole('button', { name: t('shell.unfoldNavbar') }).click();
  await expect.poll(async () => (await nav.boundingBox())?.width).toBe(280);
  await expect(page.getByRole('contentinfo')).toContainText(`© 2019–${new Date().getFullYear()}`);

  // theme
  await page.getByRole('button', { name: t('shell.theme.toLight') }).click();
  await expect(page.locator('body')).not.toHaveClass(/bp6-dark/);
  await expect.poll(async () => (await storedConfig(page))?.theme).toBe('light');

  // language: applied after the 100 ms wait, stored in the config key and on the profile
  await chooseLanguage(page, 'tr', 'en');
  const trNav = page.getByRole('navigation', { name: t('shell.mainMenu', 'tr') });
  await expect(trNav.getByRole('link', { name: t('menu.dashboard', 'tr') })).toBeVisible();
  await expect.poll(async () => (await storedConfig(page))?.language).toBe('tr');
  await expect.poll(async () => (await profileOf(page)).site_language).toBe('tr');
  expect((await profileOf(page)).theme).toBe('light');

  // a reload keeps both
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await expect(page.locator('body')).not.toHaveClass(/bp6-dark/);

  // the signed-out sign-in page keeps the chosen theme
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);

  // later tests sign the admin in again: restore dark/English through the top bar, on the profile too
  await signInWithForm(page, 'admin@demo.test', PASSWORD, 'tr');
  await expectSignedInAt(page, '/app/dashboard');
  await page.getByRole('button', { name: t('shell.theme.toDark', 'tr') }).click();
  await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  await chooseLanguage(page, 'en', 'tr');
  await expect(page.getByRole('navigation', { name: t('shell.mainMenu') })).toBeVisible();
  await expect.poll(async () => (await storedConfig(page))?.language).toBe('en');
  await expect.poll(async () => (await profileOf(page)).site_language).toBe('en');
  expect((await profileOf(page)).theme).toBe('dark');
});

test("a fresh sign-in adopts the profile's language (item 6)", async ({ page, browser }) => {
  await signIn(page, 'bank@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
  await chooseLanguage(page, 'tr', 'en');
  await expect.poll(async () => (await profileOf(page)).site_language).toBe('tr');

  // another browser: its sign-in page is English, the session that follows is in the profile's Turkish
  const context = await browser.newContext();
  const other = await context.newPage();
  await signInWithForm(other, 'bank@demo.test', PASSWORD);
  await expectSignedInAt(other, '/app/dashboard');
  await expect(other.locator('html')).toHaveAttribute('lang', 'tr');
  await expect(other.getByRole('navigation', { name: t('shell.mainMenu', 'tr') })).toBeVisible();
  await expect(other.locator('body')).toHaveClass(/bp6-dark/);
  const stored = await storedConfig(other);
  expect(stored?.language).toBe('tr');
  expect(stored?.theme).toBe('dark');

  // back to English, which the profile keeps for later tests
  await chooseLanguage(other, 'en', 'tr');
  await expect.poll(async () => (await profileOf(other)).site_language).toBe('en');
  await context.close();
});

test('user menu: Admin link only for admins; sub-drawers on SAQ and admin paths (item 8)', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
  await page.getByRole('button', { name: t('shell.userMenu') }).click();
  await page.getByRole('menuitem', { name: t('shell.admin') }).click();
  await expect(page).toHaveURL(/\/app\/admin\/users$/);
  const adminDrawer = page.getByRole('navigation', { name: t('shell.subMenu') });
  await expect(adminDrawer.getByRole('link', { name: t('menu.admin_tooltips') })).toBeVisible();
  await expect(adminDrawer.getByRole('button', { name: t('shell.backToMain') })).toBeVisible();

  const merchant = await (await browser.newContext()).newPage();
  await signIn(merchant, 'merchant@demo.test', PASSWORD);
  await expectSignedInAt(merchant, '/app/pci-dss-requests');
  await merchant.goto('/app/saq/overview');
  const saqDrawer = merchant.getByRole('navigation', { name: t('shell.subMenu') });
  await expect(saqDrawer.getByRole('link', { name: t('menu.asvReports') })).toBeVisible();
  await expect(saqDrawer.getByLabel(t('shell.siteSelector'))).toBeVisible();
  await merchant.getByRole('button', { name: t('shell.userMenu') }).click();
  await expect(merchant.getByRole('menuitem', { name: t('shell.admin') })).toHaveCount(0);
});

test('the SAQ site selector: first site preselected, choice stored and sent as X-SITE-ID (item 8)', async ({
  page,
  browser,
}) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const siteName = (id: string) => DEMO_SITES.find((site) => site.id === id)?.name as string;
  const sitesCalls: (string | undefined)[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/wbe/api/sites') sitesCalls.push(request.headers()['x-site-id']);
  });

  await signIn(page, 'merchant@demo.test', PASSWORD, '/app/saq/overview');
  const selector = page.getByRole('navigation', { name: t('shell.subMenu') }).getByLabel(t('shell.siteSelector'));
  // the list is sorted by name: Demo Bookings comes first and is selected when none was chosen
  await expect(selector).toHaveValue('site-demo-bookings');
  await expect(selector.locator('option:checked')).toHaveText(siteName('site-demo-bookings'));
  await expect.poll(async () => (await storedConfig(page))?.siteId).toBe('site-demo-bookings');

  await selector.selectOption({ label: siteName('site-demo-shop') });
  await expect.poll(async () => (await storedConfig(page))?.siteId).toBe('site-demo-shop');

  // after a reload the choice stays and travels with the web-backend calls
  sitesCalls.length = 0;
  await page.reload();
  await expect(selector).toHaveValue('site-demo-shop');
  expect(sitesCalls).toEqual(['site-demo-shop']);
  expect(consoleErrors).toEqual([]);

  // no saq role or permission: the selector is empty and the sites are not even asked for
  const tmContext = await browser.newContext();
  const tm = await tmContext.newPage();
  const tmSitesCalls: string[] = [];
  tm.on('request', (request) => {
    if (new URL(request.url()).pathname === '/wbe/api/sites') tmSitesCalls.push(request.url());
  });
  await signIn(tm, 'tm@demo.test', PASSWORD);
  await expectSignedInAt(tm, '/app/dashboard');
  await tm.goto('/app/saq/overview');
  const tmSelector = tm.getByRole('navigation', { name: t('shell.subMenu') }).getByLabel(t('shell.siteSelector'));
  await expect(tmSelector).toBeDisabled();
  await expect(tmSelector.locator('option:checked')).toHaveText(t('shell.noSites'));
  expect(tmSitesCalls).toEqual([]);
  await tmContext.close();
});

test('the mobile drawer opens and closes', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, 'bank@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
  await page.getByRole('button', { name: t('shell.openMenu') }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('link', { name: t('menu.portfolio') })).toBeVisible();
  await drawer.getByRole('link', { name: t('menu.portfolio') }).click();
  await expect(page).toHaveURL(/\/app\/portfolio$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
