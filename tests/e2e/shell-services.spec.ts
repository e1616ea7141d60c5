/**
 * The shell's services of shell §7–§8 in Chromium: report downloads (202, the file under its
 * name, a failure's message read from inside the blob), the Excel download toasts, and the log of
 * a failed upload.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import ExcelJS from 'exceljs';
import { periodOf, periodStart } from '../../core/reports/report.utils';
import { PASSWORD } from './support/users';
import { expectSignedInAt, signIn, storedConfig, t } from './support/ui';

const thisMonth = periodOf(new Date());
const lastMonth = periodOf(new Date(periodStart(thisMonth).getTime() - 86_400_000));

const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text });

/** The mail delivery report of a period (other specs on this server make reports of other kinds). */
const reportRow = (page: Page, period: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: period, exact: true }) })
    .filter({ hasText: t('reports.kinds.mailDelivery') });

async function requestReport(page: Page, period: string) {
  await page.getByRole('button', { name: t('reports.request') }).click();
  const dialog = page.getByRole('dialog', { name: t('reports.request') });
  await dialog.getByLabel(t('reports.fields.period'), { exact: false }).fill(period);
  await dialog.getByRole('button', { name: t('list.send') }).click();
  await expect(toast(page, t('reports.requested')).last()).toBeVisible(); // an earlier request's toast may still show
  await expect(reportRow(page, period)).toBeVisible();
}

