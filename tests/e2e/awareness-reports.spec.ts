/**
 * Awareness reports in Chromium (issue 26): an admin picks organisations in the create-batch form,
 * follows the batch to ready on batch management, opens its reports and downloads a PDF naming the
 * organisation. The server side (counts, retries, refusals) is tests/integration/awareness-reports.test.ts.
 */
import { readFileSync } from 'node:fs';
import { pdfText } from '../support/pdf-text';
import { expect, test } from './support/test';
import { signIn, t } from './support/ui';
import { PASSWORD } from './support/users';

test('an admin makes an awareness batch for picked organisations and downloads a report', async ({ page }) => {
  await signIn(page, 'admin@demo.test', PASSWORD, '/app/admin/awareness-reports/create-batch');
  const name = `Awareness ${Date.now()}`;
  await page.getByLabel(t('awareness.fields.name')).fill(name);
  await page
    .getByLabel(t('awareness.fields.organizationKind'), { exact: true })
    .selectOption({ label: t('awareness.scopes.selected') });
  await page.getByRole('checkbox', { name: 'Checklist Shop', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Demo Acquirer', exact: true }).check();
  await page.getByRole('button', { name: t('awareness.actions.createBatch') }).click();

  // batch management: the batch's row moves to ready as its reports are made
  await expect(page).toHaveURL(/\/app\/admin\/awareness-reports\/batch-management/);
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(row.getByRole('progressbar')).toBeVisible();
  await expect(row.getByText(t('awareness.batchStatuses.ready'), { exact: true })).toBeVisible();

  // its reports, one per organisation, each downloadable
  await row.getByRole('button', { name: t('awareness.actions.batchReports') }).click();
  const shop = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Checklist Shop', exact: true }) });
  await expect(page.getByRole('cell', { name: 'Demo Acquirer', exact: true })).toBeVisible();
  await expect(shop.getByText(t('reports.states.ready'), { exact: true })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await shop.getByRole('button', { name: t('reports.download') }).click();
  const text = await pdfText(readFileSync(await (await downloading).path()));
  expect(text).toContain('Checklist Shop');
});
