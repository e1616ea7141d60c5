/**
 * Issue 10 'Offline answering' for an assessment in Chromium: the assessee downloads the assessment's
 * workbook on its page, answers half of it in a spreadsheet (exceljs here) with one bad cell, uploads
 * it and reads the problem at its sheet and cell (nothing saved), fixes it, uploads again and finds
 * the answers in the questionnaire as if typed. Its own third party is removed at the end: other
 * specs count the demo organisation's third parties.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import ExcelJS from 'exceljs';
import { signIn, t } from './support/ui';
import { PASSWORD } from './support/users';

test.use({ actionTimeout: 15_000 });

const MAQ = '/maq/api';
const STAMP = Date.now();
const VENDOR = `E2E Offline Vendor ${STAMP}`;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.post('/iam/api/login', { form: { username: email, password: PASSWORD } });
  expect(answer.status()).toBe(200);
  return (await answer.json()).content.token as string;
}

/** The row of an item on its section's sheet (the hidden column A holds the item id). */
function rowOf(workbook: ExcelJS.Workbook, itemId: string): ExcelJS.Row {
  for (const sheet of workbook.worksheets) {
    for (let r = 2; r <= sheet.rowCount; r += 1) if (sheet.getCell(`A${r}`).value === itemId) return sheet.getRow(r);
  }
  throw new Error(`no row for ${itemId}`);
}

async function uploadWorkbook(page: Page, workbook: ExcelJS.Workbook): Promise<void> {
  await page
    .locator('[data-panel="work"]')
    .getByRole('button', { name: t('workbook.upload') })
    .click();
  // the file dialog (the problem list that may follow carries the same title)
  const dialog = page
    .getByRole('dialog', { name: t('workbook.upload') })
    .filter({ has: page.locator('input[type=file]') });
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'assessment answered.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
  });
  await dialog.getByRole('button', { name: t('list.send') }).click();
  await expect(dialog).toBeHidden();
}

test('an assessee answers half an assessment offline: a bad cell is listed and nothing saved, the fixed file lands', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const ownerToken = await tokenOf(request, 'owner@demo.test');
  const assesseeToken = await tokenOf(request, 'assessee@demo.test');
  const made = await request.post('/wbe/api/resources/third-party', {
    headers: bearer(ownerToken),
    data: {
      name: VENDOR,
      url: 'https://offline.e2e.example',
      package: 'hosting',
      contactPerson: 'Emre Assessee',
      contactEmail: 'assessee@demo.test',
    },
  });
  expect(made.status()).toBe(201);
  const thirdPartyId = (await made.json()).content.id as string;
  try {
    const people = (await (await request.get(`${MAQ}/people`, { headers: bearer(ownerToken) })).json()).content as {
      id: string;
      email: string;
    }[];
    const created = await request.post(`${MAQ}/assessments`, {
      headers: bearer(ownerToken),
      data: {
        name: `E2E offline ${STAMP}`,
        templateId: 'assessment-vendor-security-1.0',
        thirdPartyId,
        assessorId: people.find((person) => person.email === 'assessor@demo.test')?.id,
        deadline: '2027-06-30',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = (await created.json()).content.id as string;
    for (const action of ['invite', 'request']) {
      const moved = await request.post(`${MAQ}/assessments/${id}/actions/${action}`, { headers: bearer(ownerToken) });
      expect(moved.status(), action).toBe(200);
    }
    // one answer typed in the app before: the workbook carries it
    const typed = await request.put(`${MAQ}/assessments/${id}/answers/securityContact`, {
      headers: bearer(assesseeToken),
      data: { value: 'Emre Assessee' },
    });
    expect(typed.status()).toBe(200);
    const answers = async () =>
      (await (await request.get(`${MAQ}/assessments/${id}`, { headers: bearer(assesseeToken) })).json()).content
        .answers;

    await signIn(page, 'assessee@demo.test', PASSWORD);
    await expect(page).toHaveURL((url) => url.pathname.startsWith('/app/'));
    await page.goto(`/app/assessment-requests/${id}`);

    const downloading = page.waitForEvent('download');
    await page
      .locator('[data-panel="work"]')
      .getByRole('button', { name: t('workbook.download') })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Assessment-assessment-vendor-security-1.0-v1-en.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name).slice(0, 4)).toEqual([
      'Read me',
      'Company',
      'Security controls',
      'Incidents and subcontractors',
    ]);
    expect(rowOf(workbook, 'securityContact').getCell(4).value).toBe('Emre Assessee');

    // half of it answered offline, with one answer that is no option
    rowOf(workbook, 'employees').getCell(4).value = 12;
    rowOf(workbook, 'certifications').getCell(4).value = 'ISO 27001; PCI DSS';
    rowOf(workbook, 'mfa').getCell(4).value = 'Yes';
    const bad = rowOf(workbook, 'encryption');
    bad.getCell(4).value = 'Sometimes';
    await uploadWorkbook(page, workbook);

    const problems = page.getByRole('dialog', { name: t('workbook.upload') });
    await expect(problems).toContainText(t('errors.workbookInvalid'));
    await expect(problems.getByRole('listitem')).toHaveCount(1);
    await expect(problems.getByRole('listitem')).toContainText(
      `Security controls · D${bad.number} — ${t('questionnaire.notAnOption')}`,
    );
    await problems.getByRole('button', { name: 'Close' }).click();
    expect(await answers()).toEqual({ securityContact: 'Emre Assessee' });

    // fixed and sent again: saved as if typed, and the assessment is being answered
    bad.getCell(4).value = 'Partially';
    await uploadWorkbook(page, workbook);
    await expect(page.getByText(t('workbook.uploaded'))).toBeVisible();
    await expect(
      page.getByRole('main').getByText(t('assessmentFlow.states.answering'), { exact: true }).first(),
    ).toBeVisible();

    await page.getByRole('button', { name: t('assessments.actions.answer') }).click();
    await expect(page.getByRole('textbox', { name: /Security contact/ })).toHaveValue('Emre Assessee');
    await expect(page.getByRole('spinbutton', { name: /Number of employees/ })).toHaveValue('12');
    await page.getByRole('button', { name: t('questionnaire.next') }).click();
    const question = (text: string) => page.locator('fieldset').filter({ hasText: text });
    await expect(question('multi-factor').getByRole('radio', { name: 'Yes', exact: true })).toBeChecked();
    await expect(question('encrypted at rest').getByRole('radio', { name: 'Partially', exact: true })).toBeChecked();
    expect(await answers()).toEqual({
      securityContact: 'Emre Assessee',
      employees: 12,
      certifications: ['iso27001', 'pciDss'],
      mfa: 'yes',
      encryption: 'partial',
    });
  } finally {
    await request.delete(`/wbe/api/resources/third-party/${thirdPartyId}`, { headers: bearer(ownerToken) });
  }
});
