import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { PASSWORD } from './support/users';
import { expectSignedInAt, missingKeys, signIn, storedConfig, t } from './support/ui';

const SHOTS = 'artifacts/screenshots';
fs.mkdirSync(SHOTS, { recursive: true });

async function shot(page: Page, name: string) {
  const path = `${SHOTS}/${name}.png`;
  await page.screenshot({ path, fullPage: true });
  await test.info().attach(name, { path, contentType: 'image/png' });
}

async function expectNoSeriousA11yViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('the sign-in page: dark theme, English, no shell, accessible (item 1)', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  await expect(page.getByRole('button', { name: t('auth.login.submit') })).toBeVisible();
  await expect(page.getByRole('navigation', { name: t('shell.mainMenu') })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await shot(page, 'sign-in-dark');
  await expectNoSeriousA11yViolations(page);
  expect(await missingKeys(page)).toEqual([]);
});

test('the shell: folded navbar, footer, theme and language stored on profile and in the config key (items 6, 8)', async ({ page }) => {
  await signIn(page, 'admin@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
  const nav = page.getByRole('navigation', { name: t('shell.mainMenu') });
  expect((await nav.boundingBox())?.width).toBe(64);
  await page.getByRole('button', { name: t('shell.unfoldNavbar') }).click();
  await expect.poll(async () => (await nav.boundingBox())?.width).toBe(280);
  await expect(page.getByRole('contentinfo')).toContainText(`© 2019–${new Date().getFullYear()}`);
  await shot(page, 'dashboard-dark');
  await expectNoSeriousA11yViolations(page);

  // theme
  await page.getByRole('button', { name: t('shell.theme.toLight') }).click();
  await expect(page.locator('body')).not.toHaveClass(/bp6-dark/);
  await expect.poll(async () => (await storedConfig(page))?.theme).toBe('light');
  await shot(page, 'dashboard-light');
  await expectNoSeriousA11yViolations(page);

  // language: applied after the 100 ms wait, stored in the config key and on the profile
  await page.getByRole('button', { name: t('shell.language.label') }).click();
  await page.getByRole('menuitem', { name: 'Türkçe' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  const tr = JSON.parse(fs.readFileSync('locales/tr.json', 'utf8'));
  const trNav = page.getByRole('navigation', { name: tr.shell.mainMenu });
  await expect(trNav.getByRole('link', { name: tr.menu.dashboard })).toBeVisible();
  await expect.poll(async () => (await storedConfig(page))?.language).toBe('tr');
  const token = (await storedConfig(page))?.token as string;
  const me = await (await page.request.get('/iam/api/me', { headers: { authorization: `Bearer ${token}` } })).json();
  expect(me.content.user.site_language).toBe('tr');
  expect(me.content.user.theme).toBe('light');

  // a reload keeps both
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await expect(page.locator('body')).not.toHaveClass(/bp6-dark/);

  // the signed-out sign-in page keeps the chosen theme: screenshot it in light
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await shot(page, 'sign-in-light');
  await expectNoSeriousA11yViolations(page);
});

test('user menu: Admin link only for admins; sub-drawers on SAQ and admin paths (item 8)', async ({ page, browser }) => {
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
