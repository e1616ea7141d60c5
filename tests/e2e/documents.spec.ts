import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { PASSWORD } from './support/users';
import { expectSignedInAt, missingKeys, signIn, storedConfig, t } from './support/ui';

// Administration → Config documents: an admin edits landing-rules/app in the browser, sees the
// server's problems with their JSON pointers, then publishes a harmless change.
const DOC = '/config/v1/documents/landing-rules/app';

/** A locale text with its {{placeholders}} filled, as i18next shows it. */
const text = (key: string, values: Record<string, string | number>) =>
  t(key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

/** Replaces the whole editor text, as a person pasting a new body would. */
const TEMPLATE = 'assessment-vendor-security-1.0';

async function replaceBody(page: Page, body: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: /\(JSON\)$/ });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(body);
}

test('an admin drafts, validates and publishes a landing-rules change in the editor', async ({ page }) => {
  await signIn(page, 'admin@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
  const before = await (await page.request.get(DOC)).json();

  // open it from the admin sub-drawer
  await page.goto('/app/admin/users');
  await page.getByRole('link', { name: t('menu.admin_documents') }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/app/admin/documents');
  await expect(page.getByRole('heading', { name: t('admin.documents.title') })).toBeVisible();

  // pick landing-rules/app from the documents list: its versions and the published body, read-only
  const documents = page.getByRole('navigation', { name: t('admin.documents.list') });
  // more documents than a page holds: the list's filter finds it
  await documents.getByRole('searchbox').first().fill('landing-rules');
  const entry = documents.getByRole('row').filter({ has: page.getByRole('link', { name: 'landing-rules/app' }) });
  await expect(entry).toContainText(t('admin.documents.statusPublished'));
  await documents.getByRole('link', { name: 'landing-rules/app' }).click();
  const versions = page.getByRole('table', { name: t('admin.documents.versions') });
  const row = (version: number) =>
    versions.getByRole('row').filter({ has: page.getByRole('link', { name: String(version), exact: true }) });
  await expect(row(before.version)).toContainText(t('admin.documents.statusPublished'));
  await expect(row(before.version)).toContainText(before.hash.slice(0, 10));
  const viewer = page.getByRole('textbox', {
    name: text('admin.documents.viewerLabel', { name: 'landing-rules/app', version: before.version }),
  });
  await expect(viewer).toHaveAttribute('contenteditable', 'false');
  await expect(viewer).toContainText('"rules"');

  // a new draft from it
  await page.getByRole('button', { name: t('admin.documents.newDraft') }).click();
  await expect(page).toHaveURL(/[?&]v=\d+/);
  const draft = Number(new URL(page.url()).searchParams.get('v'));
  expect(draft).toBeGreaterThan(before.version);
  await expect(page.getByText(text('admin.documents.draftCreated', { version: draft }))).toBeVisible();
  await expect(row(draft)).toContainText(t('admin.documents.statusDraft'));
  await expect(entry).toContainText(t('admin.documents.statusDraft'));
  await expect(
    page.getByRole('textbox', {
      name: text('admin.documents.editorLabel', { name: 'landing-rules/app', version: draft }),
    }),
  ).toHaveAttribute('contenteditable', 'true');

  // broken: an operation json-logic may not run → Validate lists it with its path
  const broken = {
    rules: [{ id: 'evil', when: { eval: ['process.exit()'] }, to: '/app/reports' }],
    fallback: before.body.fallback,
  };
  await replaceBody(page, JSON.stringify(broken, null, 2));
  await expect(page.getByText(t('admin.documents.unsaved'))).toBeVisible();
  await page.getByRole('button', { name: t('admin.documents.validate') }).click();
  const problems = page.getByRole('list', { name: t('admin.documents.problemsList') });
  await expect(problems.getByRole('listitem').filter({ hasText: '/body/rules/0/when' })).toContainText(
    'operation "eval" is not allowed',
  );
  await expect(page.getByText(text('admin.documents.problems_one', { count: 1 }))).toBeVisible();
  // each problem leads to its spot in the editor, marked there too
  await problems.getByRole('button', { name: text('admin.documents.reveal', { path: '/body/rules/0/when' }) }).click();
  await expect(page.locator('.cm-lintRange-error').first()).toBeVisible();
  // nothing was saved by validating; the draft is the admin's to read (the editor sends the token), nobody else's
  const asAdmin = { headers: { authorization: `Bearer ${(await storedConfig(page))?.token}` } };
  expect((await (await page.request.get(`${DOC}/versions/${draft}`, asAdmin)).json()).body).toEqual(before.body);
  expect((await page.request.get(`${DOC}/versions/${draft}`)).status()).toBe(404);
  await expect(row(draft)).toContainText('admin@demo.test');

  // fixed: the published rules plus one that can never match
  const fixed = { ...before.body, rules: [...before.body.rules, { id: 'never', when: false, to: '/app/reports' }] };
  await replaceBody(page, JSON.stringify(fixed, null, 2));
  await page.getByRole('button', { name: t('admin.documents.validate') }).click();
  await expect(page.getByText(t('admin.documents.valid'))).toBeVisible();
  await expect(problems).toHaveCount(0);

  // publish (saves the edited text first), after confirming
  await page.getByRole('button', { name: t('admin.documents.publish'), exact: true }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(
    text('admin.documents.publishConfirm', { name: 'landing-rules/app', version: draft }),
  );
  await confirm.getByRole('button', { name: t('admin.documents.publish') }).click();
  await expect(
    page.getByText(text('admin.documents.published', { name: 'landing-rules/app', version: draft })),
  ).toBeVisible();
  await expect(row(draft)).toContainText(t('admin.documents.statusPublished'));
  await expect(row(before.version)).toContainText(t('admin.documents.statusRetired'));
  await expect(entry).toContainText(t('admin.documents.statusPublished'));
  // a version's row opens that version, read-only
  await row(before.version).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`[?&]v=${before.version}(&|$)`));
  await expect(
    page.getByRole('textbox', {
      name: text('admin.documents.viewerLabel', { name: 'landing-rules/app', version: before.version }),
    }),
  ).toHaveAttribute('contenteditable', 'false');
  await expect(page.getByRole('button', { name: t('admin.documents.newDraft') })).toBeVisible();

  // the config service serves the new version to everyone
  const after = await page.request.get(DOC);
  expect(after.status()).toBe(200);
  const published = await after.json();
  expect(published).toMatchObject({ version: draft, status: 'published' });
  expect(published).not.toHaveProperty('publishedBy');
  expect(published.body).toEqual(fixed);
  expect(after.headers().etag).toBe(`"${published.hash}-v${draft}"`);
  expect(await missingKeys(page)).toEqual([]);
});

test('the editor is admin only: the route and the validate call refuse others', async ({ page }) => {
  await signIn(page, 'bank@demo.test', PASSWORD);
  await expect(page).toHaveURL((url) => url.pathname.startsWith('/app/'), { timeout: 15_000 });
  await page.goto('/app/admin/documents');
  await expect(page.getByText(t('errors.noPermission'))).toBeVisible();
  await expect(page.getByRole('heading', { name: t('admin.documents.title') })).toHaveCount(0);
  const token = (await storedConfig(page))?.token as string;
  const refused = await page.request.post(`${DOC}/validate`, {
    headers: { authorization: `Bearer ${token}` },
    data: { body: { rules: [], fallback: '/app/dashboard' } },
  });
  expect(refused.status()).toBe(403);
});

test('a questionnaire is previewed as an assessee sees it, following the editor as the admin types', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // the assessment-template editor route opens the questionnaire document it names (a small one: the
  // editor holds and re-parses the whole body on every change)
  await signIn(page, 'admin@demo.test', PASSWORD, `/app/admin/assessment-templates/${TEMPLATE}`);
  const preview = page.getByLabel(t('admin.preview.title'));
  await expect(preview).toBeVisible();
  const published = (await (await page.request.get(`/config/v1/documents/questionnaire/${TEMPLATE}`)).json()).body;
  const firstSection = published.sections[0];
  await expect(preview).toContainText(firstSection.title.en);

  await page.getByRole('button', { name: t('admin.documents.newDraft') }).click();
  await expect(page).toHaveURL(/[?&]v=\d+/);
  // a renamed first section shows in the preview without saving
  const renamed = structuredClone(published);
  renamed.sections[0].title.en = 'Renamed while typing';
  await replaceBody(page, JSON.stringify(renamed, null, 2));
  await expect(preview).toContainText('Renamed while typing');
  // text that does not parse keeps the last good preview and says why
  await replaceBody(page, JSON.stringify(renamed, null, 2).slice(0, -20));
  await expect(preview.getByRole('status')).toContainText(t('admin.preview.stale'));
  await expect(preview).toContainText('Renamed while typing');

  // the preview route alone draws the published version
  await page.goto(`/app/admin/assessment-templates/${TEMPLATE}/preview`);
  await expect(page.getByRole('main')).toContainText(firstSection.title.en);
  expect(await missingKeys(page)).toEqual([]);
});
