/** Issue 6, shell conformance in the real browser: register failures, affiliate id, organisation switch. */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { PASSWORD } from './support/users';
import { expectSignedInAt, signIn, storedConfig, t } from './support/ui';

async function fillRegister(page: Page, values: Record<string, string>) {
  for (const [key, value] of Object.entries(values))
    await page.getByLabel(t(`forms.${key}`), { exact: true }).fill(value);
}

test('a register failure other than 422 shows the generic error toast, not the server text (domain §7)', async ({
  page,
}) => {
  await page.route('**/iam/api/auth/register', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'tooManyRequests', message: 'server text' }),
    }),
  );
  await page.goto('/register');
  await fillRegister(page, {
    name: 'Toast Check',
    company: 'Toast Ltd',
    phone: '5551234567',
    email: 'toast@example.test',
    password: PASSWORD,
    passwordConfirm: PASSWORD,
  });
  await page.getByLabel(t('forms.usingConditions')).check();
  await page.getByRole('button', { name: t('auth.register.submit') }).click();
  await expect(page.locator('.bp6-toast').getByText(t('errors.somethingWentWrong'))).toBeVisible();
  await expect(page.getByText(t('errors.tooManyRequests'))).toHaveCount(0);
  await expect(page.getByText('server text')).toHaveCount(0);
});

test('the affiliate id from ?affid= is sent as X-AFF-ID and forgotten when the server says so', async ({ page }) => {
  await page.goto('/login?affid=partner-7');
  await expect.poll(async () => (await storedConfig(page))?.affid).toBe('partner-7');
  const sent = page.waitForRequest(
    (request) => request.url().includes('/wbe/api/') && request.headers()['x-aff-id'] === 'partner-7',
  );
  await signIn(page, 'admin@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
  // any web-backend call carries it; the users list makes one
  await page.goto('/app/admin/users');
  await sent;
  await expect.poll(async () => (await storedConfig(page))?.affid).toBeUndefined();
});

test("an organisation switch reloads the super-user's roles with GET /me under the original token", async ({
  page,
}) => {
  await signIn(page, 'bank@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
  const original = (await storedConfig(page))?.token as string;
  const reloaded = page.waitForRequest(
    (request) => request.url().endsWith('/iam/api/me') && request.headers().authorization === `Bearer ${original}`,
  );
  const loaded = page.waitForEvent('load');
  await page.getByRole('combobox', { name: t('shell.organization') }).selectOption({ value: 'org-demo-acquirer' });
  await reloaded;
  await loaded;
  await expectSignedInAt(page, '/app/dashboard');
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'superUser');
  const superUser = JSON.parse(decodeURIComponent(cookie?.value ?? '{}'));
  expect(superUser.roles).toEqual(['bank']);
  expect((await storedConfig(page))?.originalToken).toBe(original);
});
