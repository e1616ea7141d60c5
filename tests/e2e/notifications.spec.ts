/**
 * Issue 8, notifications in real time: with the page open, a notification an admin creates through
 * the API reaches the bell over our Pusher-protocol socket — it shakes and shows a dot without a
 * reload; opening the menu shows it and marks it read; the Turkish text shows in Turkish; the full
 * list is the `notifications` list document.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { NOTIFICATIONS_API_KEY } from '../../core/notifications/notification.types';
import { totpCodes } from '../support/totp-codes';
import { PASSWORD } from './support/users';
import { chooseLanguage, expectSignedInAt, signIn, storedConfig, t } from './support/ui';

const KEY = { 'x-api-key': NOTIFICATIONS_API_KEY };

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.post('/iam/api/login', { form: { username: email, password: PASSWORD } });
  expect(answer.status()).toBe(200);
  return (await answer.json()).content.token;
}

/** The merchant's notifications as the gateway answers them (the truth the bell must show). */
async function notifs(request: APIRequestContext, token: string, query = '') {
  const answer = await request.get(`/ntgw/api/notifs?${query}`, {
    headers: { ...KEY, authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { totalItems: number; member: { id: string; payload: { title: string } }[] };
}

/** Titles of the merchant's unread notifications (another spec's may arrive meanwhile: a test looks for its own). */
async function unreadTitles(request: APIRequestContext, token: string): Promise<string[]> {
  const unread = await notifs(request, token, 'status=ACTIVE&itemsPerPage=100');
  return unread.member.map((member) => member.payload.title);
}

/** Starts from nothing unread, so the dot can only come from what this test sends. */
async function markAllRead(request: APIRequestContext, token: string) {
  const unread = await notifs(request, token, 'status=ACTIVE&itemsPerPage=100');
  if (unread.member.length === 0) return;
  const marked = await request.post('/ntgw/api/notifications/mark-as-read', {
    headers: { ...KEY, authorization: `Bearer ${token}` },
    data: { ids: unread.member.map((member) => member.id) },
  });
  expect(marked.status()).toBe(200);
}

async function notify(request: APIRequestContext, receiverExternalId: string, title: string) {
  const admin = await tokenOf(request, 'admin@demo.test');
  const made = await request.post('/ntgw/api/notifications', {
    headers: { ...KEY, authorization: `Bearer ${admin}` },
    data: {
      receiverExternalId,
      groups: [{ groupValue: 'report' }],
      payload: {
        title,
        description: 'Your PCI DSS report can be downloaded.',
        url: '/app/reports',
        tr: { title: `${title} (TR)`, description: 'PCI DSS raporunuz indirilebilir.', url: '/app/reports' },
      },
    },
  });
  expect(made.status()).toBe(201);
}

/** Signed in as the merchant with nothing unread, the bell's socket subscribed. */
async function openAsMerchant(page: Page) {
  await markAllRead(page.request, await tokenOf(page.request, 'merchant@demo.test'));
  await signIn(page, 'merchant@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/pci-dss-requests');
  const config = await storedConfig(page);
  const bell = page.locator('.notification-bell');
  await expect(bell).toHaveAttribute('data-live', 'true');
  await expect(bell).toHaveAttribute('data-fresh', 'false');
  return { bell, token: config?.token as string, userId: (config?.user as { uuid: string } | undefined)?.uuid ?? '' };
}

test('a notification made through the API shakes the bell in an open page; opening the menu shows and reads it', async ({
  page,
}) => {
  const { bell, token, userId } = await openAsMerchant(page);
  await page.evaluate(() => {
    (window as unknown as { stillThisPage: boolean }).stillThisPage = true;
  });

  const title = `Report ready ${Date.now()}`;
  await notify(page.request, userId, title);

  await expect(bell).toHaveAttribute('data-fresh', 'true');
  await expect(bell.locator('.notification-bell__dot')).toBeVisible();
  await expect(bell.locator('.notification-bell__icon--shake')).toHaveCount(1);
  await expect(bell).toHaveAccessibleName(t('notifications.menu.new'));
  // no reload happened: the same document is still there
  expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);

  await bell.click();
  const menu = page.getByRole('menu', { name: t('notifications.title') });
  await expect(menu.getByText(title, { exact: true })).toBeVisible();
  await expect(menu.getByText(t('notifications.menu.today'))).toBeVisible();
  await expect(menu.getByText(/^\d{2}:\d{2}$/).first()).toBeVisible();
  // opening marked it read on the server
  await expect.poll(() => unreadTitles(page.request, token)).not.toContain(title);
  await page.keyboard.press('Escape');
  await expect(bell).toHaveAttribute('data-fresh', 'false');
  await expect(bell.locator('.notification-bell__dot')).toHaveCount(0);

  // the full list is a list document; the notification is there, read
  await bell.click();
  await menu.getByRole('menuitem', { name: t('notifications.menu.seeAll') }).click();
  await expect(page).toHaveURL(/\/app\/notifications$/);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByText(t('notifications.status.READ'), { exact: true })).toBeVisible();
  await expect(row.getByText(t('notifications.groups.report'), { exact: true })).toBeVisible();
});

test('in Turkish the bell shows the Turkish text of a new notification', async ({ page }) => {
  const { bell, userId } = await openAsMerchant(page);
  await chooseLanguage(page, 'tr', 'en');
  const title = `Rapor ${Date.now()}`;
  await notify(page.request, userId, title);
  await expect(bell).toHaveAttribute('data-fresh', 'true');
  await bell.click();
  const menu = page.getByRole('menu', { name: t('notifications.title', 'tr') });
  const item = menu.getByRole('menuitem').filter({ hasText: `${title} (TR)` });
  await expect(item).toBeVisible();
  await expect(item.getByText('PCI DSS raporunuz indirilebilir.')).toBeVisible();
  await expect(menu.getByText(t('notifications.menu.today', 'tr'))).toBeVisible();
  await chooseLanguage(page, 'en', 'tr');
});

test('one socket per signed-in session, across screens, closed at logout', async ({ page }) => {
  const sockets: { url: string; closed: boolean }[] = [];
  page.on('websocket', (socket) => {
    const entry = { url: socket.url(), closed: false };
    sockets.push(entry);
    socket.on('close', () => {
      entry.closed = true;
    });
  });
  const { bell } = await openAsMerchant(page);
  for (const path of ['/app/saq/overview', '/app/settings', '/app/notifications']) {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(bell).toHaveAttribute('data-live', 'true');
  }
  const open = sockets.filter((socket) => !socket.closed);
  expect(open.map((socket) => new URL(socket.url).pathname)).toEqual(['/app/paysec']);

  await page.getByRole('button', { name: t('shell.userMenu') }).click();
  await page.getByRole('menuitem', { name: t('shell.logout') }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => sockets.every((socket) => socket.closed)).toBe(true);
});

/**
 * Shell §8 on the real server and page: the network answering 500 for the list (page.route stands
 * for a failing gateway) gives the empty menu, never an error; the page goes on and shows the
 * notification once the list answers again.
 */
test('a failed list shows the empty menu and the page stays usable', async ({ page }) => {
  let refused = 0;
  await page.route('**/ntgw/api/notifs?**', (route) => {
    refused += 1;
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'somethingWentWrong', message: 'down' }),
    });
  });
  const { bell, token, userId } = await openAsMerchant(page);
  const title = `Unseen ${Date.now()}`;
  await notify(page.request, userId, title);
  await expect(bell).toHaveAttribute('data-fresh', 'true'); // the event came; the list it asks for fails

  await bell.click();
  const menu = page.getByRole('menu', { name: t('notifications.title') });
  await expect(menu.getByText(t('notifications.menu.empty'))).toBeVisible();
  await expect(menu.getByText(title)).toHaveCount(0);
  expect(refused).toBeGreaterThan(0);
  await expect(page.locator('.bp6-toast')).toHaveCount(0);
  // the notification is there on the server all the same, unread (nothing was marked)
  const unread = await notifs(page.request, token, 'status=ACTIVE');
  expect(unread.member.map((member) => member.payload.title)).toContain(title);

  // the gateway is back: closing the menu reloads it, and the next opening shows the notification
  await page.unroute('**/ntgw/api/notifs?**');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await bell.click();
  await expect(menu.getByText(title, { exact: true })).toBeVisible();
  await expect.poll(() => unreadTitles(page.request, token)).not.toContain(title);
});

