import { expect, test } from './support/test';
import { t } from './support/ui';

// Form documents are validated in the browser by ajv standalone code the config service serves as
// a same-origin module (docs/documents/form.md): live, and within the CSP.

test('the register form validates live with the served validators and no CSP violation', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content.Security.Policy/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const modules: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/config/v1/validators/form/register/')) modules.push(String(response.status()));
  });

  await page.goto('/register');
  const email = page.getByLabel(t('forms.email'), { exact: true });
  await email.fill('not-an-email');
  await page.getByRole('button', { name: t('auth.register.submit') }).click();
  await expect(page.getByText(t('validation.email'))).toBeVisible();
  await expect(page.getByText(t('validation.checkToRegister'))).toBeVisible();

  // from now on each change is judged as it is typed, by the same ajv and mapping as the server
  await email.fill('nora@example.test');
  await expect(page.getByText(t('validation.email'))).toHaveCount(0);
  await page.getByLabel(t('forms.password'), { exact: true }).fill('longenough1!');
  await expect(page.getByText(t('validation.passwordUpper'))).toBeVisible();

  expect(modules).toEqual(['200']);
  expect(problems).toEqual([]);
});
