import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { PASSWORD } from './support/users';
import { expectSignedInAt, signIn, t } from './support/ui';

// Issue 9, merchant side: a merchant starts SAQ A from the SAQ types, answers in the browser (each
// answer saved as given), reloads onto the same section with the answers kept, completes with
// answers missing (continue anyway), signs, sees the status follow the PDF job to "Signed",
// downloads the attestation and submits it to Demo Bank. Texts of the documents are their `en`.

const SAQ_PAGE = /\/app\/pci-dss-requests\/saq\/[0-9a-f-]{36}$/;
const QUESTIONS = /\/app\/saq\/saq-type\/A\/questions\/([0-9a-f-]{36})\/([A-Za-z0-9_]+)$/;
const saqA = JSON.parse(fs.readFileSync('schemas/saq/saq-a-4.0.1.json', 'utf8')).body;
const sectionTitle = (id: string): string => saqA.sections.find((s: { id: string }) => s.id === id).title.en;

async function expectSaved(page: Page) {
  await expect(page.getByText(t('questionnaire.saved'))).toBeVisible();
}

async function expectSection(page: Page, id: string) {
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(sectionTitle(id));
  await expect(page).toHaveURL((url) => url.pathname.endsWith(`/${id}`));
}

test('a merchant answers SAQ A, completes, signs, downloads and submits it to Demo Bank', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'merchant@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/pci-dss-requests');

  // start SAQ A from the types: the confirmation, then its questionnaire opens on the first section
  await page.goto('/app/saq/saq-types');
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'A', exact: true }) });
  await row.getByRole('button', { name: 'Start' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Starting deletes the SAQ you have in progress');
  await confirm.getByRole('button', { name: 'Start' }).click();
  await expect(page).toHaveURL(QUESTIONS);
  await expectSection(page, 'part1');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('SAQ A');

  // a typed answer is saved after a pause; a table row and a response are saved as they are given
  await page.getByRole('textbox', { name: 'Company name' }).fill('Demo Shop Ltd');
  await expectSaved(page);
  await page.getByRole('button', { name: t('questionnaire.next') }).click();
  await expectSection(page, 'part2');
  await page
    .getByRole('button', { name: t('questionnaire.addRow') })
    .first()
    .click();
  await page.getByRole('textbox', { name: 'Type of facility 1' }).fill('Head office');
  await page.getByRole('spinbutton', { name: 'Number of facilities 1' }).fill('1');
  await page.getByRole('textbox', { name: 'City and country 1' }).fill('Istanbul, Türkiye');
  await expectSaved(page);
  await page.getByRole('button', { name: t('questionnaire.next') }).click();
  await expectSection(page, 'req2');
  await page.getByRole('radio', { name: 'In Place', exact: true }).check();
  await expectSaved(page);

  // a reload lands on the same section with the answers kept (the server's, not the tab's)
  const [, saqId] = QUESTIONS.exec(new URL(page.url()).pathname) ?? [];
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await expectSection(page, 'req2');
  await expect(page.getByRole('radio', { name: 'In Place', exact: true })).toBeChecked();
  await page.getByRole('button', { name: t('questionnaire.previous') }).click();
  await expectSection(page, 'part2');
  await expect(page.getByRole('textbox', { name: 'City and country 1' })).toHaveValue('Istanbul, Türkiye');
  await page.getByRole('button', { name: t('questionnaire.previous') }).click();
  await expect(page.getByRole('textbox', { name: 'Company name' })).toHaveValue('Demo Shop Ltd');

  // to the last page and complete: most answers are missing, so the server asks; complete anyway
  const next = page.getByRole('button', { name: t('questionnaire.next') });
  while (await next.isEnabled()) await next.click();
  await page.getByRole('button', { name: t('questionnaire.complete') }).click();
  const missing = page.getByRole('alertdialog');
  await expect(missing).toContainText(t('questionnaire.missingAnswers').split('{{count}}')[0]);
  await missing.getByRole('button', { name: t('questionnaire.continueAnyway') }).click();

  // the SAQ page: waiting for signature
  await expect(page).toHaveURL(SAQ_PAGE);
  expect(page.url()).toContain(saqId);
  const header = page.locator('.page-record-header');
  await expect(header).toContainText('SAQ A');
  await expect(header).toContainText('Waiting for signature');

  // sign in the form dialog: pending while the PDF is made, then signed without a reload
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  const signDialog = page.getByRole('dialog');
  await signDialog.getByRole('textbox', { name: /Your full name/ }).fill('Mert Merchant');
  await signDialog.getByRole('textbox', { name: /Your title/ }).fill('Managing Director');
  await signDialog.getByRole('checkbox').check();
  await signDialog.getByRole('button', { name: t('list.send') }).click();
  await expect(header).toContainText('Signed', { timeout: 30_000 });
  await expect(page.getByRole('main')).toContainText('Mert Merchant');

  // the attestation is a real PDF
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the attestation' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^SAQ-A-\d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = fs.readFileSync((await download.path()) as string);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');

  // submit to Demo Bank, chosen from the banks the server lists
  await page.getByRole('button', { name: 'Submit to a bank' }).click();
  const submitDialog = page.getByRole('dialog');
  await submitDialog.getByLabel('Bank').selectOption({ label: 'Demo Bank' });
  await submitDialog.getByRole('button', { name: t('list.send') }).click();
  await expect(header).toContainText('Waiting for validation');
  await expect(page.getByRole('main')).toContainText('Demo Bank');

  // my SAQs lists it, opening its page
  await page.goto('/app/saq/my-saqs');
  // newest first: other specs of the same run may have submitted SAQs of this merchant before
  const mine = page.getByRole('row').filter({ hasText: 'Demo Bank' }).first();
  await expect(mine).toContainText('Waiting for validation');
  await mine.getByRole('cell').first().click();
  await expect(page).toHaveURL(SAQ_PAGE);
});
