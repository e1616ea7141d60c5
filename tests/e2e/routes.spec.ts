import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { decideAccess } from '../../core/guard/guard.utils';
import type { GuardSubject, RoleGroups } from '../../core/guard/guard.types';
import type { RouteDef, RoutesBody } from '../../core/routes/route.types';
import { matchRoute } from '../../core/routes/route.utils';
import { subjectOf } from '../../core/session/subject';
import { PASSWORD, SIGNED_IN_USERS } from './support/users';
import { expectSignedInAt, missingKeys, openInApp, signIn, signInWithForm, storedConfig, t } from './support/ui';
import { sessionAfterLogin } from '../../client/session/session.store';

const read = (file: string) => JSON.parse(fs.readFileSync(`schemas/app/${file}`, 'utf8')).body;
const routesBody = read('routes.json') as RoutesBody;
const routes = routesBody.routes;
const roleGroups = read('role-groups.json').groups as RoleGroups;
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, 'demo1').replace(/\*$/, 'dashboard');

async function expectOutcome(page: Page, route: RouteDef, decision: string, subject: GuardSubject) {
  const path = concrete(route.path);
  if (route.path === '/login/:invitationId') {
    // 'demo1' names no invitation: the sign-in page looks it up and sends the visitor on
    await expect(page, path).toHaveURL(/\/invitation-not-found$/);
  } else if (decision === 'login') {
    await expect(page, path).toHaveURL(/\/login$/);
  } else if (decision === 'forbidden') {
    await expect(page.getByText(t('errors.noPermission')), path).toBeVisible();
  } else if (route.redirect) {
    // the target has its own guard: a signed-out visitor of '/' ends on /login
    // a redirect may name the route's own parameters and a query (a merchant page's tab)
    const redirect = concrete(route.redirect);
    const target = matchRoute(routesBody, redirect.split('?')[0])?.route as RouteDef;
    const landed = decideAccess(target.guard, subject, roleGroups) === 'login' ? '/login' : redirect;
    await expect(page, path).toHaveURL((url) => url.pathname + (landed.includes('?') ? url.search : '') === landed);
  } else {
    await expect(page, path).toHaveTitle(new RegExp(t(route.title as string).replace(/[()]/g, '\\$&')));
    if (route.screen !== 'noPermission') await expect(page.getByText(t('errors.noPermission')), path).toHaveCount(0);
  }
}

/**
 * Every route of shell §2 (item 7), in the browser, both ways: rendered for a demo user it allows, and
 * refused with "No permission" to one it does not — every route rendered, every distinct guard refused
 * once (the refusal is the same screen for every route it guards). Each walk goes to the user with the
 * fewest routes so far, so every user walks some; the whole user × route matrix is the guard's own unit
 * and integration tests' (the client and the server decide with the same `decideAccess`).
 */
async function subjectOfUser(page: Page, email: string): Promise<GuardSubject> {
  await signIn(page, email, PASSWORD);
  return subjectOf((await storedConfig(page)) as never);
}

const guarded = routes.filter((r) => r.layout !== 'public' && r.path !== '/logout');

