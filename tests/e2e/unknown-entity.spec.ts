/**
 * An entity no code knows (issue 5): high-risk MCC codes, published through the config API as a
 * workflow, a resource, two forms, a list, a page, and new versions of routes/app and menus/app
 * (tests/support/high-risk-mcc.ts). Then, on the same server — no rebuild, no restart, page loads
 * only — the admin creates, lists, filters, sorts, opens, edits, exports and deletes records.
 * The server's refusals for users without the guards are proven in tests/integration/unknown-entity.test.ts.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import ExcelJS from 'exceljs';
import { MCC, MCC_TEXT, mccDocuments, withMccMenu, withMccRoutes } from '../support/high-risk-mcc';
import { PASSWORD } from './support/users';
import { chooseLanguage, expectScreen, expectSignedInAt, missingKeys, signIn, storedConfig, t } from './support/ui';

const fill = (pattern: string, values: Record<string, string | number>) =>
  pattern.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => String(values[name]));

/** Publishes a body as the next version of kind/id: a draft, then publish, as docs/documents/README.md shows. */
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

/** The current published body of an app document, changed by `edit`, published as the next version. */
async function publishNext(request: APIRequestContext, token: string, kind: string, edit: (body: any) => unknown) {
  const current = await request.get(`/config/v1/documents/${kind}/app`);
  expect(current.status()).toBe(200);
  await publish(request, token, kind, 'app', edit((await current.json()).body));
}

