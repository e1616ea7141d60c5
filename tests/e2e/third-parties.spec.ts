/**
 * Third parties end to end in Chromium (issue 10): the assessment owner opens the list from the menu,
 * imports a CSV file with one bad row and sees that row's error (nothing imported), fixes the file and
 * imports it, sees the rows in the list; then adds, edits and deletes one third party.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { PASSWORD } from './support/users';
import { missingKeys, signIn, t } from './support/ui';

test.describe.configure({ mode: 'serial' });

const HEADER = [
  t('thirdParties.fields.name'),
  t('thirdParties.fields.url'),
  t('thirdParties.fields.package'),
  t('thirdParties.fields.contactPerson'),
  t('thirdParties.fields.contactEmail'),
].join(',');

const rows = (bad: boolean) => [
  'Acme Hosting,https://acme.example.com,corporate,Ann Acme,ann@acme.example.com',
  `Beta Payments,${bad ? '' : 'https://beta.example.com'},starter,Bob Beta,bob@beta.example.com`,
  'Gamma Cloud,https://gamma.example.com,professional,Gil Gamma,gil@gamma.example.com',
];

const file = (bad: boolean) => ({
  name: 'third-parties.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`${[HEADER, ...rows(bad)].join('\r\n')}\r\n`, 'utf8'),
});

/** A form's text box by its field title (the label ends with ' *' when required). */
const box = (page: Page, key: string) =>
  page.getByRole('textbox', { name: new RegExp(`^${t(key).replace(/[()]/g, '\\$&')}( \\*)?$`) });

/** No serious or critical axe violation inside `selector`. */
async function expectAccessible(page: Page, selector: string) {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const rowOf = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

async function openThirdParties(page: Page) {
  await signIn(page, 'owner@demo.test', PASSWORD);
  await page
    .getByRole('link', { name: t('thirdParties.menu') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/app\/third-parties$/);
}

test('the owner imports a CSV file: a bad row is named and nothing imported, then the fixed file lands', async ({
  page,
}) => {
  await openThirdParties(page);
  await expect(page.getByText(t('thirdParties.list.empty'))).toBeVisible();

  const dialog = page.getByRole('dialog');
  await test.step('a file with one bad row is refused with that row named, and nothing is imported', async () => {
    await page.getByRole('button', { name: t('thirdParties.actions.import') }).click();
    await expect(dialog.getByText(t('list.import.help'))).toBeVisible();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: t('list.import.template') }).click();
    const template = await download;
    expect(template.suggestedFilename()).toBe('third-party-import.csv');
    const text = readFileSync(await template.path(), 'utf8').replace(/^\uFEFF/, '');
    expect(text.startsWith(`${HEADER},`)).toBe(true);
    await dialog.getByLabel(t('list.import.choose')).setInputFiles(file(true));
    await dialog.getByRole('button', { name: t('list.import.send') }).click();
    const problems = dialog.getByRole('table', { name: t('list.import.failed') });
    await expect(problems).toBeVisible();
    const problem = problems.getByRole('row').nth(1);
    await expect(problem.getByRole('cell')).toHaveText(['3', t('thirdParties.fields.url'), t('errors.cannotBeEmpty')]);
    await expect(problems.getByRole('row')).toHaveCount(2);
    // the dialog with its problem table: nothing serious for assistive technology
    await expectAccessible(page, '.bp6-dialog');
  });

  await test.step('the fixed file is imported and its rows appear in the list', async () => {
    await dialog.getByLabel(t('list.import.choose')).setInputFiles(file(false));
    await dialog.getByRole('button', { name: t('list.import.send') }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('3 records imported.')).toBeVisible();
    for (const name of ['Acme Hosting', 'Beta Payments', 'Gamma Cloud']) await expect(rowOf(page, name)).toBeVisible();
    await expect(rowOf(page, 'Beta Payments')).toContainText('bob@beta.example.com');
  });
});

test('the owner adds a third party; a second of the same name is refused', async ({ page }) => {
  await openThirdParties(page);
  await expect(rowOf(page, 'Acme Hosting')).toBeVisible();
  await expectAccessible(page, '.list-view');

  await test.step('add one through the form', async () => {
    await page.getByRole('button', { name: t('thirdParties.actions.add') }).click();
    await expect(page).toHaveURL(/\/app\/third-parties\/new$/);
    await box(page, 'thirdParties.fields.name').fill('Delta Data');
    await box(page, 'thirdParties.fields.url').fill('https://delta.example.com');
    await box(page, 'thirdParties.fields.package').fill('free');
    await box(page, 'thirdParties.fields.contactPerson').fill('Dee Delta');
    await box(page, 'thirdParties.fields.contactEmail').fill('dee@delta.example.com');
    await page.getByLabel(t('thirdParties.fields.scanPeriod')).selectOption({ label: t('thirdParties.periods.week') });
    await page.getByRole('button', { name: t('thirdParties.form.save') }).click();
    await expect(page).toHaveURL(/\/app\/third-parties$/);
    await expect(rowOf(page, 'Delta Data')).toContainText(t('thirdParties.periods.week'));
  });

  await test.step('a second third party of the same name is refused', async () => {
    await page.getByRole('button', { name: t('thirdParties.actions.add') }).click();
    await expect(page).toHaveURL(/\/app\/third-parties\/new$/);
    await box(page, 'thirdParties.fields.name').fill('acme hosting');
    await box(page, 'thirdParties.fields.url').fill('https://acme2.example.com');
    await box(page, 'thirdParties.fields.package').fill('free');
    await box(page, 'thirdParties.fields.contactPerson').fill('A');
    await box(page, 'thirdParties.fields.contactEmail').fill('a@acme2.example.com');
    await page.getByRole('button', { name: t('thirdParties.form.save') }).click();
    await expect(page.getByText(t('errors.alreadyExists')).first()).toBeVisible();
    await expect(page).toHaveURL(/\/app\/third-parties\/new$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/app\/third-parties$/);
  });
});

test('the owner edits a third party and deletes it after confirming', async ({ page }) => {
  await openThirdParties(page);
  await expect(rowOf(page, 'Delta Data')).toBeVisible();

  await test.step('edit it', async () => {
    await rowOf(page, 'Delta Data')
      .getByRole('button', { name: t('thirdParties.actions.edit') })
      .click();
    await expect(page).toHaveURL(/\/app\/third-parties\/[0-9a-f-]{36}\/edit$/);
    const name = box(page, 'thirdParties.fields.name');
    await expect(name).toHaveValue('Delta Data');
    await name.fill('Delta Data Ltd');
    await page.getByRole('button', { name: t('thirdParties.form.save') }).click();
    await expect(page).toHaveURL(/\/app\/third-parties$/);
    await expect(rowOf(page, 'Delta Data Ltd')).toBeVisible();
    await expect(rowOf(page, 'Delta Data')).toHaveCount(0);
  });

  await test.step('delete it after confirming', async () => {
    await rowOf(page, 'Delta Data Ltd')
      .getByRole('button', { name: t('thirdParties.actions.delete') })
      .click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Delete the third party Delta Data Ltd?');
    await confirm.getByRole('button', { name: t('thirdParties.actions.delete') }).click();
    await expect(page.getByText(t('thirdParties.list.deleted'))).toBeVisible();
    await expect(rowOf(page, 'Delta Data Ltd')).toHaveCount(0);
    await page.reload();
    await expect(rowOf(page, 'Acme Hosting')).toBeVisible();
    await expect(rowOf(page, 'Delta Data Ltd')).toHaveCount(0);
    expect(await missingKeys(page)).toEqual([]);
  });
});
