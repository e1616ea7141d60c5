/**
 * Issue 27's done-means in Chromium, beside tests/integration/route-walk.test.ts (the routes document)
 * and tests/integration/admin-area.test.ts (the blacklist over HTTP):
 * - every route of shell §2.3 and §2.4 that admin@demo.test and bank@demo.test may open is drawn by a
 *   real screen, not the placeholder kind. Each route is opened once (the 22 domain check pages are one
 *   route, `/app/domain/:scanId/:check`, drawn by one kind), by client-side navigation in one page. The
 *   admin opens every one it may (about 60 routes: 30–50 s on the shared 2-core machine); the bank its own
 *   area (see below), then reads its POS eligibility page;
 * - a keyword the admin blacklists on the blacklist screen turns the next onboarding scan of a host
 *   containing it to "under review", where the same scan before was not.
 */
import fs from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { decideAccess } from '../../core/guard/guard.utils';
import type { GuardSubject, RoleGroups } from '../../core/guard/guard.types';
import type { RouteDef, RoutesBody } from '../../core/routes/route.types';
import { fillPath, matchRoute } from '../../core/routes/route.utils';
import { subjectOf } from '../../core/session/subject';
import { SHELL_ADMIN_PATHS } from '../support/shell-admin-routes';
import { DEMO_MERCHANT, SHELL_GUARDED_PATHS } from '../support/shell-guarded-routes';
import { expect, test } from './support/test';
import { expectScreen, signIn, storedConfig, t } from './support/ui';
import { PASSWORD } from './support/users';

const read = (file: string) => JSON.parse(fs.readFileSync(`schemas/app/${file}`, 'utf8')).body;
const routes = read('routes.json') as RoutesBody;
const roleGroups = read('role-groups.json').groups as RoleGroups;
/** What the placeholder kind draws (client/screens/PlaceholderScreen.tsx). */
const PLACEHOLDER = '.placeholder-screen';

/** Where a path lands, redirects followed, and the route that draws it there. */
function landing(path: string): { path: string; route: RouteDef } | null {
  let current = path;
  for (let hops = 0; hops < 5; hops += 1) {
    const match = matchRoute(routes, current);
    if (!match) return null;
    if (!match.route.redirect) return { path: current, route: match.route };
    current = fillPath(match.route.redirect, match.params).split('?')[0];
  }
  return null;
}

/**
 * Client-side navigation, as a click on a link would do, without reloading the app; answers once the
 * screen before is gone (each address mounts its screen anew, so nothing the old one drew stays).
 */
async function navigate(page: Page, path: string) {
  await page.evaluate((p) => {
    if (window.location.pathname === p) return;
    for (const child of document.querySelectorAll('main > *')) child.setAttribute('data-walked', '');
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page.locator('main > [data-walked]'), path).toHaveCount(0);
}

/** Opens each allowed path whose drawing route was not opened yet; answers the paths drawn by a placeholder. */
async function walk(page: Page, paths: string[]): Promise<string[]> {
  const subject = subjectOf((await storedConfig(page)) as never) as GuardSubject;
  const seen = new Set<RouteDef>();
  const stubs: string[] = [];
  for (const path of paths) {
    const landed = landing(path);
    expect(landed, path).not.toBeNull();
    const { route } = landed as { route: RouteDef };
    if (seen.has(route) || decideAccess(route.guard, subject, roleGroups) !== 'allow') continue;
    seen.add(route);
    await navigate(page, path);
    // the route's screen is in: its title, and its chunk loaded (no loading spinner)
    if (route.title) await expect(page, path).toHaveTitle(t(route.title as string));
    await expect(page.locator('.screen-spinner'), path).toHaveCount(0);
    // the placeholder screen's class (tests/integration/route-walk.test.ts checks it is still its class)
    if ((await page.locator(PLACEHOLDER).count()) > 0) stubs.push(path);
  }
  expect(seen.size).toBeGreaterThan(8);
  return stubs;
}

test('no route of shell §2.3 or §2.4 shows a stub, to an admin or a bank user', async ({ page }) => {
  test.setTimeout(180_000);
  await test.step('admin@demo.test', async () => {
    await signIn(page, 'admin@demo.test', PASSWORD);
    expect(await walk(page, [...SHELL_ADMIN_PATHS, ...SHELL_GUARDED_PATHS])).toEqual([]);
    await page.evaluate(() => localStorage.clear());
  });
  // the bank opens every route of §2.3 and §2.4 its guards let it open (no admin route)
  await test.step('bank@demo.test', async () => {
    await signIn(page, 'bank@demo.test', PASSWORD);
    expect(await walk(page, [...SHELL_ADMIN_PATHS, ...SHELL_GUARDED_PATHS])).toEqual([]);
    // the POS eligibility page draws the server's judgement: an MCC on no list, the country rules not judged
    await page.goto(`/app/portfolio/${DEMO_MERCHANT}/pos-eligibility`);
    await expect(page.locator('[data-panel="verdict"]')).toContainText(t('eligibility.verdicts.incomplete'));
    const country = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'country-not-served' }) });
    await expect(country).toContainText(t('eligibility.merchant.outcomes.notJudged'));
  });
});

