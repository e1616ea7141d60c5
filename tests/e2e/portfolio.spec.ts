/**
 * The portfolio end to end in Chromium (issue 11 'Portfolio'): the bank user opens a merchant of the
 * demo portfolio (Bosphorus Travel, seeded with a primary asset and two scans), sees its score
 * history chart, its assets (deleting the primary one is refused with the spec's words), its action
 * items (ignores one), and imports a CSV file whose bad row is named while nothing is imported.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { PASSWORD } from './support/users';
import { missingKeys, signIn, t } from './support/ui';

test.describe.configure({ mode: 'serial' });

const rowOf = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

const HEADER = [t('portfolio.fields.name'), t('portfolio.fields.url'), t('portfolio.fields.bkmId')].join(',');
const file = (bad: boolean) => ({
  name: 'portfolio.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    [
      HEADER,
      'Izmir Olives,https://izmir-olives.example,BKM-IZ1',
      `Konya Carpets,${bad ? 'not a url' : 'https://konya-carpets.example'},BKM-KO2`,
    ].join('\r\n'),
    'utf8',
  ),
});

async function openMerchant(page: Page) {
  await signIn(page, 'bank@demo.test', PASSWORD, '/app/portfolio');
  await expect(page.getByRole('heading', { name: t('portfolio.title'), level: 1 })).toBeVisible();
  // what a bank reads first (score, compliance) is in view, not behind the sticky actions column
  const actions = await page.getByRole('columnheader', { name: t('list.actions') }).boundingBox();
  const compliance = await page.getByRole('columnheader', { name: t('portfolio.fields.compliance') }).boundingBox();
  expect((compliance?.x ?? Infinity) + (compliance?.width ?? 0)).toBeLessThanOrEqual(actions?.x ?? 0);
  await rowOf(page, 'Bosphorus Travel').getByText('Bosphorus Travel').click();
  await expect(page).toHaveURL(/\/app\/portfolio\/demo-merchant-bosphorus\/overview/);
}

test('the bank opens a merchant: score history, assets, action items, settings', async ({ page }) => {
  await openMerchant(page);

  await test.step('the overview charts the score of each scan', async () => {
    const chart = page.getByRole('figure', { name: t('portfolio.overview.scoreHistory') });
    await expect(chart).toBeVisible();
    await expect(chart.locator('.page-chart__line')).toHaveCount(1);
    await expect(chart.locator('.page-chart__x-tick')).toHaveCount(2);
  });

  await test.step('the assets tab lists the primary asset; deleting it is refused', async () => {
    await page.getByRole('tab', { name: t('portfolio.tabs.assets'), exact: true }).click();
    await expect(page).toHaveURL(/tab=assets/);
    const asset = rowOf(page, 'bosphorus-travel.example');
    await expect(asset).toContainText(t('portfolio.assets.isPrimary'));
    await expect(asset).toContainText(t('portfolio.assets.states.active'));
    await asset.getByRole('button', { name: t('portfolio.assets.actions.delete'), exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: t('portfolio.assets.actions.delete'), exact: true }).click();
    await expect(page.getByText(t('errors.primaryAssetRequired')).first()).toBeVisible();
    await expect(asset).toContainText(t('portfolio.assets.states.active'));
  });

  await test.step('payment page, service providers and modules: what the latest scan read of the home page', async () => {
    await page.getByRole('tab', { name: t('portfolio.tabs.paymentPage'), exact: true }).click();
    const facts = page.locator('[data-panel="paymentFacts"]');
    const fact = (key: string) => facts.locator('.key-value__row').filter({ hasText: t(key) });
    await expect(fact('portfolio.site.type')).toContainText(t('portfolio.site.types.shared'));
    await expect(fact('portfolio.site.provider')).toContainText('PayPal');
    await expect(fact('portfolio.site.saqHint')).toContainText('A');
    await expect(page.locator('[data-panel="scripts"]').getByRole('row')).toHaveCount(6); // header, filters, 4 scripts
    await page.getByRole('tab', { name: t('portfolio.tabs.serviceProviders'), exact: true }).click();
    await expect(page.locator('[data-panel="providers"]')).toContainText('Google Tag Manager');
    await page.getByRole('tab', { name: t('portfolio.tabs.modules'), exact: true }).click();
    await expect(page.locator('[data-panel="modules"]').getByRole('row').filter({ hasText: 'jQuery' })).toContainText(
      '1.12.4',
    );
  });

  await test.step('the action items tab lists the failed check, and it can be ignored', async () => {
    // the merchant menu's Action items opens the page's tab
    await page.getByRole('link', { name: t('routes.portfolio_action_items'), exact: true }).click();
    await expect(page).toHaveURL(/\/app\/portfolio\/demo-merchant-bosphorus\/overview\?tab=actionItems$/);
    await expect(page.getByRole('tab', { name: t('portfolio.tabs.actionItems'), exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // the drawer marks Action items as the current page, not Overview (the page it opens on)
    const drawer = page.getByRole('navigation', { name: t('shell.subMenu') });
    await expect(drawer.getByRole('link', { name: t('menu.pfActionItems'), exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(drawer.getByRole('link', { name: t('menu.pfOverview'), exact: true })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
    const item = rowOf(page, t('scan.check.csrf'));
    await expect(item).toContainText(t('portfolio.actionItems.open'));
    await item.getByRole('button', { name: t('portfolio.actionItems.ignore'), exact: true }).click();
    await expect(page.getByText(t('portfolio.actionItems.ignoredDone'))).toBeVisible();
    await expect(item).toContainText(t('portfolio.actionItems.ignored'));
    await page.reload();
    await expect(rowOf(page, t('scan.check.csrf'))).toContainText(t('portfolio.actionItems.ignored'));
    await expect(
      rowOf(page, t('scan.check.csrf')).getByRole('button', { name: t('portfolio.actionItems.unignore'), exact: true }),
    ).toBeVisible();
  });

  await test.step('the settings tab saves the general fields and keeps a weekly auto scan', async () => {
    await page.getByRole('tab', { name: t('portfolio.tabs.settings'), exact: true }).click();
    const general = page.locator('[data-panel="general"]');
    const tags = general.getByRole('textbox', { name: t('portfolio.fields.tags'), exact: true });
    await expect(tags).toHaveValue('travel');
    await tags.fill('travel, vip');
    await general.getByRole('button', { name: t('forms.submit'), exact: true }).click();
    await expect(page.getByText(t('portfolio.settings.saved')).first()).toBeVisible();
    const auto = page.getByRole('checkbox', { name: t('portfolio.settings.autoScan') });
    await expect(auto).not.toBeChecked();
    await auto.check();
    await page.getByRole('radio', { name: t('portfolio.settings.periods.week') }).check();
    await page
      .locator('[data-panel="autoScan"]')
      .getByRole('button', { name: t('forms.submit'), exact: true })
      .click();
    await expect(page.getByText(t('portfolio.settings.saved')).first()).toBeVisible();
    await page.reload();
    await expect(
      page.locator('[data-panel="general"]').getByRole('textbox', { name: t('portfolio.fields.tags'), exact: true }),
    ).toHaveValue('travel, vip');
    await expect(page.getByRole('checkbox', { name: t('portfolio.settings.autoScan') })).toBeChecked();
    await expect(page.getByRole('radio', { name: t('portfolio.settings.periods.week') })).toBeChecked();
    // 'travel, vip' implies no high-risk MCC: no detected MCC panel; MMSP off is kept, then back on
    await expect(page.getByRole('checkbox', { name: t('portfolio.settings.mccDetection') })).toBeChecked();
    await expect(page.locator('[data-panel="detectedMcc"]')).toHaveCount(0);
    const mmsp = page.locator('[data-panel="mmsp"]');
    await mmsp.getByRole('checkbox', { name: t('portfolio.settings.mmspMonitoring') }).uncheck();
    const saved = page.waitForResponse((r) => r.url().endsWith('/settings') && r.request().method() === 'PUT');
    await mmsp.getByRole('button', { name: t('forms.submit'), exact: true }).click();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(mmsp.getByRole('checkbox', { name: t('portfolio.settings.mmspMonitoring') })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: t('portfolio.settings.autoScan') })).toBeChecked();
    await mmsp.getByRole('checkbox', { name: t('portfolio.settings.mmspMonitoring') }).check();
    await mmsp.getByRole('button', { name: t('forms.submit'), exact: true }).click();
    await expect(page.getByText(t('portfolio.settings.saved')).first()).toBeVisible();

    // inviting needs the contact e-mail (domain §5): without it the panel says so, with it the invitation goes out
    await expect(page.locator('[data-panel="inviteNeedsEmail"]')).toContainText(
      t('portfolio.settings.inviteNeedsEmail'),
    );
    await page
      .locator('[data-panel="general"]')
      .getByRole('textbox', { name: t('portfolio.fields.contactEmail') })
      .fill('owner@bosphorus-travel.example');
    await page
      .locator('[data-panel="general"]')
      .getByRole('button', { name: t('forms.submit'), exact: true })
      .click();
    const invite = page.locator('[data-panel="invite"]').getByRole('button', { name: t('portfolio.settings.invite') });
    await invite.click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(t('portfolio.settings.inviteConfirm'));
    const sent = page.waitForResponse((r) => r.url().endsWith('/invite') && r.request().method() === 'POST');
    await confirm.getByRole('button', { name: t('portfolio.settings.invite') }).click();
    const invitation = await (await sent).json();
    expect(invitation.content).toMatchObject({
      email: 'owner@bosphorus-travel.example',
      merchantName: 'Bosphorus Travel',
    });
    await expect(page.getByText(t('portfolio.settings.invited')).first()).toBeVisible();
  });
  expect(await missingKeys(page)).toEqual([]);
});

test('the bank adds a company with the wizard; a second of that name is refused', async ({ page }) => {
  await signIn(page, 'bank@demo.test', PASSWORD, '/app/portfolio');
  await page.getByRole('button', { name: t('portfolio.actions.addWizard'), exact: true }).click();
  await expect(page).toHaveURL(/\/app\/portfolio\/new$/);
  const next = () => page.getByRole('button', { name: t('wizard.next'), exact: true }).click();
  const details = async (name: string) => {
    await page.getByRole('radio', { name: t('portfolio.types.company') }).check();
    await next();
    await page.getByRole('textbox', { name: new RegExp(`^${t('portfolio.fields.name')}`) }).fill(name);
    await page
      .getByRole('textbox', { name: new RegExp(`^${t('portfolio.fields.url')}`) })
      .fill('https://mardin.example');
    // a company has no POS type step: the details are the last step
    await page.getByRole('button', { name: t('wizard.submit'), exact: true }).click();
  };
  await details('Mardin Stone');
  await expect(page).toHaveURL(/\/app\/portfolio\/[0-9a-f-]{36}\/overview/);
  await expect(page.getByRole('heading', { name: 'Mardin Stone' })).toBeVisible();

  await page.goto('/app/portfolio/new');
  await details('mardin stone');
  await expect(page.getByText(t('errors.merchantNameExists')).first()).toBeVisible();
  await expect(page).toHaveURL(/\/app\/portfolio\/new$/);
});

test('the bank imports merchants by CSV: a bad row is named and nothing imported, then the fixed file lands', async ({
  page,
}) => {
  await signIn(page, 'bank@demo.test', PASSWORD, '/app/portfolio');
  const dialog = page.getByRole('dialog');
  await page.getByRole('button', { name: t('portfolio.actions.import'), exact: true }).click();
  await dialog.getByLabel(t('list.import.choose')).setInputFiles(file(true));
  await dialog.getByRole('button', { name: t('list.import.send') }).click();
  const problems = dialog.getByRole('table', { name: t('list.import.failed') });
  await expect(problems).toBeVisible();
  await expect(problems.getByRole('row')).toHaveCount(2);
  await expect(problems.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('3');
  await expect(problems.getByRole('row').nth(1)).toContainText(t('portfolio.fields.url'));

  await dialog.getByLabel(t('list.import.choose')).setInputFiles(file(false));
  await dialog.getByRole('button', { name: t('list.import.send') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('2 records imported.')).toBeVisible();
  // found by name: other specs on this server may have filled the portfolio's first page before this one
  const byName = page.getByLabel(t('list.filterBy').replace('{{column}}', t('portfolio.fields.name')));
  // a body row (the filter row's cell holds the typed name too)
  const bodyRow = (name: string) => page.locator('tbody tr[data-index]').filter({ hasText: name });
  await byName.fill('Izmir Olives');
  await expect(bodyRow('Izmir Olives')).toContainText(t('portfolio.onboarding.imported'));
  await byName.fill('Konya Carpets');
  await expect(bodyRow('Konya Carpets')).toBeVisible();
});

test('a merchant that is not in the bank’s portfolio is one not-found state, not an empty page of errors', async ({
  page,
}) => {
  await signIn(page, 'bank@demo.test', PASSWORD, '/app/portfolio/no-such-merchant/overview');
  await expect(page.getByRole('heading', { name: t('page.recordNotFound') })).toBeVisible();
  await expect(page.getByText(t('page.recordNotFoundText'))).toBeVisible();
  // one state for the page: no panel tried its own source and failed
  await expect(page.getByText(t('errors.dataCouldNotBeLoaded'))).toHaveCount(0);
  expect(await missingKeys(page)).toEqual([]);
});

test('a record opened in the wrong organisation offers the user’s other organisation and opens there', async ({
  page,
}) => {
  await signIn(page, 'bank@demo.test', PASSWORD);
  await expect(page).toHaveURL(/\/app\//);
  // the bank user works for Demo Bank and Demo Acquirer: switched to the acquirer, the bank's merchant is not there
  const switched = page.waitForEvent('load'); // the switch ends in a full reload
  await page.getByRole('combobox', { name: t('shell.organization') }).selectOption({ label: 'Demo Acquirer' });
  await switched;
  await expect(page.getByRole('combobox', { name: t('shell.organization') })).toHaveValue('org-demo-acquirer');
  await page.goto('/app/portfolio/demo-merchant-bosphorus/overview');
  await expect(page.getByRole('heading', { name: t('page.recordNotFound') })).toBeVisible();
  await page.getByRole('button', { name: t('page.lookIn').replace('{{name}}', 'Demo Bank') }).click();
  await expect(page).toHaveURL(/\/app\/portfolio\/demo-merchant-bosphorus\/overview$/);
  await expect(page.getByRole('combobox', { name: t('shell.organization') })).toHaveValue('org-demo-bank');
  await expect(page.getByRole('figure', { name: t('portfolio.overview.scoreHistory') })).toBeVisible();
});