test('a failed mark-as-read is only logged: the menu shows, nothing on screen, the next opening marks them', async ({
  page,
}) => {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  const { bell, token, userId } = await openAsMerchant(page);
  let aborted = 0;
  await page.route('**/ntgw/api/notifications/mark-as-read', (route) => {
    aborted += 1;
    return route.abort('failed');
  });
  const title = `Not marked ${Date.now()}`;
  await notify(page.request, userId, title);
  await expect(bell).toHaveAttribute('data-fresh', 'true');

  await bell.click();
  const menu = page.getByRole('menu', { name: t('notifications.title') });
  await expect(menu.getByText(title, { exact: true })).toBeVisible();
  await expect.poll(() => logged.some((text) => text.includes('Marking notifications read failed'))).toBe(true);
  expect(aborted).toBe(1);
  await expect(page.locator('.bp6-toast')).toHaveCount(0);
  // still unread on the server, so still fresh in the page
  expect(await unreadTitles(page.request, token)).toContain(title);
  await page.keyboard.press('Escape');
  await expect(bell).toHaveAttribute('data-fresh', 'true');

  // the page goes on: with the network back, opening again marks them read
  await page.unroute('**/ntgw/api/notifications/mark-as-read');
  await bell.click();
  await expect(menu.getByText(title, { exact: true })).toBeVisible();
  await expect.poll(() => unreadTitles(page.request, token)).not.toContain(title);
  await page.keyboard.press('Escape');
  await expect(bell).toHaveAttribute('data-fresh', 'false');
});

