/**
 * Secure file transfer in Chromium (issue 26, done means): an admin sends a file to another
 * organisation from the Sent tab's form, a user of that organisation downloads it from the inbox in
 * a browser of their own, and the transfer's page shows the download in its audit.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './support/test';
import { signIn, t } from './support/ui';
import { PASSWORD } from './support/users';

test('a file sent to another organisation is downloaded there and the audit shows it', async ({
  page,
  browser,
  baseURL,
}) => {
  // the receiving user holds the permission through a user group, as an admin grants it
  const login = await page.request.post('/iam/api/login', {
    form: { username: 'admin@demo.test', password: PASSWORD },
  });
  const token = (await login.json()).content.token as string;
  const group = await page.request.post('/wbe/api/resources/user-group', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: `File transfer ${Date.now()}`,
      permissions: ['secureFileTransfer:view'],
      roleGroups: [],
      members: [{ email: 'owner@demo.test', organization: 'org-demo-vendor' }],
    },
  });
  expect(group.status()).toBe(201);

  const name = `controls-${Date.now()}.csv`;
  const bytes = Buffer.from(`control,status\nfirewall,${name}\nlogging,ok\n`);
  await signIn(page, 'admin@demo.test', PASSWORD, '/app/file-transfer?tab=sent');
  await page.getByRole('button', { name: t('fileTransfer.send') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t('fileTransfer.fields.recipient')).selectOption({ label: 'Demo Vendor Assessments' });
  await dialog.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: bytes });
  await dialog.getByRole('button', { name: t('list.send') }).click();
  const sent = page.getByRole('row').filter({ hasText: name });
  await expect(sent).toBeVisible();

  // the counterparty, signed in in a browser of its own, downloads it from its inbox
  const elsewhere = await browser.newContext({ baseURL });
  try {
    const owner = await elsewhere.newPage();
    await signIn(owner, 'owner@demo.test', PASSWORD);
    await owner.goto('/app/file-transfer');
    const received = owner.getByRole('row').filter({ hasText: name });
    const downloading = owner.waitForEvent('download');
    await received.getByRole('button', { name: t('fileTransfer.download') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(name);
    expect(readFileSync(await download.path()).equals(bytes)).toBe(true);
  } finally {
    await elsewhere.close();
  }

  // the sender opens the transfer: its audit names who downloaded it, for which organisation
  await sent.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/app\/file-transfer\/[0-9a-f-]{36}$/);
  const audit = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Oya Owner', exact: true }) });
  await expect(audit).toContainText('Demo Vendor Assessments');
});
