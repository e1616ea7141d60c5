/**
 * ASV and AoC documents in Chromium: a merchant uploads a real PDF through the list's form dialog
 * (multipart, with its scan date), is refused a duplicate and an image named .pdf, downloads it,
 * shares with Demo Bank; the bank then sees it in its ASV list, and no longer once sharing stops.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { addDays, dayOf } from '../../core/compliance/compliance-documents';
import { PASSWORD } from './support/users';
import { chooseLanguage, type Language, signIn, storedConfig, t } from './support/ui';

const text = (key: string, values: Record<string, string | number>) =>
  t(key).replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => String(values[name]));

async function pdf(line: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  document
    .addPage([400, 200])
    .drawText(line, { x: 20, y: 100, size: 14, font: await document.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await document.save());
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/app\//);
  return page;
}

/** Opens the upload dialog, chooses the file and the date, sends it. */
interface Upload {
  type?: 'asv' | 'aoc';
  language?: Language;
}

async function upload(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
  date: string,
  { type = 'asv', language = 'en' }: Upload = {},
) {
  await page.getByRole('button', { name: t(`complianceDocuments.${type}.upload`, language) }).click();
  const dialog = page.getByRole('dialog', { name: t(`complianceDocuments.${type}.upload`, language) });
  await dialog.locator('input[type=file]').setInputFiles(file);
  await dialog.getByLabel(t(`complianceDocuments.${type}.validFrom`, language)).fill(date);
  await dialog.getByRole('button', { name: t('list.send', language) }).click();
  await expect(dialog).toBeHidden();
  // the upload's progress toast goes once the answer is in
  await expect(page.getByText(t('upload.inProgress', language))).toBeHidden();
}

