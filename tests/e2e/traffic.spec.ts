/**
 * Traffic queries in Chromium (issue 26, done means: "a traffic query spends credits and is refused at
 * zero"): the admin's organisation is brought to exactly one credit over the API, then the screen
 * runs a query (the balance panel drops to 0, the result opens with its direction), and the next query
 * is refused on screen with the catalogue's 'not enough credits'.
 */
import { expect, test } from './support/test';
import { PASSWORD } from './support/users';
import { missingKeys, signIn, storedConfig, t } from './support/ui';

test('a traffic query spends a credit and the next is refused at zero', async ({ page }) => {
  await signIn(page, 'admin@demo.test', PASSWORD);
  const headers = { authorization: `Bearer ${(await storedConfig(page))?.token as string}` };
  // whatever an earlier run spent: down to zero, then one credit granted
  const credits = await (await page.request.get('/wbe/api/traffic/credits', { headers })).json();
  for (let left = credits.content.remaining as number; left > 0; left -= 1) {
    const spent = await page.request.post('/wbe/api/traffic/queries', {
      headers,
      data: { domain: 'bluefashion.example' },
    });
    expect(spent.status()).toBe(201);
  }
  const granted = await page.request.post('/wbe/api/admin/traffic/credits', {
    headers,
    data: { organizationId: credits.content.organizationId, credits: 1 },
  });
  expect(granted.status()).toBe(200);

  await page.goto('/app/traffic');
  const remaining = page.locator('[data-panel="remaining"]');
  await expect(remaining).toContainText(t('traffic.credits.remaining'));
  await expect(remaining).toContainText('1');
  const query = async () => {
    await page.getByRole('button', { name: t('traffic.new.action') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t('traffic.fields.domain')).fill('demo-shop.example');
    await dialog.getByRole('button', { name: t('list.send') }).click();
  };
  await query();
  await expect(page.getByText('Traffic of demo-shop.example queried: one credit spent.')).toBeVisible();
  await expect(remaining).toContainText('0');
  const row = page.getByRole('row').filter({ hasText: 'demo-shop.example' }).first();
  await expect(row.getByText(t('traffic.directions.growing'))).toBeVisible();

  await query();
  await expect(page.getByText(t('errors.trafficNotEnoughCredits'))).toBeVisible();
  await expect(remaining).toContainText('0');

  await row.getByRole('link', { name: 'demo-shop.example' }).click();
  await expect(page).toHaveURL(/\/app\/traffic\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'demo-shop.example' })).toBeVisible();
  await expect(page.getByText(t('traffic.result.types'))).toBeVisible();
  expect(await missingKeys(page)).toEqual([]);
});
