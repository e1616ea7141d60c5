import { expect, test } from './support/test';
import { PASSWORD } from './support/users';
import { signIn, t } from './support/ui';

// Only a browser lays the stepper out: its buttons must be real touch targets on a phone
// (WCAG 2.5.8, 24×24 px at least), and the field must ask for the numeric keyboard.
test('a number field on a phone: numeric keyboard, and minus and plus buttons at least 24×24', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, 'admin@demo.test', PASSWORD, '/app/admin/smtp-settings');
  await expect(page.getByRole('heading', { name: t('smtpSettings.title'), level: 1 })).toBeVisible();
  const port = page.getByLabel(t('smtpSettings.form.port'), { exact: true });
  await expect(port).toHaveAttribute('inputmode', 'numeric');

  for (const name of [t('theme.rjsf.DecrementAriaLabel'), t('theme.rjsf.IncrementAriaLabel')]) {
    const box = await page.getByRole('button', { name }).boundingBox();
    expect(box?.width, name).toBeGreaterThanOrEqual(24);
    expect(box?.height, name).toBeGreaterThanOrEqual(24);
  }
  const before = Number(await port.inputValue());
  await page.getByRole('button', { name: t('theme.rjsf.IncrementAriaLabel') }).click();
  await expect(port).toHaveValue(String(before + 1));
});
