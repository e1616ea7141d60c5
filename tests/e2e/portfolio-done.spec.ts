/**
 * Issue 11 "Done means", in one browser test: an onboarding user scans a shop served by loopback
 * fixtures (tests/unit/scans/support/fixtures.ts, started here) and watches the progress, then reads
 * each check's verdict, the grade and the ASV outcome, and approves it into the portfolio; the bank
 * finds it there with its primary asset, score history and action items, imports 50 more merchants
 * by CSV (a file with one bad row is refused naming it, nothing imported); the merchant shares its
 * compliance with the bank, the bank links the portfolio merchant to it (Settings → Sharing), and the
 * merchant's SAQ shows the Not in Place answers the scan implies, one of which it accepts. At each
 * step the server refuses every role that must not take it. It cleans up what later specs of its
 * server could see: the SAQ and the share.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { type Fixtures, startFixtures } from '../unit/scans/support/fixtures';
import { signedIn } from './support/assessment-ui';
import { t } from './support/ui';
import { PASSWORD } from './support/users';

test.use({ actionTimeout: 15_000 });

const STAMP = Date.now();
const HOST = `done-${STAMP}.test`;
const URL_ = `https://${HOST}`;
const WHO = ['onboarding', 'bank', 'merchant', 'assessee', 'owner'] as const;
type Who = (typeof WHO)[number];

let fixtures: Fixtures;
test.beforeAll(async () => {
  fixtures = await startFixtures();
});
test.afterAll(async () => {
  await fixtures?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const rowOf = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
const factRow = (page: Page, panel: string, title: string) =>
  page.locator(`[data-panel="${panel}"] .key-value__row`).filter({ has: page.getByText(title, { exact: true }) });

/** The portfolio CSV: the list's column titles, 50 merchants, and when `bad` one more whose URL is none. */
function portfolioCsv(bad: boolean) {
  const rows = Array.from(
    { length: 50 },
    (_, i) =>
      `Done Import ${STAMP} ${String(i + 1).padStart(2, '0')},https://import-${i + 1}.done-${STAMP}.example,BKM-${i + 1}`,
  );
  if (bad) rows.splice(20, 0, `Done Import ${STAMP} bad,not a url,BKM-X`);
  const header = [t('portfolio.fields.name'), t('portfolio.fields.url'), t('portfolio.fields.bkmId')].join(',');
  return { name: 'portfolio.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\r\n'), 'utf8') };
}

