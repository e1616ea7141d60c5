/**
 * Payment-page script monitoring in Chromium (docs/domain/script-monitoring.md): the bank opens a demo
 * merchant's script inventory, finds the tag manager whose content changed since it was authorised,
 * authorises it again with a justification (kept in its history), and opens one of the merchant's
 * asset pages, which reads the scan's group, and its compliance, reports, PCI DSS and issues pages
 * and the portfolio settings (docs/domain/portfolio-mmsp.md). Then the whole loop on a loopback shop: its
 * payment page gains a script between two scans, the bank sees the alert and authorises the script
 * with a justification, and the merchant's SAQ shows the suggested 11.6.1 answer with that evidence.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/test';
import { signIn, t } from './support/ui';
import { PASSWORD } from './support/users';

const MERCHANT = 'demo-merchant-bosphorus';
const LATEST_SCAN = '0d6f8a52-5c1e-4b7e-9a51-6f1d2c3b4a02';
const TAG_MANAGER = 'https://www.googletagmanager.com/gtag/js?id=G-DEMO';

test('the changed script is authorised with a justification; an asset page renders', async ({ page }) => {
  await signIn(page, 'bank@demo.test', PASSWORD, `/app/portfolio/${MERCHANT}/payment-scripts`);
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: TAG_MANAGER, exact: true }) });
  await expect(row).toContainText(t('scripts.states.changed'));
  await expect(row).toContainText(t('scripts.changes.hashChanged'));
  await row.getByRole('cell', { name: TAG_MANAGER, exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/app/portfolio/${MERCHANT}/payment-scripts/`));
  await page.getByRole('button', { name: t('scripts.actions.authorise') }).click();
  const justification = 'Tag manager release reviewed by the web team (WEB-131).';
  await page.getByRole('textbox', { name: new RegExp(`^${t('scripts.authorise.justification')}`) }).fill(justification);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('list.send') })
    .click();
  await expect(page.getByText(t('scripts.authorise.done'))).toBeVisible();
  await expect(page.locator('[data-panel="decide"]')).toContainText(t('scripts.page.nothingToDecide'));
  await expect(page.locator('[data-panel="history"]')).toContainText(justification);

  await page.goto(`/app/portfolio/${MERCHANT}/assets/${LATEST_SCAN}/web_application_security`);
  await expect(page.locator('[data-panel="summary"]')).toContainText(t('scan.group.web_application_security'));
  await expect(page.locator('[data-panel="findings"]')).toBeVisible();

  // the portfolio's sub-pages: each draws its heading and one value the server gave
  const heading = (key: string) => page.getByRole('heading', { level: 1, name: t(key) });
  await page.goto(`/app/portfolio/${MERCHANT}/compliance`);
  await expect(heading('routes.portfolio_compliance')).toBeVisible();
  await expect(page.locator('[data-panel="state"]')).toContainText(t('portfolio.compliance.compliant'));
  await page.goto(`/app/portfolio/${MERCHANT}/reports`);
  await expect(heading('routes.portfolio_reports')).toBeVisible();
  await expect(page.locator('[data-panel="saqs"]')).toContainText(t('portfolio.compliance.noSaqs'));
  await page.goto(`/app/portfolio/${MERCHANT}/pci-dss`);
  await expect(heading('routes.portfolio_pci_dss')).toBeVisible();
  // the latest scan's port and panel checks speak for requirement 1.3 (network access to cardholder data)
  await expect(page.getByRole('row', { name: /^1\.3 / })).toContainText(t('portfolio.pciDss.statuses.evidenced'));
  await page.goto(`/app/portfolio/${MERCHANT}/issues`);
  await expect(heading('routes.portfolio_issues')).toBeVisible();
  await expect(page.getByRole('cell', { name: t('scan.check.csrf'), exact: true })).toBeVisible();
  await page.goto('/app/portfolio-settings');
  await expect(heading('routes.portfolioSettings')).toBeVisible();
  await expect(page.getByLabel(t('portfolio.defaults.invitationValidityDays'))).toHaveValue('180');
});

test('a script added between two scans raises the alert, is authorised, and is the evidence of 11.6.1 on the SAQ', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // the shop's payment page: its own script, and from the second scan on a chat widget
  const shop = { widget: false };
  const site = createServer((req, res) => {
    if (req.url === '/app.js' || req.url === '/widget.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(`window.loaded = ${JSON.stringify(req.url)};`);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': "default-src 'self'" });
    res.end(`<html><head><script src="/app.js"></script>${shop.widget ? '<script src="/widget.js"></script>' : ''}</head>
<body>checkout</body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const target = { address: '127.0.0.1', ports: { http: (site.address() as AddressInfo).port } };
  const url = `http://pay-${Date.now()}.test`;

  // HTTP for what is not the point: sign-ins, the two scans (onboardings approved into the portfolio: the
  // second one updates the same merchant), the share and its link, the SAQ, the first inventory's baseline
  const tokens: Record<string, string> = {};
  for (const who of ['onboarding', 'bank', 'merchant']) {
    const login = await request.post('/iam/api/login', { form: { username: `${who}@demo.test`, password: PASSWORD } });
    tokens[who] = (await login.json()).content.token;
  }
  const api = (who: string, method: string, path: string, data?: unknown) =>
    request.fetch(path, { method, headers: { authorization: `Bearer ${tokens[who]}` }, data });
  const content = async (answer: Awaited<ReturnType<typeof api>>) => (await answer.json()).content;
  async function scanAndApprove(): Promise<string> {
    const started = await api('onboarding', 'POST', '/wbe/api/onboardings', { url, fast: true, target });
    expect(started.status(), await started.text()).toBe(202);
    const { id } = await content(started);
    await expect
      .poll(async () => (await content(await api('onboarding', 'GET', `/wbe/api/onboardings/${id}`))).status, {
        timeout: 60_000,
      })
      .not.toBe('scanning');
    const approved = await api('onboarding', 'POST', `/wbe/api/onboardings/${id}/actions/approve`, {});
    expect(approved.status(), await approved.text()).toBe(200);
    return (await content(approved)).merchantId;
  }
  type Item = { id: string; name: string; state: string };
  let items: Item[] = [];
  const inventory = async (merchantId: string): Promise<Item[]> => {
    const answer = await api('bank', 'GET', `/wbe/api/portfolio/merchants/${merchantId}/payment-scripts`);
    items = (await content(answer)).items;
    return items;
  };
  let saqId = '';
  try {
    const merchantId = await scanAndApprove();
    const shared = await api('merchant', 'POST', '/wbe/api/userComplianceShares', { bankId: 'org-demo-bank' });
    expect(shared.status(), await shared.text()).toBeLessThan(300);
    const linked = await api('bank', 'PUT', `/wbe/api/portfolio/merchants/${merchantId}/sharing`, {
      organizationId: 'org-demo-merchant',
    });
    expect(linked.status(), await linked.text()).toBe(200);
    saqId = (await content(await api('merchant', 'POST', '/saq/api/v1/saqs', { saqType: 'A-EP' }))).id;
    await expect.poll(async () => (await inventory(merchantId)).length).toBeGreaterThanOrEqual(2);
    for (const item of items) {
      const done = await api('bank', 'POST', `/wbe/api/resources/payment-script/${item.id}/actions/authorise`, {
        comment: 'Checkout as released',
      });
      expect(done.status(), await done.text()).toBe(200);
    }

    shop.widget = true;
    expect(await scanAndApprove()).toBe(merchantId);
    await expect
      .poll(async () => (await inventory(merchantId)).find((item) => item.name.endsWith('/widget.js'))?.state)
      .toBe('unauthorised');
    const widget = items.find((item) => item.name.endsWith('/widget.js')) as Item;

    await signIn(page, 'bank@demo.test', PASSWORD, `/app/portfolio/${merchantId}/payment-scripts`);
    await expect(page.locator('[data-panel="alert"]')).toContainText(
      t('scripts.alert')
        .replace(/<[^>]+>/g, '')
        .slice(0, 40),
    );
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: widget.name, exact: true }) });
    await expect(row).toContainText(t('scripts.states.unauthorised'));
    await expect(row).toContainText(t('scripts.changes.added'));
    await row.getByRole('cell', { name: widget.name, exact: true }).click();
    await page.getByRole('button', { name: t('scripts.actions.authorise') }).click();
    const justification = 'Support chat on the checkout, owned by the service desk (SD-27).';
    await page
      .getByRole('textbox', { name: new RegExp(`^${t('scripts.authorise.justification')}`) })
      .fill(justification);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('list.send') })
      .click();
    await expect(page.getByText(t('scripts.authorise.done'))).toBeVisible();
    await expect(page.locator('[data-panel="history"]')).toContainText(justification);

    // the merchant's SAQ: 11.6.1 (requirement 11's only suggestion from script monitoring) suggested
    // Not in Place, the new script as its evidence
    await signIn(page, 'merchant@demo.test', PASSWORD, `/app/saq/saq-type/A-EP/questions/${saqId}/req11`);
    const evidence = t('scripts.evidence.script').split('{{name}}')[0];
    const card = page
      .locator('.questionnaire__suggestion')
      .filter({ hasText: evidence })
      .filter({ hasText: widget.name });
    await expect(card.first()).toBeVisible();
    await expect(card.first()).toContainText(t('questionnaire.suggestion.accept'));
  } finally {
    if (saqId) await api('merchant', 'DELETE', `/saq/api/v1/saqs/${saqId}`);
    await api('merchant', 'DELETE', '/wbe/api/userComplianceShares/org-demo-bank');
    await new Promise((resolve) => site.close(resolve));
  }
});
