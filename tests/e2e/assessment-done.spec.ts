/**
 * Issue 10 "Done means", in one browser test: an admin publishes a new template; the owner creates
 * an assessment from it and requests it; the admin publishes version 2 mid-way and the assessment
 * stays on version 1; the assessee answers a field and a file in the questionnaire, half of it in
 * the xlsx workbook and the last answer in the questionnaire again, and submits; the assessor sends
 * one answer back, the assessee fixes it, the assessor completes; the dashboard's assessment-issue
 * count, the leaderboard and the issues list reflect the template's findings, and an issue, edited,
 * stays linked to its assessment and opens it. Along the way the assessor is warned of the file not yet
 * reviewed and downloads it, and the assessee sees the answer to fix with the note, also in the
 * conversation. At each step the server refuses every role that must not take it (the HTTP suites
 * tests/integration/assessments.test.ts and assessment-answers.test.ts hold the full matrices).
 * Its own third party is removed at the end: other specs count the demo organisation's third parties.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import ExcelJS from 'exceljs';
import { expectStatus, signedIn, transition } from './support/assessment-ui';
import { expectScreen, t } from './support/ui';
import { PASSWORD } from './support/users';

test.use({ actionTimeout: 15_000 });

const MAQ = '/maq/api';
const STAMP = Date.now();
const TEMPLATE = `assessment-e2e-done-${STAMP}`;
const TITLE = `E2E done template ${STAMP}`;
const VENDOR = `E2E Done Vendor ${STAMP}`;
const NAME = `E2E done ${STAMP}`;
const DOC = `/config/v1/documents/questionnaire/${TEMPLATE}`;
const WHO = ['admin', 'owner', 'assessor', 'assessee', 'merchant'] as const;
type Who = (typeof WHO)[number];

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const question = (page: Page, text: string) => page.locator('fieldset').filter({ hasText: text });

/** The assessment page's panel with this title. */
const panel = (page: Page, title: string) => page.locator('.page-panel').filter({ hasText: title });
const FILE_QUESTION = 'Information security policy (file)';

/** The row of an item on its section's sheet (the hidden column A holds the item id). */
function rowOf(workbook: ExcelJS.Workbook, itemId: string): ExcelJS.Row {
  for (const sheet of workbook.worksheets) {
    for (let r = 2; r <= sheet.rowCount; r += 1) if (sheet.getCell(`A${r}`).value === itemId) return sheet.getRow(r);
  }
  throw new Error(`no row for ${itemId}`);
}

