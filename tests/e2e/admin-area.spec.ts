/**
 * Issue 27's browser check of the admin area: an admin creates a bank and a user in it from the bank's
 * page, who signs in and finds an empty portfolio, and a TRN translation override shows on the next page load, in English and Turkish, without a
 * rebuild. The server's side is tests/integration/admin-area.test.ts.
 */
import { expect, test } from './support/test';
import { PASSWORD } from './support/users';
import { chooseLanguage, expectScreen, signIn, storedConfig, t } from './support/ui';

test('an admin creates a bank and a user in it, and a translation override shows in both languages', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin@demo.test', PASSWORD, '/app/admin/banks');
  await expectScreen(page, t('adminArea.lists.admin-banks'));

  const dialog = page.getByRole('dialog');
  await page.getByRole('button', { name: t('adminArea.banks.add'), exact: true }).click();
  await dialog.getByLabel(t('adminArea.fields.name')).fill('Browser Bank');
  await dialog.getByLabel(t('adminArea.fields.seats')).fill('4');
  await dialog.getByRole('button', { name: t('list.send') }).click();
  // the call's `then` opens the new bank's page
  await expect(page).toHaveURL(/\/app\/admin\/banks\/org-/);
  await expectScreen(page, 'Browser Bank');

  await page.getByRole('button', { name: t('adminArea.users.create'), exact: true }).click();
  await dialog.getByLabel(t('adminArea.fields.email')).fill('clerk@browser-bank.test');
  await dialog.getByLabel(t('adminArea.fields.name')).fill('Cem Clerk');
  await dialog.getByLabel(t('adminArea.fields.role')).selectOption({ label: t('roles.bank') });
  await dialog.getByLabel(t('adminArea.fields.password')).fill('Browser-Pass1');
  await dialog.getByRole('button', { name: t('list.send') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('tbody tr[data-index]').filter({ hasText: 'clerk@browser-bank.test' })).toBeVisible();

  // the new user signs in (own browser context) and finds the new bank's portfolio empty
  const clerk = await (await browser.newContext()).newPage();
  await signIn(clerk, 'clerk@browser-bank.test', 'Browser-Pass1');
  await clerk.goto('/app/portfolio');
  await expectScreen(clerk, t('portfolio.title'), 1);
  await expect(clerk.getByText(t('portfolio.list.empty'))).toBeVisible();
  await clerk.context().close();

  // an override of the banks list's title, written through the resource the TRN screen edits
  const token = (await storedConfig(page))?.token as string;
  const headers = { authorization: `Bearer ${token}` };
  const saved = await page.request.post('/wbe/api/resources/translation-override', {
    headers,
    data: { key: 'adminArea.lists.admin-banks', en: 'Lenders (e2e)', tr: 'Kredi verenler (e2e)' },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const id = (await saved.json()).content.id as string;
  try {
    await page.goto('/app/admin/banks');
    await expectScreen(page, 'Lenders (e2e)');
    await chooseLanguage(page, 'tr', 'en');
    await expectScreen(page, 'Kredi verenler (e2e)');
  } finally {
    await chooseLanguage(page, 'en', 'tr');
    await page.request.delete(`/wbe/api/resources/translation-override/${id}`, { headers });
  }
});
