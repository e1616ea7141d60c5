/** Page helpers shared by the e2e specs: texts come from locales/en.json, never retyped. */
import fs from 'node:fs';
import { type Page, expect } from '@playwright/test';

const en = JSON.parse(fs.readFileSync('locales/en.json', 'utf8'));

/** English text of a locale key (dots separate levels). */
export function t(key: string): string {
  const value = key.split('.').reduce((o, k) => (o as Record<string, unknown>)?.[k], en as unknown);
  if (typeof value !== 'string') throw new Error(`no English text for ${key}`);
  return value;
}

/** The session object the client keeps under the single localStorage key. */
export async function storedConfig(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('config') ?? 'null'));
}

/** Signs in through the sign-in form and waits until the app has left /login. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(t('auth.login.email')).fill(email);
  await page.getByLabel(t('auth.login.password')).fill(password);
  await page.getByRole('button', { name: t('auth.login.submit') }).click();
}

export async function expectSignedInAt(page: Page, path: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === path, { timeout: 15_000 });
  await expect(page.getByRole('main')).toBeVisible();
}

/** Keys i18next reported missing while the page was open (the client records them in dev and test). */
export async function missingKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __i18nMissing?: string[] }).__i18nMissing ?? []);
}
