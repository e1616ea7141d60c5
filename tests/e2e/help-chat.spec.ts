/**
 * The help chat round trip in Chromium (issue 8), with two browsers side by side: a merchant asks
 * from the widget, the admin finds it in the support inbox (a list document) without reloading,
 * answers in the conversation (a page document with a thread panel), and the merchant's widget
 * counts the answer as unread until the panel shows it. The conversation is still there after a
 * reload, and the widget speaks Turkish.
 *
 * Until the Pusher-protocol server delivers `helpChat.*` events, the steps marked LIVE are carried by
 * the widget's and the live documents' 15-second poll; with the events they happen at once.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { PASSWORD } from './support/users';
import { chooseLanguage, expectSignedInAt, missingKeys, signIn, t } from './support/ui';

/** Longer than one poll (15 s) with room to spare: a LIVE step waits at most this long. */
const LIVE = { timeout: 40_000 };
const QUESTION = `Why is my scan pending? (${Date.now()})`;
const ANSWER = 'It restarts tonight; nothing to do on your side.';

async function signedIn(browser: Browser, email: string, landing: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, PASSWORD);
  await expectSignedInAt(page, landing);
  return page;
}

/** The widget's round button; its name starts with what it does, then says how many are unread. */
const launcher = (page: Page, key: string, language: 'en' | 'tr' = 'en'): Locator =>
  page.getByRole('button', { name: new RegExp(`^${t(key, language).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
const badge = (page: Page) => page.locator('.help-chat__badge');

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('.help-chat').analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a question from the widget reaches the support inbox, the answer comes back unread, the conversation is kept', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await signedIn(browser, 'admin@demo.test', '/app/dashboard');
  await admin.getByRole('button', { name: t('helpChat.inboxButton') }).click();
  await expect(admin).toHaveURL(/\/app\/help-chat$/);
  await expect(admin.getByRole('heading', { name: t('helpChat.inbox.title') })).toBeVisible();
  const inbox = admin.getByRole('table', { name: t('helpChat.inbox.title') });

  // the merchant asks
  const merchant = await signedIn(browser, 'merchant@demo.test', '/app/pci-dss-requests');
  await launcher(merchant, 'helpChat.open').click();
  const panel = merchant.getByRole('dialog', { name: t('helpChat.title') });
  await expect(panel.getByText(t('helpChat.empty'))).toBeVisible();
  await expectAccessible(merchant);
  const box = panel.getByLabel(t('thread.message'));
  await box.fill(QUESTION);
  await box.press('Enter');
  const log = panel.getByRole('log', { name: t('thread.messages') });
  await expect(log.getByText(QUESTION)).toBeVisible();
  await expect(box).toHaveValue('');
  await expectAccessible(merchant);
  await panel.getByRole('button', { name: t('helpChat.close') }).click();
  await expect(panel).toBeHidden();

  // LIVE: the open inbox shows the conversation, unread, and the admin's button counts it — no reload
  const row = inbox.getByRole('row').filter({ hasText: 'merchant@demo.test' });
  await expect(row).toContainText(QUESTION, LIVE);
  await expect(row).toContainText(t('helpChat.inbox.waiting'));
  await expect(badge(admin)).toHaveText('1', LIVE);

  // the admin opens it: the thread shows the question, which is then read (the badge goes)
  await row.getByText(QUESTION).click();
  await expect(admin).toHaveURL(/\/app\/help-chat\/[^/]+$/);
  const thread = admin.getByRole('log', { name: t('helpChat.conversation.messages') });
  await expect(thread.getByText(QUESTION)).toBeVisible();
  await expect(badge(admin)).toBeHidden();
  const reply = admin.getByLabel(t('thread.message'));
  await reply.fill(ANSWER);
  await admin.getByRole('button', { name: t('thread.send') }).click();
  await expect(thread.locator('.thread__message--own').getByText(ANSWER)).toBeVisible();
  await expect(reply).toHaveValue('');

  // LIVE: the merchant's closed widget counts the answer as unread
  await expect(badge(merchant)).toHaveText('1', LIVE);
  await launcher(merchant, 'helpChat.open').click();
  await expect(log.getByText(ANSWER)).toBeVisible();
  await expect(log.locator('li').filter({ hasText: ANSWER })).toContainText('Ada Admin');
  // shown, so read: the count goes; the inbox says the conversation is answered
  await expect(badge(merchant)).toBeHidden();
  await admin.getByRole('button', { name: t('helpChat.conversation.backToInbox') }).click();
  await expect(inbox.getByRole('row').filter({ hasText: 'merchant@demo.test' })).toContainText(
    t('helpChat.inbox.answered'),
  );

  // kept: after a reload the whole conversation is there, nothing unread; and the widget speaks Turkish
  await merchant.reload();
  await expect(badge(merchant)).toBeHidden();
  await launcher(merchant, 'helpChat.open').click();
  await expect(log.getByText(QUESTION)).toBeVisible();
  await expect(log.getByText(ANSWER)).toBeVisible();
  await panel.getByRole('button', { name: t('helpChat.close') }).click();
  await chooseLanguage(merchant, 'tr', 'en');
  await expect(launcher(merchant, 'helpChat.open', 'tr')).toBeVisible();
  expect(await missingKeys(merchant)).toEqual([]);
  expect(await missingKeys(admin)).toEqual([]);
  // the language is the account's: back to English for the specs after this one
  await chooseLanguage(merchant, 'en', 'tr');
});

test('the inbox and a conversation are refused to a user outside helpChatAgents', async ({ browser }) => {
  const bank = await signedIn(browser, 'bank@demo.test', '/app/dashboard');
  // a bank user chats like any user: the widget opens their own conversation, not the inbox
  await expect(launcher(bank, 'helpChat.open')).toBeVisible();
  for (const path of ['/app/help-chat', '/app/help-chat/anyone']) {
    await bank.goto(path);
    await expect(bank.getByText(t('errors.noPermission'))).toBeVisible();
    await expect(bank.getByRole('table', { name: t('helpChat.inbox.title') })).toHaveCount(0);
  }
});
