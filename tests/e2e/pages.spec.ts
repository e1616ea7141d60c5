import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DEMO_USERS } from '../../fixtures/users';
import { PASSWORD } from './support/users';
import { expectSignedInAt, missingKeys, profileOf, signIn, storedConfig, t } from './support/ui';

const nameOf = (email: string) => DEMO_USERS.find((user) => user.email === email)?.name ?? '';
/** The info button of a field or panel: its accessible name is 'More about <label>'. */
const about = (label: string) => t('tooltips.about').replace('{{label}}', label);

async function expectNoSeriousA11yViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** GET through the gateway with the page's own token (what the panels fetched). */
async function gatewayGet(page: Page, path: string) {
  const token = (await storedConfig(page))?.token as string;
  const answer = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(200);
  return (await answer.json()).content;
}

test('the dashboard page: welcome header, stat cards from real figures and charts for admins', async ({ page }) => {
  await signIn(page, 'admin@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
  const welcome = t('dashboard.welcome').replace('{{user.name}}', nameOf('admin@demo.test'));
  await expect(page.getByRole('heading', { name: welcome })).toBeVisible();

  const stats = await gatewayGet(page, '/wbe/api/dashboard/stats');
  const pending = page.locator('[data-panel="pendingApprovals"]');
  await expect(pending.getByRole('heading', { name: t('dashboard.stats.pendingApprovals') })).toBeVisible();
  await expect(pending.locator('.stat-card__value')).toHaveText(String(stats.users.pendingApproval));
  expect(stats.users.pendingApproval).toBeGreaterThan(0);
  await expect(page.locator('[data-panel="mailWritten"] .stat-card__value')).toHaveText(String(stats.mail.written));
  // the figures of lists come from their aggregates (tests/e2e/dashboard-aggregates.spec.ts)
  await expect(page.locator('[data-panel="scans"] .stat-card__value')).toHaveText(/^[0-9][0-9.,]*$/);

  const chart = page.locator('[data-panel="usersByStatus"]').getByRole('figure', { name: t('dashboard.charts.users') });
  await expect(chart.locator('svg.page-chart__surface')).toBeVisible();
  await expect(chart.locator('.page-chart__sector')).toHaveCount(3);
  await expect(chart).toContainText(t('dashboard.userStatus.pendingApproval'));
  const bars = page.locator('[data-panel="mailByDay"]');
  await expect(
    bars
      .getByRole('figure', { name: t('dashboard.charts.mailByDay') })
      .locator('svg')
      .first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(await missingKeys(page)).toEqual([]);
});

test('guarded panels: a bank user sees the welcome and its own figures, no admin figures', async ({ page }) => {
  await signIn(page, 'bank@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
  await expect(page.locator('[data-panel="reports"] .stat-card__value')).toHaveText(/^[0-9][0-9.,]*$/);
  // the role by its label, never the raw id
  await expect(page.locator('[data-panel="roles"]')).toContainText(t('roles.bank'));
  await expect(page.locator('[data-panel="pendingApprovals"]')).toHaveCount(0);
  await expect(page.locator('[data-panel="mailByDay"]')).toHaveCount(0);
});

test('settings: tabs switch via ?tab=, an unknown tab opens the first, forms save to the profile', async ({ page }) => {
  await signIn(page, 'bank@demo.test', PASSWORD, '/app/settings?tab=language');
  await expect(page.getByRole('tab', { name: t('settings.tabs.language') })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel(t('settings.language.timezone'), { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: t('settings.tabs.notification') }).click();
  await expect(page).toHaveURL(/[?&]tab=notification$/);
  const news = page.getByRole('checkbox', { name: t('settings.notifications.news') });
  await expect(news).not.toBeChecked();
  await news.check();
  await page.getByRole('button', { name: t('settings.save') }).click();
  await expect(page.getByText(t('settings.saved'))).toBeVisible();
  await expect
    .poll(async () => (await profileOf(page)).notifications)
    .toEqual({ email: true, reports: true, news: true });

  await page.getByRole('tab', { name: t('settings.tabs.account') }).click();
  await expect(page).toHaveURL(/[?&]tab=account$/);
  await expect(page.locator('[data-panel="account"]')).toContainText('bank@demo.test');

  await page.goto('/app/settings?tab=nope');
  await expect(page.getByRole('tab', { name: t('settings.tabs.profile') })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel(t('forms.name'), { exact: true })).toHaveValue(nameOf('bank@demo.test'));
  await expectNoSeriousA11yViolations(page);
  expect(await missingKeys(page)).toEqual([]);
});

test('settings: the language form switches the interface at once and keeps the timezone', async ({ page }) => {
  await signIn(page, 'bank@demo.test', PASSWORD, '/app/settings?tab=language');
  await page.getByLabel(t('settings.language.timezone'), { exact: true }).selectOption({ label: 'Europe/Istanbul' });
  await page
    .getByLabel(t('settings.language.language'), { exact: true })
    .selectOption({ label: t('shell.language.tr') });
  await page.getByRole('button', { name: t('settings.save') }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await expect(page.getByRole('tab', { name: t('settings.tabs.language', 'tr') })).toBeVisible();
  const profile = await profileOf(page);
  expect(profile).toMatchObject({ site_language: 'tr', timezone: 'Europe/Istanbul' });

  // back to English, which later tests expect, and to the browser's timezone
  await page
    .getByLabel(t('settings.language.timezone', 'tr'), { exact: true })
    .selectOption({ label: t('settings.forms.browserTimezone', 'tr') });
  await page
    .getByLabel(t('settings.language.language', 'tr'), { exact: true })
    .selectOption({ label: t('shell.language.en', 'tr') });
  await page.getByRole('button', { name: t('settings.save', 'tr') }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect.poll(async () => (await profileOf(page)).site_language).toBe('en');
  expect((await profileOf(page)).timezone).toBeNull();
});

test('settings: a date format of the user’s own shows every date that way (issue 24 item 18)', async ({ page }) => {
  await signIn(page, 'admin@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
  // the selection checkbox, then name, e-mail, roles and the day the account was made
  const joined = page.locator('tbody tr[data-index]').first().locator('td').nth(4);
  try {
    await page.goto('/app/admin/users');
    // the spec's yyyy-MM-dd for everyone who chose nothing
    await expect(joined).toHaveText(/^\d{4}-\d{2}-\d{2}$/);

    await page.goto('/app/settings?tab=language');
    await page
      .getByLabel(t('settings.language.dateFormat'), { exact: true })
      .selectOption({ label: t('settings.forms.dateFormatDayDot') });
    await page.getByRole('button', { name: t('settings.save') }).click();
    await expect.poll(async () => (await profileOf(page)).date_format).toBe('dd.MM.yyyy');

    await page.goto('/app/admin/users');
    await expect(joined).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);
  } finally {
    const token = (await storedConfig(page))?.token as string;
    await page.request.put('/iam/api/me', { headers: { authorization: `Bearer ${token}` }, data: { date_format: '' } });
  }
});

test('a form field shows its tooltip in a popover', async ({ page }) => {
  await signIn(page, 'bank@demo.test', PASSWORD, '/app/settings?tab=language');
  // the input keeps its own name; the info button beside it is named after the field
  await expect(page.getByLabel(t('settings.language.timezone'), { exact: true })).toBeVisible();
  await page.getByRole('button', { name: about(t('settings.language.timezone')) }).click();
  const popover = page.locator('.bp6-popover-content');
  await expect(popover).toContainText('Dates and times are shown in this timezone');
  await expect(popover.locator('em')).toHaveText('Your browser’s timezone');
  await expectNoSeriousA11yViolations(page);
});

test('an admin edits a tooltip with a live preview, publishes it, and the field shows it after reload', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test', PASSWORD, '/app/admin/tooltips');
  await page.getByRole('button', { name: 'settings-language#/timezone', exact: true }).click();
  await expect(page).toHaveURL(/[?&]tip=settings-language%23%2Ftimezone$/);

  const english = page.getByLabel(t('tooltips.editor.text.en'));
  await english.fill(
    'Shown in <b>your own</b> zone. <script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 1">' +
      '<a href="javascript:window.__pwned = 1">bad link</a> <a href="https://example.com/zones">zones</a>',
  );
  const preview = page.getByRole('region', { name: t('tooltips.editor.preview.en') });
  await expect(preview.locator('b')).toHaveText('your own');
  await expect(preview.locator('script, img')).toHaveCount(0);
  await expect(preview.locator('a')).toHaveCount(1);
  await expect(preview.locator('a')).toHaveAttribute('href', 'https://example.com/zones');
  await expect(preview.locator('a')).toHaveAttribute('rel', /noopener/);
  await expect(page.getByText(t('tooltips.editor.unsaved'))).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: t('tooltips.editor.publish') }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: t('tooltips.editor.publish') })
    .click();
  await expect(page.getByText(t('tooltips.editor.published').replace('{{version}}', '2'))).toBeVisible();
  await expect(page.getByText(t('tooltips.editor.statusPublished').replace('{{version}}', '2'))).toBeVisible();

  await page.goto('/app/settings?tab=language');
  await page.reload();
  await page.getByRole('button', { name: about(t('settings.language.timezone')) }).click();
  const popover = page.locator('.bp6-popover-content');
  await expect(popover).toContainText('Shown in your own zone.');
  await expect(popover.locator('b')).toHaveText('your own');
  await expect(popover.locator('script, img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

/** Publishes a body as the next version of a document through the config service, as an admin would. */
async function publish(page: Page, token: string, kind: string, id: string, body: unknown) {
  const headers = { authorization: `Bearer ${token}` };
  const draft = await page.request.post(`/config/v1/documents/${kind}/${id}/drafts`, { headers, data: { body } });
  expect(draft.status(), await draft.text()).toBe(201);
  const { version } = await draft.json();
  const published = await page.request.post(`/config/v1/documents/${kind}/${id}/versions/${version}/publish`, {
    headers,
  });
  expect(published.status(), await published.text()).toBe(200);
}

test('a page published as data: route params fill the source, header and key-value from the record, guarded actions', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
  const token = (await storedConfig(page))?.token as string;
  const text = (en: string) => ({ en, tr: `${en} (tr)` });
  await publish(page, token, 'page', 'form-facts', {
    title: text('Form facts'),
    source: { path: '/config/v1/documents/form/:formId' },
    header: { title: 'id', status: 'status', colors: { published: 'success' } },
    panels: [
      {
        id: 'facts',
        type: 'keyValue',
        width: 6,
        fields: [
          { field: 'version', title: text('Version'), type: 'number' },
          { field: 'publishedAt', title: text('Published'), type: 'date' },
        ],
      },
      {
        id: 'do',
        type: 'actions',
        width: 6,
        actions: [
          {
            id: 'sites',
            title: text('Reload sites'),
            confirm: text('Reload the sites?'),
            call: { method: 'GET', path: '/wbe/api/sites' },
            guard: { group: 'admin' },
          },
          { id: 'nobody', title: text('Hidden by guard'), route: '/app/x', guard: { anyOf: ['nobody:view'] } },
          {
            id: 'drafts',
            title: text('Hidden by rule'),
            route: '/app/x',
            when: { '==': [{ var: 'record.status' }, 'draft'] },
          },
          { id: 'editor', title: text('Open the editor'), route: '/app/admin/documents' },
        ],
      },
      { id: 'mails', type: 'list', list: 'mail-logs', title: text('Recent mail') },
    ],
  });
  const routes = await (await page.request.get('/config/v1/documents/routes/app')).json();
  routes.body.routes.push({
    path: '/app/form-facts/:formId',
    layout: 'app',
    guard: { group: 'admin' },
    screen: 'page',
    props: { pageId: 'form-facts' },
    title: text('Form facts'),
  });
  await publish(page, token, 'routes', 'app', routes.body);

  await page.goto('/app/form-facts/profile');
  await expect(page.getByRole('heading', { name: 'Form facts', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'profile', level: 2 })).toBeVisible();
  await expect(page.locator('.page-record-header')).toContainText('published');
  const served = await (await page.request.get('/config/v1/documents/form/profile')).json();
  const facts = page.locator('[data-panel="facts"]');
  await expect(facts).toContainText(String(served.version));
  // yyyy-MM-dd (the shell's date format) in the browser's timezone, as the admin has none of their own
  const day = await page.evaluate((at) => new Date(at).toLocaleDateString('en-CA'), served.publishedAt as string);
  await expect(facts).toContainText(day);

  // a list panel is the registry's list screen for a list document
  const mails = page.locator('[data-panel="mails"]');
  await expect(mails.getByRole('columnheader', { name: t('mailLogs.subject') })).toBeVisible();

  const actions = page.locator('[data-panel="do"]');
  await expect(actions.getByRole('button')).toHaveText(['Reload sites', 'Open the editor']);
  await actions.getByRole('button', { name: 'Reload sites' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Reload the sites?');
  const call = page.waitForResponse((response) => response.url().endsWith('/wbe/api/sites'));
  await dialog.getByRole('button', { name: 'Reload sites' }).click();
  expect((await call).status()).toBe(200);
  await expect(page.getByText(t('page.actionDone'))).toBeVisible();
  await actions.getByRole('button', { name: 'Open the editor' }).click();
  await expect(page).toHaveURL(/\/app\/admin\/documents$/);

  // a parameter naming no document: one not-found state for the page, no panel failing on its own
  await page.goto('/app/form-facts/no-such-form');
  await expect(page.getByRole('heading', { name: t('page.recordNotFound') })).toBeVisible();
  await expect(page.locator('[data-panel="facts"]')).toHaveCount(0);
});
