import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { PASSWORD } from './support/users';
import { expectSignedInAt, missingKeys, signIn, storedConfig, t } from './support/ui';

// Assessment templates as an admin sees them (issue 10): the list document, the 8-step wizard that
// makes a draft and opens its editor (live preview with the score), publishing, a second version
// compared side by side on the compare page, and retiring the template from the list.
const LIST = '/app/admin/assessment-templates';
const ID = 'assessment-e2e-vendor-review';
const w = (key: string) => t(`assessmentTemplates.wizard.${key}`);

const rowOf = (page: Page, id: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: id, exact: true }) });

async function next(page: Page, step: string): Promise<void> {
  await page.getByRole('button', { name: t('wizard.next'), exact: true }).click();
  await expect(page.getByRole('heading', { name: w(`steps.${step}`), exact: true })).toBeVisible();
}

const field = (page: Page, key: string) =>
  page.getByRole('textbox', { name: new RegExp(`^${w(key).replace(/[()]/g, '\\$&')}`) });

test('an admin makes a template with the wizard, publishes it, compares two versions and retires it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');

  await test.step('the list offers a new template; the wizard asks 8 steps', async () => {
    await page.goto(LIST);
    await expect(page.getByRole('heading', { name: t('routes.admin_assessment_templates') }).first()).toBeVisible();
    await page.getByRole('button', { name: 'New template', exact: true }).click();
    await expect(page).toHaveURL(/\/app\/admin\/assessment-templates\/new$/);
    await expect(
      page.getByText(t('wizard.stepOf').replace('{{current}}', '1').replace('{{total}}', '8')),
    ).toBeVisible();
    await field(page, 'nameEn').fill('E2E vendor review');
    await field(page, 'nameTr').fill('E2E tedarikçi incelemesi');
    await next(page, 'description');
    await field(page, 'descriptionEn').fill('Checks a vendor before onboarding');
    await next(page, 'category');
    await field(page, 'category').fill('Security');
    await field(page, 'industry').fill('Payments');
    await next(page, 'scope');
    await next(page, 'scoring');
    await page
      .locator('label')
      .filter({ hasText: w('perSection') })
      .click();
    await next(page, 'sections');
    await field(page, 'sections').fill('Access control\nData protection');
    await next(page, 'deadline');
    await page
      .getByRole('spinbutton', { name: new RegExp(`^${w('deadlineDays').replace(/[()]/g, '\\$&')}`) })
      .fill('30');
    await next(page, 'review');
    await page.getByRole('checkbox', { name: w('requireFileReview') }).check();
    await page.getByRole('button', { name: t('wizard.submit'), exact: true }).click();
  });

  await test.step('the draft opens in the editor; the preview scores the answers given there', async () => {
    await expect(page).toHaveURL(new RegExp(`/app/admin/assessment-templates/${ID}$`));
    const preview = page.getByLabel(t('admin.preview.title'));
    await expect(preview).toContainText('Access control');
    await expect(preview.getByTestId('preview-score')).toHaveText('–');
    await preview.getByRole('radio', { name: 'Partially' }).first().check();
    await expect(preview.getByTestId('preview-score')).toHaveText('50%');
    await page.getByRole('button', { name: t('admin.documents.publish'), exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: t('admin.documents.publish') }).click();
    await expect(page.getByText(`questionnaire/${ID} v1 is published`)).toBeVisible();
  });

  await test.step('version 2 rewords a question and drops a section; the compare page lists it', async () => {
    const headers = { authorization: `Bearer ${(await storedConfig(page))?.token as string}` };
    const doc = `/config/v1/documents/questionnaire/${ID}`;
    const body = (await (await page.request.get(doc)).json()).body;
    body.sections[0].items[0].text = { en: 'Is MFA enforced for every login?', tr: 'Her girişte MFA zorunlu mu?' };
    body.sections = [body.sections[0]];
    body.sections[0].items.push({
      type: 'field',
      id: 'policy',
      input: 'file',
      accept: ['pdf'],
      label: { en: 'Security policy (PDF)', tr: 'Güvenlik politikası (PDF)' },
    });
    expect((await page.request.post(`${doc}/drafts`, { headers, data: { body } })).status()).toBe(201);
    expect((await page.request.post(`${doc}/versions/2/publish`, { headers })).status()).toBe(200);

    await page.goto(LIST);
    const row = rowOf(page, ID);
    await expect(row).toContainText(t('admin.documents.statusPublished'));
    await row.getByRole('button', { name: 'Compare versions' }).click();
    await expect(page).toHaveURL(new RegExp(`/app/admin/assessment-templates/${ID}/compare/1/2$`));
    await expect(page.getByRole('main')).toContainText('E2E vendor review');
    const changes = page.getByRole('row');
    await expect(changes.filter({ hasText: 'Is MFA enforced for every login?' })).toContainText('Changed');
    await expect(changes.filter({ hasText: 'Data protection: first question' })).toContainText('Removed');
    // the version pickers (route params): version 2 as the older side compares it with itself, then version 1 as the newer
    const versionRow = (version: string) =>
      page
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: version, exact: true }) })
        .last();
    await versionRow('2').getByRole('button', { name: 'Compare from this version' }).click();
    await expect(page).toHaveURL(/\/compare\/2\/2$/);
    await expect(page.getByText('The two versions ask the same questions.')).toBeVisible();
    await versionRow('1').getByRole('button', { name: 'Compare to this version' }).click();
    await expect(page).toHaveURL(/\/compare\/2\/1$/);
    await expect(changes.filter({ hasText: 'Data protection: first question' })).toContainText('Added');
  });

  await test.step('a file question uploads the file and keeps its reference; the same file twice is refused', async () => {
    await page.goto(`/app/admin/assessment-templates/${ID}/preview`);
    const pdf = {
      name: 'policy.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\n% e2e policy\n%%EOF\n'),
    };
    const input = page.locator('input[type="file"][aria-label^="Security policy (PDF)"]');
    await input.setInputFiles(pdf);
    await expect(
      page.getByRole('button', { name: t('questionnaire.file.download').replace('{{name}}', 'policy.pdf') }),
    ).toBeVisible();
    await input.setInputFiles({ ...pdf, name: 'again.pdf' });
    await expect(page.getByRole('alert').filter({ hasText: t('errors.fileAlreadyExists') })).toBeVisible();
    // content decides, not the name: a text file called .pdf is refused by the question's accept list
    await input.setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf') });
    await expect(page.getByRole('alert').filter({ hasText: t('errors.fileTypeNotAllowed') })).toBeVisible();
  });

  await test.step('retiring it leaves nothing published; the list says so', async () => {
    await page.goto(LIST);
    const row = rowOf(page, ID);
    await row.getByRole('button', { name: 'Retire' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`Retire ${ID}?`);
    await confirm.getByRole('button', { name: 'Retire' }).click();
    await expect(page.getByText('The template was retired.')).toBeVisible();
    await expect(row).toContainText(t('admin.documents.statusRetired'));
    await expect(row.getByRole('button', { name: 'Retire' })).toHaveCount(0);
    expect((await page.request.get(`/config/v1/documents/questionnaire/${ID}`)).status()).toBe(404);
    expect(await missingKeys(page)).toEqual([]);
  });
});
