import { expect, test } from './support/test';
import { PASSWORD } from './support/users';
import { signIn, t } from './support/ui';

// The questionnaire renderer on a published SAQ: an admin previews SAQ A, pages to its first
// requirement, answers N/A and is told to explain it in Appendix C; the explanation clears it.
test('an admin previews SAQ A, answers N/A and sees the Appendix C requirement', async ({ page }) => {
  await signIn(page, 'admin@demo.test', PASSWORD, '/app/saq/preview/saq-a-4.0.1');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('SAQ A');

  // part 1 and part 2 come first; the third page is Requirement 2
  const next = page.getByRole('button', { name: t('questionnaire.next') });
  await next.click();
  await next.click();
  await expect(page.getByRole('heading', { level: 2 })).toContainText('Requirement 2');

  const question = page.locator('fieldset.questionnaire__question').first();
  await question.getByRole('radio', { name: 'Not Applicable' }).check();
  await expect(question.getByText('Explain it in Appendix C')).toBeVisible();

  await question.getByRole('textbox', { name: t('questionnaire.explanation') }).fill('No system components in scope');
  await expect(question.getByText('Explain it in Appendix C')).toHaveCount(0);
  await expect(page.getByText(/^1 of \d+ answered$/)).toBeVisible();
});
