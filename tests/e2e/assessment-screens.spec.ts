/**
 * The assessor's and the assessee's assessment screens as documents in Chromium (issue 10 'Screens'):
 * `/app/review-requests` (requests, and grouped by third party and by template), a group's page with
 * its assessments, `/app/portfolio-management`, one third party's page and its overview, and
 * `/app/assessment-requests` — each rendered with data made through the API. Its own third party is
 * removed at the end: other specs count the demo organisation's third parties.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { VENDOR_TEMPLATE, completeAnswers } from '../support/vendor-assessment';
import { signedIn } from './support/assessment-ui';
import { serverURL } from './support/servers';
import { t } from './support/ui';
import { PASSWORD } from './support/users';

test.use({ actionTimeout: 15_000 });

const MAQ = '/maq/api';
const STAMP = Date.now();
const VENDOR = `E2E Screens Vendor ${STAMP}`;
const DONE = `E2E screens done ${STAMP}`;
const OPEN = `E2E screens open ${STAMP}`;

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.post('/iam/api/login', { form: { username: email, password: PASSWORD } });
  expect(answer.status()).toBe(200);
  return (await answer.json()).content.token as string;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

test('the assessor’s review requests, groups and portfolio, and the assessee’s requests, render with data', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tokens = {
    owner: await tokenOf(request, 'owner@demo.test'),
    assessor: await tokenOf(request, 'assessor@demo.test'),
    assessee: await tokenOf(request, 'assessee@demo.test'),
  };
  const send = async (who: keyof typeof tokens, method: string, path: string, data?: unknown) => {
    const answer = await request.fetch(path, { method, headers: bearer(tokens[who]), data });
    expect(answer.status(), `${method} ${path}: ${await answer.text()}`).toBeLessThan(300);
    return (await answer.json()).content;
  };
  const vendor = await send('owner', 'POST', '/wbe/api/resources/third-party', {
    name: VENDOR,
    url: 'https://screens.e2e.example',
    package: 'hosting',
    contactPerson: 'Emre Assessee',
    contactEmail: 'assessee@demo.test',
  });
  try {
    const people = (await send('owner', 'GET', `${MAQ}/people`)) as { id: string; email: string }[];
    const assessorId = people.find((person) => person.email === 'assessor@demo.test')?.id;
    const requested = async (name: string) => {
      const made = await send('owner', 'POST', `${MAQ}/assessments`, {
        name,
        templateId: VENDOR_TEMPLATE,
        thirdPartyId: vendor.id,
        assessorId,
        deadline: '2027-06-30',
      });
      await send('owner', 'POST', `${MAQ}/assessments/${made.id}/actions/invite`);
      await send('owner', 'POST', `${MAQ}/assessments/${made.id}/actions/request`);
      return made.id as string;
    };
    const done = await requested(DONE);
    const base = serverURL(test.info().parallelIndex);
    for (const [itemId, value] of Object.entries(await completeAnswers(base, tokens.assessee, done)))
      await send('assessee', 'PUT', `${MAQ}/assessments/${done}/answers/${itemId}`, { value });
    await send('assessee', 'POST', `${MAQ}/assessments/${done}/submit`, {});
    for (const section of ['company', 'controls', 'incidents'])
      await send('assessor', 'POST', `${MAQ}/assessments/${done}/sections/${section}/review`);
    await send('assessor', 'POST', `${MAQ}/assessments/${done}/actions/complete`);
    await requested(OPEN);

    const assessor = await signedIn(browser, 'assessor@demo.test');
    await test.step('review requests: the requests, then grouped by third party, a group’s page', async () => {
      await assessor.goto('/app/review-requests');
      await expect(assessor.getByRole('row').filter({ hasText: DONE })).toBeVisible();
      await assessor.getByRole('tab', { name: t('assessments.tabs.byTemplate') }).click();
      await expect(assessor.getByRole('row').filter({ hasText: 'Vendor security assessment' })).toBeVisible();
      await assessor.getByRole('tab', { name: t('assessments.tabs.byThirdParty') }).click();
      const group = assessor.getByRole('row').filter({ hasText: VENDOR });
      // two assessments, one completed at 60
      await expect(group).toContainText('60');
      await group.click();
      await expect(assessor).toHaveURL((url) => url.pathname === `/app/review-requests/group/thirdParty.${vendor.id}`);
      await expect(assessor.getByRole('heading', { name: VENDOR })).toBeVisible();
      await expect(assessor.locator('[data-panel="assessments"]')).toContainText('2');
      await expect(assessor.getByRole('row').filter({ hasText: DONE })).toBeVisible();
      await assessor.getByRole('row').filter({ hasText: OPEN }).click();
      await expect(assessor).toHaveURL((url) => url.pathname.startsWith('/app/review-requests/assessment/'));
      await expect(assessor.getByRole('heading', { name: OPEN })).toBeVisible();
    });

    await test.step('portfolio management: the third party, its page and its overview', async () => {
      await assessor.goto('/app/portfolio-management');
      await assessor.getByRole('row').filter({ hasText: VENDOR }).click();
      await expect(assessor).toHaveURL((url) => url.pathname === `/app/portfolio-management/${vendor.id}`);
      await expect(assessor.getByRole('heading', { name: VENDOR })).toBeVisible();
      await expect(assessor.locator('[data-panel="latestScore"]')).toContainText('60');
      await expect(assessor.getByRole('row').filter({ hasText: OPEN })).toBeVisible();
      await assessor.getByRole('button', { name: t('assessments.actions.overview') }).click();
      await expect(assessor).toHaveURL((url) => url.pathname === `/app/portfolio-management/${vendor.id}/overview`);
      await expect(assessor.locator('[data-panel="completed"]')).toContainText('1');
      // a slice per state (completed, requested) and a line over the completed one's score
      const statuses = assessor.locator('[data-panel="statuses"]');
      await expect(statuses.locator('svg.page-chart__surface')).toBeVisible();
      await expect(statuses.locator('.page-chart__sector')).toHaveCount(2);
      await expect(statuses.locator('.page-chart__legend')).toContainText(t('assessmentFlow.states.completed'));
      const scores = assessor.locator('[data-panel="scores"]');
      await expect(scores.locator('svg.page-chart__surface')).toBeVisible();
      await expect(scores.locator('.page-chart__line')).toHaveCount(1);
    });

    const assessee = await signedIn(browser, 'assessee@demo.test');
    await test.step('assessment requests: the assessee’s, each opening its page', async () => {
      await assessee.goto('/app/assessment-requests');
      await expect(assessee.getByRole('row').filter({ hasText: DONE })).toContainText(
        t('assessmentFlow.states.completed'),
      );
      await assessee.getByRole('row').filter({ hasText: OPEN }).click();
      await expect(assessee.getByRole('heading', { name: OPEN })).toBeVisible();
      await expect(assessee.getByRole('button', { name: t('assessments.actions.answer') })).toBeVisible();
    });
  } finally {
    await request.delete(`/wbe/api/resources/third-party/${vendor.id}`, { headers: bearer(tokens.owner) });
  }
});
