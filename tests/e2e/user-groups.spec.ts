/**
 * Issue 23's browser check: a screen guarded by a permission no code names (published through the
 * config API, tests/support/compliance-calendar.ts) opens for a user an admin granted it through a
 * user group — granted after the user signed in, so the next page load shows it — and a user without
 * it sees 'No permission'. The server's side is tests/integration/user-groups.test.ts.
 */
import type { APIRequestContext } from '@playwright/test';
import { CALENDAR, calendarDocuments, withCalendarKeepers, withCalendarRoute } from '../support/compliance-calendar';
import { expect, test } from './support/test';
import { PASSWORD } from './support/users';
import { expectScreen, signIn, t } from './support/ui';

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/iam/api/login', { form: { username: 'admin@demo.test', password: PASSWORD } });
  expect(login.status()).toBe(200);
  return (await login.json()).content.token;
}

/** A draft, then its publish, as docs/documents/README.md shows. */
async function publish(request: APIRequestContext, token: string, kind: string, id: string, body: unknown) {
  const headers = { authorization: `Bearer ${token}` };
  const draft = await request.post(`/config/v1/documents/${kind}/${id}/drafts`, { headers, data: { body } });
  expect(draft.status(), await draft.text()).toBe(201);
  const { version } = await draft.json();
  const done = await request.post(`/config/v1/documents/${kind}/${id}/versions/${version}/publish`, { headers });
  expect(done.status(), `${kind}/${id}: ${await done.text()}`).toBe(200);
}

async function publishNext(request: APIRequestContext, token: string, kind: string, edit: (body: any) => unknown) {
  const current = await request.get(`/config/v1/documents/${kind}/app`);
  await publish(request, token, kind, 'app', edit((await current.json()).body));
}

test('a user granted a new permission through a user group opens its route; one without it sees No permission', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  await publishNext(request, admin, 'role-groups', withCalendarKeepers);
  for (const document of calendarDocuments()) await publish(request, admin, document.kind, document.id, document.body);
  await publishNext(request, admin, 'routes', withCalendarRoute);

  // signed in before the grant: the stored session does not hold the permission yet
  await signIn(page, 'bank@demo.test', PASSWORD);
  const created = await request.post('/wbe/api/resources/user-group', {
    headers: { authorization: `Bearer ${admin}` },
    data: {
      name: 'Compliance calendar readers (e2e)',
      permissions: [CALENDAR.permission],
      members: [{ email: 'bank@demo.test', organization: 'org-demo-bank' }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const groupId = (await created.json()).content.id as string;
  try {
    await page.goto(CALENDAR.path);
    await expectScreen(page, CALENDAR.title.en);
    await expect(page.getByText(t('errors.noPermission'))).toHaveCount(0);

    await signIn(page, 'merchant@demo.test', PASSWORD, CALENDAR.path);
    await expect(page.getByText(t('errors.noPermission'))).toBeVisible();
  } finally {
    await request.delete(`/wbe/api/resources/user-group/${groupId}`, { headers: { authorization: `Bearer ${admin}` } });
  }
});