/** The records as the endpoint answers the signed-in page: the truth the screen must show. */
async function recordsFromApi(page: Page, params: Record<string, string> = {}) {
  const token = (await storedConfig(page))?.token as string;
  const answer = await page.request.get(`${MCC.api}?${new URLSearchParams({ pageSize: '1000', ...params })}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()).content as {
    items: { id: string; code: string; description?: string; riskLevel: string; state?: string }[];
    total: number;
  };
}

const table = (page: Page, language: 'en' | 'tr' = 'en'): Locator =>
  page.getByRole('table', { name: MCC_TEXT.title[language] });
const rowOf = (page: Page, code: string, language: 'en' | 'tr' = 'en'): Locator =>
  table(page, language)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: code, exact: true }) });
const codesShown = (page: Page) => table(page).locator('tbody tr[data-index] td:nth-child(1)').allInnerTexts();
const filterOf = (page: Page, column: { en: string }) =>
  page.getByLabel(fill(t('list.filterBy'), { column: column.en }));

const RECORDS = [
  { code: '7995', description: 'Betting and casino gambling', riskLevel: 'high' },
  { code: '5967', description: 'Direct marketing, inbound teleservices', riskLevel: 'medium' },
  { code: '6051', description: 'Quasi cash', riskLevel: 'high' },
  { code: '5912', description: 'Drug stores and pharmacies', riskLevel: 'low' },
] as const;

/** Fills the create or edit form by its document's field titles. */
async function fillForm(page: Page, record: { code: string; description: string; riskLevel: string }) {
  await page.getByLabel(MCC_TEXT.code.en).fill(record.code);
  await page.getByLabel(MCC_TEXT.description.en).fill(record.description);
  await page
    .getByLabel(MCC_TEXT.riskLevel.en)
    .selectOption({ label: MCC_TEXT.levels[record.riskLevel as keyof typeof MCC_TEXT.levels].en });
}

test('an entity published as documents is created, listed, filtered, sorted, edited, exported and deleted in the browser', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const login = await request.post('/iam/api/login', { form: { username: 'admin@demo.test', password: PASSWORD } });
  expect(login.status()).toBe(200);
  const token = (await login.json()).content.token as string;

  await test.step('nothing of it exists before publishing', async () => {
    await signIn(page, 'admin@demo.test', PASSWORD);
    await expectSignedInAt(page, '/app/dashboard');
    await expect(page.getByRole('link', { name: MCC_TEXT.menu.en })).toHaveCount(0);
    await page.goto(MCC.listPath);
    await expect(page).toHaveURL(/error-404$/);
    expect((await page.request.get(MCC.api, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(404);
  });

  await test.step('publish the documents, then routes and menus as their next versions', async () => {
    for (const document of mccDocuments()) await publish(request, token, document.kind, document.id, document.body);
    await publishNext(request, token, 'routes', withMccRoutes);
    await publishNext(request, token, 'menus', withMccMenu);
  });

  await test.step('a page load shows the menu item, which opens the empty list', async () => {
    await page.goto('/app/dashboard');
    await page.getByRole('link', { name: MCC_TEXT.menu.en }).click();
    await expect(page).toHaveURL((url) => url.pathname === MCC.listPath);
    await expect(page).toHaveTitle(new RegExp(MCC_TEXT.title.en));
    await expect(page.getByText(MCC_TEXT.empty.en)).toBeVisible();
  });

  await test.step('create records through the form; the form judges before sending', async () => {
    for (const [index, record] of RECORDS.entries()) {
      await page.getByRole('button', { name: MCC_TEXT.newAction.en }).click();
      await expect(page).toHaveURL((url) => url.pathname === MCC.newPath);
      await expect(page.getByRole('heading', { name: MCC_TEXT.newTitle.en })).toBeVisible();
      if (index === 0) {
        // three letters are no code: the document's schema refuses it in the browser, nothing is sent
        await fillForm(page, { ...record, code: '79A' });
        await page.getByRole('button', { name: MCC_TEXT.save.en }).click();
        await expect(page.getByText(t('validation.invalid'))).toBeVisible();
        await expect(page).toHaveURL((url) => url.pathname === MCC.newPath);
        expect((await recordsFromApi(page)).total).toBe(0);
      }
      await fillForm(page, record);
      await page.getByRole('button', { name: MCC_TEXT.save.en }).click();
      await expect(page).toHaveURL((url) => url.pathname === MCC.listPath);
      await expect(page.getByText(fill(MCC_TEXT.saved.en, record)).first()).toBeVisible();
      await expect(rowOf(page, record.code)).toBeVisible();
    }
    // a code already taken: the server's unique constraint answers on the field
    await page.getByRole('button', { name: MCC_TEXT.newAction.en }).click();
    await expectScreen(page, MCC_TEXT.newTitle.en);
    await fillForm(page, { code: '7995', description: 'Again', riskLevel: 'low' });
    await page.getByRole('button', { name: MCC_TEXT.save.en }).click();
    await expect(page.getByText(t('errors.alreadyExists'))).toBeVisible();
    await page.goBack();
  });

  await test.step('the list shows every record, sorted by code by default, with coloured risk levels', async () => {
    await expect(page).toHaveURL((url) => url.pathname === MCC.listPath);
    const ascending = RECORDS.map((record) => record.code).sort();
    await expect.poll(() => codesShown(page)).toEqual(ascending);
    // the status tags take the document's colours
    const tag = (code: string, level: keyof typeof MCC_TEXT.levels) =>
      rowOf(page, code).locator('.bp6-tag', { hasText: MCC_TEXT.levels[level].en });
    await expect(tag('7995', 'high')).toHaveClass(/bp6-intent-danger/);
    await expect(tag('5967', 'medium')).toHaveClass(/bp6-intent-warning/);
    await expect(tag('5912', 'low')).toHaveClass(/bp6-intent-success/);
    await expect(rowOf(page, '7995')).toContainText(MCC_TEXT.states.active.en);
  });

  await test.step('filter by risk level, then sort by code both ways', async () => {
    await filterOf(page, MCC_TEXT.riskLevel).selectOption({ label: MCC_TEXT.levels.high.en });
    await expect.poll(() => codesShown(page)).toEqual(['6051', '7995']);
    await expect(page).toHaveURL(/f\.riskLevel=high/);
    await filterOf(page, MCC_TEXT.riskLevel).selectOption({ index: 0 });
    await expect.poll(async () => (await codesShown(page)).length).toBe(RECORDS.length);

    const header = page.getByRole('columnheader', { name: MCC_TEXT.code.en });
    const codes = RECORDS.map((record) => record.code).sort();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(() => codesShown(page)).toEqual([...codes].reverse());
    expect((await recordsFromApi(page, { sort: '-code' })).items.map((record) => record.code)).toEqual(
      [...codes].reverse(),
    );
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(() => codesShown(page)).toEqual(codes);
  });

  await test.step('open a record, edit its description, and see the change', async () => {
    await rowOf(page, '5967').getByRole('cell', { name: '5967', exact: true }).click();
    const id = (await recordsFromApi(page)).items.find((record) => record.code === '5967')?.id as string;
    await expect(page).toHaveURL((url) => url.pathname === MCC.detailPath(id));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: '5967' })).toBeVisible();
    await expect(main).toContainText('Direct marketing, inbound teleservices');
    await expect(main).toContainText(MCC_TEXT.levels.medium.en);

    await main.getByRole('button', { name: MCC_TEXT.edit.en }).click();
    await expect(page).toHaveURL((url) => url.pathname === MCC.editPath(id));
    await expect(page.getByRole('heading', { name: MCC_TEXT.editTitle.en })).toBeVisible();
    // the edit form starts from the stored record
    await expect(page.getByLabel(MCC_TEXT.code.en)).toHaveValue('5967');
    await expect(page.getByLabel(MCC_TEXT.description.en)).toHaveValue('Direct marketing, inbound teleservices');
    await page.getByLabel(MCC_TEXT.description.en).fill('Inbound telemarketing');
    await page.getByRole('button', { name: MCC_TEXT.save.en }).click();
    await expect(page).toHaveURL((url) => url.pathname === MCC.detailPath(id));
    await expect(page.getByText(fill(MCC_TEXT.saved.en, { code: '5967' })).first()).toBeVisible();
    await expect(main).toContainText('Inbound telemarketing');
    const stored = (await recordsFromApi(page)).items.find((record) => record.id === id);
    expect(stored).toMatchObject({ code: '5967', description: 'Inbound telemarketing', riskLevel: 'medium' });

    // the page offers exactly the workflow's actions open now, and the server runs them
    await expect(main.getByRole('button', { name: MCC_TEXT.reinstate.en })).toHaveCount(0);
    await main.getByRole('button', { name: MCC_TEXT.retire.en }).click();
    await expect(main.getByRole('button', { name: MCC_TEXT.reinstate.en })).toBeVisible();
    await expect(main.getByRole('button', { name: MCC_TEXT.retire.en })).toHaveCount(0);
    await expect(main).toContainText(MCC_TEXT.states.retired.en);
    expect((await recordsFromApi(page)).items.find((record) => record.id === id)?.state).toBe('retired');
    await main.getByRole('button', { name: MCC_TEXT.reinstate.en }).click();
    await expect(main.getByRole('button', { name: MCC_TEXT.retire.en })).toBeVisible();
    await expect.poll(async () => (await recordsFromApi(page)).items.find((r) => r.id === id)?.state).toBe('active');
  });

  await test.step('export every record to xlsx', async () => {
    await page.getByRole('button', { name: MCC_TEXT.backToList.en }).click();
    await expect(page).toHaveURL((url) => url.pathname === MCC.listPath);
    await expect(rowOf(page, '5967')).toContainText('Inbound telemarketing');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: t('list.export') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('high-risk-mcc.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await file.path());
    const sheet = book.worksheets[0];
    const values = (rowNumber: number) => (sheet.getRow(rowNumber).values as unknown[]).slice(1).map(String);
    expect(values(1)).toEqual([
      MCC_TEXT.code.en,
      MCC_TEXT.description.en,
      MCC_TEXT.riskLevel.en,
      MCC_TEXT.state.en,
      MCC_TEXT.updatedAt.en,
    ]);
    expect(sheet.actualRowCount).toBe(RECORDS.length + 1);
    const rows = RECORDS.map((_, index) => values(index + 2).slice(0, 4));
    expect(rows).toEqual([
      ['5912', 'Drug stores and pharmacies', 'Low', 'Active'],
      ['5967', 'Inbound telemarketing', 'Medium', 'Active'],
      ['6051', 'Quasi cash', 'High', 'Active'],
      ['7995', 'Betting and casino gambling', 'High', 'Active'],
    ]);
  });

  await test.step('delete a record after confirming; cancelling keeps it', async () => {
    const dialog = page.getByRole('alertdialog');
    const remove = rowOf(page, '5912').getByRole('button', { name: MCC_TEXT.delete.en });
    await remove.click();
    await expect(dialog).toContainText(fill(MCC_TEXT.deleteConfirm.en, RECORDS[3]));
    await dialog.getByRole('button', { name: t('list.cancel') }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, '5912')).toBeVisible();
    await remove.click();
    await dialog.getByRole('button', { name: MCC_TEXT.delete.en }).click();
    await expect(page.getByText(fill(MCC_TEXT.deleted.en, { code: '5912' }))).toBeVisible();
    await expect(rowOf(page, '5912')).toHaveCount(0);
  });

  await test.step('a reload shows what was saved', async () => {
    await page.reload();
    await expect.poll(() => codesShown(page)).toEqual(['5967', '6051', '7995']);
    await expect(rowOf(page, '5967')).toContainText('Inbound telemarketing');
    expect((await recordsFromApi(page)).total).toBe(3);
    expect(await missingKeys(page)).toEqual([]);
  });

  await test.step('a reader without the write guard sees the records but no way to change them', async () => {
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, 'bank@demo.test', PASSWORD);
    await expectSignedInAt(page, '/app/dashboard');
    await page.getByRole('link', { name: MCC_TEXT.menu.en }).click();
    await expect.poll(() => codesShown(page)).toEqual(['5967', '6051', '7995']);
    await expect(page.getByRole('button', { name: MCC_TEXT.newAction.en })).toHaveCount(0);
    await expect(rowOf(page, '7995').getByRole('button', { name: MCC_TEXT.delete.en })).toHaveCount(0);
    await page.goto(MCC.newPath);
    await expect(page.getByText(t('errors.noPermission'))).toBeVisible();
  });

  await test.step('in Turkish, every text comes from the documents themselves', async () => {
    await page.goto(MCC.listPath);
    await chooseLanguage(page, 'tr', 'en');
    await expect(table(page, 'tr')).toBeVisible();
    await expect(page.getByRole('columnheader', { name: MCC_TEXT.riskLevel.tr })).toBeVisible();
    await expect(rowOf(page, '7995', 'tr')).toContainText(MCC_TEXT.levels.high.tr);
    await expect(rowOf(page, '7995', 'tr')).toContainText(MCC_TEXT.states.active.tr);
    await expect(page.getByRole('link', { name: MCC_TEXT.menu.tr })).toBeVisible();
    expect(await missingKeys(page)).toEqual([]);
    await chooseLanguage(page, 'en', 'tr'); // the choice is saved on the profile: leave it as found
  });
});
