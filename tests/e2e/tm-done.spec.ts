/**
 * Transaction monitoring's "done means" in Chromium (issue 25). The tm user ingests a batch through the
 * API with a key of the organisation (the test server shows transactions at once: serve.ts sets the
 * visibility delay to 0; the delay itself is tested over HTTP on the injected clock), sees the alert it
 * raised, reads the transaction's trace, opens a case from the alert and closes it as confirmed risk,
 * which labels the transaction. Then a draft rule is backtested in the browser, a second user approves
 * it in the versions list, and the next transaction is scored by it without a restart. The approved
 * rule only matches this spec's own merchant, so the worker's other specs score as before.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { PASSWORD } from './support/users';
import { missingKeys, signIn, storedConfig, t } from './support/ui';

const TM = '/wbe/api/transaction-monitoring';
const stamp = Date.now().toString(36);

/** The page's session token, for the API calls that set the scene. */
async function bearer(page: Page): Promise<Record<string, string>> {
  return { authorization: `Bearer ${(await storedConfig(page))?.token}` };
}

/** A new ingest key of the signed-in user's organisation (shown once). */
async function ingestKey(page: Page): Promise<string> {
  const made = await page.request.post(`${TM}/keys`, { headers: await bearer(page), data: { name: `e2e ${stamp}` } });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()).content.key;
}

interface Scored {
  id: string;
  transactionId: string;
  decision: string;
  hits: string[];
  ruleSet: { version: number };
}

async function ingest(request: APIRequestContext, key: string, transactions: object[]): Promise<Scored[]> {
  const answer = await request.post('/tm/api/v1/transactions/batch', {
    headers: { 'x-api-key': key },
    data: { transactions },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()).content.items;
}

/** A card payment of this run (a test card number; the API keeps only its masked form). */
const payment = (transactionId: string, fields: object) => ({
  transactionId,
  merchantId: `E2E-M-${stamp}`,
  merchantName: 'E2E shop',
  pan: '4111111111111111',
  currency: 'EUR',
  ...fields,
});

/** `YYYY-MM-DDTHH:mm` in the machine's zone, as a datetime-local field takes it. */
function localMinute(at: Date): string {
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

test('an ingested transaction raises an alert, its case closes as confirmed risk and labels it', async ({ page }) => {
  await signIn(page, 'tm@demo.test', PASSWORD);
  const key = await ingestKey(page);
  // a high-risk country and a large amount: 35 + 20, at or above the flag threshold
  const [risky, quiet] = await ingest(page.request, key, [
    payment(`E2E-${stamp}-1`, { amount: 5000, country: 'NG' }),
    payment(`E2E-${stamp}-2`, { amount: 20, country: 'DE' }),
  ]);
  expect(risky).toMatchObject({ decision: 'flagged', hits: ['high-risk-country', 'large-amount'] });
  expect(quiet.decision).toBe('approved');

  await page.goto('/app/transaction-monitoring/alerts');
  await expect(page.getByRole('heading', { name: t('transactionMonitoring.alerts.title') })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: risky.transactionId });
  await expect(row.getByText(t('transactionMonitoring.alerts.states.open'), { exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: quiet.transactionId })).toHaveCount(0);
  await row.getByRole('link', { name: risky.transactionId }).click();
  await expect(page).toHaveURL(/\/app\/transaction-monitoring\/alerts\/[0-9a-f-]{36}$/);
  const alertUrl = page.url();
  await expect(page.getByRole('heading', { name: risky.transactionId })).toBeVisible();

  // the transaction's trace: the rules that hit, and one that did not
  await page.getByRole('button', { name: t('transactionMonitoring.alerts.openTransaction') }).click();
  await expect(page).toHaveURL(new RegExp(`/app/transaction-monitoring/transactions/${risky.id}$`));
  await expect(page.getByRole('heading', { name: risky.transactionId })).toBeVisible();
  const trace = page.getByRole('table', { name: t('transactionMonitoring.trace.title') });
  const outcome = (ruleId: string) => trace.getByRole('row').filter({ hasText: ruleId });
  await expect(outcome('high-risk-country')).toContainText(t('transactionMonitoring.outcomes.hit'));
  await expect(outcome('large-amount')).toContainText(t('transactionMonitoring.outcomes.hit'));
  await expect(outcome('card-velocity')).toContainText(t('transactionMonitoring.outcomes.noHit'));

  // a case from the alert, closed with the label confirmed risk
  await page.goto(alertUrl);
  await page.getByRole('button', { name: t('transactionMonitoring.alerts.openCase') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t('transactionMonitoring.fields.caseTitle')).fill(`Review of ${risky.transactionId}`);
  await dialog.getByRole('button', { name: t('list.send') }).click();
  await page.getByRole('button', { name: t('transactionMonitoring.alerts.goToCase') }).click();
  await expect(page).toHaveURL(/\/app\/transaction-monitoring\/cases\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `Review of ${risky.transactionId}` })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: risky.transactionId })).toBeVisible();

  await page.getByLabel(t('transactionMonitoring.fields.label')).selectOption({
    label: t('transactionMonitoring.cases.labels.confirmed_risk'),
  });
  await page.getByRole('button', { name: t('transactionMonitoring.cases.save') }).click();
  await expect(page.getByText(t('transactionMonitoring.cases.saved'))).toBeVisible();
  await page.getByRole('button', { name: t('transactionMonitoring.cases.actions.close') }).click();
  await expect(page.getByText(t('transactionMonitoring.cases.noMove'))).toBeVisible();

  // closing wrote the label on the stored transaction
  const labelled = await page.request.get(`${TM}/transactions/${risky.id}`, { headers: await bearer(page) });
  expect((await labelled.json()).content).toMatchObject({
    transactionId: risky.transactionId,
    label: 'confirmed_risk',
  });
  expect(await missingKeys(page)).toEqual([]);
});