test('done means: a loopback shop scanned, approved, found in the portfolio with 50 imported, and its SAQ pre-filled', async ({
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  const tokens = {} as Record<Who, string>;
  for (const who of WHO) {
    const login = await request.post('/iam/api/login', { form: { username: `${who}@demo.test`, password: PASSWORD } });
    expect(login.status(), who).toBe(200);
    tokens[who] = (await login.json()).content.token;
  }
  const api = (who: Who, method: string, path: string, data?: unknown) =>
    request.fetch(path, { method, headers: bearer(tokens[who]), data });
  async function refused(whoList: Who[], method: string, path: string, data?: unknown) {
    for (const who of whoList) {
      const answer = await api(who, method, path, data);
      expect([403, 404], `${who} ${method} ${path}: ${answer.status()}`).toContain(answer.status());
    }
  }
  const portfolioTotal = async () =>
    (await (await api('bank', 'GET', '/wbe/api/resources/merchant?pageSize=1')).json()).content.total as number;
  let saqId = '';

  try {
    const onboarder = await signedIn(browser, 'onboarding@demo.test');
    let onboardingId = '';
    await test.step('the onboarding user scans the shop and watches the progress; no one else may start it', async () => {
      // where the shop is served (loopback fixtures) goes in over HTTP; the form asks only for a URL
      const target = {
        address: fixtures.bad.address,
        // SSH on a port that accepts and never answers: that check runs into its time limit, so the bar is seen moving
        ports: {
          ...fixtures.bad.ports,
          services: { ...fixtures.bad.ports.services, ssh: fixtures.hanging.ports.http },
        },
        resolver: fixtures.bad.resolver,
      };
      await refused(['bank', 'merchant', 'assessee', 'owner'], 'POST', '/wbe/api/onboardings', { url: URL_, target });
      const started = await api('onboarding', 'POST', '/wbe/api/onboardings', { url: URL_, target });
      expect(started.status(), await started.text()).toBe(202);
      onboardingId = (await started.json()).content.id;
      await onboarder.goto(`/app/onboarding/${onboardingId}`);
      await expect(onboarder.locator('[data-panel="progress"]').getByRole('progressbar')).toBeVisible();
    });

    await test.step('each check’s real verdict, the grade and the ASV outcome', async () => {
      const status = factRow(onboarder, 'facts', t('onboarding.fields.status'));
      await expect(status).not.toContainText(t('onboarding.statuses.scanning'), { timeout: 90_000 });
      await expect(factRow(onboarder, 'facts', t('onboarding.fields.scanStatus'))).toContainText(
        t('scans.statuses.completed'),
      );
      // the scan's own pages need scan:view, which the onboarding user lacks: no link into "No permission"
      await expect(factRow(onboarder, 'facts', t('onboarding.fields.scanStatus')).getByRole('link')).toHaveCount(0);
      await expect(factRow(onboarder, 'facts', t('onboarding.fields.grade'))).toContainText(/[A-FMT][+-]?$/);
      await expect(factRow(onboarder, 'facts', t('scans.fields.asvVerdict'))).toContainText(t('scans.verdict.fail'));
      const checks = onboarder.locator('[data-panel="checks"]');
      await expect(rowOf(onboarder, t('scan.check.ssl_certificate'))).toContainText(t('scan.status.fail'));
      await expect(rowOf(onboarder, t('scan.check.port_scan'))).toContainText(t('scan.status.fail'));
      await expect(rowOf(onboarder, t('scan.check.ssh_enumeration'))).toContainText(t('scan.status.error'));
      await expect(checks.getByRole('row')).not.toHaveCount(0);
    });

    let merchantId = '';
    await test.step('the onboarding user approves it into the portfolio; no one else may', async () => {
      await refused(
        ['bank', 'merchant', 'assessee'],
        'POST',
        `/wbe/api/onboardings/${onboardingId}/actions/approve`,
        {},
      );
      const decide = onboarder.locator('[data-panel="decide"]');
      await decide.getByRole('button', { name: t('onboarding.actions.approve') }).click();
      await onboarder
        .getByRole('alertdialog')
        .getByRole('button', { name: t('onboarding.actions.approve') })
        .click();
      await expect(factRow(onboarder, 'facts', t('onboarding.fields.status'))).toContainText(
        t('onboarding.statuses.approved'),
      );
      merchantId = (await (await api('onboarding', 'GET', `/wbe/api/onboardings/${onboardingId}`)).json()).content
        .merchantId;
      expect(merchantId).toBeTruthy();
      await onboarder.context().close();
    });

    const bank = await signedIn(browser, 'bank@demo.test');
    await test.step('the bank finds it with its primary asset, score history and action items; others may not', async () => {
      await refused(['merchant', 'assessee', 'onboarding'], 'GET', `/wbe/api/resources/merchant/${merchantId}`);
      await bank.goto(`/app/portfolio?f.name=${encodeURIComponent(HOST)}`);
      await rowOf(bank, HOST).getByText(HOST, { exact: true }).click();
      await expect(bank).toHaveURL((url) => url.pathname === `/app/portfolio/${merchantId}/overview`);
      const chart = bank.getByRole('figure', { name: t('portfolio.overview.scoreHistory') });
      await expect(chart.locator('.page-chart__line')).toHaveCount(1);
      await bank.getByRole('tab', { name: t('portfolio.tabs.assets'), exact: true }).click();
      await expect(rowOf(bank, URL_)).toContainText(t('portfolio.assets.isPrimary'));
      await bank.getByRole('tab', { name: t('portfolio.tabs.actionItems'), exact: true }).click();
      await expect(rowOf(bank, t('scan.check.ssl_certificate'))).toContainText(t('portfolio.actionItems.open'));
      await expect(rowOf(bank, t('scan.check.port_scan'))).toBeVisible();
    });

    await test.step('the bank imports 50 merchants: the bad row is named and nothing lands, then the 50 do', async () => {
      await refused(['merchant', 'onboarding'], 'GET', '/wbe/api/resources/merchant/import/template');
      const before = await portfolioTotal();
      await bank.goto('/app/portfolio');
      const dialog = bank.getByRole('dialog');
      await bank.getByRole('button', { name: t('portfolio.actions.import'), exact: true }).click();
      await dialog.getByLabel(t('list.import.choose')).setInputFiles(portfolioCsv(true));
      await dialog.getByRole('button', { name: t('list.import.send') }).click();
      const problems = dialog.getByRole('table', { name: t('list.import.failed') });
      await expect(problems.getByRole('row')).toHaveCount(2);
      // header is line 1, the bad row the 21st of data
      await expect(problems.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('22');
      await expect(problems.getByRole('row').nth(1)).toContainText(t('portfolio.fields.url'));
      expect(await portfolioTotal()).toBe(before);
      await dialog.getByLabel(t('list.import.choose')).setInputFiles(portfolioCsv(false));
      await dialog.getByRole('button', { name: t('list.import.send') }).click();
      await expect(dialog).toBeHidden();
      await expect(bank.getByText('50 records imported.')).toBeVisible();
      expect(await portfolioTotal()).toBe(before + 50);
    });

    const merchant = await signedIn(browser, 'merchant@demo.test');
    await test.step('the merchant shares its compliance with the bank; the bank links the merchant to it', async () => {
      const started = await api('merchant', 'POST', '/saq/api/v1/saqs', { saqType: 'A-EP' });
      expect(started.status(), await started.text()).toBe(201);
      saqId = (await started.json()).content.id;
      await merchant.goto('/app/saq/sharing-management');
      const banks = merchant.getByRole('table', { name: t('complianceDocuments.sharing.title') });
      const demoBank = banks.locator('tbody tr[data-index]').filter({ hasText: /^Demo Bank/ });
      await demoBank.getByRole('button', { name: t('complianceDocuments.sharing.start') }).click();
      await merchant
        .getByRole('alertdialog')
        .getByRole('button', { name: t('complianceDocuments.sharing.start') })
        .click();
      await expect(demoBank).toContainText(t('complianceDocuments.sharing.sharing'));

      const sharing = `/wbe/api/portfolio/merchants/${merchantId}/sharing`;
      await refused(['merchant', 'onboarding', 'assessee'], 'PUT', sharing, { organizationId: 'org-demo-merchant' });
      await bank.goto(`/app/portfolio/${merchantId}/overview?tab=settings`);
      const form = bank.locator('[data-panel="sharing"]');
      await form
        .getByLabel(new RegExp(t('portfolio.settings.sharedOrganization')))
        .selectOption({ label: 'Demo Merchant Ltd' });
      await form.getByRole('button', { name: t('forms.submit'), exact: true }).click();
      await expect(bank.getByText(t('portfolio.settings.saved')).first()).toBeVisible();
      await bank.context().close();
    });

    await test.step('the merchant’s SAQ shows the Not in Place answers the scan implies; it accepts one', async () => {
      await merchant.goto(`/app/saq/saq-type/A-EP/questions/${saqId}/req4`);
      const text = t('questionnaire.suggestion.text').replace('{{url}}', URL_).split('{{date}}')[0];
      const card = merchant.locator('.questionnaire__suggestion').filter({ hasText: text }).first();
      await expect(card).toBeVisible();
      await card.getByRole('button', { name: t('questionnaire.suggestion.accept') }).click();
      await expect(merchant.getByText(t('questionnaire.suggestion.accepted')).first()).toBeVisible();
      const saq = (await (await api('merchant', 'GET', `/saq/api/v1/saqs/${saqId}`)).json()).content;
      expect(saq.answers.req_4_2_1).toBe('notInPlace');
      await merchant.goto(`/app/saq/saq-type/A-EP/questions/${saqId}/req1`);
      await expect(merchant.locator('.questionnaire__suggestion').filter({ hasText: text }).first()).toBeVisible();
      await refused(['bank', 'onboarding'], 'POST', `/saq/api/v1/saqs/${saqId}/suggestions/req_1_3_1/accept`);
      await merchant.context().close();
    });
  } finally {
    if (saqId) await api('merchant', 'DELETE', `/saq/api/v1/saqs/${saqId}`);
    await api('merchant', 'DELETE', '/wbe/api/userComplianceShares/org-demo-bank');
  }
});
