import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import type { QuestionnaireBody } from '../../core/questionnaire/questionnaire.types';
import { PASSWORD } from './support/users';
import { signIn, t } from './support/ui';

// Issue 24 item 6: an SAQ the server refuses to complete (a table row and the signer missing)
// says so where the merchant is sent, and offers completing anyway only once nothing is refused.

const API = '/saq/api/v1';
const saqA = (JSON.parse(fs.readFileSync('schemas/saq/saq-a-4.0.1.json', 'utf8')) as { body: QuestionnaireBody }).body;

/** SAQ A over the answers API: every question and required field but the locations row and the signer. */
async function nearlyComplete(request: APIRequestContext): Promise<string> {
  const login = await request.post('/iam/api/login', { form: { username: 'merchant@demo.test', password: PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).content.token}` };
  const started = await request.post(`${API}/saqs`, { headers, data: { saqType: 'A' } });
  expect(started.status(), await started.text()).toBe(201);
  const saqId = (await started.json()).content.id as string;
  const answers: Record<string, unknown> = {
    companyName: 'Demo Shop Ltd',
    companyAddress: 'Büyükdere Caddesi 1, Istanbul',
    contactName: 'Mert Merchant',
    contactEmail: 'merchant@demo.test',
    contactPhone: '5551234567',
    paymentChannels: ['ecommerce'],
    eligibility: ['criterion1', 'criterion2', 'criterion3'],
    status: 'compliant',
  };
  for (const section of saqA.sections)
    for (const item of section.items) if (item.type === 'question') answers[item.id] = 'inPlace';
  for (const [itemId, value] of Object.entries(answers)) {
    const saved = await request.put(`${API}/saqs/${saqId}/answers/${itemId}`, { headers, data: { value } });
    expect(saved.status(), `${itemId}: ${await saved.text()}`).toBe(200);
  }
  return saqId;
}

test('a refused SAQ completion names each problem, opens the first and completes anyway only once nothing is refused', async ({
  page,
  request,
}) => {
  const saqId = await nearlyComplete(request);
  await signIn(page, 'merchant@demo.test', PASSWORD, `/app/saq/saq-type/A/questions/${saqId}/part3`);
  const heading = page.getByRole('heading', { level: 2 });
  await expect(heading).toHaveText('Part 3: Validation');
  await page.getByRole('button', { name: t('questionnaire.complete') }).click();

  // the refusal stays in view on the table's page; its Add row has the focus; no complete-anyway yet
  const refusal = page.getByRole('alert').filter({ hasText: t('questionnaire.refused') });
  await expect(refusal).toContainText('Locations');
  await expect(refusal).toContainText('Add at least one row');
  await expect(refusal.getByRole('button', { name: 'Signed by' })).toBeVisible();
  await expect(heading).toHaveText('Part 2: Executive summary');
  await expect(
    page.locator('[data-item="locations"]').getByRole('button', { name: t('questionnaire.addRow') }),
  ).toBeFocused();
  await expect(page.getByText(/^Not complete: 3 answers missing or refused/)).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await page
    .locator('[data-item="locations"]')
    .getByRole('button', { name: t('questionnaire.addRow') })
    .click();
  await page.getByRole('textbox', { name: 'Type of facility 1' }).fill('Head office');
  await page.getByRole('spinbutton', { name: 'Number of facilities 1' }).fill('1');
  await page.getByRole('textbox', { name: 'City and country 1' }).fill('Istanbul, Türkiye');
  await expect(page.getByText(t('questionnaire.saved'))).toBeVisible();

  // only the signer is missing now: the server asks, and completing anyway is offered
  await page.goto(`/app/saq/saq-type/A/questions/${saqId}/part3`);
  await expect(heading).toHaveText('Part 3: Validation');
  await page.getByRole('button', { name: t('questionnaire.complete') }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('unanswered: 2');
  await ask.getByRole('button', { name: t('questionnaire.continueAnyway') }).click();
  await expect(page).toHaveURL(new RegExp(`/app/pci-dss-requests/saq/${saqId}$`));
});
