/**
 * Issues in Chromium (issue 10 'Third parties and issues'): the assessment owner raises an issue
 * through the form document, ignores and un-ignores it from the list document, the assessee resolves
 * one on its page, and the dashboard's issue tab (AST reads) counts and charts them. Every screen is a
 * document: schemas/resources/issue.json, schemas/lists/issues.json, schemas/pages/issue.json,
 * schemas/pages/dashboard.json (tabs).
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { PASSWORD } from './support/users';
import { expectScreen, expectSignedInAt, missingKeys, signIn, t } from './support/ui';

const TITLE = `Weak TLS ciphers ${Date.now()}`;

async function signedIn(browser: Browser, email: string, landing: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, PASSWORD);
  await expectSignedInAt(page, landing);
  return page;
}

test('an owner raises and ignores an issue, the assessee resolves one, the dashboard counts them', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const owner = await signedIn(browser, 'owner@demo.test', '/app/vendor-assessment');
  const table = owner.getByRole('table', { name: t('issues.title') });
  const row = table.locator('tbody tr[data-index]').filter({ hasText: TITLE });

  await test.step('the owner raises an issue with the form document', async () => {
    await owner.goto('/app/issues');
    await owner.getByRole('button', { name: t('issues.newAction') }).click();
    await expect(owner).toHaveURL((url) => url.pathname === '/app/issues/new');
    await expectScreen(owner, t('issues.newTitle'));
    await owner.getByLabel(t('issues.fields.title')).fill(TITLE);
    await owner.getByLabel(t('issues.fields.source')).selectOption({ label: t('issues.sources.scan') });
    await owner.getByLabel(t('issues.fields.category')).selectOption({ label: t('issues.categories.ssl') });
    await owner.getByLabel(t('issues.fields.severity')).selectOption({ label: t('issues.severities.critical') });
    await owner.getByLabel(t('issues.fields.asset')).fill('shop.example');
    await owner.getByRole('button', { name: t('issues.save') }).click();
    await expect(owner).toHaveURL((url) => url.pathname === '/app/issues');
    await expect(row).toContainText(t('issues.severities.critical'));
    await expect(row).toContainText(t('issues.statuses.open'));
  });

  await test.step('ignoring and un-ignoring are row actions by the workflow state', async () => {
    await row.getByRole('button', { name: t('issues.actions.ignore'), exact: true }).click();
    await expect(row).toContainText(t('issues.statuses.ignored'));
    await expect(row.getByRole('button', { name: t('issues.actions.ignore'), exact: true })).toHaveCount(0);
    await row.getByRole('button', { name: t('issues.actions.unignore') }).click();
    await expect(row).toContainText(t('issues.statuses.open'));
  });

  const assessee = await signedIn(browser, 'assessee@demo.test', '/app/dashboard');
  await test.step('the assessee opens it and resolves it with the workflow actions on its page', async () => {
    await assessee.goto('/app/issues');
    const theirs = assessee.getByRole('table', { name: t('issues.title') }).locator('tbody tr[data-index]');
    // ignoring is not theirs: the row action is not offered
    await expect(
      theirs.filter({ hasText: TITLE }).getByRole('button', { name: t('issues.actions.ignore'), exact: true }),
    ).toHaveCount(0);
    await theirs.filter({ hasText: TITLE }).getByRole('cell', { name: TITLE }).click();
    await expect(assessee.getByRole('main').getByRole('heading', { name: TITLE })).toBeVisible();
    await assessee.getByRole('button', { name: t('issues.actions.start') }).click();
    await expect(assessee.locator('.page-record-header')).toContainText(t('issues.statuses.inProgress'));
    await assessee.getByRole('button', { name: t('issues.actions.resolve') }).click();
    await expect(assessee.locator('.page-record-header')).toContainText(t('issues.statuses.resolved'));
  });

  await test.step("the assessee's dashboard tab counts and charts the organisation's issues", async () => {
    // one still open, raised over HTTP, so the active charts have something to draw
    const login = await request.post('/iam/api/login', {
      form: { username: 'assessee@demo.test', password: PASSWORD },
    });
    const headers = { authorization: `Bearer ${(await login.json()).content.token}` };
    const open = {
      title: `Missing HSTS ${Date.now()}`,
      source: 'scan',
      category: 'headers',
      severity: 'high',
      asset: 'shop.example',
    };
    expect((await request.post('/wbe/api/resources/issue', { headers, data: open })).status()).toBe(201);
    await assessee.goto('/app/dashboard');
    const main = assessee.getByRole('main');
    await expect(main.getByRole('tab', { name: t('issuesDashboard.tabs.assessee') })).toBeVisible();
    await expect(main.getByRole('tab', { name: t('issuesDashboard.tabs.owner') })).toHaveCount(0);
    const resolved = main.locator('[data-panel="assessee-resolved"] .stat-card__value');
    await expect(resolved).not.toHaveText('0');
    for (const key of ['scanSeverities', 'leaderboard', 'progress1', 'progress12'])
      await expect(main.getByRole('figure', { name: t(`issuesDashboard.${key}`) })).toBeVisible();
    expect(await missingKeys(assessee)).toEqual([]);
  });
  await owner.context().close();
  await assessee.context().close();
});
