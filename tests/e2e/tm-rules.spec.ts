/**
 * The transaction-monitoring rules screen in Chromium (issue 25, maker-checker slice): the tm user
 * sees the published version (the seed's, or the one tm-done.spec.ts approved on this server) in the
 * rule-set editor and its history, lowers the flag threshold to 0 and previews the draft against the
 * demo acquirer's recent transactions: approved ones would be flagged.
 */
import { expect, test } from './support/test';
import { PASSWORD } from './support/users';
import { missingKeys, openInApp, signIn, storedConfig, t } from './support/ui';

test('the rules screen shows the published version and previews an edited draft', async ({ page }) => {
  await signIn(page, 'tm@demo.test', PASSWORD);
  // the published version as the API reads it: tm-done.spec.ts may have published one on this server
  const headers = { authorization: `Bearer ${(await storedConfig(page))?.token}` };
  const version = (await (await page.request.get('/wbe/api/transaction-monitoring/rules', { headers })).json()).content
    .version as number;
  await page.goto('/app/transaction-monitoring/rules');
  await expect(page.getByTestId('tm-rules-version')).toHaveText(
    t('transactionMonitoring.editor.current').replace('{{version}}', String(version)),
  );
  const versions = page.getByRole('row').filter({ hasText: t('transactionMonitoring.versions.statuses.published') });
  await expect(versions.filter({ has: page.getByRole('cell', { name: String(version), exact: true }) })).toBeVisible();

  // the published body with a flag threshold of 0, typed over the editor's text
  const answer = await page.request.get(`/wbe/api/transaction-monitoring/rules/versions/${version}`, { headers });
  const { body } = ((await answer.json()) as { content: { body: { thresholds: { flag: number } } } }).content;
  body.thresholds.flag = 0;
  const editor = page.getByRole('textbox', { name: t('transactionMonitoring.editor.label') });
  await expect(editor).toContainText('"thresholds"');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(JSON.stringify(body, null, 2));
  await page.getByRole('button', { name: t('transactionMonitoring.editor.preview') }).click();

  const summary = page.getByTestId('tm-preview-summary');
  await expect(summary).toContainText(
    `${t('transactionMonitoring.decisions.approved')} → ${t('transactionMonitoring.decisions.flagged')}`,
  );
  await expect(page.getByRole('table', { name: t('transactionMonitoring.editor.changes') })).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: t('transactionMonitoring.editor.ruleHits') })
      .getByRole('row', { name: /card-velocity/ }),
  ).toBeVisible();
  expect(await missingKeys(page)).toEqual([]);
});

test('the organisation’s variant switches the screens and the menu without a reload', async ({ page }) => {
  await signIn(page, 'tm@demo.test', PASSWORD, '/app/transaction-monitoring');
  const inbound = page.getByRole('heading', { name: t('transactionMonitoring.directions.inbound'), exact: true });
  const menuItem = page.getByRole('link', { name: t('menu.transactionMonitoring') });
  await expect(menuItem).toHaveAttribute('href', '/app/transaction-monitoring');
  await expect(inbound).toHaveCount(0);
  const mode = page.locator('[data-panel="mode"]');
  const choose = async (variant: 'alternate' | 'acquirer') => {
    // the panel shows the mode in force; Change opens the form
    await mode.getByRole('button', { name: t('page.change') }).click();
    await page.getByLabel(t(`transactionMonitoring.settings.${variant}`)).check();
    await page.getByRole('button', { name: t('transactionMonitoring.settings.save') }).click();
    await expect(page.getByText(t('transactionMonitoring.settings.saved'))).toBeVisible();
    // saved, the form closes and the panel reads the new mode
    await expect(mode.getByText(t(`transactionMonitoring.settings.${variant}`), { exact: true })).toBeVisible();
  };
  await choose('alternate');
  await expect(inbound).toBeVisible();
  await expect(menuItem).toHaveAttribute('href', '/app/transaction-monitoring/transactions');
  // the alerts follow too: their list shows the direction where the acquirer's shows the merchant
  await openInApp(page, '/app/transaction-monitoring/alerts');
  const alerts = page.locator('[data-panel="alertFlows"]');
  await expect(alerts.getByRole('columnheader', { name: t('transactionMonitoring.fields.direction') })).toBeVisible();
  await expect(page.locator('[data-panel="alerts"]')).toHaveCount(0);
  await openInApp(page, '/app/transaction-monitoring');
  await choose('acquirer'); // the other specs read the acquirer variant
  await expect(inbound).toHaveCount(0);
});
