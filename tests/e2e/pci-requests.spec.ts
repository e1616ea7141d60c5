/**
 * PCI requests in Chromium: bank@demo.test (switched to Demo Acquirer) generates a request ID on its generate-request-id screen,
 * merchant@demo.test lands on its PCI DSS requests, enters the code, opens the request and watches its
 * SAQ column follow the SAQ (in progress → awaiting signature → signed → completed once it is
 * submitted with the request picked); the bank then sees the merchant under PCI DSS merchants. Every
 * screen is a document (schemas/lists/pci-*.json, schemas/pages/pci-*.json).
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { PASSWORD } from './support/users';
import { expectSignedInAt, missingKeys, signIn, t } from './support/ui';
import { SAQ_A_ANSWERS, SAQ_A_LEVEL_ANSWERS } from '../support/saq-a';

const SAQ_API = '/saq/api/v1';
const status = (key: string) => t(`pciRequests.statuses.${key}`);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function signedIn(browser: Browser, email: string, landing: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, PASSWORD);
  await expectSignedInAt(page, landing);
  return page;
}

async function merchantHeaders(request: APIRequestContext) {
  const login = await request.post('/iam/api/login', { form: { username: 'merchant@demo.test', password: PASSWORD } });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${(await login.json()).content.token}` };
}

test('a bank generates a request ID, the merchant enters it and follows the request as its SAQ moves', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const due = inDays(45);
  let code = '';

  // Demo Acquirer, so that the Demo Bank specs (saq-bank, saq-documents) find their own state
  const bank = await signedIn(browser, 'bank@demo.test', '/app/dashboard');
  await test.step('the bank generates a request ID for five merchants', async () => {
    const reloaded = bank.waitForEvent('load');
    await bank.getByRole('combobox', { name: t('shell.organization') }).selectOption({ label: 'Demo Acquirer' });
    await reloaded;
    await expectSignedInAt(bank, '/app/dashboard');
    await bank.goto('/app/management-saq/generate-request-id');
    await bank.getByRole('button', { name: t('pciRequests.generate.action') }).click();
    const dialog = bank.getByRole('dialog', { name: t('pciRequests.generate.action') });
    await dialog.getByLabel(t('pciRequests.fields.dueDate')).fill(due);
    await dialog.getByLabel(t('pciRequests.fields.limit')).fill('5');
    await dialog.getByLabel(t('pciRequests.fields.note')).fill('e2e campaign');
    await dialog.getByRole('button', { name: t('list.send') }).click();
    await expect(dialog).toBeHidden();
    const row = bank.getByRole('row').filter({ hasText: 'e2e campaign' }).first();
    await expect(row).toContainText(t('pciRequests.idStates.active'));
    code = (await row.getByText(/^PCI-[A-Z2-9]{4}-[A-Z2-9]{4}$/).textContent()) ?? '';
    expect(code).toMatch(/^PCI-/);
    expect(await missingKeys(bank)).toEqual([]);
  });

  // the merchant's landing page is its PCI DSS requests (shell §6 rule 3)
  const merchant = await signedIn(browser, 'merchant@demo.test', '/app/pci-dss-requests');
  const headers = await merchantHeaders(request);
  await test.step('the merchant enters the code and opens its request', async () => {
    await merchant.getByRole('button', { name: t('pciRequests.enter.action') }).click();
    const dialog = merchant.getByRole('dialog', { name: t('pciRequests.enter.action') });
    await dialog.getByLabel(t('pciRequests.fields.requestCode')).fill(code.toLowerCase());
    await dialog.getByRole('button', { name: t('list.send') }).click();
    await expect(merchant).toHaveURL(/\/app\/pci-dss-requests\/request\/[0-9a-f-]{36}$/);
    await expect(merchant.getByRole('main')).toContainText(code);
    await expect(merchant.getByRole('main')).toContainText('Demo Acquirer');
    // entering it shared the organisation's ASV reports and AoCs with the bank
    await merchant.goto('/app/saq/sharing-management');
    await expect(merchant.getByRole('row').filter({ hasText: 'Demo Acquirer' })).toContainText(
      t('complianceDocuments.sharing.sharing'),
    );
    // the same code twice is refused with the catalogue's text
    await merchant.goto('/app/pci-dss-requests');
    await merchant.getByRole('button', { name: t('pciRequests.enter.action') }).click();
    const again = merchant.getByRole('dialog', { name: t('pciRequests.enter.action') });
    await again.getByLabel(t('pciRequests.fields.requestCode')).fill(code);
    await again.getByRole('button', { name: t('list.send') }).click();
    await expect(merchant.getByText(t('errors.pciRequestExists')).first()).toBeVisible();
    await merchant.keyboard.press('Escape');
    const row = merchant.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText('Demo Acquirer');
    await row.click();
    await expect(merchant).toHaveURL(/\/app\/pci-dss-requests\/request\//);
  });

  const shows = async (text: string) => {
    await expect(merchant.getByRole('main')).toContainText(text, { timeout: 20_000 });
  };

  let saqId = '';
  await test.step('the SAQ column follows the level and the SAQ', async () => {
    const level = await request.post('/wbe/api/saq/level-result', { headers, data: SAQ_A_LEVEL_ANSWERS });
    expect(level.status(), await level.text()).toBe(201);
    const started = await request.post(`${SAQ_API}/saqs`, { headers, data: { saqType: 'A' } });
    expect(started.status(), await started.text()).toBe(201);
    saqId = (await started.json()).content.id;
    await merchant.reload();
    await shows(status('inProgress'));

    for (const [item, value] of SAQ_A_ANSWERS) {
      const saved = await request.put(`${SAQ_API}/saqs/${saqId}/answers/${item}`, { headers, data: { value } });
      expect(saved.status(), `${item}: ${await saved.text()}`).toBe(200);
    }
    const completed = await request.post(`${SAQ_API}/saqs/${saqId}/complete`, {
      headers,
      data: { continueAnyway: true },
    });
    expect(completed.status(), await completed.text()).toBe(200);
    await merchant.reload();
    await shows(status('awaitingSignature'));

    // signing: the page is live on saq.changed, so Signed shows without a reload
    const signer = { signerName: 'Ada Merchant', signerTitle: 'Owner', agree: true };
    const signing = await request.post(`${SAQ_API}/saqs/${saqId}/sign`, { headers, data: signer });
    expect(signing.status(), await signing.text()).toBe(202);
    await shows(status('signed'));
  });

  await test.step('submitting the SAQ picks the request, which then reads completed', async () => {
    await merchant.getByRole('button', { name: t('pciRequests.detail.openSaq') }).click();
    await expect(merchant).toHaveURL(new RegExp(`/app/pci-dss-requests/saq/${saqId}$`));
    await merchant.getByRole('button', { name: 'Submit to a bank' }).click();
    const dialog = merchant.getByRole('dialog');
    await dialog.getByLabel('Bank').selectOption({ label: 'Demo Acquirer' });
    await dialog.getByLabel('Request ID').selectOption({ label: `Demo Acquirer · ${code} · ${due}` });
    await expect(dialog.getByLabel('Request ID')).not.toHaveValue('');
    await dialog.getByRole('button', { name: t('list.send') }).click();
    await expect(dialog).toBeHidden();
    await expect(merchant.getByRole('main')).toContainText('Submitted');
    await merchant.goto('/app/pci-dss-requests');
    const row = merchant.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText(status('completed'));
    expect(await missingKeys(merchant)).toEqual([]);
  });

  await test.step('the bank sees the merchant and its status under PCI DSS merchants', async () => {
    await bank.goto('/app/pci-dss/overview');
    await expect(bank.getByRole('main')).toContainText(t('pciRequests.overview.total'));
    const row = bank.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText('Demo Merchant Ltd');
    await expect(row).toContainText(status('completed'));
    await bank.goto('/app/management-saq/generate-request-id');
    await expect(bank.getByRole('row').filter({ hasText: code })).toContainText('4');
    expect(await missingKeys(bank)).toEqual([]);
  });

  // entering the code started sharing the merchant's documents with Demo Acquirer: leave sharing as it was
  const stopped = await request.delete('/wbe/api/userComplianceShares/org-demo-acquirer', { headers, data: {} });
  expect(stopped.status(), await stopped.text()).toBe(200);
});
