/** Page helpers shared by the e2e specs: texts come from locales/en.json, never retyped. */
import fs from 'node:fs';
import { type Page, type Response, expect } from '@playwright/test';
import { resolveLanding } from '../../../core/landing/landing.utils';
import type { LandingBody } from '../../../core/landing/landing.types';
import { subjectOf } from '../../../core/session/subject';
import { SESSION_KEY, sessionAfterLogin } from '../../../client/session/session.store';

export type Language = 'en' | 'tr';

const catalogues: Record<Language, unknown> = {
  en: JSON.parse(fs.readFileSync('locales/en.json', 'utf8')),
  tr: JSON.parse(fs.readFileSync('locales/tr.json', 'utf8')),
};

/** Text of a locale key (dots separate levels), English unless another language is asked for. */
export function t(key: string, language: Language = 'en'): string {
  const value = key.split('.').reduce((o, k) => (o as Record<string, unknown>)?.[k], catalogues[language]);
  if (typeof value !== 'string') throw new Error(`no ${language} text for ${key}`);
  return value;
}

/** The session object the client keeps under the single localStorage key. */
export async function storedConfig(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('config') ?? 'null'));
}

/**
 * Opens the app documents' answer (same origin, JSON, no script): the page leaves the app, keeping
 * only what the origin stored. The app may be navigating by itself (a sign-out on its way to /login);
 * that navigation wins, so this one is made again.
 */
export async function leaveTheApp(page: Page): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await page.goto('/config/v1/app');
      if (answer?.status() !== 200) throw new Error(`GET /config/v1/app answered ${answer?.status()}`);
      return answer;
    } catch (error) {
      if (attempt === 5 || !/interrupted by another navigation/.test(String(error))) throw error;
      // the navigation that won is let finish before asking again: asked at once, it interrupted that one too
      await page.waitForLoadState('load').catch(() => undefined);
    }
  }
}

/** An in-app navigation, as a click on a link makes it: the router follows the history entry, no reload. */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Signs in through the sign-in form (shown in `language`, English by default) and submits it. Only
 * specs about the form itself use it (signin, account, session, the shell's language); the others
 * start signed in with `signIn`.
 */
export async function signInWithForm(
  page: Page,
  email: string,
  password: string,
  language: Language = 'en',
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(t('auth.login.email', language)).fill(email);
  await page.getByLabel(t('auth.login.password', language)).fill(password);
  await page.getByRole('button', { name: t('auth.login.submit', language) }).click();
}

/**
 * Starts the page signed in, as the sign-in form would leave it, without loading the form: the login
 * API's answer is stored under the session key the way the client stores it (`sessionAfterLogin`),
 * then the page opens where the landing rules send this user (the form's `resolveAfterLogin`), or at `at`
 * when the test is about another page (one app start instead of two: the landing page's is wasted).
 */
export async function signIn(page: Page, email: string, password: string, at?: string): Promise<void> {
  const login = await page.request.post('/iam/api/login', { form: { username: email, password } });
  expect(login.status(), await login.text()).toBe(200);
  // the app documents: a same-origin answer with no script, so the session is in place before the
  // app first boots, and the landing rules the form would follow
  const app = await leaveTheApp(page);
  const { landing } = (await app.json()) as { landing: LandingBody };
  // merged over what the browser already stored (an affiliate id, preferences), as the client does
  const stored = (await storedConfig(page)) ?? {};
  const patch = sessionAfterLogin((await login.json()).content, stored) as Record<string, unknown>;
  const session: Record<string, unknown> = { ...stored, ...patch };
  for (const key of Object.keys(session)) if (session[key] === undefined) delete session[key];
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [SESSION_KEY, JSON.stringify(session)]);
  await page.goto(at ?? resolveLanding(landing, subjectOf(session)));
}

/** Picks a language from the top bar's language menu (labelled in the page's current language). */
export async function chooseLanguage(page: Page, language: Language, current: Language): Promise<void> {
  await page.getByRole('button', { name: t('shell.language.label', current) }).click();
  await page.getByRole('menuitem', { name: t(`shell.language.${language}`, current) }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** The signed-in user's profile as GET /iam/api/me answers it, with the token the page holds. */
export async function profileOf(page: Page): Promise<Record<string, unknown>> {
  const token = (await storedConfig(page))?.token as string;
  const me = await page.request.get('/iam/api/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  return (await me.json()).content.user;
}

export async function expectSignedInAt(page: Page, path: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === path, { timeout: 15_000 });
  await expect(page.getByRole('main')).toBeVisible();
}

/**
 * Waits for the screen with this heading. A route change is a React transition: the URL changes
 * first and the old screen (a list whose filters and row buttons share names with the new screen's
 * fields and buttons) stays until the new one is ready.
 */
export async function expectScreen(page: Page, heading: string, level?: number): Promise<void> {
  await expect(page.getByRole('heading', { name: heading, level })).toBeVisible();
}

/** Keys i18next reported missing while the page was open (the client records them in dev and test). */
export async function missingKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __i18nMissing?: string[] }).__i18nMissing ?? []);
}
