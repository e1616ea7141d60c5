/**
 * Issue 9, the bank's side in the real browser: a merchant's SAQ A is started, answered, completed,
 * signed and submitted to Demo Bank through the real HTTP API; then bank@demo.test sees it on the
 * overview (totals and charts), in compliance tracking (status tags, filters, xlsx export, the
 * attestation as a row download) and on the SAQ's details page. Every screen is a document
 * (schemas/lists/compliance-tracking.json, schemas/pages/management-saq-*.json).
 */
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { expect, test } from './support/test';
import ExcelJS from 'exceljs';
import { PASSWORD } from './support/users';
import { chooseLanguage, expectSignedInAt, missingKeys, signIn, t } from './support/ui';
import { SAQ_A_ANSWERS, SAQ_A_LEVEL_ANSWERS, SAQ_A_QUESTIONS } from '../support/saq-a';

const SAQ_API = '/saq/api/v1';
const BANK_ID = 'org-demo-bank';
const MERCHANT = 'Demo Merchant Ltd'; // fixtures/organizations.ts: the merchant's organisation

/** A downloaded attestation: named by its SAQ type and date, and a PDF. */
async function expectAttestation(file: Download) {
  expect(file.suggestedFilename()).toMatch(/^SAQ-A-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(
    readFileSync(await file.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
}

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/iam/api/login', { form: { username: email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  return (await login.json()).content.token as string;
}

/**
 * The merchant's side over HTTP: level result, start SAQ A, answer every item (the first question
 * Not Applicable with its Appendix C row), complete anyway, sign, wait for the PDF, submit to the bank.
 */
async function submitSaqA(request: APIRequestContext): Promise<{ id: string; signedAt: string; expiresAt: string }> {
  const headers = { authorization: `Bearer ${await tokenOf(request, 'merchant@demo.test')}` };
  const level = await request.post('/wbe/api/saq/level-result', { headers, data: SAQ_A_LEVEL_ANSWERS });
  expect(level.status(), await level.text()).toBe(201);
  const started = await request.post(`${SAQ_API}/saqs`, { headers, data: { saqType: 'A' } });
  expect(started.status(), await started.text()).toBe(201);
  const id = (await started.json()).content.id as string;
  for (const [item, value] of SAQ_A_ANSWERS) {
    const saved = await request.put(`${SAQ_API}/saqs/${id}/answers/${item}`, { headers, data: { value } });
    expect(saved.status(), `${item}: ${await saved.text()}`).toBe(200);
  }
  const completed = await request.post(`${SAQ_API}/saqs/${id}/complete`, { headers, data: { continueAnyway: true } });
  expect(completed.status(), await completed.text()).toBe(200);
  const signer = { signerName: 'Ada Merchant', signerTitle: 'Owner', agree: true };
  const signing = await request.post(`${SAQ_API}/saqs/${id}/sign`, { headers, data: signer });
  expect(signing.status(), await signing.text()).toBe(202);
  await expect
    .poll(async () => (await (await request.get(`${SAQ_API}/saqs/${id}`, { headers })).json()).content.status, {
      timeout: 30_000,
    })
    .toBe('signed');
  const submitted = await request.post(`${SAQ_API}/saqs/${id}/submit`, { headers, data: { bankId: BANK_ID } });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const view = (await submitted.json()).content;
  expect(view).toMatchObject({ status: 'submitted', bankId: BANK_ID, merchantName: MERCHANT, level: 4 });
  return view;
}

const table = (page: Page) => page.getByRole('table', { name: t('managementSaq.tracking.title') });
const merchantRow = (page: Page) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: MERCHANT, exact: true }) });
const filterOf = (page: Page, key: string) =>
  page.getByLabel(t('list.filterBy').replace('{{column}}', t(`managementSaq.fields.${key}`)));
/** yyyy-MM-dd (the shell's date format) in the browser's timezone: the bank user has none of their own. */
const shownDate = (page: Page, iso: string) => page.evaluate((at) => new Date(at).toLocaleDateString('en-CA'), iso);

