/**
 * Transaction monitoring in Chromium (issue 25, first slice): the tm user sees the demo acquirer's
 * scored transactions (seeded at past times) with the delay note, opens one from
 * the list, and reads a declined one's masked card and rule trace.
 */
import { expect, test } from './support/test';
import { PASSWORD } from './support/users';
import { missingKeys, signIn, storedConfig, t } from './support/ui';

test('the transactions list shows demo rows and a transaction page shows its trace', async ({ page }) => {
  await signIn(page, 'tm@demo.test', PASSWORD, '/app/transaction-monitoring/transactions');
  await expect(page.getByText(/15 minutes after they are scored/)).toBeVisible();
  const rows = page.getByRole('row').filter({ hasText: 'DEMO-' });
  await expect(rows.first()).toBeVisible();
  const first = (await rows
    .first()
    .getByText(/^DEMO-\d{5}$/)
    .textContent()) as string;
  await rows.first().getByText(first).click();
  await expect(page).toHaveURL(/\/app\/transaction-monitoring\/transactions\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: first })).toBeVisible();

  // a declined one (the seed's blocked BIN range, card bursts, spikes): its trace shows the rules that hit
  const filter = encodeURIComponent(JSON.stringify({ field: 'decision', op: 'eq', value: 'declined' }));
  const answer = await page.request.get(`/wbe/api/transaction-monitoring/transactions?filter=${filter}&pageSize=1`, {
    headers: { authorization: `Bearer ${(await storedConfig(page))?.token}` },
  });
  const [declined] = ((await answer.json()) as { content: { items: Array<{ id: string; transactionId: string }> } })
    .content.items;
  await page.goto(`/app/transaction-monitoring/transactions/${declined.id}`);
  await expect(page.getByRole('heading', { name: declined.transactionId })).toBeVisible();
  await expect(page.getByText(/^\d{6}\*{6}\d{4}$/)).toBeVisible();
  const hits = page
    .getByRole('row')
    .filter({ has: page.getByText(t('transactionMonitoring.outcomes.hit'), { exact: true }) });
  await expect(hits.first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'card-velocity' })).toBeVisible();
  expect(await missingKeys(page)).toEqual([]);
});
