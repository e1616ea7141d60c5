import { expect, test } from './support/test';
import { totpCodes } from '../support/totp-codes';
import { PASSWORD, SIGNED_IN_USERS, TOTP_SECRET } from './support/users';
import { expectSignedInAt, missingKeys, signInWithForm, storedConfig, t } from './support/ui';

test.describe('sign-in (issue items 2 and 4)', () => {
  for (const user of SIGNED_IN_USERS) {
    test(`${user.email} lands on ${user.landing} and sees their menu`, async ({ page }) => {
      await signInWithForm(page, `  ${user.email.toUpperCase()} `, PASSWORD); // trimmed and lowercased by the client
      await expectSignedInAt(page, user.landing);
      const nav = page.getByRole('navigation', { name: t('shell.mainMenu') });
      for (const key of user.menu) await expect(nav.getByRole('link', { name: t(key), exact: true })).toBeVisible();
      expect(await missingKeys(page)).toEqual([]);
    });
  }

  test('wrong password shows the 401 text on the e-mail field', async ({ page }) => {
    await signInWithForm(page, 'admin@demo.test', 'Wrong-Pass1');
    await expect(page.getByText(t('errors.credentialsAreIncorrect'))).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unverified account gets the 428 text, an unapproved one the approval text', async ({ page }) => {
    await signInWithForm(page, 'unverified@demo.test', PASSWORD);
    await expect(page.getByText(t('errors.notVerified'))).toBeVisible();
    await signInWithForm(page, 'pending@demo.test', PASSWORD);
    await expect(page.getByText(t('errors.notApproved'))).toBeVisible();
  });

  test('a 2FA user is asked for the app code and gets in with a valid one', async ({ page }) => {
    await signInWithForm(page, 'twofa@demo.test', PASSWORD);
    const code = page.getByLabel(t('auth.login.code'));
    await expect(code).toBeVisible();
    await expect(page.getByText(t('errors.twoFactorRequired'))).toBeVisible();
    await code.fill('000000');
    await page.getByRole('button', { name: t('auth.login.submit') }).click();
    await expect(page.getByText(t('errors.twoFactorFailed'))).toBeVisible();
    await code.fill(await totpCodes(TOTP_SECRET)());
    await page.getByRole('button', { name: t('auth.login.submit') }).click();
    await expectSignedInAt(page, '/app/dashboard');
    expect((await storedConfig(page))?.token).toBeTruthy();
  });
});

test('a Turkish browser gets the sign-in page in Turkish, and its language switch changes it', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, locale: 'tr-TR', serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: t('auth.login.submit', 'tr') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    const languages = page.getByRole('navigation', { name: t('shell.language.label', 'tr') });
    await languages.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('button', { name: t('auth.login.submit') })).toBeVisible();
    // the switch names itself in the language shown
    const inEnglish = page.getByRole('navigation', { name: t('shell.language.label') });
    await expect(inEnglish.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(await missingKeys(page)).toEqual([]);
  } finally {
    await context.close();
  }
});
