/**
 * Sanction screening in Chromium (issue 25 'Sanction screening'): the tm user screens a misspelt
 * name of the demo list (fixtures/sanctions/sample-sdn.csv, seeded on a fresh store) with the
 * screen's query form, sees the listed party in the review band, and opens its entry page.
 */
import { expect, test } from './support/test';
import { PASSWORD } from './support/users';
import { missingKeys, signIn, t } from './support/ui';

test('a near-match of a listed name shows in the review band and opens the entry', async ({ page }) => {
  await signIn(page, 'tm@demo.test', PASSWORD, '/app/sanction-screening');
  await expect(page.getByText(t('sanctions.screen.empty'))).toBeVisible();
  await page
    .getByRole('textbox', { name: new RegExp(`^${t('sanctions.fields.queryName')}`) })
    .fill('Mohamad Karim Rashidy');
  await page.getByRole('button', { name: t('list.applyFilters') }).click();
  const row = page.getByRole('row').filter({ hasText: 'RASHIDI, Mohammed Karim' });
  await expect(row).toBeVisible();
  await expect(row.getByText(t('sanctions.bands.review'), { exact: true })).toBeVisible();
  // the query stays in the address: a reload screens the same name
  await page.reload();
  await expect(row).toBeVisible();
  await row.getByRole('link', { name: 'RASHIDI, Mohammed Karim' }).click();
  await expect(page).toHaveURL(/\/app\/sanction-screening\/entries\/demo-sdn-90001$/);
  await expect(page.getByRole('heading', { name: 'RASHIDI, Mohammed Karim' })).toBeVisible();
  await expect(page.getByText('AL-RASHIDI, Abu Karim', { exact: true })).toBeVisible();
  expect(await missingKeys(page)).toEqual([]);
});