test.describe('every route of shell §2, allowed and refused (item 7)', () => {
  test.describe.configure({ timeout: 240_000 });
  test('signed out: open routes render, guarded ones go to /login', async ({ page }) => {
    await page.goto('/login');
    // every open route, and the first guarded route of each layout: a signed-out subject is sent to
    // /login by the same decideAccess for every guarded route (the unit tests walk them all)
    const guardedSample = new Map<string, RouteDef>();
    for (const route of routes)
      if (route.guard !== null && !guardedSample.has(route.layout)) guardedSample.set(route.layout, route);
    const walked = routes.filter(
      (r) => r.path !== '/logout' && (r.guard === null || guardedSample.get(r.layout) === r),
    );
    for (const route of walked) {
      const decision = decideAccess(route.guard, subjectOf(null), roleGroups);
      await openInApp(page, concrete(route.path));
      await expectOutcome(page, route, route.guard === null ? 'allow' : decision, subjectOf(null));
    }
  });

  test('each route renders for a user it allows and shows No permission to one it refuses', async ({ page }) => {
    // the subjects as the server signs each user in (role, permissions, organisation type)
    const subjects = new Map<string, GuardSubject>();
    for (const user of SIGNED_IN_USERS) {
      const login = await page.request.post('/iam/api/login', { form: { username: user.email, password: PASSWORD } });
      expect(login.status()).toBe(200);
      subjects.set(user.email, subjectOf(sessionAfterLogin((await login.json()).content, {}) as never));
    }
    const walks: Record<string, RouteDef[]> = Object.fromEntries(SIGNED_IN_USERS.map((user) => [user.email, []]));
    // "No permission" is one screen whatever the route: refused once per distinct guard, not per route
    const refusedGuards = new Set<string>();
    for (const route of guarded) {
      const guardKey = JSON.stringify(route.guard);
      const outcomes = refusedGuards.has(guardKey) ? ['allow'] : ['allow', 'forbidden'];
      refusedGuards.add(guardKey);
      for (const outcome of outcomes) {
        const deciding = SIGNED_IN_USERS.filter(
          (user) => decideAccess(route.guard, subjects.get(user.email) as GuardSubject, roleGroups) === outcome,
        );
        const least = deciding.sort((a, b) => walks[a.email].length - walks[b.email].length)[0];
        if (least) walks[least.email].push(route);
      }
    }
    expect(guarded.every((route) => Object.values(walks).some((walk) => walk.includes(route)))).toBe(true);
    for (const user of SIGNED_IN_USERS) {
      await test.step(user.email, async () => {
        const subject = await subjectOfUser(page, user.email);
        await expectSignedInAt(page, user.landing);
        for (const route of walks[user.email]) {
          await openInApp(page, concrete(route.path));
          await expectOutcome(page, route, decideAccess(route.guard, subject, roleGroups), subject);
        }
        expect(await missingKeys(page)).toEqual([]);
        await page.evaluate(() => localStorage.clear());
      });
    }
  });
});

test.describe('redirects and the remembered path', () => {
  test('root, unknown paths and pricing redirect as the spec says', async ({ page }) => {
    await signIn(page, 'bank@demo.test', PASSWORD);
    await expectSignedInAt(page, '/app/dashboard');
    await page.goto('/');
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await page.goto('/app/no-such-page/at-all');
    await expect(page).toHaveURL(/\/pages\/errors\/error-404$/);
    await page.goto('/app/pricing');
    await expect(page).toHaveURL(/\/app\/pricing\/ecommerce-checklist$/);
  });

  test('a signed-out visitor is sent to /login and comes back to the remembered path', async ({ page }) => {
    await page.goto('/app/portfolio');
    await expect(page).toHaveURL(/\/login$/);
    await signInWithForm(page, 'bank@demo.test', PASSWORD);
    await expectSignedInAt(page, '/app/portfolio');
  });

  test('a remembered path the user may not open falls back to the landing rules', async ({ page }) => {
    await page.goto('/app/admin/users');
    await expect(page).toHaveURL(/\/login$/);
    await signInWithForm(page, 'bank@demo.test', PASSWORD);
    await expectSignedInAt(page, '/app/dashboard');
  });
});

test('a render failure is reported and shows the error-500 page; reporting it thanks the user', async ({ page }) => {
  await signIn(page, 'bank@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
  // The form screen's code cannot be loaded (as after a deploy): the settings page's profile form fails to render.
  await page.route(/\/assets\/FormScreen[^/]*\.js$/, (route) => route.abort());
  const reported = page.waitForRequest((request) => request.url().endsWith('/wbe/api/user/log/error'));
  await page.getByRole('button', { name: t('shell.userMenu') }).click();
  await page.getByRole('menuitem', { name: t('shell.settings') }).click();
  // the boundary reports by itself (shell §8), before anyone presses the button
  const report = (await reported).postDataJSON() as { page_url: string; error_reason: string };
  expect(report.page_url).toContain('/app/settings');
  expect(report.error_reason).toMatch(/^render failure: /);
  await expect(page.getByText(t('error500.title'))).toBeVisible();
  await page.getByRole('button', { name: t('error500.report') }).click();
  await expect(page.getByText(t('error500.thanks'))).toBeVisible();
});