test('done means: a just-published template assessed, half offline, one answer sent back, completed and counted', async ({
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  const tokens = {} as Record<Who, string>;
  for (const who of WHO) {
    const login = await request.post('/iam/api/login', { form: { username: `${who}@demo.test`, password: PASSWORD } });
    expect(login.status(), who).toBe(200);
    tokens[who] = (await login.json()).content.token;
  }
  const api = (who: Who, method: string, path: string, data?: unknown) =>
    request.fetch(path, { method, headers: bearer(tokens[who]), data });
  /** Every one of `whoList` is refused (403 no permission or role, 404 not theirs, 409 not now) and nothing moves. */
  async function refused(whoList: Who[], method: string, path: string, data?: unknown) {
    for (const who of whoList) {
      const answer = await api(who, method, path, data);
      expect([403, 404, 409], `${who} ${method} ${path}: ${answer.status()}`).toContain(answer.status());
    }
  }
  const seeded = JSON.parse(await readFile('schemas/assessment-templates/assessment-vendor-security-1.0.json', 'utf8'));
  const body = { ...seeded.body, title: { en: TITLE, tr: TITLE } };
  const activeAssessmentIssues = async () =>
    (await (await api('owner', 'GET', '/ast/issue/get_total_assessment_issues/owner')).json()).content.active as number;
  const before = await activeAssessmentIssues();

  const vendor = await api('owner', 'POST', '/wbe/api/resources/third-party', {
    name: VENDOR,
    url: 'https://done.e2e.example',
    package: 'hosting',
    contactPerson: 'Emre Assessee',
    contactEmail: 'assessee@demo.test',
  });
  expect(vendor.status()).toBe(201);
  const thirdPartyId = (await vendor.json()).content.id as string;
  let id = '';
  const one = () => `${MAQ}/assessments/${id}`;

  try {
    await test.step('the admin publishes the new template in its editor; no one else may', async () => {
      expect((await api('admin', 'POST', `${DOC}/drafts`, { body })).status()).toBe(201);
      await refused(['owner', 'assessor', 'assessee', 'merchant'], 'POST', `${DOC}/versions/1/publish`);
      const admin = await signedIn(browser, 'admin@demo.test');
      await admin.goto(`/app/admin/assessment-templates/${TEMPLATE}`);
      await expect(admin.getByLabel(t('admin.preview.title'))).toContainText('Security contact');
      await admin.getByRole('button', { name: t('admin.documents.publish'), exact: true }).click();
      await admin
        .getByRole('alertdialog')
        .getByRole('button', { name: t('admin.documents.publish') })
        .click();
      await expect(admin.getByText(`questionnaire/${TEMPLATE} v1 is published`)).toBeVisible();
      await admin.context().close();
    });

    const owner = await signedIn(browser, 'owner@demo.test');
    await test.step('the owner creates the assessment from it and requests it; the others may not', async () => {
      await owner.goto('/app/vendor-assessment/new');
      await owner.getByLabel(t('assessments.fields.owner')).selectOption({ label: 'Oya Owner' });
      await owner.getByRole('textbox', { name: /^Name( \*)?$/ }).fill(NAME);
      await owner.getByLabel(t('assessments.fields.template')).selectOption({ label: `${TITLE} (v1)` });
      await owner.getByLabel(t('assessments.fields.thirdParty')).selectOption({ label: VENDOR });
      await owner.getByLabel(t('assessments.fields.assessor')).selectOption({ label: 'Aslı Assessor' });
      await owner.getByRole('textbox', { name: /^Deadline( \*)?$/ }).fill('2027-06-30');
      await owner.getByRole('button', { name: t('forms.submit') }).click();
      await expect(owner).toHaveURL((url) => url.pathname.startsWith('/app/vendor-assessment/detail/'));
      id = new URL(owner.url()).pathname.split('/').pop() as string;
      await refused(['assessor', 'assessee', 'merchant'], 'POST', `${MAQ}/assessments`, {
        name: 'Not mine to make',
        templateId: TEMPLATE,
        thirdPartyId,
        deadline: '2027-06-30',
      });
      await refused(['assessor', 'assessee', 'merchant'], 'POST', `${one()}/actions/invite`);
      await transition(owner, 'invite').click();
      await expectStatus(owner, 'registered');
      await refused(['assessor', 'assessee', 'merchant'], 'POST', `${one()}/actions/request`);
      await transition(owner, 'request').click();
      await expectStatus(owner, 'requested');
    });

    await test.step('version 2 published mid-way leaves the assessment on version 1', async () => {
      const changed = structuredClone(body);
      changed.sections[0].items[0].label = { en: 'Security officer (v2)', tr: 'Güvenlik sorumlusu (v2)' };
      expect((await api('admin', 'POST', `${DOC}/drafts`, { body: changed })).status()).toBe(201);
      expect((await api('admin', 'POST', `${DOC}/versions/2/publish`)).status()).toBe(200);
      expect((await (await api('owner', 'GET', DOC)).json()).version).toBe(2);
      expect((await (await api('owner', 'GET', one())).json()).content.template).toEqual({ id: TEMPLATE, version: 1 });
    });

    const assessee = await signedIn(browser, 'assessee@demo.test');
    await test.step('the assessee answers a field and the file in the questionnaire (version 1’s texts)', async () => {
      await refused(['owner', 'assessor', 'merchant'], 'PUT', `${one()}/answers/securityContact`, { value: 'Not me' });
      await assessee.goto('/app/assessment-requests');
      await assessee.getByRole('row').filter({ hasText: NAME }).click();
      await expect(assessee).toHaveURL((url) => url.pathname === `/app/assessment-requests/${id}`);
      await assessee.getByRole('button', { name: t('assessments.actions.answer') }).click();
      await expect(assessee).toHaveURL((url) => url.pathname.includes('/answer/'));
      await expect(assessee.getByRole('textbox', { name: /Security officer/ })).toHaveCount(0);
      const saved = assessee.waitForResponse((r) => r.url().includes('/answers/securityContact') && r.ok());
      await assessee.getByRole('textbox', { name: /Security contact/ }).fill('Emre Assessee');
      await saved;
      await assessee.getByRole('button', { name: t('questionnaire.next') }).click();
      const filed = assessee.waitForResponse((r) => r.url().includes('/answers/securityPolicy'));
      await assessee.locator('input[type="file"][aria-label^="Information security policy (file)"]').setInputFiles({
        name: 'policy.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(`%PDF-1.7\n% ${STAMP}\n%%EOF\n`),
      });
      expect((await filed).status()).toBe(200);
    });

    await test.step('half of it offline: the workbook of version 1, answered and uploaded', async () => {
      await assessee.goto(`/app/assessment-requests/${id}`);
      const downloading = assessee.waitForEvent('download');
      await assessee
        .locator('[data-panel="work"]')
        .getByRole('button', { name: t('workbook.download') })
        .click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`Assessment-${TEMPLATE}-v1-en.xlsx`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
      expect(rowOf(workbook, 'securityContact').getCell(4).value).toBe('Emre Assessee');
      rowOf(workbook, 'employees').getCell(4).value = 12;
      rowOf(workbook, 'certifications').getCell(4).value = 'ISO 27001';
      rowOf(workbook, 'mfa').getCell(4).value = 'Yes';
      rowOf(workbook, 'encryption').getCell(4).value = 'Partially';
      rowOf(workbook, 'pentest').getCell(4).value = 'Partially';
      rowOf(workbook, 'pentestDate').getCell(4).value = '2026-04-01';
      const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
      const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      for (const who of ['owner', 'assessor', 'merchant'] as const) {
        const answer = await request.post(`${one()}/workbook`, {
          headers: bearer(tokens[who]),
          multipart: { file: { name: 'answers.xlsx', mimeType: xlsx, buffer: bytes } },
        });
        expect([403, 404], `${who} uploads the workbook`).toContain(answer.status());
      }
      await assessee
        .locator('[data-panel="work"]')
        .getByRole('button', { name: t('workbook.upload') })
        .click();
      const dialog = assessee
        .getByRole('dialog', { name: t('workbook.upload') })
        .filter({ has: assessee.locator('input[type=file]') });
      await dialog.locator('input[type=file]').setInputFiles({ name: 'answers.xlsx', mimeType: xlsx, buffer: bytes });
      await dialog.getByRole('button', { name: t('list.send') }).click();
      await expect(assessee.getByText(t('workbook.uploaded'))).toBeVisible();
      const answers = (await (await api('assessee', 'GET', one())).json()).content.answers;
      expect(answers).toMatchObject({
        employees: 12,
        certifications: ['iso27001'],
        encryption: 'partial',
        pentest: 'partial',
      });
      expect(answers.securityPolicy).toMatchObject({ name: 'policy.pdf' });
    });

    await test.step('the last answer in the questionnaire, then submitted; no one else may submit', async () => {
      await assessee.getByRole('button', { name: t('assessments.actions.answer') }).click();
      await assessee.getByRole('button', { name: t('questionnaire.next') }).click();
      await expect(question(assessee, 'encrypted at rest').getByRole('radio', { name: 'Partially' })).toBeChecked();
      await assessee.getByRole('button', { name: t('questionnaire.next') }).click();
      const planned = assessee.waitForResponse((r) => r.url().includes('/answers/incidentPlan'));
      await question(assessee, 'incident response').getByRole('radio', { name: 'No' }).check();
      expect((await planned).status()).toBe(200);
      await assessee.goto(`/app/assessment-requests/${id}`);
      await refused(['owner', 'assessor', 'merchant'], 'POST', `${one()}/submit`, {});
      await transition(assessee, 'submit').click();
      await expectStatus(assessee, 'reviewing');
    });

    const assessor = await signedIn(browser, 'assessor@demo.test');
    const rows = assessor.getByRole('row');
    const markAll = async (questions: string[]) => {
      for (const text of questions) {
        const row = rows.filter({ hasText: new RegExp(text, 'i') }).first();
        await expect(row).toBeVisible();
        // an answer reviewed before it went back stays reviewed unless it changed
        const mark = row.getByRole('button', { name: t('assessments.actions.markReviewed') });
        if (await mark.count()) await mark.click();
        await expect(row.getByText(t('assessments.items.reviewed'), { exact: true })).toBeVisible();
      }
    };
    await test.step('the assessor reviews, sends the encryption answer back; no one else may', async () => {
      await assessor.goto('/app/review-requests');
      await assessor.getByRole('row').filter({ hasText: NAME }).click();
      await expect(assessor).toHaveURL((url) => url.pathname === `/app/review-requests/assessment/${id}`);
      await markAll(['Security contact', 'employees', 'Certifications', 'multi-factor', 'penetration test performed']);
      // the file is not reviewed yet: the warning names it, and the assessor downloads it from its row
      await expect(panel(assessor, t('assessments.filesWarning.title'))).toContainText(FILE_QUESTION);
      const fileRow = rows.filter({ hasText: FILE_QUESTION });
      await expect(fileRow).toContainText('policy.pdf');
      const downloaded = assessor.waitForEvent('download');
      await fileRow.getByRole('button', { name: t('assessments.actions.downloadFile') }).click();
      expect((await downloaded).suggestedFilename()).toBe('policy.pdf');
      await refused(['owner', 'assessee', 'merchant'], 'POST', `${one()}/reviews/mfa`);
      await refused(['owner', 'assessee', 'merchant'], 'POST', `${one()}/items/encryption/send-back`, { note: 'No.' });
      const encryption = rows.filter({ hasText: 'encrypted at rest' });
      await encryption.getByRole('button', { name: t('assessments.actions.sendBackAnswer') }).click();
      const dialog = assessor.getByRole('dialog');
      await dialog.getByRole('textbox').fill('Encrypt the backups too, then answer Yes.');
      await dialog.getByRole('button', { name: t('list.send') }).click();
      await expectStatus(assessor, 'answering');
    });

    await test.step('the assessee fixes that answer and submits again', async () => {
      await assessee.reload();
      const toFix = assessee
        .getByRole('row')
        .filter({ has: assessee.getByRole('cell', { name: t('assessments.items.toFix'), exact: true }) });
      await expect(panel(assessee, t('assessments.toFix.title'))).toBeVisible();
      await expect(toFix).toHaveCount(1);
      await expect(toFix).toContainText('encrypted at rest');
      await expect(toFix).toContainText('Encrypt the backups too, then answer Yes.');
      // the note is in the assessment's conversation too
      await assessee.getByRole('tab', { name: t('assessments.tabs.chat') }).click();
      await expect(assessee.getByText('Encrypt the backups too, then answer Yes.')).toBeVisible();
      await assessee.getByRole('button', { name: t('assessments.actions.answer') }).click();
      await assessee.getByRole('button', { name: t('questionnaire.next') }).click();
      const fixed = assessee.waitForResponse((r) => r.url().includes('/answers/encryption'));
      await question(assessee, 'encrypted at rest').getByRole('radio', { name: 'Yes' }).check();
      expect((await fixed).status()).toBe(200);
      await assessee.goto(`/app/assessment-requests/${id}`);
      await transition(assessee, 'submit').click();
      await expectStatus(assessee, 'reviewing');
    });

    await test.step('the assessor reviews the rest and completes; no one else may', async () => {
      await assessor.reload();
      await markAll([
        'Security contact',
        'employees',
        'Certifications',
        'multi-factor',
        'encrypted at rest',
        'penetration test performed',
        'Date of the last',
        'Information security policy',
        'incident response',
      ]);
      await expect(panel(assessor, t('assessments.filesWarning.title'))).toHaveCount(0);
      await refused(['owner', 'assessee', 'merchant'], 'POST', `${one()}/actions/complete`);
      await transition(assessor, 'complete').click();
      await expectStatus(assessor, 'completed');
      await assessor.context().close();
      await assessee.context().close();
    });

    await test.step('the dashboard and the issues reflect its two findings; an issue opens its assessment', async () => {
      await owner.goto('/app/dashboard?tab=issues-owner');
      await expect(owner.locator('[data-panel="owner-assessment"] .stat-card__value')).toHaveText(String(before + 2));
      await expect(owner.getByRole('figure', { name: t('issuesDashboard.leaderboard') })).toBeVisible();
      const leaderboard = (await (await api('owner', 'GET', '/ast/issue/get_issues_leaderboard/owner')).json()).content;
      expect(leaderboard).toEqual(expect.arrayContaining([expect.objectContaining({ name: VENDOR, total_issue: 2 })]));
      await owner.goto('/app/issues');
      const missing = `${VENDOR}: Do you keep a tested incident response plan?`;
      await expect(owner.getByRole('row').filter({ hasText: VENDOR })).toHaveCount(2);
      await expect(owner.getByRole('row').filter({ hasText: `${VENDOR}: Was a penetration test` })).toBeVisible();
      await owner.getByRole('cell', { name: missing }).click();
      await expect(owner).toHaveURL((url) => /^\/app\/issues\/[^/]+$/.test(url.pathname));
      await expectScreen(owner, missing, 2);
      // edited, the issue stays linked to the assessment and its answer
      await owner.getByRole('button', { name: t('issues.edit'), exact: true }).click();
      await expect(owner).toHaveURL((url) => url.pathname.endsWith('/edit'));
      const issueId = new URL(owner.url()).pathname.split('/').at(-2) as string;
      await owner.getByRole('textbox', { name: /^Description/ }).fill('Vendor to provide a tested plan.');
      await owner.getByRole('button', { name: t('issues.save') }).click();
      await expect(owner).toHaveURL((url) => url.pathname === `/app/issues/${issueId}`);
      expect((await (await api('owner', 'GET', `/wbe/api/resources/issue/${issueId}`)).json()).content).toMatchObject({
        description: 'Vendor to provide a tested plan.',
        assessmentId: id,
        assessmentItemId: 'incidentPlan',
      });
      await owner.getByRole('button', { name: t('issues.actions.openAssessment') }).click();
      await expect(owner).toHaveURL((url) => url.pathname === `/app/vendor-assessment/detail/${id}`);
      await expectStatus(owner, 'completed');
      // the pinned version, named by its title
      await expect(owner.locator('[data-panel="facts"]')).toContainText(TITLE);
    });
  } finally {
    await api('owner', 'DELETE', `/wbe/api/resources/third-party/${thirdPartyId}`);
  }
});
