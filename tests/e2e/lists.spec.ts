/**
 * The list kind in Chromium (issue 5): the admin users and mail logs screens are list documents
 * over the query contract — sorting, filtering, paging, actions with confirmation, a form dialog,
 * bulk actions and an xlsx export of every matching row.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import ExcelJS from 'exceljs';
import { waitForLink } from './support/mailbox';
import { PASSWORD } from './support/users';
import { expectSignedInAt, signIn, storedConfig, t } from './support/ui';

const text = (key: string, values: Record<string, string | number>) =>
  t(key).replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => String(values[name]));

async function signInAsAdmin(page: Page) {
  await signIn(page, 'admin@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
}

/** What the endpoint itself answers for the signed-in page: the truth the screen must show. */
async function usersFromApi(page: Page, params: Record<string, string> = {}) {
  const token = (await storedConfig(page))?.token as string;
  const answer = await page.request.get(`/wbe/api/admin/users?${new URLSearchParams(params)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()).content as { items: { email: string; name: string }[]; total: number };
}

/** A verified account waiting for approval, registered and confirmed through the real endpoints and mail. */
async function registerPending(request: APIRequestContext, name: string): Promise<string> {
  const email = `${name.toLowerCase().replace(/\s+/g, '.')}.${Date.now()}@example.test`;
  const registered = await request.post('/iam/api/auth/register', {
    data: {
      email,
      name,
      company: 'List Test Ltd',
      password: PASSWORD,
      password_confirm: PASSWORD,
      using_conditions: true,
      commercial_consent: false,
      phone: '905551112233',
      site_language: 'en',
      report_language: 'en',
    },
  });
  expect(registered.status()).toBe(201);
  const link = new URL(await waitForLink(email, '/verification?token='));
  const verified = await request.post('/iam/api/auth/verify', { data: { token: link.searchParams.get('token') } });
  expect(verified.status()).toBe(200);
  return email;
}

function usersTable(page: Page): Locator {
  return page.getByRole('table', { name: t('admin.users.title') });
}

function rowOf(page: Page, email: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
}

async function emailsShown(page: Page): Promise<string[]> {
  const cells = usersTable(page).locator('tbody tr[data-index] td:nth-child(3)');
  return cells.allInnerTexts();
}

test('the admin users list shows every user, sorts by a header and filters by column', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/app/admin/users');
  const { total } = await usersFromApi(page);
  await expect(usersTable(page)).toBeVisible();
  await expect(rowOf(page, 'merchant@demo.test')).toBeVisible();
  await expect(page.getByText(text('list.range', { first: 1, last: Math.min(total, 25), total }))).toBeVisible();
  // the help chat's launcher (bottom right) leaves the pager's next arrow uncovered
  const next = await page.getByRole('button', { name: t('list.nextPage') }).boundingBox();
  const chat = await page.locator('.help-chat__launcher').boundingBox();
  expect(next && chat && next.x + next.width <= chat.x).toBe(true);

  // sort: the header button toggles ascending, then descending; aria-sort says which
  const emailHeader = page.getByRole('columnheader', { name: t('admin.users.email') });
  await emailHeader.getByRole('button').click();
  await expect(emailHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=email/);
  const ascending = (await usersFromApi(page, { sort: 'email', pageSize: '25' })).items.map((user) => user.email);
  await expect.poll(() => emailsShown(page)).toEqual(ascending);
  await emailHeader.getByRole('button').click();
  await expect(emailHeader).toHaveAttribute('aria-sort', 'descending');
  const descending = (await usersFromApi(page, { sort: '-email', pageSize: '25' })).items.map((user) => user.email);
  await expect.poll(() => emailsShown(page)).toEqual(descending);
  // the URL keeps the sort: a reload shows the same order
  await page.reload();
  await expect(page.getByRole('columnheader', { name: t('admin.users.email') })).toHaveAttribute(
    'aria-sort',
    'descending',
  );

  // a text filter asks the server for e-mails containing the text
  await page.getByLabel(text('list.filterBy', { column: t('admin.users.email') })).fill('bank@');
  const banks = (
    await usersFromApi(page, {
      filter: JSON.stringify({ field: 'email', op: 'contains', value: 'bank@' }),
      sort: '-email',
    })
  ).items.map((user) => user.email);
  expect(banks).toEqual(expect.arrayContaining(['bank@demo.test', 'posbank@demo.test']));
  await expect.poll(() => emailsShown(page)).toEqual(banks);
  await expect(page).toHaveURL(/f\.email=bank%40/);
  await page.getByLabel(text('list.filterBy', { column: t('admin.users.email') })).fill('');
  await expect.poll(async () => (await emailsShown(page)).length).toBe(Math.min(total, 25));

  // a status filter offers the document's labels
  await page
    .getByLabel(text('list.filterBy', { column: t('list.adminUsers.approval') }))
    .selectOption({ label: t('admin.users.notApproved') });
  const waiting = (
    await usersFromApi(page, { filter: JSON.stringify({ field: 'approved', op: 'eq', value: false }), sort: '-email' })
  ).items.map((user) => user.email);
  expect(waiting).toContain('pending@demo.test');
  await expect.poll(() => emailsShown(page)).toEqual(waiting);
  for (const email of waiting) await expect(rowOf(page, email)).toContainText(t('admin.users.notApproved'));
  // nothing matches: the empty state offers to clear the filters
  await page.getByLabel(text('list.filterBy', { column: t('admin.users.name') })).fill('no such person at all');
  await expect(page.getByText(t('list.noMatch'))).toBeVisible();
  await page.getByRole('button', { name: t('list.clearFilters') }).click();
  await expect(rowOf(page, 'admin@demo.test')).toBeVisible();
});

test('row and bulk actions: approve with confirmation, write an e-mail, approve selected, delete', async ({ page }) => {
  const single = await registerPending(page.request, 'Lena List');
  const bulkA = await registerPending(page.request, 'Bora Bulk');
  const bulkB = await registerPending(page.request, 'Cem Bulk');
  await signInAsAdmin(page);
  await page.goto('/app/admin/users');

  // approve: the confirmation names the user; cancelling changes nothing
  const row = rowOf(page, single);
  await expect(row).toContainText(t('admin.users.notApproved'));
  await row.getByRole('button', { name: t('admin.users.approve') }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(text('list.adminUsers.approveConfirm', { name: 'Lena List', email: single }));
  await dialog.getByRole('button', { name: t('list.cancel') }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(t('admin.users.notApproved'));
  await row.getByRole('button', { name: t('admin.users.approve') }).click();
  await dialog.getByRole('button', { name: t('admin.users.approve') }).click();
  await expect(row).toContainText(t('admin.users.approved'));
  await expect(row.getByRole('button', { name: t('admin.users.approve') })).toHaveCount(0);
  await expect(page.getByText(text('list.adminUsers.approved', { name: 'Lena List' }))).toBeVisible();

  // write an e-mail: the action's form document asks for subject and message, then the call sends them
  await row.getByRole('button', { name: t('list.adminUsers.sendEmail') }).click();
  const form = page.getByRole('dialog', { name: t('list.adminUsers.sendEmail') });
  await form.getByRole('button', { name: t('list.send') }).click();
  await expect(form.getByText(t('validation.required')).first()).toBeVisible();
  await form.getByLabel(t('list.adminUsers.subject')).fill('Welcome aboard');
  await form.getByLabel(t('list.adminUsers.message')).fill('Your account is ready.');
  await form.getByRole('button', { name: t('list.send') }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText(text('list.adminUsers.emailSent', { email: single }))).toBeVisible();

  // the header box selects every row of the page (the table itself holds only the rows in view), then none
  const bulkBar = page.getByRole('toolbar', { name: t('list.bulkActions') });
  const pageBox = usersTable(page).getByRole('checkbox', { name: t('list.selectPage') });
  const onPage = await usersTable(page).locator('tbody tr[data-index]').count();
  await pageBox.check();
  await expect(bulkBar).toContainText(text('list.selected_other', { count: onPage }));
  await expect(usersTable(page).getByRole('checkbox', { name: t('list.selectRow'), checked: false })).toHaveCount(0);
  await pageBox.uncheck();
  await expect(bulkBar).toBeHidden();

  // bulk: select two waiting users and approve both at once
  await rowOf(page, bulkA)
    .getByRole('checkbox', { name: t('list.selectRow') })
    .check();
  await rowOf(page, bulkB)
    .getByRole('checkbox', { name: t('list.selectRow') })
    .check();
  await expect(bulkBar).toContainText(text('list.selected_other', { count: 2 }));
  await bulkBar.getByRole('button', { name: t('list.adminUsers.approveSelected') }).click();
  await expect(dialog).toContainText(text('list.adminUsers.approveSelectedConfirm_other', { count: 2 }));
  await dialog.getByRole('button', { name: t('list.adminUsers.approveSelected') }).click();
  await expect(rowOf(page, bulkA)).toContainText(t('admin.users.approved'));
  await expect(rowOf(page, bulkB)).toContainText(t('admin.users.approved'));
  await expect(bulkBar).toBeHidden();

  // delete: gone from the list, and the admin cannot delete themself (no button on their own row)
  await expect(rowOf(page, 'admin@demo.test').getByRole('button', { name: t('list.adminUsers.delete') })).toHaveCount(
    0,
  );
  await rowOf(page, single)
    .getByRole('button', { name: t('list.adminUsers.delete') })
    .click();
  await expect(dialog).toContainText(text('list.adminUsers.deleteConfirm', { name: 'Lena List', email: single }));
  await dialog.getByRole('button', { name: t('list.adminUsers.delete') }).click();
  await expect(rowOf(page, single)).toHaveCount(0);
  expect(
    (await usersFromApi(page, { filter: JSON.stringify({ field: 'email', op: 'eq', value: single }) })).total,
  ).toBe(0);

  // the mail logs list shows the mail that was written, filtered by its recipient
  await page.goto('/app/mail-logs');
  const logs = page.getByRole('table', { name: t('mailLogs.title') });
  await expect(logs).toBeVisible();
  await page.getByLabel(text('list.filterBy', { column: t('mailLogs.to') })).fill(single);
  const mailRows = logs.locator('tbody tr[data-index]');
  await expect(mailRows.filter({ hasText: 'Welcome aboard' })).toHaveCount(1);
  await expect(mailRows.filter({ hasText: 'Welcome aboard' })).toContainText(t('list.mailLogs.sent'));
  await expect(page.getByRole('columnheader', { name: t('mailLogs.date') })).toHaveAttribute('aria-sort', 'descending');
});

test('a header click on a page holding every row shows the new order at once, then asks the server for it', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const { items, total } = await usersFromApi(page, { pageSize: '100' });
  expect(items).toHaveLength(total); // one page holds every user
  const ascending = (await usersFromApi(page, { sort: 'email', pageSize: '100' })).items.map((user) => user.email);
  await page.goto('/app/admin/users?pageSize=100');
  await expect(rowOf(page, 'merchant@demo.test')).toBeVisible();

  // the answer to the new sort is held until the rows have been seen in the new order
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const asked: string[] = [];
  await page.route(/\/wbe\/api\/admin\/users\?/, async (route) => {
    asked.push(route.request().url());
    await held;
    await route.continue();
  });
  const emailHeader = page.getByRole('columnheader', { name: t('admin.users.email') });
  await emailHeader.getByRole('button').click();
  await expect(emailHeader).toHaveAttribute('aria-sort', 'ascending');
  const inOrder = async () => {
    const shown = await emailsShown(page);
    return shown.length > 0 && shown.every((email, index) => email === ascending[index]);
  };
  await expect.poll(inOrder).toBe(true);
  await expect(page.locator('.list-view__table--stale')).toHaveCount(0); // current, not dimmed
  // the server is still asked, in the new order
  await expect.poll(() => asked.length).toBe(1);
  expect(new URL(asked[0]).searchParams.get('sort')).toBe('email');
  release();
  await expect(page.locator('.list-view')).toHaveAttribute('aria-busy', 'false');
  await expect(page).toHaveURL(/sort=email/);
  expect(await inOrder()).toBe(true);
});

test('export writes every user the filter matches to xlsx, not only the page shown', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/app/admin/users');
  await page.getByLabel(t('list.pageSize')).selectOption('10');
  await expect(page).toHaveURL(/pageSize=10/);
  const { items, total } = await usersFromApi(page, { pageSize: '1000' });
  expect(total).toBeGreaterThan(10);
  await expect(usersTable(page).locator('tbody tr[data-index]')).toHaveCount(10);
  await expect(page.getByText(text('list.range', { first: 1, last: 10, total }))).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: t('list.export') }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('users.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await file.path());
  const sheet = book.worksheets[0];
  const values = (rowNumber: number) => (sheet.getRow(rowNumber).values as unknown[]).slice(1).map(String);
  expect(values(1)).toEqual([
    t('admin.users.name'),
    t('admin.users.email'),
    t('admin.users.roles'),
    t('admin.users.createdAt'),
    t('list.adminUsers.verification'),
    t('list.adminUsers.approval'),
  ]);
  expect(sheet.actualRowCount).toBe(total + 1);
  const exported = Array.from({ length: total }, (_, index) => values(index + 2)[1]);
  expect(exported).toEqual(items.map((user) => user.email));
  const admin = values(exported.indexOf('admin@demo.test') + 2);
  expect(admin[0]).toBe('Ada Admin');
  expect(admin[5]).toBe(t('admin.users.approved'));
  await expect(page.getByText(text('list.exported_other', { count: total }))).toBeVisible();
});

test('a non-admin opening /app/admin/users is refused, and so is the endpoint', async ({ page }) => {
  await signIn(page, 'bank@demo.test', PASSWORD, '/app/admin/users');
  await expect(page.getByText(t('errors.noPermission'))).toBeVisible();
  await expect(page.getByRole('table', { name: t('admin.users.title') })).toHaveCount(0);
  const token = (await storedConfig(page))?.token as string;
  const answer = await page.request.get('/wbe/api/admin/users', { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(403);
});
