/**
 * Onboarding in Chromium (issue 11): onboarding@demo.test opens the onboarding list (list document
 * `onboardings`), is warned about a social-media domain, then onboards the good shop served by a
 * loopback fixture with a fast scan from the start form; the row's progress bar fills, the detail
 * page (page document `onboarding`) shows the outcome the scan decided, and Approve puts the merchant
 * into the portfolio (the bank finding it there is portfolio-done.spec.ts's walk); a bulk CSV and the
 * statistics follow.
 */
import { expect, test } from './support/test';
import { type Fixtures, startFixtures } from '../unit/scans/support/fixtures';
import { PASSWORD } from './support/users';
import { missingKeys, signIn, t } from './support/ui';

let fixtures: Fixtures;
test.beforeAll(async () => {
  fixtures = await startFixtures();
});
test.afterAll(async () => {
  await fixtures?.close();
});

const OUTCOMES = ['passed', 'passedWithCondition', 'underReview', 'noActionNeeded'].map((s) =>
  t(`onboarding.statuses.${s}`),
);

test('an onboarding user scans a loopback shop, approves it, onboards a CSV of shops and counts them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const url = `http://127.0.0.1:${fixtures.good.ports.http}`;
  await signIn(page, 'onboarding@demo.test', PASSWORD);
  // the landing rules send an onboarding user to the onboarding screen (one of its two routes)
  await expect(page).toHaveURL(/\/app\/(onboarding|instant-security-view)$/);
  // other specs on this server onboard as this user too: the statistics are judged against these
  await page.goto('/app/onboarding-stats');
  const countOf = async (panel: string) => {
    const locator = page.locator(`[data-panel="${panel}"]`);
    await expect(locator).toContainText(new RegExp(`\\d|${t('onboarding.stats.none')}`));
    return Number(((await locator.textContent()) ?? '').replace(/\D/g, '') || 0);
  };
  const before = { total: await countOf('total'), approved: await countOf('approved') };
  await page.goto('/app/onboarding');
  await expect(page.getByRole('heading', { name: t('onboarding.title'), level: 1 })).toBeVisible();

  await test.step('a social-media domain is refused with the warning until overridden', async () => {
    await page.getByRole('button', { name: t('onboarding.start.action') }).click();
    const dialog = page.getByRole('dialog', { name: t('onboarding.start.action') });
    await dialog.getByLabel(t('onboarding.fields.url')).fill('https://www.instagram.com/myshop');
    await dialog.getByRole('button', { name: t('list.send') }).click();
    await expect(page.getByText(t('errors.onboardingWarning')).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('a fast scan of the loopback shop starts from the form and opens the onboarding', async () => {
    await page.getByRole('button', { name: t('onboarding.start.action') }).click();
    const dialog = page.getByRole('dialog', { name: t('onboarding.start.action') });
    await dialog.getByLabel(t('onboarding.fields.url')).fill(url);
    await dialog.getByRole('checkbox', { name: t('onboarding.fields.fast') }).check();
    await dialog.getByRole('button', { name: t('list.send') }).click();
    await expect(page).toHaveURL(/\/app\/onboarding\/[0-9a-f-]{36}$/);
    const facts = page.locator('[data-panel="facts"]');
    await expect(facts).toContainText(url);
    // the scan decides the outcome: the status leaves "Scanning" for one of the four outcomes
    const status = facts.locator('.key-value__row').filter({ hasText: t('onboarding.fields.status') });
    await expect(status).toContainText(new RegExp(OUTCOMES.join('|')), { timeout: 60_000 });
    await expect(facts).toContainText(t('scans.statuses.completed'));
  });

  await test.step('the list shows the onboarding with a full progress bar', async () => {
    await page.goto('/app/onboarding');
    const row = page.getByRole('row').filter({ hasText: url });
    await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await row.getByText(url).click();
    await expect(page).toHaveURL(/\/app\/onboarding\/[0-9a-f-]{36}$/);
  });

  await test.step('Approve adds the merchant to the portfolio', async () => {
    const decide = page.locator('[data-panel="decide"]');
    await decide.getByRole('button', { name: t('onboarding.actions.approve') }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(t('onboarding.detail.approveConfirm'));
    await confirm.getByRole('button', { name: t('onboarding.actions.approve') }).click();
    await expect(page.locator('[data-panel="facts"]')).toContainText(t('onboarding.statuses.approved'));
    await expect(decide.getByRole('button', { name: t('onboarding.actions.approve') })).toHaveCount(0);
    expect(await missingKeys(page)).toEqual([]);
  });

  await test.step('a bulk CSV with an invalid line is refused naming it; a valid one starts a row per URL', async () => {
    await page.goto('/app/onboarding');
    const send = async (csv: string) => {
      await page.getByRole('button', { name: t('onboarding.bulk.action') }).click();
      const dialog = page.getByRole('dialog', { name: t('onboarding.bulk.action') });
      await dialog
        .locator('input[type=file]')
        .setInputFiles({ name: 'urls.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await dialog.getByRole('checkbox', { name: t('onboarding.fields.fast') }).check();
      await dialog.getByRole('button', { name: t('list.send') }).click();
      return dialog;
    };
    const refused = await send(`url\n${url}/a\nnot a url\n`);
    await expect(page.getByText(`${t('onboarding.bulk.line')} 3:`).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(refused).toBeHidden();
    await send(`${url}/bulk-one\n${url}/bulk-two\n`);
    await expect(page.getByText(t('onboarding.bulk.done')).first()).toBeVisible();
    // the same host: both rows show the origin; two more rows than the single onboarding, each with its bar
    await expect(page.getByRole('row').filter({ hasText: url }).getByRole('progressbar')).toHaveCount(3);
  });

  await test.step('the statistics count the outcomes', async () => {
    await page.getByRole('button', { name: t('routes.onboardingStats') }).click();
    await expect(page).toHaveURL(/\/app\/onboarding-stats$/);
    await expect(page.locator('[data-panel="total"]')).toContainText(String(before.total + 3));
    await expect(page.locator('[data-panel="approved"]')).toContainText(String(before.approved + 1));
    await expect(page.locator('[data-panel="byStatus"]')).toBeVisible();
  });
});
