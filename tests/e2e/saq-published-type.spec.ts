/**
 * Issue 23, done means: an SAQ type no code, fixture or seed names is a publish. An analyst
 * publishes the pilot questionnaire through the config API; with no restart the merchant opens it
 * in the browser (its questions drawn from the published document), answers, signs and submits it
 * over HTTP, and the bank finds it in compliance tracking.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { PILOT_ID, PILOT_REQUIREMENTS, PILOT_TYPE, pilotQuestion, pilotSaq } from '../support/saq-pilot';
import { PASSWORD } from './support/users';
import { signIn, t } from './support/ui';

const SAQ_API = '/saq/api/v1';
const BANK_ID = 'org-demo-bank';
const MERCHANT = 'Demo Merchant Ltd';

async function headersOf(request: APIRequestContext, email: string) {
  const login = await request.post('/iam/api/login', { form: { username: email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${(await login.json()).content.token}` };
}

test('a published pilot SAQ type is started, answered, signed and submitted, and the bank tracks it', async ({
  browser,
  request,
}) => {
  const admin = await headersOf(request, 'admin@demo.test');
  const merchant = await headersOf(request, 'merchant@demo.test');
  const refused = await request.post(`${SAQ_API}/saqs`, { headers: merchant, data: { saqType: PILOT_TYPE } });
  expect(refused.status()).toBe(400);

  const draft = await request.post(`/config/v1/documents/questionnaire/${PILOT_ID}/drafts`, {
    headers: admin,
    data: { body: pilotSaq().body },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const { version } = await draft.json();
  const published = await request.post(`/config/v1/documents/questionnaire/${PILOT_ID}/versions/${version}/publish`, {
    headers: admin,
  });
  expect(published.status(), await published.text()).toBe(200);

  const started = await request.post(`${SAQ_API}/saqs`, { headers: merchant, data: { saqType: PILOT_TYPE } });
  expect(started.status(), await started.text()).toBe(201);
  const id = (await started.json()).content.id as string;

  const merchantPage = await (await browser.newContext()).newPage();
  await signIn(merchantPage, 'merchant@demo.test', PASSWORD);
  await expect(merchantPage).toHaveURL(/\/app\//);
  await merchantPage.goto(`/app/saq/saq-type/${PILOT_TYPE}/questions/${id}/requirements`);
  await expect(merchantPage.getByText('Is requirement 8.3.6 in place?')).toBeVisible();

  const answers: [string, unknown][] = [
    ['eligibility', ['kiosk', 'noStorage']],
    ...PILOT_REQUIREMENTS.map((requirement): [string, unknown] => [pilotQuestion(requirement), 'inPlace']),
    ['status', 'compliant'],
  ];
  for (const [item, value] of answers) {
    const saved = await request.put(`${SAQ_API}/saqs/${id}/answers/${item}`, { headers: merchant, data: { value } });
    expect(saved.status(), `${item}: ${await saved.text()}`).toBe(200);
  }
  const completed = await request.post(`${SAQ_API}/saqs/${id}/complete`, { headers: merchant, data: {} });
  expect(completed.status(), await completed.text()).toBe(200);
  const signing = await request.post(`${SAQ_API}/saqs/${id}/sign`, {
    headers: merchant,
    data: { signerName: 'Ada Merchant', signerTitle: 'Owner', agree: true },
  });
  expect(signing.status(), await signing.text()).toBe(202);
  await expect
    .poll(
      async () => (await (await request.get(`${SAQ_API}/saqs/${id}`, { headers: merchant })).json()).content.status,
      {
        timeout: 30_000,
      },
    )
    .toBe('signed');
  const submitted = await request.post(`${SAQ_API}/saqs/${id}/submit`, {
    headers: merchant,
    data: { bankId: BANK_ID },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);

  const bankPage = await (await browser.newContext()).newPage();
  await signIn(bankPage, 'bank@demo.test', PASSWORD);
  await expect(bankPage).toHaveURL(/\/app\//);
  await bankPage.goto(`/app/management-saq/compliance-tracking?f.saqType=${PILOT_TYPE}`);
  const tracking = bankPage.getByRole('table', { name: t('managementSaq.tracking.title') });
  const row = tracking.getByRole('row').filter({ has: bankPage.getByRole('cell', { name: MERCHANT, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(PILOT_TYPE);
});