/** A loopback port nothing listens on: one the system just gave and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test('a keyword the admin blacklists makes the next onboarding scan "under review"', async ({ page, request }) => {
  test.setTimeout(120_000);
  // shop.test, which no other spec onboards, aimed at a loopback port nothing listens on: the scan finds
  // the site offline, "no action needed". The keyword carries no category, so it makes no MMSP finding
  // for later specs of this server.
  const login = await request.post('/iam/api/login', {
    form: { username: 'onboarding@demo.test', password: PASSWORD },
  });
  const onboarder = { authorization: `Bearer ${(await login.json()).content.token}` };
  const closed = await closedPort();
  const target = { address: '127.0.0.1', ports: { http: closed, https: closed } };
  const onboard = (override: boolean) =>
    request.post('/wbe/api/onboardings', {
      headers: onboarder,
      data: { url: 'https://shop.test', fast: true, target, ...(override ? { override } : {}) },
    });
  const outcomeOf = async (id: string) => {
    await expect
      .poll(
        async () =>
          (await (await request.get(`/wbe/api/onboardings/${id}`, { headers: onboarder })).json()).content.status,
        {
          timeout: 60_000,
        },
      )
      .not.toBe('scanning');
    return (await (await request.get(`/wbe/api/onboardings/${id}`, { headers: onboarder })).json()).content.status;
  };
  const before = await onboard(false);
  expect(before.status(), await before.text()).toBe(202);
  expect(await outcomeOf((await before.json()).content.id)).toBe('noActionNeeded');

  await signIn(page, 'admin@demo.test', PASSWORD);
  const admin = { authorization: `Bearer ${(await storedConfig(page))?.token}` };
  let entryId = '';
  try {
    await page.goto('/app/admin/category/blacklist');
    await expectScreen(page, t('adminArea.lists.admin-blacklist'));
    const dialog = page.getByRole('dialog');
    await page.getByRole('button', { name: t('adminArea.actions.add'), exact: true }).click();
    await dialog.getByLabel(t('adminArea.fields.type')).selectOption({ label: t('adminArea.values.keyword') });
    await dialog.getByLabel(t('adminArea.fields.value')).fill('shop');
    await dialog.getByLabel(t('adminArea.fields.active')).check();
    await dialog.getByRole('button', { name: t('list.send') }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'shop', exact: true }) }),
    ).toBeVisible();
    const entries = await request.get('/wbe/api/resources/blacklist-entry?pageSize=100', { headers: admin });
    entryId = (await entries.json()).content.items.find((entry: { value: string }) => entry.value === 'shop')?.id;

    // the next onboarding of the host is warned, and once it proceeds, a person must look at it
    const warned = await onboard(false);
    expect(warned.status()).toBe(409);
    const after = await onboard(true);
    expect(after.status(), await after.text()).toBe(202);
    const afterId = (await after.json()).content.id;
    expect(await outcomeOf(afterId)).toBe('underReview');
    // the onboarding user reads the verdict on the onboarding's page
    await signIn(page, 'onboarding@demo.test', PASSWORD, `/app/onboarding/${afterId}`);
    await expect(page.locator('[data-panel="facts"]')).toContainText(t('onboarding.statuses.underReview'));
  } finally {
    if (entryId) await request.delete(`/wbe/api/resources/blacklist-entry/${entryId}`, { headers: admin });
  }
});