/** The caller's reports as the endpoint answers them, with the token the page holds. */
async function reportsOf(page: Page) {
  const token = (await storedConfig(page))?.token as string;
  const answer = await page.request.get('/wbe/api/reports', { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(200);
  return (await answer.json()).content.items as { id: string; period: string; state: string }[];
}

test('a report: 202 says it is being generated, a ready one is saved under its name, a stale row says why it failed', async ({
  page,
  context,
}) => {
  await signIn(page, 'admin@demo.test', PASSWORD, '/app/reports');

  // this month is still running: its report waits for the month's end
  await requestReport(page, thisMonth);
  await expect(reportRow(page, thisMonth)).toContainText(t('reports.states.generating'));
  await reportRow(page, thisMonth)
    .getByRole('button', { name: t('reports.download') })
    .click();
  await expect(toast(page, t('download.reportGeneratedWarning'))).toBeVisible();

  // last month is over: a job makes it
  await requestReport(page, lastMonth);
  await expect
    .poll(async () => (await reportsOf(page)).find((report) => report.period === lastMonth)?.state)
    .toBe('ready');
  await page.reload();
  await expect(reportRow(page, lastMonth)).toContainText(t('reports.states.ready'));
  const download = page.waitForEvent('download');
  await reportRow(page, lastMonth)
    .getByRole('button', { name: t('reports.download') })
    .click();
  const file = await download;
  const name = t('reports.mailDelivery.fileName').replace('{{period}}', lastMonth);
  expect(file.suggestedFilename()).toBe(`${name}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await file.path());
  expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
    t('reports.mailDelivery.summarySheet'),
    t('reports.mailDelivery.mailsSheet'),
  ]);

  // another tab removes it; this tab's row is stale, and the server's refusal is read out of the blob
  const other = await context.newPage();
  await other.goto('/app/reports');
  await reportRow(other, lastMonth)
    .getByRole('button', { name: t('reports.delete') })
    .click();
  await other
    .getByRole('alertdialog')
    .getByRole('button', { name: t('reports.delete') })
    .click();
  await expect(toast(other, t('reports.deleted'))).toBeVisible();
  await other.close();
  await reportRow(page, lastMonth)
    .getByRole('button', { name: t('reports.download') })
    .click();
  await expect(toast(page, t('errors.reportNotFound'))).toBeVisible();
  await expect(toast(page, t('download.reportFailed'))).toBeVisible();
});

test('an Excel export says when it starts and when it is saved', async ({ page }) => {
  await signIn(page, 'admin@demo.test', PASSWORD, '/app/admin/users');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: t('list.export') }).click();
  await expect(toast(page, t('download.excelStarted'))).toBeVisible();
  expect((await download).suggestedFilename()).toBe('users.xlsx');
  await expect(page.locator('.bp6-toast.bp6-intent-success')).toBeVisible();
});

// ---------------------------------------------------------------------------------------------
// a failed upload: an evidence file entity published as documents, whose form sends the file

const EVIDENCE = { resource: 'evidence-file', form: 'evidence-file-new', path: '/app/evidence-files/new' };
const text = (en: string, tr: string) => ({ en, tr });
const EVIDENCE_TEXT = {
  title: text('Evidence files', 'Kanıt dosyaları'),
  newTitle: text('New evidence file', 'Yeni kanıt dosyası'),
  name: text('Name', 'Ad'),
  file: text('File', 'Dosya'),
  save: text('Upload', 'Yükle'),
  saved: text('Evidence file uploaded', 'Kanıt dosyası yüklendi'),
};
const ADMINS = { anyOf: ['admin'] };
const evidenceSchema = {
  type: 'object',
  required: ['name', 'file'],
  additionalProperties: false,
  properties: { name: { type: 'string', maxLength: 200 }, file: { type: 'string' } },
};

async function publish(request: APIRequestContext, token: string, kind: string, id: string, body: unknown) {
  const auth = { authorization: `Bearer ${token}` };
  const draft = await request.post(`/config/v1/documents/${kind}/${id}/drafts`, { headers: auth, data: { body } });
  expect(draft.status(), await draft.text()).toBe(201);
  const { version } = await draft.json();
  const published = await request.post(`/config/v1/documents/${kind}/${id}/versions/${version}/publish`, {
    headers: auth,
  });
  expect(published.status(), `${kind}/${id}: ${await published.text()}`).toBe(200);
}

async function publishEvidenceForm(request: APIRequestContext, token: string) {
  await publish(request, token, 'resource', EVIDENCE.resource, {
    title: EVIDENCE_TEXT.title,
    schema: evidenceSchema,
    scope: 'user',
    guards: { list: ADMINS, read: ADMINS, create: ADMINS, update: ADMINS, delete: ADMINS },
    filterable: ['name'],
    sortable: ['name', 'createdAt'],
  });
  await publish(request, token, 'form', EVIDENCE.form, {
    title: EVIDENCE_TEXT.newTitle,
    schema: evidenceSchema,
    uiSchema: {
      name: { 'ui:title': EVIDENCE_TEXT.name },
      file: { 'ui:title': EVIDENCE_TEXT.file, 'ui:widget': 'file' },
      'ui:submitButtonOptions': { submitText: EVIDENCE_TEXT.save },
    },
    submit: { method: 'POST', path: `/wbe/api/resources/${EVIDENCE.resource}`, successMessage: EVIDENCE_TEXT.saved },
  });
  const routes = await request.get('/config/v1/documents/routes/app');
  const body = (await routes.json()).body;
  const route = {
    path: EVIDENCE.path,
    exact: true,
    layout: 'app',
    guard: ADMINS,
    screen: 'form',
    props: { formId: EVIDENCE.form },
    title: EVIDENCE_TEXT.newTitle,
  };
  await publish(request, token, 'routes', 'app', {
    ...body,
    routes: [...body.routes.filter((entry: { path: string }) => entry.path !== EVIDENCE.path), route],
  });
}

test('a failed upload of a file over 100000 bytes is logged to the web backend', async ({ page, request }) => {
  const login = await request.post('/iam/api/login', { form: { username: 'admin@demo.test', password: PASSWORD } });
  await publishEvidenceForm(request, (await login.json()).content.token);

  await signIn(page, 'admin@demo.test', PASSWORD, EVIDENCE.path);
  await expect(page.getByRole('heading', { name: EVIDENCE_TEXT.newTitle.en })).toBeVisible();

  // a small file goes through: the form really uploads
  await page.getByRole('textbox', { name: EVIDENCE_TEXT.name.en }).fill('Firewall rules');
  await page.locator('input[type=file]').setInputFiles({
    name: 'rules.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('allow 443\n'),
  });
  await page.getByRole('button', { name: EVIDENCE_TEXT.save.en }).click();
  await expect(page.getByRole('status').filter({ hasText: EVIDENCE_TEXT.saved.en })).toBeVisible();

  // one over the signed-in body limit does not: the failure is reported with the page and endpoint
  await page.goto(EVIDENCE.path);
  await page.getByRole('textbox', { name: EVIDENCE_TEXT.name.en }).fill('Network scan');
  await page.locator('input[type=file]').setInputFiles({
    name: 'scan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(150_000, 1),
  });
  const logged = page.waitForRequest(
    (sent) => sent.url().endsWith('/wbe/api/user/log/error/file_upload') && sent.method() === 'POST',
  );
  await page.getByRole('button', { name: EVIDENCE_TEXT.save.en }).click();
  const entry = (await logged).postDataJSON();
  expect(entry).toMatchObject({
    page_url: expect.stringContaining(EVIDENCE.path),
    endpoint: `/wbe/api/resources/${EVIDENCE.resource}`,
  });
  expect(entry.error_reason).toMatch(/413 payloadTooLarge/);
  expect(entry.error_reason).toMatch(/150000 bytes/);
  expect((await (await logged).response())?.status()).toBe(201);
  await expect(page.getByText(t('errors.payloadTooLarge'))).toBeVisible();
});

test('?affid= is kept through reloads while signed out and sent as X-AFF-ID until the server clears it', async ({
  page,
}) => {
  await page.goto('/register?affid=partner-42');
  await expect.poll(async () => (await storedConfig(page))?.affid).toBe('partner-42');
  // the link's parameter is gone from later pages; the stored id is not
  await page.goto('/login');
  await page.reload();
  expect((await storedConfig(page))?.affid).toBe('partner-42');

  // a signed-in call: the signed-out page views before it carry the id too, and leave it with the browser
  const carried = page.waitForResponse(
    (answer) =>
      answer.url().includes('/wbe/api/') &&
      answer.request().headers()['x-aff-id'] === 'partner-42' &&
      answer.request().headers().authorization !== undefined,
  );
  await signIn(page, 'merchant@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/pci-dss-requests');
  // sign-in is an identity call: the id waits for the web backend; the first signed-in call to it (the
  // landing's page view, the help chat) carries it, and the server answers that it has served
  expect((await carried).headers()['x-clear-affid']).toBe('1');
  await expect.poll(async () => (await storedConfig(page))?.affid).toBeUndefined();
  const later = page.waitForRequest((request) => request.url().includes('/wbe/api/'));
  await page.reload();
  expect((await later).headers()['x-aff-id']).toBeUndefined();
});
