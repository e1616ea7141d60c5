/**
 * Transaction monitoring's lists in Chromium (issue 25): the tm user sees the demo acquirer's list
 * entries and imports a CSV file whose per-row report says which rows were accepted and which
 * refused, and why (nothing of a file with a refused row is stored).
 */
import { expect, test } from './support/test';
import { PASSWORD } from './support/users';
import { missingKeys, signIn, t } from './support/ui';

test('the lists screen shows entries and a CSV import report', async ({ page }) => {
  await signIn(page, 'tm@demo.test', PASSWORD, '/app/transaction-monitoring/lists');
  // the entries' panel (the history below names the same values)
  const entries = page.locator('[data-panel="entries"]');
  await expect(entries.getByRole('row').filter({ hasText: '185.220.101.0/24' })).toBeVisible();
  await expect(entries.getByRole('row').filter({ hasText: 'blocked-bins' })).toBeVisible();

  await page.getByRole('button', { name: t('transactionMonitoring.lists.actions.import') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t('list.import.choose')).setInputFiles({
    name: 'entries.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'listId,listKind,entityType,value\ne2e-ips,black,ipRange,192.0.2.0/24\ne2e-ips,black,ipRange,nope\n',
    ),
  });
  await dialog.getByRole('button', { name: t('list.import.send'), exact: true }).click();
  const report = dialog.getByRole('table', { name: t('list.import.report') });
  await expect(report.getByRole('row').filter({ hasText: t('list.import.accepted') })).toHaveCount(1);
  const refused = report.getByRole('row').filter({ hasText: t('list.import.refused') });
  await expect(refused).toContainText(t('errors.tmListInvalidIpRange'));
  expect(await missingKeys(page)).toEqual([]);
});
