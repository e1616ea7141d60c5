/**
 * Payment-page script monitoring in Chromium (docs/domain/script-monitoring.md): the bank opens a demo
 * merchant's script inventory, finds the tag manager whose content changed since it was authorised,
 * authorises it again with a justification (kept in its history), and opens one of the merchant's
 * asset pages, which reads the scan's group.
 */
import { expect, test } from './support/test';
import { signIn, t } from './support/ui';
import { PASSWORD } from './support/users';

const MERCHANT = 'demo-merchant-bosphorus';
const LATEST_SCAN = '0d6f8a52-5c1e-4b7e-9a51-6f1d2c3b4a02';
const TAG_MANAGER = 'https://www.googletagmanager.com/gtag/js?id=G-DEMO';

test('the changed script is authorised with a justification; an asset page renders', async ({ page }) => {
  await signIn(page, 'bank@demo.test', PASSWORD);
  await page.goto(`/app/portfolio/${MERCHANT}/payment-scripts`);
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: TAG_MANAGER, exact: true }) });
  await expect(row).toContainText(t('scripts.states.changed'));
  await expect(row).toContainText(t('scripts.changes.hashChanged'));
  await row.getByRole('cell', { name: TAG_MANAGER, exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/app/portfolio/${MERCHANT}/payment-scripts/`));
  await page.getByRole('button', { name: t('scripts.actions.authorise') }).click();
  const justification = 'Tag manager release reviewed by the web team (WEB-131).';
  await page.getByRole('textbox', { name: new RegExp(`^${t('scripts.authorise.justification')}`) }).fill(justification);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('list.send') })
    .click();
  await expect(page.getByText(t('scripts.authorise.done'))).toBeVisible();
  await expect(page.locator('[data-panel="decide"]')).toContainText(t('scripts.page.nothingToDecide'));
  await expect(page.locator('[data-panel="history"]')).toContainText(justification);

  await page.goto(`/app/portfolio/${MERCHANT}/assets/${LATEST_SCAN}/web_application_security`);
  await expect(page.locator('[data-panel="summary"]')).toContainText(t('scan.group.web_application_security'));
  await expect(page.locator('[data-panel="findings"]')).toBeVisible();
});
