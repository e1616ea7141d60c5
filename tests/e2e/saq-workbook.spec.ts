import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import ExcelJS from 'exceljs';
import { PASSWORD } from './support/users';
import { signIn, t } from './support/ui';

// Issue 10 'Offline answering' for an SAQ: the merchant downloads the SAQ's workbook on its page,
// answers it in a spreadsheet (exceljs here), uploads it with one bad cell and reads the problem
// at its sheet and cell (nothing saved), fixes it, uploads again and finds the answers in the
// questionnaire as if typed.

const API = '/saq/api/v1';

async function saqInProgress(request: APIRequestContext): Promise<string> {
  const login = await request.post('/iam/api/login', {
    form: { username: 'merchant@demo.test', password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).content.token}` };
  const started = await request.post(`${API}/saqs`, { headers, data: { saqType: 'A' } });
  expect(started.status(), await started.text()).toBe(201);
  const saqId = (await started.json()).content.id as string;
  const saved = await request.put(`${API}/saqs/${saqId}/answers/req_2_2_2`, { headers, data: { value: 'inPlace' } });
  expect(saved.status(), await saved.text()).toBe(200);
  return saqId;
}

/** The row of an item on its section's sheet (the hidden column A holds the item id). */
function rowOf(workbook: ExcelJS.Workbook, itemId: string): ExcelJS.Row {
  for (const sheet of workbook.worksheets) {
    for (let r = 2; r <= sheet.rowCount; r += 1) if (sheet.getCell(`A${r}`).value === itemId) return sheet.getRow(r);
  }
  throw new Error(`no row for ${itemId}`);
}

async function uploadWorkbook(page: Page, workbook: ExcelJS.Workbook): Promise<void> {
  const actions = page.locator('[data-panel="do"]');
  await actions.getByRole('button', { name: t('workbook.upload') }).click();
  // the file dialog (the problem list that may follow carries the same title)
  const dialog = page
    .getByRole('dialog', { name: t('workbook.upload') })
    .filter({ has: page.locator('input[type=file]') });
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'SAQ-A answered.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
  });
  await dialog.getByRole('button', { name: t('list.send') }).click();
  await expect(dialog).toBeHidden();
}

const question = (page: Page, id: string) => page.locator(`fieldset[data-item="${id}"]`);

test('a merchant answers an SAQ offline in its workbook: a bad cell is shown where it is, the fixed file lands', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const saqId = await saqInProgress(request);
  await signIn(page, 'merchant@demo.test', PASSWORD, `/app/pci-dss-requests/saq/${saqId}`);

  // download in the browser: the answer given so far is in it
  const downloading = page.waitForEvent('download');
  await page
    .locator('[data-panel="do"]')
    .getByRole('button', { name: t('workbook.download') })
    .click();
  const download = await downloading;
  // named by type and standard version: the newest SAQ A, 4.0.2 once saq-migrate.spec.ts has published it
  expect(download.suggestedFilename()).toMatch(/^SAQ-A-4\.0\.\d-en\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  expect(workbook.worksheets[0].name).toBe('Read me');
  expect(rowOf(workbook, 'req_2_2_2').getCell(4).value).toBe('In Place');

  // answered offline, with one answer that is no option
  rowOf(workbook, 'req_3_1_1').getCell(4).value = 'Not Applicable';
  rowOf(workbook, 'req_3_1_1').getCell(5).value = 'We store no account data';
  const bad = rowOf(workbook, 'req_3_2_1');
  bad.getCell(4).value = 'Sometimes';
  rowOf(workbook, 'companyName').getCell(4).value = 'Offline Shop';
  await uploadWorkbook(page, workbook);

  const problems = page.getByRole('dialog', { name: t('workbook.upload') });
  await expect(problems).toContainText(t('errors.workbookInvalid'));
  await expect(problems.getByRole('listitem')).toHaveCount(1);
  await expect(problems.getByRole('listitem')).toContainText(
    `${bad.worksheet.name} · D${bad.number} — ${t('questionnaire.notAnOption')}`,
  );
  await problems.getByRole('button', { name: 'Close' }).click();

  // fixed and sent again: saved as if typed
  bad.getCell(4).value = 'In Place';
  await uploadWorkbook(page, workbook);
  await expect(page.getByText(t('workbook.uploaded'))).toBeVisible();

  await page.goto(`/app/saq/saq-type/A/questions/${saqId}/req3`);
  await expect(question(page, 'req_3_1_1').getByRole('radio', { name: 'Not Applicable', exact: true })).toBeChecked();
  await expect(question(page, 'req_3_1_1').getByLabel(t('questionnaire.explanation'))).toHaveValue(
    'We store no account data',
  );
  await expect(question(page, 'req_3_2_1').getByRole('radio', { name: 'In Place', exact: true })).toBeChecked();
  await page.goto(`/app/saq/saq-type/A/questions/${saqId}/part1`);
  await expect(page.getByRole('textbox', { name: 'Company name', exact: true })).toHaveValue('Offline Shop');
});
