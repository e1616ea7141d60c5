/**
 * Report templates and PDF reports in Chromium (issue 26): the bank user changes a template's colours
 * and uploads its banner, sees the preview's PDF, generates a portfolio risk report from the reports
 * list, sees it become ready with the bell's notification, and downloads a PDF that names the merchants.
 */
import { readFileSync } from 'node:fs';
import { solidPng } from '../support/png';
import { pdfText } from '../support/pdf-text';
import { expect, test } from './support/test';
import { signIn, storedConfig, t } from './support/ui';
import { PASSWORD } from './support/users';

test('a bank user re-brands a template, generates a portfolio report from it and downloads the PDF', async ({
  page,
}) => {
  await signIn(page, 'bank@demo.test', PASSWORD);
  const token = (await storedConfig(page))?.token as string;
  const made = await page.request.post('/wbe/api/resources/report-template', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `Brand ${Date.now()}`, title: 'Şirket Öğrenci Portföyü', language: 'tr', isDefault: true },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()).content as { id: string };

  // the colours, in the edit form
  await page.goto(`/app/report-templates/${id}/edit`);
  await page.getByLabel(t('reportTemplates.fields.titleColor')).fill('#aa1133');
  await page.getByLabel(t('reportTemplates.fields.pageNumberColor')).fill('#3355ff');
  await page.getByRole('button', { name: t('reportTemplates.form.save') }).click();
  await expect(page).toHaveURL(new RegExp(`/app/report-templates/${id}$`));
  await expect(page.getByText('#aa1133')).toBeVisible();

  // a new banner, then the preview: the PDF's first page in a frame
  await page.getByRole('button', { name: t('reportTemplates.images.upload.banner') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: solidPng(800, 100, [0xaa, 0x11, 0x33]),
  });
  await dialog.getByRole('button', { name: t('list.send') }).click();
  await expect(page.getByRole('cell', { name: t('reportTemplates.images.banner'), exact: true })).toBeVisible();
  await expect(page.getByTestId('report-template-preview')).toBeVisible();

  // the report, from the reports list
  await page.goto('/app/reports');
  await page.getByRole('button', { name: t('reports.generate') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('list.send') })
    .click();
  // the generated report's row (the header's filter lists the kinds too), its progress bar, then ready
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: t('reports.kinds.portfolioRisk') }) });
  await expect(row.getByRole('progressbar')).toBeVisible();
  await expect(row.getByText(t('reports.states.ready'), { exact: true })).toBeVisible();

  // the bell heard it
  const bell = page.locator('.notification-bell');
  await expect(bell).toHaveAttribute('data-fresh', 'true');
  await bell.click();
  await expect(page.getByRole('menu').getByText(t('reports.readyNotice.title')).first()).toBeVisible();
  await page.keyboard.press('Escape');

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: t('reports.download') }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const text = await pdfText(readFileSync(await download.path()));
  expect(text).toContain('Şirket Öğrenci Portföyü');
  expect(text).toContain('Anatolia Books');
});
