/**
 * Pricing and plans in Chromium (issue 26, done means): a free-tier user buys the starter tier with
 * the test provider's challenge card, and /app/shared-reports then lists the report published to
 * starter, whose PDF downloads.
 */
import { readFile } from 'node:fs/promises';
import { pdfText } from '../support/pdf-text';
import { expect, test } from './support/test';
import { signIn, t } from './support/ui';
import { PASSWORD } from './support/users';

test('a free-tier user buys the starter tier with the test provider and /app/shared-reports opens', async ({
  page,
}) => {
  await signIn(page, 'freeshop@demo.test', PASSWORD);
  await expect(page).toHaveURL((url) => url.pathname.startsWith('/app/'));

  // on the free tier: nothing published to it yet
  await page.goto('/app/shared-reports');
  await expect(page.getByText(t('sharedReports.empty'))).toBeVisible();

  await page.goto('/app/pricing');
  await expect(page).toHaveURL(/\/app\/pricing\/ecommerce-checklist$/);
  await expect(page.getByTestId('pricing-terms').getByText('Prices exclude VAT.')).toBeVisible();
  await page
    .getByTestId('tier-starter')
    .getByRole('button', { name: t('pricing.buy') })
    .click();

  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t('pricing.card.number')).fill('4000 0000 0000 3220');
  await dialog.getByLabel(t('pricing.card.holder')).fill('Fidan Çelik');
  await dialog.getByLabel(t('pricing.card.expiry')).fill('12/35');
  await dialog.getByLabel(t('pricing.card.cvc')).fill('123');
  await dialog.getByRole('button', { name: /^Pay / }).click();

  // the bank's challenge (the test provider's code)
  await expect(dialog.getByText(t('pricing.challenge.title'))).toBeVisible();
  await dialog.getByLabel(t('pricing.challenge.code')).fill('123456');
  await dialog.getByRole('button', { name: t('pricing.challenge.confirm') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('tier-starter').getByText(t('pricing.current'))).toBeVisible();

  await page.goto('/app/shared-reports');
  const row = page.getByRole('row', { name: /E-commerce security benchmark 2026 Q3/ });
  await expect(row).toBeVisible();
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: t('sharedReports.download') }).click();
  const download = await downloading;
  expect(await pdfText(await readFile(await download.path()))).toContain('E-commerce security benchmark 2026 Q3');
});