/**
 * Sessions that end close the sockets (4009, docs/gateway/realtime.md): turning 2FA off ends
 * every session, this page's socket included, and the page, going on with the fresh token of the
 * answer, opens a new socket and gets events again. (The merchant ends as it started: 2FA off.)
 */
test('turning 2FA off closes the socket from the server; the page subscribes again with its fresh token', async ({
  page,
}) => {
  // what each socket of the page received, and whether it closed (a navigation's do not report closing)
  const sockets: { frames: string[]; closed: boolean }[] = [];
  page.on('websocket', (socket) => {
    const entry = { frames: [] as string[], closed: false };
    sockets.push(entry);
    socket.on('framereceived', (frame) => entry.frames.push(String(frame.payload)));
    socket.on('close', () => {
      entry.closed = true;
    });
  });
  const received = (socket: { frames: string[] }, text: string) => socket.frames.some((frame) => frame.includes(text));
  const { bell, userId } = await openAsMerchant(page);

  await page.goto('/app/settings');
  await page.getByRole('tab', { name: t('settings.tabs.security') }).click();
  await page.getByRole('button', { name: t('settings.security.setup') }).click();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim();
  const nextCode = totpCodes(secret);
  await page.getByLabel(t('settings.security.code')).fill(await nextCode());
  await page.getByRole('button', { name: t('settings.security.enable') }).click();
  await expect(page.getByText(t('settings.security.enabled'))).toBeVisible();
  await expect(bell).toHaveAttribute('data-live', 'true');
  const before = sockets.length;
  expect(received(sockets[before - 1], 'pusher_internal:subscription_succeeded')).toBe(true);

  await page.getByLabel(t('settings.security.code')).fill(await nextCode());
  await page.getByRole('button', { name: t('settings.security.disable') }).click();
  await expect(page.getByText(t('settings.security.disabled'))).toBeVisible();
  // the server closed the old socket; a new one is open and subscribed with the fresh token
  const old = sockets[before - 1];
  await expect.poll(() => old.closed).toBe(true);
  expect(received(old, '{\\"code\\":4009')).toBe(true);
  await expect
    .poll(() => sockets.slice(before).some((socket) => received(socket, 'pusher_internal:subscription_succeeded')))
    .toBe(true);
  await expect(bell).toHaveAttribute('data-live', 'true');

  const title = `After 2FA off ${Date.now()}`;
  await notify(page.request, userId, title);
  await expect(bell).toHaveAttribute('data-fresh', 'true');
});
