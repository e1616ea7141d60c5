/** Helpers the assessment specs share: a signed-in page per role, the workflow's status tag and moves. */
import { type Browser, type Page, expect } from '@playwright/test';
import { signIn, t } from './ui';
import { PASSWORD } from './users';

/** A demo user signed in on a page of its own browser context (so several roles act side by side). */
export async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL((url) => url.pathname.startsWith('/app/'));
  return page;
}

/** The page header's status tag shows the workflow state's title. */
export const expectStatus = (page: Page, state: string) =>
  expect(
    page
      .getByRole('main')
      .getByText(t(`assessmentFlow.states.${state}`), { exact: true })
      .first(),
  ).toBeVisible();

/** The button of one workflow move. */
export const transition = (page: Page, action: string) =>
  page.getByRole('button', { name: t(`assessmentFlow.actions.${action}`), exact: true });