test('a merchant uploads an ASV report, a bank sees it while it is shared', async ({ browser }) => {
  const merchant = await signedIn(browser, 'merchant@demo.test');
  await merchant.goto('/app/saq/reports/asv');
  const table = merchant.getByRole('table', { name: t('complianceDocuments.asv.title') });
  await expect(merchant.getByText(t('complianceDocuments.asv.empty'))).toBeVisible();

  const scanDate = addDays(dayOf(new Date()), -3);
  const bytes = await pdf('ASV scan report, e2e');
  await upload(merchant, { name: 'ASV Q4 e2e.pdf', mimeType: 'application/pdf', buffer: bytes }, scanDate);
  await expect(merchant.getByText(t('complianceDocuments.uploaded'))).toBeVisible();
  const row = table.locator('tbody tr[data-index]').filter({ hasText: 'ASV Q4 e2e.pdf' });
  await expect(row).toContainText(t('complianceDocuments.states.newlyIdentified'));

  // the same bytes again, and an image dressed as a PDF: refused with the catalogue's texts
  await upload(merchant, { name: 'copy.pdf', mimeType: 'application/pdf', buffer: bytes }, scanDate);
  await expect(merchant.getByText(t('errors.fileAlreadyExists'))).toBeVisible();
  await upload(merchant, { name: 'photo.pdf', mimeType: 'application/pdf', buffer: PNG }, scanDate);
  await expect(merchant.getByText(t('errors.pdfRequired'))).toBeVisible();
  await expect(table.locator('tbody tr[data-index]')).toHaveCount(1);

  // the row's download saves the very bytes under the uploaded name
  const downloading = merchant.waitForEvent('download');
  await row.getByRole('button', { name: t('complianceDocuments.download') }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('ASV Q4 e2e.pdf');

  // sharing with Demo Bank
  await merchant.goto('/app/saq/sharing-management');
  const banks = merchant.getByRole('table', { name: t('complianceDocuments.sharing.title') });
  const demoBank = banks.locator('tbody tr[data-index]').filter({ hasText: 'Demo Bank' });
  await expect(demoBank).toContainText(t('complianceDocuments.sharing.notSharing'));
  // Demo Acquirer's row as it is (saq-bank.spec.ts shares with it when it ran first on this server)
  const acquirer = banks.locator('tbody tr[data-index]').filter({ hasText: 'Demo Acquirer' });
  const acquirerBefore = await acquirer.textContent();
  await demoBank.getByRole('button', { name: t('complianceDocuments.sharing.start') }).click();
  const confirm = merchant.getByRole('alertdialog');
  await expect(confirm).toContainText(text('complianceDocuments.sharing.startConfirm', { name: 'Demo Bank' }));
  await confirm.getByRole('button', { name: t('complianceDocuments.sharing.start') }).click();
  await expect(demoBank).toContainText(t('complianceDocuments.sharing.sharing'));
  // sharing with one bank leaves the others as they were
  await expect(acquirer).toHaveText(acquirerBefore ?? '');

  // the bank's ASV list holds the merchant's report, with its state
  const bank = await signedIn(browser, 'bank@demo.test');
  await bank.goto('/app/management-saq/details/asv');
  const shared = bank.getByRole('table', { name: t('complianceDocuments.asv.bankTitle') });
  const sharedRow = shared.locator('tbody tr[data-index]').filter({ hasText: 'ASV Q4 e2e.pdf' });
  await expect(sharedRow).toContainText('Demo Merchant Ltd');
  await expect(sharedRow).toContainText(t('complianceDocuments.states.newlyIdentified'));
  await expect(bank.getByRole('button', { name: t('list.export') })).toBeVisible();

  // sharing stops: the bank's list is empty again
  await demoBank.getByRole('button', { name: t('complianceDocuments.sharing.stop') }).click();
  await confirm.getByRole('button', { name: t('complianceDocuments.sharing.stop') }).click();
  await expect(demoBank).toContainText(t('complianceDocuments.sharing.notSharing'));
  await bank.reload();
  await expect(bank.getByText(t('complianceDocuments.asv.bankEmpty'))).toBeVisible();

  // shared meanwhile from elsewhere: this page's Start is refused with 400, whose message shows as a warning
  const token = (await storedConfig(merchant))?.token as string;
  const elsewhere = await merchant.request.post('/wbe/api/userComplianceShares', {
    headers: { authorization: `Bearer ${token}` },
    data: { bankId: 'org-demo-bank' },
  });
  expect(elsewhere.status()).toBe(201);
  await demoBank.getByRole('button', { name: t('complianceDocuments.sharing.start') }).click();
  await confirm.getByRole('button', { name: t('complianceDocuments.sharing.start') }).click();
  await expect(merchant.locator('.bp6-toast.bp6-intent-warning')).toContainText(t('errors.alreadySharing'));
  await merchant.reload();
  await demoBank.getByRole('button', { name: t('complianceDocuments.sharing.stop') }).click();
  await confirm.getByRole('button', { name: t('complianceDocuments.sharing.stop') }).click();
  await expect(demoBank).toContainText(t('complianceDocuments.sharing.notSharing'));

  // the merchant deletes the report
  await merchant.goto('/app/saq/reports/asv');
  await row.getByRole('button', { name: t('complianceDocuments.delete') }).click();
  await merchant
    .getByRole('alertdialog')
    .getByRole('button', { name: t('complianceDocuments.delete') })
    .click();
  await expect(merchant.getByText(t('complianceDocuments.asv.empty'))).toBeVisible();
});

test('the AoC list in Turkish; a failed upload of a file of interest is logged by the browser', async ({ browser }) => {
  const merchant = await signedIn(browser, 'merchant@demo.test');
  await merchant.goto('/app/saq/reports/aoc');
  await chooseLanguage(merchant, 'tr', 'en');
  try {
    await expect(merchant.getByRole('heading', { name: t('complianceDocuments.aoc.title', 'tr') })).toBeVisible();
    await expect(merchant.getByText(t('complianceDocuments.aoc.empty', 'tr'))).toBeVisible();

    // 150 kB that are no PDF (over shell §9's 100000 bytes): refused, then reported to the upload log
    const logged = merchant.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/wbe/api/user/log/error/file_upload'),
    );
    const junk = Buffer.alloc(150_000, 65);
    await upload(merchant, { name: 'aoc.pdf', mimeType: 'application/pdf', buffer: junk }, dayOf(new Date()), {
      type: 'aoc',
      language: 'tr',
    });
    await expect(merchant.getByText(t('errors.fileCouldNotBeUploaded', 'tr'))).toBeVisible();
    await expect(merchant.getByText(t('errors.pdfRequired', 'tr'))).toBeVisible();
    const report = (await logged).postDataJSON() as { endpoint: string; error_reason: string };
    expect(report.endpoint).toContain('/compliance-documents/aoc');
    expect(report.error_reason).toContain('422 pdfRequired');

    await upload(
      merchant,
      { name: 'AoC 2026.pdf', mimeType: 'application/pdf', buffer: await pdf('AoC, e2e') },
      addDays(dayOf(new Date()), -350),
      { type: 'aoc', language: 'tr' },
    );
    const row = merchant.locator('tbody tr[data-index]').filter({ hasText: 'AoC 2026.pdf' });
    await expect(row).toContainText(t('complianceDocuments.states.expiresSoon', 'tr'));
    await row.getByRole('button', { name: t('complianceDocuments.delete', 'tr') }).click();
    await merchant
      .getByRole('alertdialog')
      .getByRole('button', { name: t('complianceDocuments.delete', 'tr') })
      .click();
    await expect(merchant.getByText(t('complianceDocuments.aoc.empty', 'tr'))).toBeVisible();
  } finally {
    // the language is saved to the profile: later specs sign the merchant in in English
    await chooseLanguage(merchant, 'en', 'tr');
  }
});
