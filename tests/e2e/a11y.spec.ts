import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { PASSWORD } from './support/users';
import { leaveTheApp, openInApp, signIn, t } from './support/ui';

/**
 * axe-core on one representative route of every screen kind, in both themes: a serious or critical
 * violation fails. One sign-in, then in-app navigations (no page loads) keep the walk cheap.
 */

type Theme = 'dark' | 'light';

interface Stop {
  kind: string;
  path: string;
  /** What shows once the screen has its content (beyond its heading). */
  ready: (main: Locator) => Locator;
  /** Brings the part worth checking into view first. */
  prepare?: (main: Locator) => Promise<void>;
}

interface Scope {
  /**
   * Only the colour rules: the light theme changes colours and nothing else (the same markup under
   * another body class), so its pass checks contrast again and leaves the rest to the dark one.
   */
  coloursOnly?: boolean;
  /** The screen and its area menu only: the shell around them was checked on the first stop. */
  screenOnly?: boolean;
}

async function expectNoSeriousViolations(page: Page, where: string, scope: Scope = {}) {
  const axe = new AxeBuilder({ page });
  if (scope.coloursOnly) axe.withRules(['color-contrast', 'link-in-text-block']);
  if (scope.screenOnly) {
    axe.include('main');
    if ((await page.locator('.sub-drawer').count()) > 0) axe.include('.sub-drawer');
  }
  const { violations } = await axe.analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    where,
  ).toEqual([]);
}

/** An in-app navigation, as a link would make it: the router follows the history entry, no reload. */
async function openAt(page: Page, path: string) {
  await openInApp(page, path);
  await expect(page).toHaveURL((url) => url.pathname + url.search === path);
}

/** The admin's stored theme, which the shell applies at sign-in. */
async function storeTheme(request: APIRequestContext, theme: Theme) {
  const login = await request.post('/iam/api/login', { form: { username: 'admin@demo.test', password: PASSWORD } });
  const { token } = (await login.json()).content;
  await request.put('/iam/api/me', { headers: { authorization: `Bearer ${token}` }, data: { theme } });
}

test.afterAll(async ({ request }) => storeTheme(request, 'dark'));

test('the sign-in page passes axe in the dark and the light theme', async ({ page }) => {
  // as a visitor whose stored theme is each one in turn
  for (const theme of ['dark', 'light'] as Theme[]) {
    await leaveTheApp(page);
    await page.evaluate((chosen) => localStorage.setItem('config', JSON.stringify({ theme: chosen })), theme);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: t('auth.login.submit') })).toBeVisible();
    await expect(page.locator('body')).toHaveClass(theme === 'dark' ? /bp6-dark/ : /^(?!.*bp6-dark)/);
    await expectNoSeriousViolations(page, `sign-in (${theme})`, { coloursOnly: theme === 'light' });
  }
});

const stops: Stop[] = [
  { kind: 'dashboard', path: '/app/dashboard', ready: (main) => main.locator('.stat-card').first() },
  // amber tags (not yet approved or confirmed users) and a row actions column
  { kind: 'list', path: '/app/admin/users', ready: (main) => main.locator('tbody tr[data-index]').first() },
  { kind: 'page', path: '/app/admin/analytics', ready: (main) => main.locator('[data-panel]').first() },
  { kind: 'form', path: '/app/invitations/new', ready: (main) => main.locator('form button[type="submit"]') },
  {
    kind: 'questionnaire',
    path: '/app/saq/preview/saq-a-4.0.1',
    // the third section is the first with guidance under its questions
    prepare: async (main) => {
      for (const section of [2, 3]) {
        await main.getByRole('button', { name: t('questionnaire.next') }).click();
        const shown = t('questionnaire.page').replace('{{page}}', String(section)).split(' {{')[0];
        await expect(main.getByText(shown, { exact: false })).toBeVisible();
      }
    },
    ready: (main) => main.locator('.questionnaire__guidance').first(),
  },
  { kind: 'wizard', path: '/app/saq/saq-wizard', ready: (main) => main.locator('.wizard__main form') },
  { kind: 'settings', path: '/app/settings', ready: (main) => main.getByRole('tablist') },
  {
    kind: 'document editor',
    path: '/app/admin/documents?doc=form/profile',
    ready: (main) => main.locator('.cm-editor .cm-line').first(),
  },
];

// one test a theme (the file's tests run in turn, in one worker): each walk is some 30 s alone and
// several times that on a shared machine, inside the test timeout on its own
for (const theme of ['dark', 'light'] as Theme[]) {
  test(`every screen kind passes axe in the ${theme} theme`, async ({ page, request }) => {
    // eight screens under axe: about a minute alone, more beside other work (a wait, never a judgement of speed)
    test.setTimeout(180_000);
    // the theme chosen before signing in, whatever an earlier test (or its retry) left stored
    await storeTheme(request, theme);
    await signIn(page, 'admin@demo.test', PASSWORD);
    await expect(page.locator('body')).toHaveClass(theme === 'dark' ? /bp6-dark/ : /^(?!.*bp6-dark)/);
    for (const [index, stop] of stops.entries()) {
      await openAt(page, stop.path);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
      await stop.prepare?.(main);
      await expect(stop.ready(main)).toBeVisible();
      await expect(main.locator('.bp6-spinner')).toHaveCount(0);
      await expectNoSeriousViolations(page, `${stop.kind} ${stop.path} (${theme})`, {
        coloursOnly: theme === 'light',
        screenOnly: index > 0,
      });
    }
  });
}
