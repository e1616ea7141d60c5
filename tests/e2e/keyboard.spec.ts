import type { Locator } from '@playwright/test';
import { expect, test } from './support/test';
import { PASSWORD } from './support/users';
import { expectScreen, expectSignedInAt, openInApp, signIn, t } from './support/ui';

/** Issue 24 items 15 and 18: the shell and its screens by keyboard alone, and on a phone. */

const PHONE = { width: 375, height: 740 };

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('a skip link first, focus on the new screen after each navigation, a row opened with Enter', async ({ page }) => {
  await signIn(page, 'admin@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();

  // the first tab stop skips the navbar, sub-menu and top bar
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: t('shell.skipToContent') });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(main).toBeFocused();

  // a menu link followed by keyboard: focus lands on the new screen's heading, not the page body
  const nav = page.getByRole('navigation', { name: t('shell.mainMenu') });
  await nav.getByRole('link', { name: t('menu.remediation'), exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/issues$/);
  await expect(main.getByRole('heading', { level: 1 })).toBeFocused();

  // a list row that opens a record is a link: focusable, Enter opens it, it has an address for a new tab
  await openInApp(page, '/app/admin/assessment-templates');
  const row = main.locator('tbody tr[data-index]').first();
  const link = row.getByRole('link').first();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/app\/admin\/assessment-templates\/[^/]+$/);
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === href);
});

test('a refused submit focuses the first invalid field', async ({ page }) => {
  await signIn(page, 'admin@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
  await openInApp(page, '/app/issues/new');
  await expectScreen(page, t('issues.newTitle'), 1);
  await page.getByRole('button', { name: t('issues.save') }).click();
  const title = page.getByRole('textbox', { name: t('issues.fields.title') });
  await expect(title).toBeFocused();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
});

test('on a phone the help chat leaves the SAQ answers free and list actions do not cover columns', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, 'admin@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
  const main = page.getByRole('main');
  const launcher = page.locator('.help-chat__launcher');
  await expect(launcher).toBeVisible();

  // nothing of the screen lies under the launcher, however far the page is scrolled
  await openInApp(page, '/app/saq/preview/saq-a-4.0.1');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  expect(overlaps(await box(main), await box(launcher)), 'the SAQ under the help chat').toBe(false);

  // the third section of SAQ A asks yes/no questions: each answer row, scrolled to the screen's bottom
  for (const _ of [2, 3]) await main.getByRole('button', { name: t('questionnaire.next') }).click();
  const choices = main.getByRole('radiogroup');
  await expect(choices.first()).toBeVisible();
  for (let index = 0; index < Math.min(3, await choices.count()); index++) {
    const answers = choices.nth(index);
    await answers.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    expect(overlaps(await box(answers), await box(launcher)), `answers ${index}`).toBe(false);
  }

  // a row's actions sit after its columns instead of pinned over them
  await openInApp(page, '/app/admin/users');
  const row = main.locator('tbody tr[data-index]').first();
  await expect(row.locator('td.list-table__actions')).toBeVisible();
  // the list's page complete (a first page of rows may come before it), then every box of one layout
  await expect(main.locator('.list-view[aria-busy="true"]')).toHaveCount(0);
  const boxes = await row.evaluate((tr) =>
    [...tr.querySelectorAll('td')].map((td) => {
      const { x, y, width, height } = td.getBoundingClientRect();
      return { x, y, width, height, actions: td.classList.contains('list-table__actions') };
    }),
  );
  const actions = boxes.find((cell) => cell.actions);
  expect(actions).toBeDefined();
  boxes.forEach((cell, index) => {
    if (actions && !cell.actions) expect(overlaps(actions, cell), `column ${index}`).toBe(false);
  });
});
