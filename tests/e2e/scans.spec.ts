/**
 * Domain scans in Chromium (issue 11): admin@demo.test opens the scans list (list document `scans`),
 * sees a private address refused by the start form, then a scan of the bad shop served by loopback
 * fixtures (tests/unit/scans/support/fixtures.ts, started here) runs as a job while the overview
 * page's progress bar moves (one fixture port never answers, so its check takes the 10 s limit); the
 * overview then shows the real verdicts, and the domain side menu (GET scan/:scanId/menu_items) leads
 * to a check's page with its findings. Every screen is a document (lists/scans*, pages/scan-*).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { type Fixtures, startFixtures } from '../unit/scans/support/fixtures';
import { PASSWORD } from './support/users';
import { expectSignedInAt, missingKeys, signIn, storedConfig, t } from './support/ui';

async function expectNoSeriousA11yViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

let fixtures: Fixtures;
test.beforeAll(async () => {
  fixtures = await startFixtures();
});
test.afterAll(async () => {
  await fixtures?.close();
});

test('a scan of loopback fixtures shows its progress, then its verdicts on the domain pages', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');

  await test.step('the start form refuses a private address with the catalogue’s text', async () => {
    await page
      .getByRole('link', { name: t('menu.scans') })
      .first()
      .click();
    await expect(page).toHaveURL(/\/app\/scans$/);
    await expect(page.getByRole('heading', { name: t('routes.scans'), level: 1 })).toBeVisible();
    await page.getByRole('button', { name: t('scans.start.action') }).click();
    const dialog = page.getByRole('dialog', { name: t('scans.start.action') });
    await dialog.getByLabel(t('scans.fields.url')).fill('http://10.0.0.1');
    await dialog.getByRole('button', { name: t('list.send') }).click();
    await expect(page.getByText(t('errors.scanTargetNotAllowed')).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  let scanId = '';
  await test.step('a scan of the bad shop starts as a job and its progress bar moves', async () => {
    const token = (await storedConfig(page))?.token as string;
    const started = await page.request.post('/wbe/api/scans', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        url: 'https://bad.test',
        target: {
          address: fixtures.bad.address,
          // SSH on a port that accepts and never answers: that check runs into its time limit
          ports: {
            ...fixtures.bad.ports,
            services: { ...fixtures.bad.ports.services, ssh: fixtures.hanging.ports.http },
          },
          resolver: fixtures.bad.resolver,
        },
      },
    });
    expect(started.status()).toBe(202);
    scanId = (await started.json()).content.id;
    await page.goto(`/app/domain/${scanId}/dashboard`);
    const progress = page.locator('[data-panel="progress"]');
    await expect(progress.getByRole('progressbar')).toBeVisible();
    await expect(progress).toContainText(/of 23 done/);
    await expect(page.locator('[data-panel="summary"]')).toContainText(t('scans.statuses.in_progress'));
    await expectNoSeriousA11yViolations(page);
  });

  await test.step('once completed, the overview shows the verdicts and the progress bar is gone', async () => {
    const summary = page.locator('[data-panel="summary"]');
    await expect(summary).toContainText(t('scans.statuses.completed'), { timeout: 60_000 });
    await expect(page.locator('[data-panel="progress"]')).toHaveCount(0);
    await expect(summary).toContainText(t('scans.reachability.online'));
    await expect(summary.locator('.key-value__row').filter({ hasText: t('scans.fields.asvVerdict') })).toContainText(
      t('scans.verdict.fail'),
    );
    await expect(summary).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}/);
    const groups = page.locator('[data-panel="groups"]');
    await expect(groups.locator('.key-value__row').filter({ hasText: t('scan.group.ssl_health') })).toContainText(
      t('scan.status.fail'),
    );
    const checks = page.locator('[data-panel="checks"]');
    await expect(checks.getByRole('row').filter({ hasText: t('scan.check.ssh_enumeration') })).toContainText(
      t('scan.status.error'),
    );
  });

  await test.step('a group’s status opens the group page with its checks’ findings', async () => {
    const groups = page.locator('[data-panel="groups"]');
    await groups
      .locator('.key-value__row')
      .filter({ hasText: t('scan.group.attack_surface') })
      .getByRole('link')
      .click();
    await expect(page).toHaveURL(new RegExp(`/app/domain/${scanId}/groups/attack_surface$`));
    await expect(page.locator('[data-panel="summary"]')).toContainText(t('scan.status.fail'));
    const findings = page.locator('[data-panel="findings"]');
    await expect(findings).toContainText(t('scan.finding.database_port_open'));
    await expect(findings).toContainText(t('scan.finding.directory_listing'));
    await page.goBack();
  });

  await test.step('the domain menu leads to a check’s page with its findings', async () => {
    const menu = page.getByRole('navigation', { name: t('shell.subMenu') });
    await menu.getByRole('link', { name: 'SSL health' }).click();
    await expect(page).toHaveURL(new RegExp(`/app/domain/${scanId}/ssl_certificate$`));
    await expect(menu.getByRole('link', { name: t('scan.check.ssl_ciphers') })).toBeVisible();
    const result = page.locator('[data-panel="summary"]');
    await expect(result).toContainText(t('scan.check.ssl_certificate'));
    await expect(result.locator('.key-value__row').filter({ hasText: t('scans.fields.checkStatus') })).toContainText(
      t('scan.status.fail'),
    );
    const findings = page.locator('[data-panel="findings"]');
    await expect(findings).toContainText(t('scan.finding.certificate_self_signed'));
    // what the check measured, beside its verdict: the certificate's own facts
    const details = page.locator('[data-panel="details_ssl_certificate"]');
    const row = (field: string) => details.locator('.key-value__row').filter({ hasText: t(`scans.details.${field}`) });
    await expect(row('selfSigned')).toContainText(t('page.yes'));
    await expect(row('trusted')).toContainText(t('page.no'));
    await expect(row('daysLeft')).toContainText(/\d/);
    await expect(page.locator('[data-panel="details_domain_info"]')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    expect(await missingKeys(page)).toEqual([]);
  });
});
