import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { totpCodes } from '../support/totp-codes';
import { waitForLink } from './support/mailbox';
import { PASSWORD } from './support/users';
import { expectSignedInAt, signIn, signInWithForm, t } from './support/ui';

// One new account walks the whole life cycle: register → verify → approve → sign in → 2FA → reset.
test.describe.configure({ mode: 'serial' });

const email = `new.merchant.${Date.now()}@example.test`;
const NEW_PASSWORD = 'Fresh-Pass2';
let totpSecret = '';
// the server takes each code once: every code typed below is a later one
let nextCode: () => Promise<string> = async () => '';

async function fillRegister(page: Page, values: Record<string, string>) {
  for (const [key, value] of Object.entries(values))
    await page.getByLabel(t(`forms.${key}`), { exact: true }).fill(value);
}

test('register: rules are shown, then the account is created (item 3)', async ({ page }) => {
  await page.goto('/register');
  await fillRegister(page, {
    name: 'Nora Merchant',
    company: 'Nora Shop',
    phone: '5551234567',
    email,
    password: PASSWORD,
    passwordConfirm: 'Other-Pass1',
  });
  await page.getByRole('button', { name: t('auth.register.submit') }).click();
  await expect(page.getByText(t('validation.passwordsMustMatch'))).toBeVisible();
  await expect(page.getByText(t('validation.checkToRegister'))).toBeVisible();
  await fillRegister(page, { passwordConfirm: PASSWORD });
  await page.getByLabel(t('forms.usingConditions')).check();
  await page.getByRole('button', { name: t('auth.register.submit') }).click();
  await expect(page.getByText(t('forms.registered'))).toBeVisible();
});

test('before verification sign-in shows the 428 text; the mailed link verifies', async ({ page }) => {
  await signInWithForm(page, email, PASSWORD);
  await expect(page.getByText(t('errors.notVerified'))).toBeVisible();
  await page.goto(await waitForLink(email, '/verification?token='));
  await expect(page.getByText(t('errors.accountActivated'))).toBeVisible();
  await signInWithForm(page, email, PASSWORD);
  await expect(page.getByText(t('errors.notApproved'))).toBeVisible();
});

test('the admin approves the account, then it signs in', async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin@demo.test', PASSWORD);
  await expectSignedInAt(admin, '/app/dashboard');
  await admin.goto('/app/admin/users');
  const row = admin.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: t('admin.users.approve') }).click();
  await admin
    .getByRole('alertdialog')
    .getByRole('button', { name: t('admin.users.approve') })
    .click();
  await expect(row.getByText(t('admin.users.approved'), { exact: true })).toBeVisible();

  const page = await (await browser.newContext()).newPage();
  await signInWithForm(page, email, PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
});

test('2FA turned on in settings is asked for at the next sign-in (item 4)', async ({ page }) => {
  await signInWithForm(page, email, PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
  await page.goto('/app/settings');
  await page.getByRole('tab', { name: t('settings.tabs.security') }).click();
  await page.getByRole('button', { name: t('settings.security.setup') }).click();
  await expect(page.getByRole('img', { name: t('settings.security.qrAlt') })).toBeVisible();
  totpSecret = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim();
  expect(totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
  nextCode = totpCodes(totpSecret);
  await page.getByLabel(t('settings.security.code')).fill(await nextCode());
  await page.getByRole('button', { name: t('settings.security.enable') }).click();
  await expect(page.getByText(t('settings.security.enabled'))).toBeVisible();

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await signInWithForm(page, email, PASSWORD);
  await expect(page.getByLabel(t('auth.login.code'))).toBeVisible();
  await page.getByLabel(t('auth.login.code')).fill(await nextCode());
  await page.getByRole('button', { name: t('auth.login.submit') }).click();
  await expectSignedInAt(page, '/app/dashboard');
});

test('forgot and reset the password through the mailed link (item 5)', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel(t('auth.forgot.email')).fill(email);
  await page.getByRole('button', { name: t('auth.forgot.submit') }).click();
  await expect(page.getByText(t('auth.forgot.sent'))).toBeVisible();
  await page.goto(await waitForLink(email, '/reset-password?token='));
  await page.getByLabel(t('forms.password'), { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel(t('forms.passwordConfirm'), { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: t('auth.reset.submit') }).click();
  await expect(page).toHaveURL(/\/login/);
  await signInWithForm(page, email, PASSWORD);
  await expect(page.getByText(t('errors.credentialsAreIncorrect'))).toBeVisible();
  await signInWithForm(page, email, NEW_PASSWORD);
  await page.getByLabel(t('auth.login.code')).fill(await nextCode());
  await page.getByRole('button', { name: t('auth.login.submit') }).click();
  await expectSignedInAt(page, '/app/dashboard');
});
