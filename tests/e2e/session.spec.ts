/** Shell §4: organisation switch, impersonation and session end, each step in the real browser. */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DEMO_ORGANIZATIONS } from '../../fixtures/organizations';
import { DEMO_USERS } from '../../fixtures/users';
import { PASSWORD } from './support/users';
import { expectSignedInAt, signIn, signInWithForm, storedConfig, t } from './support/ui';

const nameOf = (email: string) => DEMO_USERS.find((user) => user.email === email)?.name as string;
const organizationName = (id: string) => DEMO_ORGANIZATIONS.find((org) => org.id === id)?.name as string;

function userMenuButton(page: Page) {
  return page.getByRole('button', { name: t('shell.userMenu') });
}

async function openUserMenu(page: Page) {
  await userMenuButton(page).click();
  await expect(page.getByRole('menu', { name: t('shell.userMenu') })).toBeVisible();
}

/** Admin opens the users list and takes over merchant@demo.test, landing where the merchant would. */
async function impersonateMerchant(page: Page) {
  await signIn(page, 'admin@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
  await page.goto('/app/admin/users');
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'merchant@demo.test', exact: true }) });
  await row.getByRole('button', { name: t('admin.users.impersonate') }).click();
  // a row action of the admin-users list document: confirmed first
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: t('admin.users.impersonate') })
    .click();
  await expectSignedInAt(page, '/app/pci-dss-requests');
  await expect(userMenuButton(page)).toContainText(nameOf('merchant@demo.test'));
}

test('organisation switch: bank@demo.test moves to its other organisation from the top bar', async ({ page }) => {
  await signIn(page, 'bank@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
  const switcher = page.getByRole('combobox', { name: t('shell.organization') });
  await expect(switcher).toHaveValue('org-demo-bank');
  await expect(switcher.locator('option:checked')).toHaveText(organizationName('org-demo-bank'));
  const before = await storedConfig(page);

  // a marker on the window tells a full reload from a client-side navigation
  await page.evaluate(() => Object.assign(window, { __beforeSwitch: true }));
  const reloaded = page.waitForEvent('load');
  await switcher.selectOption({ label: organizationName('org-demo-acquirer') });
  await reloaded;
  await expectSignedInAt(page, '/app/dashboard');
  expect(await page.evaluate(() => '__beforeSwitch' in window)).toBe(false);

  const after = page.getByRole('combobox', { name: t('shell.organization') });
  await expect(after).toHaveValue('org-demo-acquirer');
  await expect(after.locator('option:checked')).toHaveText(organizationName('org-demo-acquirer'));
  const stored = await storedConfig(page);
  expect(stored?.token).toBeTruthy();
  expect(stored?.token).not.toBe(before?.token);
  expect((stored?.user as { email: string } | undefined)?.email).toBe('bank@demo.test');
  // the same person in another organisation is not an impersonation: no way 'back' is offered
  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: t('shell.goBackToOriginalUser') })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // the new token is the one the gateway now accepts: a reload stays in the new organisation
  await page.reload();
  await expect(page.getByRole('combobox', { name: t('shell.organization') })).toHaveValue('org-demo-acquirer');
});

test('impersonation: an admin takes over the merchant and goes back to the original user', async ({ page }) => {
  await impersonateMerchant(page);
  const impersonating = await storedConfig(page);
  expect((impersonating?.user as { email: string } | undefined)?.email).toBe('merchant@demo.test');
  expect((impersonating?.originalUser as { email: string } | undefined)?.email).toBe('admin@demo.test');
  expect(impersonating?.originalToken).toBeTruthy();
  await expect(
    page.getByRole('navigation', { name: t('shell.mainMenu') }).getByRole('link', { name: t('menu.pciDssRequests') }),
  ).toBeVisible();

  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: t('shell.admin') })).toHaveCount(0);
  await page.getByRole('menuitem', { name: t('shell.goBackToOriginalUser') }).click();

  await expectSignedInAt(page, '/app/admin/users');
  await expect(userMenuButton(page)).toContainText(nameOf('admin@demo.test'));
  await expect(page.getByRole('cell', { name: 'merchant@demo.test', exact: true })).toBeVisible();
  const restored = await storedConfig(page);
  expect((restored?.user as { email: string } | undefined)?.email).toBe('admin@demo.test');
  expect(restored?.token).toBe(impersonating?.originalToken);
  expect(restored?.originalUser).toBeUndefined();
  expect(restored?.originalToken).toBeUndefined();
  expect(restored?.roles).toContain('admin');
  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: t('shell.admin') })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: t('shell.goBackToOriginalUser') })).toHaveCount(0);
});

test('logout clears user, tokens and original data from the config key and goes to /login', async ({
  page,
  context,
}) => {
  // while impersonating, so there is original data and a super-user cookie to clear as well
  await impersonateMerchant(page);
  expect((await context.cookies()).map((cookie) => cookie.name)).toContain('superUser');

  await openUserMenu(page);
  await page.getByRole('menuitem', { name: t('shell.logout') }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(page.getByRole('button', { name: t('auth.login.submit') })).toBeVisible();

  const stored = (await storedConfig(page)) ?? {};
  for (const key of ['user', 'token', 'roles', 'permissions', 'protectedData', 'originalUser', 'originalToken']) {
    expect(stored[key], key).toBeUndefined();
  }
  // preferences stay with the browser
  expect(stored.theme).toBe('dark');
  expect(stored.language).toBe('en');
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('superUser');

  // the app no longer counts as signed in: a guarded page sends the visitor to /login
  await page.goto('/app/dashboard');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
});

test('a 401 from the gateway ends the session and sign-in returns to the remembered path', async ({ page }) => {
  await signIn(page, 'admin@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');

  // the token in the config key goes bad; the next gateway call (here the shell's organisation list, shell §7) answers 401
  await page.evaluate(() => {
    const config = JSON.parse(localStorage.getItem('config') ?? '{}');
    localStorage.setItem('config', JSON.stringify({ ...config, token: `${config.token}corrupted` }));
  });
  const rejected = page.waitForResponse(
    (response) =>
      /^\/(iam\/api|wbe\/api|trn\/v2)\//.test(new URL(response.url()).pathname) && response.status() === 401,
  );
  await page.goto('/app/admin/users');
  await rejected;
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(page.getByRole('button', { name: t('auth.login.submit') })).toBeVisible();
  const stored = (await storedConfig(page)) ?? {};
  expect(stored.token).toBeUndefined();
  expect(stored.user).toBeUndefined();
  expect(stored.rememberedPath).toBe('/app/admin/users');

  // signing in again brings the admin back where the session ended
  await signInWithForm(page, 'admin@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/admin/users');
  expect((await storedConfig(page))?.rememberedPath).toBeUndefined();
});
