import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
type AppBody = Record<string, any>;

import { PASSWORD } from './support/users';
import { signIn, t } from './support/ui';

/** Publishes a new version of an app document through the config service, as an admin would. */
async function publish(request: APIRequestContext, token: string, kind: string, edit: (body: AppBody) => void) {
  const auth = { authorization: `Bearer ${token}` };
  const current = await (await request.get(`/config/v1/documents/${kind}/app`)).json();
  edit(current.body);
  const draft = await request.post(`/config/v1/documents/${kind}/app/drafts`, {
    headers: auth,
    data: { body: current.body },
  });
  expect(draft.status()).toBe(201);
  const { version } = await draft.json();
  const published = await request.post(`/config/v1/documents/${kind}/app/versions/${version}/publish`, {
    headers: auth,
  });
  expect(published.status(), await published.text()).toBe(200);
}

test('a route and a menu item an admin publishes reach the next page load, with no rebuild or restart', async ({
  page,
  request,
}) => {
  const login = await request.post('/iam/api/login', { form: { username: 'admin@demo.test', password: PASSWORD } });
  const token = (await login.json()).content.token as string;

  await signIn(page, 'bank@demo.test', PASSWORD, '/app/compliance-calendar');
  await expect(page).toHaveURL(/error-404$/);
  const item = page.getByRole('link', { name: 'Compliance calendar' });
  await expect(item).toHaveCount(0);

  await publish(request, token, 'routes', (body) => {
    body.routes.push({
      path: '/app/compliance-calendar',
      layout: 'app',
      guard: { anyOf: ['portfolio:view'] },
      screen: 'placeholder',
      title: { en: 'Compliance calendar', tr: 'Uyumluluk takvimi' },
      props: { title: { en: 'Compliance calendar', tr: 'Uyumluluk takvimi' }, area: 'saqManagement' },
    });
  });
  await publish(request, token, 'menus', (body) => {
    body.main.splice(1, 0, {
      id: 'calendar',
      title: { en: 'Compliance calendar', tr: 'Uyumluluk takvimi' },
      type: 'item',
      icon: 'calendar',
      url: '/app/compliance-calendar',
      auth: ['portfolio:view'],
    });
  });

  await page.goto('/app/dashboard');
  // a route whose screen is a placeholder: the menu says so before the click (the folded navbar in
  // the link's name, the unfolded one in a "Soon" tag too), the page after it
  await expect(item).toHaveAccessibleDescription(t('placeholder.soonDescription'));
  await item.click();
  await expect(page).toHaveURL(/\/app\/compliance-calendar$/);
  await expect(page).toHaveTitle(/Compliance calendar/);
  await expect(page.getByRole('heading', { name: t('placeholder.notBuilt') })).toBeVisible();
});
