import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { saqANextBody } from '../support/saq-a-next';
import { PASSWORD } from './support/users';
import { expectSignedInAt, signIn, t } from './support/ui';

// Issue 9 'Analysts add an SAQ version without code': the merchant has SAQ A (PCI DSS 4.0.1) in
// progress; an admin publishes SAQ A 4.0.2 through the config API with a carry-over (6.3.3 renamed
// 6.3.4, 12.8.5 dropped, 8.3.1 split into 8.3.1.a and 8.3.1.b, a new 12.10.2). The questionnaire
// says a newer version exists; the SAQ page lists what would change; the merchant migrates and the
// questionnaire shows the answers where the carry-over put them.

const API = '/saq/api/v1';

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/iam/api/login', { form: { username: email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  return (await login.json()).content.token as string;
}

/** The merchant's SAQ A on 4.0.1, answered as they would have before 4.0.2 came out. */
async function saqInProgress(request: APIRequestContext, token: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const started = await request.post(`${API}/saqs`, { headers, data: { saqType: 'A' } });
  expect(started.status(), await started.text()).toBe(201);
  const saq = (await started.json()).content;
  expect(saq.standardVersion).toBe('4.0.1');
  const answers: [string, unknown][] = [
    ['companyName', 'Demo Shop'],
    ['req_2_2_2', 'inPlace'],
    ['req_3_1_1', 'inPlace'],
    ['req_6_3_3', 'inPlace'],
    ['req_8_3_1', 'notInPlace'],
    ['req_12_8_5', 'inPlace'],
  ];
  for (const [item, value] of answers) {
    const saved = await request.put(`${API}/saqs/${saq.id}/answers/${item}`, {
      headers,
      data: { value, step: 'req6' },
    });
    expect(saved.status(), `${item}: ${await saved.text()}`).toBe(200);
  }
  return saq.id as string;
}

async function publishSaqA402(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const id = 'saq-a-4.0.2';
  const draft = await request.post(`/config/v1/documents/questionnaire/${id}/drafts`, {
    headers,
    data: { body: saqANextBody() },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const { version } = await draft.json();
  const published = await request.post(`/config/v1/documents/questionnaire/${id}/versions/${version}/publish`, {
    headers,
  });
  expect(published.status(), await published.text()).toBe(200);
}

const question = (page: Page, id: string) => page.locator(`fieldset[data-item="${id}"]`);

test('a merchant sees what SAQ A 4.0.2 would change, migrates, and finds the answers carried over', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const saqId = await saqInProgress(request, await tokenOf(request, 'merchant@demo.test'));
  await publishSaqA402(request, await tokenOf(request, 'admin@demo.test'));

  await signIn(page, 'merchant@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/pci-dss-requests');

  // the questionnaire, still on 4.0.1, says a newer version exists and links to what would change
  await page.goto(`/app/saq/saq-type/A/questions/${saqId}/req6`);
  await expect(question(page, 'req_6_3_3')).toBeVisible();
  const notice = page.locator('[data-notice="source"]');
  await expect(notice).toContainText(t('questionnaire.newerNotice').replace('{{standardVersion}}', '4.0.2'));
  await notice.getByRole('link', { name: t('questionnaire.newerLink') }).click();

  // the SAQ page: the newer version's facts, the Migrate action and the list of changes
  await expect(page).toHaveURL(new RegExp(`/app/pci-dss-requests/saq/${saqId}$`));
  const newer = page.locator('[data-panel="newer"]');
  await expect(newer).toContainText('A newer version is available');
  await expect(newer).toContainText('4.0.2');
  const changes = page.getByRole('table', { name: 'What would change' });
  const rowOf = (requirement: string) =>
    changes.getByRole('row').filter({ has: page.getByRole('cell', { name: requirement, exact: true }) });
  await expect(rowOf('6.3.4')).toContainText('Moved');
  await expect(rowOf('6.3.4')).toContainText('6.3.3');
  await expect(rowOf('6.3.4')).toContainText('In Place');
  await expect(rowOf('8.3.1.a')).toContainText('Not in Place');
  await expect(rowOf('8.3.1.b')).toContainText('Moved');
  await expect(rowOf('12.8.5')).toContainText('Dropped');
  await expect(rowOf('12.10.2')).toContainText('New question');
  await expect(rowOf('2.2.2')).toContainText('Kept');
  // asked in other words under its number: not "Kept", and the wording answered is shown
  await expect(rowOf('3.1.1')).toContainText(t('saqMigration.reworded'));
  await expect(rowOf('3.1.1')).toContainText('Are the policies and procedures for protecting stored account data');

  // migrate, after the confirmation: the offer goes, the SAQ is on 4.0.2
  await page.locator('[data-panel="migrate"]').getByRole('button', { name: 'Migrate' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Move this SAQ to the newer version?');
  await confirm.getByRole('button', { name: 'Migrate' }).click();
  await expect(page.getByText('Moved to the newer version')).toBeVisible();
  await expect(newer).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'SAQ A · PCI DSS 4.0.2' })).toBeVisible();
  // the move is in the SAQ's history, though the SAQ was being answered
  await expect(page.getByRole('table', { name: 'History' })).toContainText(t('saqHistory.migrate'));

  // the questionnaire on 4.0.2: each answer where the carry-over put it, no notice any more
  await page.getByRole('button', { name: 'Continue answering' }).click();
  await expect(page).toHaveURL(new RegExp(`/questions/${saqId}/req6$`));
  await expect(question(page, 'req_6_3_4')).toContainText('6.3.4 Are security patches installed soon after release?');
  await expect(question(page, 'req_6_3_4').getByRole('radio', { name: 'In Place', exact: true })).toBeChecked();
  await expect(question(page, 'req_6_3_3')).toHaveCount(0);
  await expect(page.locator('[data-notice="source"]')).toHaveCount(0);
  await page.getByRole('button', { name: t('questionnaire.next') }).click();
  for (const split of ['req_8_3_1_a', 'req_8_3_1_b'])
    await expect(question(page, split).getByRole('radio', { name: 'Not in Place', exact: true })).toBeChecked();
  await page.goto(`/app/saq/saq-type/A/questions/${saqId}/req12`);
  await expect(question(page, 'req_12_10_2')).toBeVisible();
  await expect(question(page, 'req_12_10_2').getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(question(page, 'req_12_8_5')).toHaveCount(0);
  await page.goto(`/app/saq/saq-type/A/questions/${saqId}/part1`);
  await expect(page.getByRole('textbox', { name: 'Company name' })).toHaveValue('Demo Shop');

  // the reworded answer is flagged under its question until the merchant confirms it still holds
  const summary = page.locator('[data-reread-summary]');
  await expect(summary).toBeVisible();
  await summary.getByRole('button', { name: t('questionnaire.reread.review') }).click();
  const reread = question(page, 'req_3_1_1').locator('[data-reread]');
  await expect(reread).toContainText(t('questionnaire.reread.tag'));
  await expect(reread).toContainText('Are the policies and procedures for protecting stored account data');
  await reread.getByRole('button', { name: t('questionnaire.reread.confirm') }).click();
  await expect(reread).toHaveCount(0);
  await expect(question(page, 'req_3_1_1').getByRole('radio', { name: 'In Place', exact: true })).toBeChecked();
});
