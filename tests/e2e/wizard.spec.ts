import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { PASSWORD } from './support/users';
import { missingKeys, signIn, storedConfig, t } from './support/ui';

// The PCI DSS level wizard (a wizard document at /app/saq/saq-wizard) in the browser: branching by
// an answer, a step's validation gating Next, Back keeping answers, resuming after a reload, and a
// submit the server judges and stores.
const ROUTE = '/app/saq/saq-wizard';
const q = (key: string) => t(`wizard.pciLevel.${key}`);

const heading = (page: Page, step: string) => page.getByRole('heading', { name: q(`${step}.title`) });
const steps = (page: Page) => page.getByRole('list', { name: t('wizard.steps') });

/** Picks a radio answer the way a person does: by clicking its label. */
async function choose(page: Page, key: string): Promise<void> {
  await page
    .locator('label')
    .filter({ hasText: q(key) })
    .click();
  await expect(page.getByRole('radio', { name: q(key) })).toBeChecked();
}

async function next(page: Page, to: string): Promise<void> {
  await page.getByRole('button', { name: t('wizard.next'), exact: true }).click();
  await expect(heading(page, to)).toBeVisible();
}

async function bearer(page: Page): Promise<Record<string, string>> {
  return { authorization: `Bearer ${(await storedConfig(page))?.token as string}` };
}

test('a merchant branches, is stopped by validation, goes back, resumes after a reload and submits', async ({
  page,
}) => {
  await signIn(page, 'merchant@demo.test', PASSWORD, ROUTE);
  await expect(page.getByRole('heading', { name: q('title') })).toBeVisible();
  await expect(heading(page, 'business')).toBeVisible();
  await expect(page.getByText(t('wizard.stepOf').replace('{{current}}', '1').replace('{{total}}', '6'))).toBeVisible();

  // a step's validation gates Next
  await page.getByRole('button', { name: t('wizard.next'), exact: true }).click();
  await expect(page.getByText(t('validation.required'))).toBeVisible();
  await expect(heading(page, 'business')).toBeVisible();
  await expect(page.getByRole('button', { name: t('wizard.back'), exact: true })).toBeDisabled();

  await choose(page, 'business.merchant');
  await next(page, 'volume');
  await expect(steps(page).locator('[aria-current="step"]')).toContainText(q('volume.title'));

  // branch by an answer: fewer than 1 million card transactions asks about e-commerce volume
  await expect(steps(page)).not.toContainText(q('ecommerceVolume.title'));
  await choose(page, 'volume.under1m');
  await expect(steps(page)).toContainText(q('ecommerceVolume.title'));
  await next(page, 'ecommerceVolume');
  await choose(page, 'ecommerceVolume.under20k');

  // Back keeps the answers: the volume choice is still there, and so is the e-commerce one
  await page.getByRole('button', { name: t('wizard.back'), exact: true }).click();
  await expect(heading(page, 'volume')).toBeVisible();
  await expect(page.getByRole('radio', { name: q('volume.under1m') })).toBeChecked();
  // another answer takes the branch away, the first one brings it back with its answer
  await choose(page, 'volume.over6m');
  await expect(steps(page)).not.toContainText(q('ecommerceVolume.title'));
  await choose(page, 'volume.under1m');
  await next(page, 'ecommerceVolume');
  await expect(page.getByRole('radio', { name: q('ecommerceVolume.under20k') })).toBeChecked();
  await next(page, 'channel');
  await choose(page, 'channel.ecommerce');
  await next(page, 'ecommerce');

  // an answer is saved as it is given (no Next), and a reload resumes at the same step with it
  await choose(page, 'ecommerce.partlyOutsourced');
  await expect(page.getByText(t('wizard.save.saved'))).toBeVisible();
  await page.reload();
  await expect(heading(page, 'ecommerce')).toBeVisible();
  await expect(page.getByRole('radio', { name: q('ecommerce.partlyOutsourced') })).toBeChecked();
  await expect(steps(page).locator('.wizard__step--done')).toHaveCount(4);
  await expect(page.getByRole('progressbar', { name: t('wizard.progress') })).toHaveAttribute('aria-valuenow', '57');

  await next(page, 'storage');
  await choose(page, 'storage.no');
  await next(page, 'confirm');
  // the confirmation is required, then the answers are submitted and the result stored
  await page.getByRole('button', { name: t('wizard.submit') }).click();
  await expect(page.getByText(q('confirm.required'))).toBeVisible();
  await page.getByText(q('confirm.accurate')).click();
  await page.getByRole('button', { name: t('wizard.submit') }).click();
  const saved = q('saved').replace('{{level}}', '4').replace('{{saqType}}', 'A-EP');
  await expect(page.getByRole('status').filter({ hasText: saved }).first()).toBeVisible();
  // the end links to the recommended SAQ type among those a merchant may start
  const start = page.getByRole('link', { name: q('startSaq').replace('{{saqType}}', 'A-EP') });
  await expect(start).toHaveAttribute('href', '/app/saq/saq-types?f.saqType=A-EP');

  const stored = await page.request.get('/wbe/api/saq/level-result', { headers: await bearer(page) });
  expect((await stored.json()).content).toMatchObject({ level: 4, saqType: 'A-EP' });
  const progress = await page.request.get('/wbe/api/wizards/pci-dss-level/progress', { headers: await bearer(page) });
  expect(await progress.json()).toEqual({ content: null });

  // and a new run starts from the first step
  await page.getByRole('button', { name: t('wizard.startAgain') }).click();
  await expect(heading(page, 'business')).toBeVisible();
  expect(await missingKeys(page)).toEqual([]);
});

test('start over deletes the saved answers after confirmation', async ({ page }) => {
  await signIn(page, 'admin@demo.test', PASSWORD, ROUTE);
  await choose(page, 'business.serviceProvider');
  await next(page, 'serviceProviderVolume');
  await expect(steps(page)).not.toContainText(q('volume.title'));

  await page.getByRole('button', { name: t('wizard.startOver') }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(t('wizard.startOverConfirm'));
  await dialog.getByRole('button', { name: t('wizard.startOver') }).click();
  await expect(heading(page, 'business')).toBeVisible();
  await expect(page.getByRole('radio', { name: q('business.serviceProvider') })).not.toBeChecked();
  const progress = await page.request.get('/wbe/api/wizards/pci-dss-level/progress', { headers: await bearer(page) });
  expect(await progress.json()).toEqual({ content: null });
});
