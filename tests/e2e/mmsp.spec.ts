/**
 * MMSP end to end in Chromium (issue 11): the bank user saves the organisation's MMSP settings (an
 * ICA number of 3 digits refused with the spec's rule), sees the month's findings of a high-risk
 * merchant on the dashboard with the chart per category, and marks prohibited goods in bulk once:
 * the marking shows on the row, in the history, and cannot be offered or applied again.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { PASSWORD } from './support/users';
import { missingKeys, signIn, storedConfig, t } from './support/ui';

test.describe.configure({ mode: 'serial' });

const rowOf = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

async function token(page: Page): Promise<string> {
  return (await storedConfig(page))?.token as string;
}

test('settings saved, dashboard shows findings and the chart, prohibited goods marked once', async ({ page }) => {
  await signIn(page, 'bank@demo.test', PASSWORD);
  await expect(page).toHaveURL(/\/app\//);
  const authorization = `Bearer ${await token(page)}`;

  // a merchant the rules find: MCC 7995 and "casino" in its name (high-risk MCC, bad content, prohibited, BRAM)
  const created = await page.request.post('/wbe/api/resources/merchant', {
    headers: { authorization },
    data: { name: 'E2E Lucky Casino', url: 'https://e2e-luckycasino.example', mcc: '7995', type: 'merchant' },
  });
  expect(created.status()).toBe(201);
  const merchantId = (await created.json()).content.id as string;

  // settings: the ICA number is 4 to 6 digits
  await page.goto('/app/mmsp-settings');
  const ica = page.getByRole('textbox', { name: new RegExp(`^${t('mmsp.fields.icaNumber')}`) });
  await ica.fill('123');
  await page.getByRole('textbox', { name: new RegExp(`^${t('mmsp.fields.submitterName')}`) }).fill('Bora Bank');
  await page
    .getByRole('textbox', { name: new RegExp(`^${t('mmsp.fields.submitterEmail')}`) })
    .fill('mmsp@bank.example');
  await page.getByRole('button', { name: t('mmsp.settings.save') }).click();
  await expect(page.getByText(t('validation.icaNumber')).first()).toBeVisible();
  await ica.fill('4321');
  await page.getByRole('button', { name: t('mmsp.settings.save') }).click();
  await expect(page.getByText(t('mmsp.settings.saved'))).toBeVisible();
  await page.reload();
  await expect(ica).toHaveValue('4321');

  // the dashboard: counts from the findings, the chart per category, the findings list
  await page.goto('/app/mmsp-dashboard');
  const dashboard = await page.request.get('/wbe/api/mmsp/dashboard', { headers: { authorization } });
  const figures = (await dashboard.json()).content;
  expect(figures.total).toBeGreaterThanOrEqual(5);
  await expect(page.locator('[data-panel="total"] .stat-card__value')).toHaveText(String(figures.total));
  const chart = page.locator('[data-panel="bySection"]');
  await expect(chart.locator('svg.page-chart__surface')).toBeVisible();
  await expect(chart).toContainText(t('mmsp.sections.highRiskMcc'));
  await expect(chart).toContainText(t('mmsp.sections.bram'));
  await expect(page.locator('[data-panel="submitter"]')).toContainText('4321');
  const findings = page.getByRole('table', { name: t('mmsp.findings.title') });
  await expect(findings.getByRole('row').filter({ hasText: 'E2E Lucky Casino' }).first()).toBeVisible();
  await expect(findings).toContainText(t('mmsp.sections.highRiskMcc'));
  await expect(findings).toContainText(t('mmsp.statuses.awaiting'));

  // a finding's page: its detail in the reader's language and its status moved by the workflow
  await findings
    .getByRole('row')
    .filter({ hasText: 'E2E Lucky Casino' })
    .filter({ hasText: t('mmsp.sections.highRiskMcc') })
    .click();
  await expect(page).toHaveURL(/\/app\/mmsp-dashboard\/findings\//);
  await expect(page.getByText('MCC 7995', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: t('mmsp.actions.inform'), exact: true }).click();
  const moves = page.locator('[data-panel="state"]');
  await expect(moves.getByRole('button', { name: t('mmsp.actions.reopen') })).toBeVisible();
  await expect(moves.getByRole('button', { name: t('mmsp.actions.inform'), exact: true })).toHaveCount(0);
  await expect(page.getByText(t('mmsp.statuses.informed'), { exact: true })).toBeVisible();

  // prohibited goods: mark the casino Yes in bulk, once
  await page.goto('/app/mmsp-dashboard?tab=prohibited');
  const merchants = page.getByRole('table', { name: t('mmsp.marking.title') });
  const row = rowOf(page, 'E2E Lucky Casino');
  await expect(row).toContainText(t('mmsp.marked.unmarked'));
  await row.getByRole('checkbox', { name: t('list.selectRow') }).check();
  const bulkBar = page.getByRole('toolbar', { name: t('list.bulkActions') });
  await bulkBar.getByRole('button', { name: t('mmsp.marking.yes') }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: t('mmsp.marking.yes') }).click();
  await expect(page.getByText(t('mmsp.marking.applied'))).toBeVisible();
  await expect(merchants.getByRole('row').filter({ hasText: 'E2E Lucky Casino' })).toContainText(t('mmsp.marked.yes'));
  const history = page.getByRole('table', { name: t('mmsp.markings.title') });
  await expect(history.getByRole('row').filter({ hasText: 'E2E Lucky Casino' })).toHaveCount(1);

  // selected again, the marking is disabled; sent again, it changes nothing and says so
  await rowOf(page, 'E2E Lucky Casino')
    .getByRole('checkbox', { name: t('list.selectRow') })
    .check();
  await expect(bulkBar.getByRole('button', { name: t('mmsp.marking.yes') })).toBeDisabled();
  const again = await page.request.post('/wbe/api/mmsp/prohibited-marking/yes', {
    headers: { authorization },
    data: { ids: [merchantId] },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe(t('errors.prohibitedMarkingAlreadyApplied'));
  await page.reload();
  await expect(history.getByRole('row').filter({ hasText: 'E2E Lucky Casino' })).toHaveCount(1);
  expect(await missingKeys(page)).toEqual([]);

  // leave Demo Bank's portfolio as the other specs expect it
  const removed = await page.request.delete(`/wbe/api/resources/merchant/${merchantId}`, {
    headers: { authorization },
  });
  expect(removed.status()).toBe(200);
});
