import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { PASSWORD } from './support/users';
import { expectScreen, expectSignedInAt, signIn, t } from './support/ui';

/** Issue 24 items 15 and 18: the shell and its screens by keyboard alone, and on a phone. */

async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('a skip link first, focus on the new screen after each navigation, a row opened with Enter', async ({ page }) => {
  await signIn(page, 'admin@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();

  // the first tab stop skips the navbar, sub-menu and top bar
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: t('shell.skipToContent') });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(main).toBeFocused();

  // a menu link followed by keyboard: focus lands on the new screen's heading, not the page body
  const nav = page.getByRole('navigation', { name: t('shell.mainMenu') });
  await nav.getByRole('link', { name: t('menu.remediation'), exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/issues$/);
  await expect(main.getByRole('heading', { level: 1 })).toBeFocused();

  // a list row that opens a record is a link: focusable, Enter opens it, it has an address for a new tab
  await openInApp(page, '/app/admin/assessment-templates');
  const row = main.locator('tbody tr[data-index]').first();
  const link = row.getByRole('link').first();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/app\/admin\/assessment-templates\/[^/]+$/);
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === href);
});

test('a refused submit focuses the first invalid field', async ({ page }) => {
  await signIn(page, 'admin@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
  await openInApp(page, '/app/issues/new');
  await expectScreen(page, t('issues.newTitle'), 1);
  await page.getByRole('button', { name: t('issues.save') }).click();
  const title = page.getByRole('textbox', { name: t('issues.fields.title') });
  await expect(title).toBeFocused();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
});
