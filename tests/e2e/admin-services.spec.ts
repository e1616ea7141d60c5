/** Issue 8, the admin's shell services in the browser: analytics, the impersonation audit, SMTP settings. */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { waitForMail } from './support/mailbox';
import { PASSWORD } from './support/users';
import { chooseLanguage, expectSignedInAt, signIn, t } from './support/ui';

async function signInAsAdmin(page: Page) {
  await signIn(page, 'admin@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
}

test('analytics: page views of the routes just visited show in the chart and the list', async ({ page }) => {
  await signInAsAdmin(page);
  // each route shown is one view of its route pattern, posted to our own server
  const viewed = page.waitForResponse(
    (response) =>
      response.url().endsWith('/wbe/api/analytics/page-views') &&
      response.request().postDataJSON()?.path === '/app/settings',
  );
  await page.goto('/app/settings');
  await expect(page.getByRole('heading', { name: t('settings.title'), level: 1 })).toBeVisible();
  expect((await viewed).status()).toBe(201);
  await page.goto('/app/admin/analytics');
  await expect(page.getByRole('heading', { name: t('analytics.title'), level: 1 })).toBeVisible();

  const byDay = page.locator('[data-panel="byDay"]');
  await expect(byDay.getByRole('heading', { name: t('analytics.byDay') })).toBeVisible();
  await expect(byDay.locator('svg.page-chart__surface')).toBeVisible();
  await expect(byDay.locator('.page-chart__area')).toHaveCount(2);
  const byRoute = page.locator('[data-panel="byRoute"]');
  await expect(byRoute.locator('.page-chart__bar').first()).toBeVisible();
  // the chart shows the busiest routes, which other specs' visits decide; the list below is filtered to this one

  const views = page.locator('[data-panel="views"]');
  await expect(views).not.toContainText(t('analytics.noViews'));
  const count = (await views.locator('.stat-card__value').textContent()) ?? '';
  expect(Number(count.replace(/\D/g, ''))).toBeGreaterThan(0);

  // the counters list: one row per route and day, filtered by route
  const table = page.locator('[data-panel="counters"]');
  await expect(table.getByRole('row').filter({ hasText: '/app/admin/analytics' }).first()).toBeVisible();
  // other specs' routes may fill the first page: the route filter finds this one
  await table.getByLabel(t('list.filterBy').replace('{{column}}', t('analytics.list.route'))).fill('/app/settings');
  await expect(table.getByRole('row').filter({ hasText: '/app/settings' }).first()).toBeVisible();
});

test('impersonation audit: a take-over and the return show in the list document', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/app/admin/users');
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'merchant@demo.test', exact: true }) });
  await row.getByRole('button', { name: t('admin.users.impersonate') }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: t('admin.users.impersonate') })
    .click();
  await expectSignedInAt(page, '/app/pci-dss-requests');

  await page.getByRole('button', { name: t('shell.userMenu') }).click();
  await page.getByRole('menuitem', { name: t('shell.goBackToOriginalUser') }).click();
  await expectSignedInAt(page, '/app/admin/users');

  await page.goto('/app/admin/impersonations');
  await expect(page.getByRole('heading', { name: t('impersonations.title'), level: 1 })).toBeVisible();
  const rows = page.getByRole('row').filter({ hasText: 'merchant@demo.test' });
  await expect(rows.filter({ hasText: t('impersonations.actions.takeOver') }).first()).toBeVisible();
  await expect(rows.filter({ hasText: t('impersonations.actions.return') }).first()).toBeVisible();
  await expect(rows.first()).toContainText('admin@demo.test');
  // newest first: the return above its take-over
  await expect(rows.first()).toContainText(t('impersonations.actions.return'));
});

test('SMTP settings: the saved form is what the test mail goes through, and non-admins are refused', async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  await page.goto('/app/admin/smtp-settings');
  await expect(page.getByRole('heading', { name: t('smtpSettings.title'), level: 1 })).toBeVisible();
  const host = page.getByLabel(t('smtpSettings.form.host'));
  // nothing saved yet: the form starts from the environment's server (the e2e SMTP sink)
  await expect(host).toHaveValue('127.0.0.1');
  await expect(page.locator('[data-panel="inEffect"]')).toContainText(t('smtpSettings.status.sources.environment'));

  const sender = `smtp-e2e-${Date.now()}@paysec.test`;
  await page.getByLabel(t('smtpSettings.form.from')).fill(sender);
  await page.getByRole('button', { name: t('smtpSettings.form.submit') }).click();
  await expect(page.getByText(t('smtpSettings.form.saved'))).toBeVisible();
  await expect(page.locator('[data-panel="inEffect"]')).toContainText(t('smtpSettings.status.sources.stored'));
  await expect(page.locator('[data-panel="inEffect"]')).toContainText(sender);

  await page.getByRole('button', { name: t('smtpSettings.actions.test') }).click();
  await expect(page.getByText(t('smtpSettings.actions.testSent'))).toBeVisible();
  const mail = await waitForMail('admin@demo.test', (m) => m.from === sender);
  expect(mail.subject).toBe('PaySec test mail');

  // back to the environment's server, so the other specs' mail is as before
  await page.getByRole('button', { name: t('smtpSettings.actions.clear') }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: t('smtpSettings.actions.clear') })
    .click();
  await expect(page.locator('[data-panel="inEffect"]')).toContainText(t('smtpSettings.status.sources.environment'));

  // in Turkish too
  await chooseLanguage(page, 'tr', 'en');
  await expect(page.getByRole('heading', { name: t('smtpSettings.title', 'tr'), level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: t('smtpSettings.actions.test', 'tr') })).toBeVisible();
  await chooseLanguage(page, 'en', 'tr');

  // a bank user is turned away by the route guard, and the server refuses the call
  const bank = await (await browser.newContext()).newPage();
  await signIn(bank, 'bank@demo.test', PASSWORD);
  await expectSignedInAt(bank, '/app/dashboard');
  await bank.goto('/app/admin/smtp-settings');
  await expect(bank.getByText(t('errors.noPermission'))).toBeVisible();
  const token = await bank.evaluate(() => JSON.parse(localStorage.getItem('config') ?? '{}').token as string);
  const refused = await bank.request.get('/wbe/api/admin/smtp-settings', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(403);
});
