/**
 * Vendor assessments end to end in Chromium (issue 10): the owner creates an assessment from the
 * published template with the form document and sends it; the assessee answers part of it in the
 * questionnaire (a file among it; the rest through the API) and submits; the assessor sees the file
 * not yet reviewed, downloads it, marks answers and sends one answer back with a note; the assessee
 * sees which answer to fix and why, fixes it and submits again; the assessor marks the rest reviewed
 * and completes; the "No" on a control becomes an issue in the issues list. Its own third party is
 * removed at the end: other specs count the demo organisation's third parties.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectStatus, signedIn, transition } from './support/assessment-ui';
import { expectScreen, t } from './support/ui';
import { PASSWORD } from './support/users';

// a missing element fails its step soon instead of at the test's timeout
test.use({ actionTimeout: 15_000 });

const STAMP = Date.now();
const NAME = `E2E vendor review ${STAMP}`;
const VENDOR = `E2E Vendor ${STAMP}`;

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.post('/iam/api/login', { form: { username: email, password: PASSWORD } });
  expect(answer.status()).toBe(200);
  return (await answer.json()).content.token as string;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const FILE_QUESTION = 'Information security policy (file)';
const POLICY = {
  name: 'policy.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.7\n% ${STAMP}\n%%EOF\n`),
};

/** The assessment page's panel with this title. */
const panel = (page: Page, title: string) => page.locator('.page-panel').filter({ hasText: title });