test('a drafted rule is backtested, approved by a second user and scores the next transaction', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, 'tm@demo.test', PASSWORD);
  const headers = await bearer(page);
  const rules = await page.request.get(`${TM}/rules`, { headers });
  const published = (await rules.json()).content.version as number;
  const current = await page.request.get(`${TM}/rules/versions/${published}`, { headers });
  const { body } = (await current.json()).content;
  // one rule more, for this run's merchant only: the worker's later specs score as before
  const merchantId = `E2E-BLOCKED-${stamp}`;
  body.rules.push({
    id: `e2e-merchant-${stamp}`,
    title: { en: 'The e2e merchant', tr: 'Uçtan uca test üye işyeri' },
    group: 'lists',
    score: 100,
    when: { '==': [{ var: 'merchantId' }, merchantId] },
  });
  const drafted = await page.request.post(`${TM}/rules/drafts`, { headers, data: { body } });
  expect(drafted.status(), await drafted.text()).toBe(201);
  const draft = (await drafted.json()).content.version as number;

  // the analyst backtests the draft over the last month
  await page.goto('/app/transaction-monitoring/backtests');
  await page.getByRole('button', { name: t('transactionMonitoring.backtests.start') }).click();
  const dialog = page.getByRole('dialog');
  const now = new Date();
  await dialog
    .getByLabel(t('transactionMonitoring.backtests.fields.from'))
    .fill(localMinute(new Date(+now - 30 * 864e5)));
  await dialog.getByLabel(t('transactionMonitoring.backtests.fields.to')).fill(localMinute(now));
  await dialog.getByLabel(t('transactionMonitoring.backtests.fields.version')).fill(String(draft));
  await dialog.getByRole('button', { name: t('list.send') }).click();
  await expect(page).toHaveURL(/\/app\/transaction-monitoring\/backtests\/[0-9a-f-]{36}$/);
  await expect(page.getByText(t('transactionMonitoring.backtests.statuses.completed')).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: t('transactionMonitoring.backtests.overall') })).toBeVisible();

  // a second user approves it in the versions list
  const approverContext = await browser.newContext({ baseURL });
  try {
    const approver = await approverContext.newPage();
    await signIn(approver, 'tm-approver@demo.test', PASSWORD);
    await approver.goto('/app/transaction-monitoring/rules');
    const row = approver
      .getByRole('row')
      .filter({ has: approver.getByRole('cell', { name: String(draft), exact: true }) })
      .filter({ hasText: t('transactionMonitoring.versions.statuses.draft') });
    await row.getByRole('button', { name: t('transactionMonitoring.versions.approve') }).click();
    await approver
      .getByRole('alertdialog')
      .getByRole('button', { name: t('transactionMonitoring.versions.approve') })
      .click();
    await expect(
      approver.getByText(t('transactionMonitoring.versions.approved').replace('{{version}}', String(draft))),
    ).toBeVisible();
    expect(await missingKeys(approver)).toEqual([]);
  } finally {
    await approverContext.close();
  }

  // the next transaction of that merchant is scored by the new version, with no restart
  const [scored] = await ingest(page.request, await ingestKey(page), [
    payment(`E2E-${stamp}-3`, { merchantId, amount: 10, country: 'DE' }),
  ]);
  expect(scored).toMatchObject({ decision: 'declined', ruleSet: { version: draft } });
  expect(scored.hits).toContain(`e2e-merchant-${stamp}`);
  expect(await missingKeys(page)).toEqual([]);
});
