/**
 * Alerts and cases in Chromium (issue 25): the tm user's alerts list shows the demo acquirer's
 * alerts (their transactions older than the 15-minute delay), an alert opens, and a case opened
 * from it holds the alert.
 */
import { expect, test } from './support/test';
import { PASSWORD } from './support/users';
import { missingKeys, signIn, t } from './support/ui';

test('the alerts list shows alerts; an alert opens and a case is opened from it', async ({ page }) => {
  await signIn(page, 'tm@demo.test', PASSWORD);
  await page.goto('/app/transaction-monitoring/alerts');
  await expect(page.getByRole('heading', { name: t('transactionMonitoring.alerts.title') })).toBeVisible();
  // an open alert of the demo data (some are in the demo's cases already)
  const open = page
    .getByRole('row')
    .filter({ hasText: /DEMO-\d{5}/ })
    .filter({ has: page.getByText(t('transactionMonitoring.alerts.states.open'), { exact: true }) });
  await expect(open.first()).toBeVisible();
  const transactionId = (await open
    .first()
    .getByText(/^DEMO-\d{5}$/)
    .textContent()) as string;
  await open.first().getByRole('link', { name: transactionId }).click();
  await expect(page).toHaveURL(/\/app\/transaction-monitoring\/alerts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: transactionId })).toBeVisible();

  await page.getByRole('button', { name: t('transactionMonitoring.alerts.openCase') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t('transactionMonitoring.fields.caseTitle')).fill(`Review of ${transactionId}`);
  await dialog.getByRole('button', { name: t('list.send') }).click();
  // the alert is in the case now: its page offers the case instead of opening another
  await page.getByRole('button', { name: t('transactionMonitoring.alerts.goToCase') }).click();
  await expect(page).toHaveURL(/\/app\/transaction-monitoring\/cases\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `Review of ${transactionId}` })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: transactionId })).toBeVisible();
  expect(await missingKeys(page)).toEqual([]);
});