test('an assessment from the template: answered, sent back, fixed and completed', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const ownerToken = await tokenOf(request, 'owner@demo.test');
  const assesseeToken = await tokenOf(request, 'assessee@demo.test');
  const made = await request.post('/wbe/api/resources/third-party', {
    headers: bearer(ownerToken),
    data: {
      name: VENDOR,
      url: 'https://vendor.e2e.example',
      package: 'hosting',
      contactPerson: 'Emre Assessee',
      contactEmail: 'assessee@demo.test',
    },
  });
  expect(made.status()).toBe(201);
  const thirdPartyId = (await made.json()).content.id as string;
  let assessmentPath = '';

  try {
    const owner = await signedIn(browser, 'owner@demo.test');
    await test.step('the owner creates the assessment with the form document and sends it', async () => {
      await owner.goto('/app/vendor-assessment');
      await owner.getByRole('button', { name: t('assessments.actions.new') }).click();
      await expect(owner).toHaveURL((url) => url.pathname === '/app/vendor-assessment/new');
      await expectScreen(owner, t('assessments.form.newTitle'));
      await owner.getByLabel(t('assessments.fields.owner')).selectOption({ label: 'Oya Owner' });
      await owner.getByRole('textbox', { name: /^Name( \*)?$/ }).fill(NAME);
      await owner
        .getByLabel(t('assessments.fields.template'))
        .selectOption({ label: 'Vendor security assessment (v1)' });
      await owner.getByLabel(t('assessments.fields.thirdParty')).selectOption({ label: VENDOR });
      await owner.getByLabel(t('assessments.fields.assessor')).selectOption({ label: 'Aslı Assessor' });
      await owner.getByRole('textbox', { name: /^Deadline( \*)?$/ }).fill('2027-06-30');
      await owner.getByRole('button', { name: t('forms.submit') }).click();
      await expect(owner).toHaveURL((url) => url.pathname.startsWith('/app/vendor-assessment/detail/'));
      assessmentPath = `/maq/api/assessments/${new URL(owner.url()).pathname.split('/').pop()}`;
      await expectStatus(owner, 'notInvited');
      await transition(owner, 'invite').click();
      // the contact e-mail belongs to a member: registered at once
      await expectStatus(owner, 'registered');
      await transition(owner, 'request').click();
      await expectStatus(owner, 'requested');
    });

    const assessee = await signedIn(browser, 'assessee@demo.test');
    await test.step('the assessee answers part of it in the questionnaire, the rest by the API, and submits', async () => {
      await assessee.goto('/app/assessment-requests');
      await assessee.getByRole('row').filter({ hasText: NAME }).click();
      await expect(assessee).toHaveURL((url) => url.pathname.startsWith('/app/assessment-requests/'));
      await assessee.getByRole('button', { name: t('assessments.actions.answer') }).click();
      // the questionnaire's own section heading: the page it was opened from (level-2 headings too)
      // stays on screen until the questionnaire is ready (expectScreen)
      await expect(assessee).toHaveURL((url) => url.pathname.includes('/answer/'));
      await expect(assessee.getByRole('heading', { level: 2, name: /Company/ })).toBeVisible();
      const saved = assessee.waitForResponse(
        (response) => response.url().includes('/answers/securityContact') && response.status() === 200,
      );
      await assessee.getByRole('textbox', { name: /Security contact/ }).fill('Emre Assessee');
      await saved;
      await assessee.getByRole('button', { name: t('questionnaire.next') }).click();
      const mfa = assessee.waitForResponse((response) => response.url().includes('/answers/mfa'));
      await assessee
        .locator('fieldset')
        .filter({ hasText: 'multi-factor' })
        .getByRole('radio', { name: 'Yes' })
        .check();
      expect((await mfa).status()).toBe(200);
      // the file goes to the server; the answer keeps its reference
      const filed = assessee.waitForResponse((response) => response.url().includes('/answers/securityPolicy'));
      await assessee.locator(`input[type="file"][aria-label^="${FILE_QUESTION}"]`).setInputFiles(POLICY);
      expect((await filed).status()).toBe(200);
      await expect(
        assessee.getByRole('button', { name: t('questionnaire.file.download').replace('{{name}}', 'policy.pdf') }),
      ).toBeVisible();
      const rest = {
        employees: 12,
        certifications: ['iso27001'],
        encryption: 'no',
        pentest: 'yes',
        pentestDate: '2026-05-01',
        incidentPlan: 'no',
      };
      for (const [itemId, value] of Object.entries(rest)) {
        const answer = await request.put(`${assessmentPath}/answers/${itemId}`, {
          headers: bearer(assesseeToken),
          data: { value },
        });
        expect(answer.status(), itemId).toBe(200);
      }
      await assessee.goto(new URL(assessee.url()).pathname.replace(/\/answer\/.*$/, ''));
      await transition(assessee, 'submit').click();
      await expectStatus(assessee, 'reviewing');
    });

    const assessor = await signedIn(browser, 'assessor@demo.test');
    await test.step('the assessor sees the file to review, downloads it and sends the encryption answer back', async () => {
      await assessor.goto('/app/review-requests');
      await assessor.getByRole('row').filter({ hasText: NAME }).click();
      await expect(assessor).toHaveURL((url) => url.pathname.startsWith('/app/review-requests/assessment/'));
      const rows = assessor.getByRole('row');
      await expect(rows.filter({ hasText: 'encrypted at rest' })).toBeVisible();
      for (const question of ['Security contact', 'multi-factor', 'penetration test performed', 'incident response']) {
        const row = rows.filter({ hasText: new RegExp(question, 'i') }).first();
        await row.getByRole('button', { name: t('assessments.actions.markReviewed') }).click();
        await expect(row.getByText(t('assessments.items.reviewed'), { exact: true })).toBeVisible();
      }
      // the file is not reviewed yet: the warning lists it before completing
      const warning = panel(assessor, t('assessments.filesWarning.title'));
      await expect(warning).toContainText(FILE_QUESTION);
      const fileRow = rows.filter({ hasText: FILE_QUESTION });
      await expect(fileRow).toContainText('policy.pdf');
      const downloaded = assessor.waitForEvent('download');
      await fileRow.getByRole('button', { name: t('assessments.actions.downloadFile') }).click();
      expect((await downloaded).suggestedFilename()).toBe('policy.pdf');
      // one answer back, with its note
      const encryption = rows.filter({ hasText: 'encrypted at rest' });
      await encryption.getByRole('button', { name: t('assessments.actions.sendBackAnswer') }).click();
      const dialog = assessor.getByRole('dialog');
      await dialog.getByRole('textbox').fill('Please encrypt the backups too.');
      await dialog.getByRole('button', { name: t('list.send') }).click();
      await expectStatus(assessor, 'answering');
      await expect(encryption.getByText(t('assessments.items.toFix'), { exact: true })).toBeVisible();
    });

    await test.step('the assessee sees which answer to fix and the note, fixes it and submits again', async () => {
      await assessee.reload();
      await expect(panel(assessee, t('assessments.toFix.title'))).toBeVisible();
      const toFix = assessee
        .getByRole('row')
        .filter({ has: assessee.getByRole('cell', { name: t('assessments.items.toFix'), exact: true }) });
      await expect(toFix).toHaveCount(1);
      await expect(toFix).toContainText('encrypted at rest');
      await expect(toFix).toContainText('Please encrypt the backups too.');
      await assessee.getByRole('tab', { name: t('assessments.tabs.chat') }).click();
      await expect(assessee.getByText('Please encrypt the backups too.')).toBeVisible();
      await assessee.getByRole('button', { name: t('assessments.actions.answer') }).click();
      await assessee.getByRole('button', { name: t('questionnaire.next') }).click();
      const fixed = assessee.waitForResponse((response) => response.url().includes('/answers/encryption'));
      await assessee
        .locator('fieldset')
        .filter({ hasText: 'encrypted at rest' })
        .getByRole('radio', { name: 'Yes' })
        .check();
      expect((await fixed).status()).toBe(200);
      await assessee.goto(new URL(assessee.url()).pathname.replace(/\/answer\/.*$/, ''));
      await transition(assessee, 'submit').click();
      await expectStatus(assessee, 'reviewing');
    });

    await test.step('the assessor marks the rest reviewed and completes it', async () => {
      await assessor.reload();
      const rows = assessor.getByRole('row');
      await expect(rows.filter({ hasText: 'encrypted at rest' })).toBeVisible();
      await expect(assessor.getByRole('cell', { name: t('assessments.items.toFix'), exact: true })).toHaveCount(0);
      for (const question of [
        'employees',
        'Certifications',
        'encrypted at rest',
        'Date of the last',
        'Information security policy',
      ]) {
        const row = rows.filter({ hasText: new RegExp(question, 'i') }).first();
        const mark = row.getByRole('button', { name: t('assessments.actions.markReviewed') });
        if (await mark.count()) {
          await mark.click();
          await expect(row.getByText(t('assessments.items.reviewed'), { exact: true })).toBeVisible();
        }
      }
      await expect(panel(assessor, t('assessments.filesWarning.title'))).toHaveCount(0);
      await transition(assessor, 'complete').click();
      await expectStatus(assessor, 'completed');
      await expect(transition(assessor, 'reopen')).toBeVisible();
    });

    await test.step('the owner sees it completed with its score and the finding as an issue', async () => {
      await owner.goto('/app/vendor-assessment');
      const row = owner.getByRole('row').filter({ hasText: NAME });
      await expect(row.getByText(t('assessmentFlow.states.completed'))).toBeVisible();
      const score = await request.get(`/ast/issue/get_latest_closed_assessment_score/${thirdPartyId}`, {
        headers: bearer(ownerToken),
      });
      // yes 10 + yes 10×2 + yes 10 + no 0 of 50
      expect((await score.json()).content.score).toBe(80);
      // the "No" on the incident plan is a finding of the template: an open issue on the third party
      await owner.goto('/app/issues');
      const issue = owner
        .getByRole('row')
        .filter({ hasText: `${VENDOR}: Do you keep a tested incident response plan?` });
      await expect(issue).toBeVisible();
      await expect(issue.getByText(t('issues.statuses.open'), { exact: true })).toBeVisible();
      const ofVendor = await request.get(`/ast/issue/get_assessment_issues_by_merchant_id/${thirdPartyId}`, {
        headers: bearer(ownerToken),
      });
      expect((await ofVendor.json()).content).toHaveLength(1);
    });

    await test.step('the owner edits the issue; it stays linked to the assessment and its answer', async () => {
      const issue = owner.getByRole('row').filter({ hasText: VENDOR });
      await issue.getByRole('cell', { name: `${VENDOR}: Do you keep a tested incident response plan?` }).click();
      // the issue's page, not the list (whose rows carry Edit buttons of their own)
      await expect(owner).toHaveURL((url) => /^\/app\/issues\/[^/]+$/.test(url.pathname));
      await expectScreen(owner, `${VENDOR}: Do you keep a tested incident response plan?`, 2);
      await expect(owner.getByRole('row').filter({ hasText: VENDOR })).toHaveCount(0);
      await owner.getByRole('button', { name: t('issues.edit'), exact: true }).click();
      await expect(owner).toHaveURL((url) => url.pathname.endsWith('/edit'));
      const issueId = new URL(owner.url()).pathname.split('/').at(-2) as string;
      await owner.getByRole('textbox', { name: /^Description/ }).fill('Vendor to provide a tested plan.');
      await owner.getByRole('button', { name: t('issues.save') }).click();
      await expect(owner).toHaveURL((url) => url.pathname === `/app/issues/${issueId}`);
      const saved = await request.get(`/wbe/api/resources/issue/${issueId}`, { headers: bearer(ownerToken) });
      expect((await saved.json()).content).toMatchObject({
        description: 'Vendor to provide a tested plan.',
        assessmentId: assessmentPath.split('/').at(-1),
        assessmentItemId: 'incidentPlan',
      });
    });
  } finally {
    await request.delete(`/wbe/api/resources/third-party/${thirdPartyId}`, { headers: bearer(ownerToken) });
  }
});