test('the bank tracks a submitted SAQ: overview charts, compliance tracking with filters and export, details', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const saq = await submitSaqA(request);

  await test.step("the bank's notification of the submission opens the SAQ's details", async () => {
    await signIn(page, 'bank@demo.test', PASSWORD);
    await expectSignedInAt(page, '/app/dashboard');
    await page.locator('.notification-bell').click();
    const menu = page.getByRole('menu', { name: t('notifications.title') });
    await menu
      .getByRole('menuitem')
      .filter({ hasText: t('saqSubmission.title').replace('{{merchant}}', MERCHANT) })
      // newest first: the merchant may have submitted to Demo Acquirer before (pci-requests.spec.ts)
      .first()
      .click();
    await expect(page).toHaveURL((url) => url.pathname === `/app/management-saq/saq-details/${saq.id}`);
    await expect(page.getByRole('main').getByRole('heading', { name: MERCHANT })).toBeVisible();
  });

  await test.step('the management menu opens the overview: totals and four charts', async () => {
    await page.getByRole('link', { name: t('menu.saqManagement') }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/app/management-saq/overview');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: t('managementSaq.overview.title') })).toBeVisible();
    const card = (key: string) => main.locator(`[data-panel="${key}"]`);
    await expect(card('submitted').locator('.stat-card__value')).toHaveText('1');
    await expect(card('compliant').locator('.stat-card__value')).toHaveText('1');
    for (const key of ['nonCompliant', 'expiresSoon', 'expired'])
      await expect(card(key).locator('.stat-card__value')).toHaveText('0');
    for (const key of ['byOverallStatus', 'bySaqType', 'byLevel', 'expiriesByMonth'])
      await expect(main.getByRole('figure', { name: t(`managementSaq.overview.${key}`) })).toBeVisible();
    // the donut names its slices by the document's labels and colours them by status, not by order
    const donut = main.getByRole('figure', { name: t('managementSaq.overview.byOverallStatus') });
    await expect(donut).toContainText(t('managementSaq.overall.compliant'));
    await expect(donut.locator('path.page-chart__sector[fill="#238551"]')).toHaveCount(1);
    await expect(main.getByRole('figure', { name: t('managementSaq.overview.byLevel') })).toContainText(
      t('managementSaq.levels.level4'),
    );
  });

  await test.step('a stat card opens compliance tracking filtered; the row shows the SAQ and its status', async () => {
    await page.locator('[data-panel="compliant"]').getByRole('link').click();
    await expect(page).toHaveURL(/\/app\/management-saq\/compliance-tracking\?.*f\.overallStatus=compliant/);
    await expect(filterOf(page, 'overallStatus')).toHaveValue('compliant');
    const row = merchantRow(page);
    await expect(row).toBeVisible();
    await expect(row).toContainText(t('managementSaq.statuses.submitted'));
    await expect(row).toContainText(t('managementSaq.overall.compliant'));
    await expect(row).toContainText(await shownDate(page, saq.signedAt));
    await expect(row).toContainText(await shownDate(page, saq.expiresAt));
    await expect(row.getByRole('cell', { name: '4', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: '4.0.1', exact: true })).toBeVisible();
  });

  await test.step('filters: a status it does not have empties the table, the merchant name finds it', async () => {
    await filterOf(page, 'overallStatus').selectOption('expired');
    await expect(page).toHaveURL(/f\.overallStatus=expired/);
    await expect(page.getByText(t('list.noMatch'))).toBeVisible();
    await expect(merchantRow(page)).toHaveCount(0);
    await filterOf(page, 'overallStatus').selectOption('');
    await filterOf(page, 'merchantName').fill('nobody');
    await expect(page.getByText(t('list.noMatch'))).toBeVisible();
    await filterOf(page, 'merchantName').fill('demo merchant');
    await expect(page).toHaveURL(/f\.merchantName=demo/);
    await expect(merchantRow(page)).toBeVisible();
    // any published type is a value here, so the filter is typed rather than picked from a fixed list
    await filterOf(page, 'saqType').fill('A');
    await expect(page).toHaveURL(/f\.saqType=A/);
    await expect(merchantRow(page)).toBeVisible();
  });

  await test.step('export writes the filtered rows to xlsx as the columns show them', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: t('list.export') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('compliance-tracking.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await file.path());
    const sheet = book.worksheets[0];
    // every column's cell, empty ones ('' : ASV scans are not tracked yet) included
    const values = (rowNumber: number) =>
      Array.from({ length: 11 }, (_, index) => String(sheet.getRow(rowNumber).getCell(index + 1).value ?? ''));
    expect(values(1)).toEqual(
      [
        'merchantName',
        'overallStatus',
        'level',
        'saqType',
        'standardVersion',
        'status',
        'access',
        'signedAt',
        'expiresAt',
        'lastAsvScanAt',
        'nextAsvDueAt',
      ].map((key) => t(`managementSaq.fields.${key}`)),
    );
    expect(sheet.actualRowCount).toBe(2);
    const [merchant, overall, level, type, version, status, access, signed, expires, lastScan, nextScan] = values(2);
    expect([merchant, level, type, version, status, access]).toEqual([
      MERCHANT,
      '4',
      'A',
      '4.0.1',
      t('managementSaq.statuses.submitted'),
      t('managementSaq.access.submitted'),
    ]);
    expect([signed, expires]).toEqual([await shownDate(page, saq.signedAt), await shownDate(page, saq.expiresAt)]);
    expect([lastScan, nextScan]).toEqual(['', '']);
    expect(overall).toBe(t('managementSaq.overall.compliant'));
  });

  await test.step('the row downloads the signed attestation', async () => {
    const download = page.waitForEvent('download');
    await merchantRow(page)
      .getByRole('button', { name: t('managementSaq.downloadAttestation') })
      .click();
    await expectAttestation(await download);
    await expect(page).toHaveURL(/\/compliance-tracking/); // the button does not open the row
  });

  await test.step('the row opens the details page: facts, the responses chart and the appendices', async () => {
    await merchantRow(page).getByRole('cell', { name: MERCHANT, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/app/management-saq/saq-details/${saq.id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: MERCHANT })).toBeVisible();
    await expect(main).toContainText('merchant@demo.test');
    const facts = main.locator('[data-panel="facts"]');
    await expect(facts).toContainText(t('managementSaq.compliance.compliant'));
    await expect(facts).toContainText(t('managementSaq.statuses.submitted'));
    await expect(facts).toContainText('4.0.1');
    const responses = main.getByRole('figure', { name: t('managementSaq.details.responses') });
    await expect(responses).toBeVisible();
    await expect(responses).toContainText(t('managementSaq.details.responseValues.notApplicable'));
    const appendices = main.locator('[data-panel="appendices"]');
    await expect(appendices).toContainText(t('managementSaq.details.appendixNames.appendixC'));
    // the history, newest first: the submission by the merchant's user, the PDF job by PaySec
    const history = main.getByRole('table', { name: 'History' });
    await expect(history.getByRole('row').nth(1)).toContainText(t('saqFlow.actions.submit'));
    await expect(history).toContainText(t('saqHistory.system'));
    await expect(history).toContainText(t('saqHistory.create'));
    // the header's tag is the overall status by the document's labels; the page downloads the PDF too
    await expect(main.locator('.page-record-header')).toContainText(t('managementSaq.overall.compliant'));
    await expect(page.locator('.page-record-header')).not.toContainText('compliant'); // a label, not the code
    const download = page.waitForEvent('download');
    await main
      .locator('[data-panel="do"]')
      .getByRole('button', { name: t('managementSaq.downloadAttestation') })
      .click();
    await expectAttestation(await download);
    await page.getByRole('button', { name: t('managementSaq.details.back') }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/app/management-saq/compliance-tracking');
  });

  await test.step("the sub-drawer's SAQ details lists the SAQs by compliance, in Turkish too", async () => {
    await page.getByRole('link', { name: t('menu.msaq_saq_details') }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/app/management-saq/saq-details');
    const rowIn = (language: 'en' | 'tr') =>
      page
        .getByRole('table', { name: t('managementSaq.saqs.title', language) })
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: MERCHANT, exact: true }) });
    await expect(rowIn('en')).toContainText(t('managementSaq.compliance.compliant'));
    await chooseLanguage(page, 'tr', 'en');
    const row = rowIn('tr');
    await expect(row).toContainText(t('managementSaq.compliance.compliant', 'tr'));
    await row.getByRole('cell', { name: MERCHANT, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/app/management-saq/saq-details/${saq.id}`);
    await expect(page.locator('[data-panel="facts"]')).toContainText(t('managementSaq.fields.standardVersion', 'tr'));
    expect(await missingKeys(page)).toEqual([]);
  });
});

test('the bank returns an SAQ with a note, the merchant sees it and resubmits, the bank validates it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const saq = await submitSaqA(request);
  const details = `/app/management-saq/saq-details/${saq.id}`;
  const review = page.locator('[data-panel="review"]');
  const facts = page.locator('[data-panel="facts"]');

  await test.step("the bank's details offer the workflow's actions: validate and return", async () => {
    // in English, whatever language the test before left the bank user in
    const bankHeaders = { authorization: `Bearer ${await tokenOf(request, 'bank@demo.test')}` };
    expect((await request.put('/iam/api/me', { headers: bankHeaders, data: { site_language: 'en' } })).status()).toBe(
      200,
    );
    await signIn(page, 'bank@demo.test', PASSWORD, details);
    await expect(review.getByRole('button', { name: t('managementSaq.review.validate') })).toBeVisible();
    await expect(review.getByRole('button', { name: t('managementSaq.review.return') })).toBeVisible();
    await expect(facts).toContainText(t('managementSaq.statuses.submitted'));
  });

  await test.step('returning asks for a note; the SAQ shows as returned and the actions go', async () => {
    await review.getByRole('button', { name: t('managementSaq.review.return') }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(t('managementSaq.review.returnConfirm'));
    await dialog
      .getByRole('textbox', { name: new RegExp(t('managementSaq.review.note')) })
      .fill('Appendix C: give a reason.');
    await dialog.getByRole('button', { name: t('list.send') }).click();
    await expect(facts).toContainText(t('managementSaq.statuses.returned'));
    await expect(facts).toContainText('Appendix C: give a reason.');
    await expect(page.locator('.page-record-header')).toContainText(t('managementSaq.overall.nonCompliant'));
    await expect(review.getByRole('button')).toHaveCount(0);
  });

  await test.step('the merchant is notified and sees the note with "Change answers"', async () => {
    const merchantContext = await browser.newContext();
    const merchant = await merchantContext.newPage();
    try {
      await signIn(merchant, 'merchant@demo.test', PASSWORD);
      await expectSignedInAt(merchant, '/app/pci-dss-requests');
      await merchant.locator('.notification-bell').click();
      await merchant
        .getByRole('menu', { name: t('notifications.title') })
        .getByRole('menuitem')
        .filter({ hasText: 'Demo Bank returned your SAQ A' })
        .first()
        .click();
      await expect(merchant).toHaveURL((url) => url.pathname === `/app/pci-dss-requests/saq/${saq.id}`);
      await expect(merchant.locator('.page-record-header')).toContainText('Returned by the bank');
      await expect(merchant.getByRole('main')).toContainText('Appendix C: give a reason.');
      await expect(merchant.getByRole('button', { name: 'Change answers' })).toBeVisible();
      await expect(merchant.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0);
    } finally {
      await merchantContext.close();
    }
  });

  await test.step('after the merchant resubmits, the bank validates it as non-compliant', async () => {
    const headers = { authorization: `Bearer ${await tokenOf(request, 'merchant@demo.test')}` };
    const edited = await request.put(`${SAQ_API}/saqs/${saq.id}/answers/appendixC`, {
      headers,
      data: {
        value: [{ question: SAQ_A_QUESTIONS[0], reason: 'No such system: the payment page is hosted by the PSP' }],
      },
    });
    expect(edited.status(), await edited.text()).toBe(200);
    expect((await edited.json()).content.status).toBe('waiting');
    const completed = await request.post(`${SAQ_API}/saqs/${saq.id}/complete`, {
      headers,
      data: { continueAnyway: true },
    });
    expect(completed.status()).toBe(200);
    const signer = { signerName: 'Ada Merchant', signerTitle: 'Owner', agree: true };
    expect((await request.post(`${SAQ_API}/saqs/${saq.id}/sign`, { headers, data: signer })).status()).toBe(202);
    await expect
      .poll(async () => (await (await request.get(`${SAQ_API}/saqs/${saq.id}`, { headers })).json()).content.status, {
        timeout: 30_000,
      })
      .toBe('signed');
    const sent = await request.post(`${SAQ_API}/saqs/${saq.id}/submit`, { headers, data: { bankId: BANK_ID } });
    expect(sent.status()).toBe(200);

    await page.reload();
    await review.getByRole('button', { name: t('managementSaq.review.validate') }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(t('managementSaq.review.validateConfirm'));
    await dialog.getByRole('radio', { name: t('managementSaq.compliance.nonCompliant') }).check();
    await dialog
      .getByRole('textbox', { name: new RegExp(t('managementSaq.review.note')) })
      .fill('6.4.3 is not in place.');
    await dialog.getByRole('button', { name: t('list.send') }).click();
    await expect(facts).toContainText(t('managementSaq.statuses.validated'));
    await expect(facts).toContainText('6.4.3 is not in place.');
    await expect(page.locator('.page-record-header')).toContainText(t('managementSaq.overall.nonCompliant'));
    await expect(review.getByRole('button')).toHaveCount(0);
    await expect(review).toContainText(t('managementSaq.review.none'));
    expect(await missingKeys(page)).toEqual([]);
  });
});

test('a merchant shares its SAQ reports with a second bank, which reads them but decides on none', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const saq = await submitSaqA(request);
  const merchantContext = await browser.newContext();
  const merchant = await merchantContext.newPage();
  try {
    await test.step('the merchant starts sharing with Demo Acquirer on sharing management', async () => {
      await signIn(merchant, 'merchant@demo.test', PASSWORD);
      await expectSignedInAt(merchant, '/app/pci-dss-requests');
      await merchant.goto('/app/saq/sharing-management');
      const banks = merchant.getByRole('table', { name: t('complianceDocuments.sharing.title') });
      const acquirer = banks.locator('tbody tr[data-index]').filter({ hasText: 'Demo Acquirer' });
      await acquirer.getByRole('button', { name: t('complianceDocuments.sharing.start') }).click();
      const confirm = merchant.getByRole('alertdialog');
      await expect(confirm).toContainText(
        'Share your signed SAQ reports, ASV scan reports and AoCs with Demo Acquirer?',
      );
      await confirm.getByRole('button', { name: t('complianceDocuments.sharing.start') }).click();
      await expect(acquirer).toContainText(t('complianceDocuments.sharing.sharing'));
    });

    await test.step('the bank, switched to Demo Acquirer, finds the report shared with it', async () => {
      await signIn(page, 'bank@demo.test', PASSWORD);
      await expectSignedInAt(page, '/app/dashboard');
      const reloaded = page.waitForEvent('load');
      await page.getByRole('combobox', { name: t('shell.organization') }).selectOption({ label: 'Demo Acquirer' });
      await reloaded;
      await expectSignedInAt(page, '/app/dashboard');
      await page.goto('/app/management-saq/compliance-tracking?f.access=shared');
      await expect(filterOf(page, 'access')).toHaveValue('shared');
      await expect(merchantRow(page).first()).toContainText(t('managementSaq.access.shared'));
      await expect(table(page).locator('tbody')).not.toContainText(t('managementSaq.access.submitted'));
      await page.goto(`/app/management-saq/saq-details/${saq.id}`);
      const facts = page.locator('[data-panel="facts"]');
      await expect(facts).toContainText(t('managementSaq.access.shared'));
      await expect(facts).toContainText(t('managementSaq.statuses.submitted'));
      // read only: the decision stays with Demo Bank, to whom it was submitted
      const review = page.locator('[data-panel="review"]');
      await expect(review).toContainText(t('managementSaq.review.none'));
      await expect(review.getByRole('button')).toHaveCount(0);
      await expect(page.getByRole('table', { name: 'History' })).toContainText(t('saqFlow.actions.submit'));
    });

    await test.step('the merchant stops sharing: the report is gone from Demo Acquirer at once', async () => {
      const banks = merchant.getByRole('table', { name: t('complianceDocuments.sharing.title') });
      const acquirer = banks.locator('tbody tr[data-index]').filter({ hasText: 'Demo Acquirer' });
      await acquirer.getByRole('button', { name: t('complianceDocuments.sharing.stop') }).click();
      await merchant
        .getByRole('alertdialog')
        .getByRole('button', { name: t('complianceDocuments.sharing.stop') })
        .click();
      await expect(acquirer).toContainText(t('complianceDocuments.sharing.notSharing'));
      await page.goto('/app/management-saq/compliance-tracking?f.access=shared');
      await expect(page.getByText(t('list.noMatch'))).toBeVisible();
    });
  } finally {
    await merchantContext.close();
  }
});
