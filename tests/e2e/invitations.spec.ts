/**
 * Invitations end to end in Chromium (issue 5): an admin invites from the invitations list, the
 * invitee opens the mailed link, registers with it and signs in without waiting for an admin; the
 * admin then sees the invitation accepted. A revoked link and an unknown one lead to the
 * invitation-not-found page.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { waitForLink } from './support/mailbox';
import { PASSWORD } from './support/users';
import { expectScreen, expectSignedInAt, signIn, t } from './support/ui';

test.describe.configure({ mode: 'serial' });

const invitee = `invited.${Date.now()}@example.test`;
let link = '';

const text = (key: string, values: Record<string, string>) =>
  t(key).replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => values[name] ?? '');

async function openInvitations(page: Page) {
  await signIn(page, 'admin@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
  await page
    .getByRole('link', { name: t('invitations.menu') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/app\/invitations$/);
  await expect(page.getByRole('table', { name: t('invitations.title') })).toBeVisible();
}

const rowOf = (page: Page, email: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });

test('an admin invites by e-mail from the invitations list; the mail carries the link', async ({ page }) => {
  await openInvitations(page);
  await page.getByRole('button', { name: t('invitations.actions.invite') }).click();
  await expect(page).toHaveURL(/\/app\/invitations\/new$/);
  await expectScreen(page, t('invitations.form.title'));
  await page.getByLabel(t('invitations.fields.email')).fill(invitee);
  await page.getByLabel(t('invitations.fields.role')).selectOption({ label: t('invitations.roles.saq') });
  await page.getByLabel(t('invitations.fields.position')).selectOption({ label: t('invitations.positions.technical') });
  await expect(page.getByLabel(t('invitations.fields.validityDays'))).toHaveValue('180');
  await page.getByRole('button', { name: t('invitations.form.submit') }).click();

  await expect(page).toHaveURL(/\/app\/invitations$/);
  const row = rowOf(page, invitee);
  await expect(row.getByText(t('invitations.states.mailSent'), { exact: true })).toBeVisible();
  await expect(row.getByText(t('invitations.roles.saq'), { exact: true })).toBeVisible();
  link = await waitForLink(invitee, '/login/');
  expect(new URL(link).pathname).toMatch(/^\/login\/[0-9a-f-]{36}$/);
});

test('the invitee opens the link, registers with it, verifies and signs in without admin approval', async ({
  page,
}) => {
  await page.goto(link);
  const notice = page.getByText(
    text('invitations.accept.invitedBy', {
      sender: 'Ada Admin',
      organization: 'PaySec Platform',
      role: t('invitations.roles.saq'),
    }),
  );
  await expect(notice).toBeVisible();
  await expect(page.getByText(text('invitations.accept.forEmail', { email: `i***@example.test` }))).toBeVisible();
  await page.getByRole('link', { name: t('invitations.accept.register') }).click();
  await expect(page).toHaveURL(/\/register\?invitation=/);
  await expect(notice).toBeVisible();

  for (const [key, value] of Object.entries({
    name: 'Ivy Invited',
    company: 'PaySec Platform',
    phone: '5551234567',
    email: invitee,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
  }))
    await page.getByLabel(t(`forms.${key}`), { exact: true }).fill(value);
  await page.getByLabel(t('forms.usingConditions')).check();
  await page.getByRole('button', { name: t('auth.register.submit') }).click();
  await expect(page.getByText(t('invitations.accept.registered'))).toBeVisible();

  await page.goto(await waitForLink(invitee, '/verification?token='));
  await expect(page.getByText(t('errors.accountActivated'))).toBeVisible();
  await signIn(page, invitee, PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
});

test('the admin sees the invitation accepted, with no resend or revoke left', async ({ page }) => {
  await openInvitations(page);
  const row = rowOf(page, invitee);
  await expect(row.getByText(t('invitations.states.accepted'), { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: t('invitations.actions.revoke') })).toHaveCount(0);
  await expect(row.getByRole('button', { name: t('invitations.actions.resend') })).toHaveCount(0);
  // a used link is no longer an invitation
  await page.goto(link);
  await expect(page).toHaveURL(/\/invitation-not-found$/);
});

test('a revoked invitation and an unknown code land on the invitation-not-found page', async ({ page }) => {
  const revokedEmail = `revoked.${Date.now()}@example.test`;
  await openInvitations(page);
  await page.getByRole('button', { name: t('invitations.actions.invite') }).click();
  await expectScreen(page, t('invitations.form.title'));
  await page.getByLabel(t('invitations.fields.email')).fill(revokedEmail);
  await page.getByLabel(t('invitations.fields.role')).selectOption({ label: t('invitations.roles.user') });
  await page.getByLabel(t('invitations.fields.position')).selectOption({ label: t('invitations.positions.other') });
  await page.getByRole('button', { name: t('invitations.form.submit') }).click();
  const row = rowOf(page, revokedEmail);
  await row.getByRole('button', { name: t('invitations.actions.revoke') }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(t('invitations.list.revokeConfirm'));
  await dialog.getByRole('button', { name: t('invitations.actions.revoke') }).click();
  await expect(row.getByText(t('invitations.states.revoked'), { exact: true })).toBeVisible();

  const revokedLink = await waitForLink(revokedEmail, '/login/');
  const visitor = await (await page.context().browser()?.newContext())?.newPage();
  if (!visitor) throw new Error('no browser');
  await visitor.goto(revokedLink);
  await expect(visitor).toHaveURL(/\/invitation-not-found$/);
  await expect(visitor.getByRole('heading', { level: 1, name: t('errors.invitationNotFound') })).toBeVisible();
  await visitor.goto('/login/00000000-0000-4000-8000-000000000000');
  await expect(visitor).toHaveURL(/\/invitation-not-found$/);
  await expect(visitor.getByText(t('auth.invitationNotFound.description'))).toBeVisible();
});
