import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { PASSWORD, SIGNED_IN_USERS } from './support/users';
import { expectSignedInAt, signIn, t } from './support/ui';

/** A stat card showing a figure (digits, grouped or with decimals), not its pending text. */
async function expectFigure(page: Page, panel: string) {
  const card = page.locator(`[data-panel="${panel}"]`);
  await expect(card.locator('.stat-card__value')).toHaveText(/^[0-9][0-9.,]*$/);
  await expect(card).not.toContainText(t('dashboard.statPending'));
}

test('a bank and a merchant dashboard show real figures from aggregate documents', async ({ page }) => {
  await signIn(page, 'bank@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
  for (const panel of ['compliance', 'portfolioScore', 'reports']) await expectFigure(page, panel);
  // the seeded portfolio: its merchants by grade, a slice per grade
  const grades = page.locator('[data-panel="grades"]').getByRole('figure', { name: t('dashboard.charts.grades') });
  await expect(grades.locator('.page-chart__sector').first()).toBeVisible();
  // guarded like the lists: no merchant's own SAQs on a bank's dashboard
  await expect(page.locator('[data-panel="saqs"]')).toHaveCount(0);

  await signIn(page, 'merchant@demo.test', PASSWORD, '/app/dashboard');
  for (const panel of ['saqs', 'reports']) await expectFigure(page, panel);
  await expect(page.locator('[data-panel="portfolioScore"]')).toHaveCount(0);
  await expect(page.locator('[data-panel="compliance"]')).toHaveCount(0);
});

test('every demo role’s dashboard shows its figures, none of them pending', async ({ page }) => {
  for (const user of SIGNED_IN_USERS) {
    await signIn(page, user.email, PASSWORD, '/app/dashboard');
    const cards = page.locator('.stat-card__value');
    await expect(cards.first(), user.email).toBeVisible();
    for (const value of await cards.all()) await expect(value, user.email).toHaveText(/^[0-9][0-9.,]*$/);
    await expect(page.getByText(t('dashboard.statPending')), user.email).toHaveCount(0);
  }
});
