/**
 * Issue 9 'Done means', end to end in Chromium on one server:
 * 1. a service provider takes the PCI DSS level wizard (level 1, SAQ D-SP), starts SAQ D for Service
 *    Providers from the wizard's link, answers every required part and Requirement 9 in the browser
 *    (the other requirements over the answers API: the questionnaire's completeness rules are the
 *    integration tests'), completes it, signs (a real PDF), submits it to Demo Bank, and the bank finds it in
 *    compliance tracking;
 * 2. the same for an SAQ version no code knows: an admin publishes SAQ B "4.0.2" (a requirement
 *    the seeded version lacks) through the config API during the test; the merchant is offered it at
 *    once, fills, signs and submits it, and the bank sees version 4.0.2.
 * The questionnaires are filled from their own documents: each page's items are looked up by the
 * section's heading, so the same code answers any version.
 */
import fs from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { Text } from '../../core/documents/document.types';
import type { Field, QuestionnaireBody, Section, Table } from '../../core/questionnaire/questionnaire.types';
import { PASSWORD } from './support/users';
import { expectSignedInAt, signIn, storedConfig, t } from './support/ui';

const SAQ_PAGE = /\/app\/pci-dss-requests\/saq\/[0-9a-f-]{36}$/;
const MERCHANT = 'Demo Merchant Ltd';

/** A document text in English (a locale key or an {en, tr} pair). */
const en = (text: Text): string => (typeof text === 'string' ? t(text) : text.en);

const readSaq = (file: string): { id: string; body: QuestionnaireBody } =>
  JSON.parse(fs.readFileSync(`schemas/saq/${file}.json`, 'utf8'));

/** What the merchant types into a field or cell, by its id; anything else gets a plain text. */
const VALUES: Record<string, string> = {
  companyName: MERCHANT,
  companyAddress: 'Büyükdere Caddesi 1, Istanbul',
  contactName: 'Mert Merchant',
  contactEmail: 'merchant@demo.test',
  contactPhone: '5551234567',
  signerName: 'Mert Merchant',
  signerTitle: 'Managing Director',
  facility: 'Data centre',
  count: '1',
  place: 'Istanbul, Türkiye',
};

async function fillField(page: Page, field: Field) {
  const label = en(field.label);
  if (field.input === 'multiselect') {
    const choices = page.getByRole('group', { name: label, exact: true }).getByRole('checkbox');
    // every option where all must be chosen (eligibility), else the first (payment channels)
    const count = field.allSelected ? await choices.count() : 1;
    for (let i = 0; i < count; i++) await choices.nth(i).check();
  } else if (field.input === 'select') {
    // Part 3: Compliant (every requirement is In Place or explained)
    await page
      .getByRole('combobox', { name: label, exact: true })
      .selectOption({ label: field.options ? en(field.options[0].label) : '' });
  } else if (field.input === 'checkbox') {
    await page.getByRole('checkbox', { name: label, exact: true }).check();
  } else {
    await page.getByRole('textbox', { name: label, exact: true }).fill(VALUES[field.id] ?? `${label} (e2e)`);
  }
}

/** Adds the rows a table needs (its minimum) and fills each cell. */
async function fillTable(page: Page, table: Table) {
  const container = page.locator(`[data-item="${table.id}"]`);
  for (let row = 1; row <= (table.minRows ?? 0); row++) {
    await container.getByRole('button', { name: t('questionnaire.addRow') }).click();
    for (const column of table.columns) {
      const name = `${en(column.label)} ${row}`;
      const value = VALUES[column.id] ?? `${en(column.label)} (e2e)`;
      if (column.input === 'number') await container.getByRole('spinbutton', { name, exact: true }).fill(value);
      else await container.getByRole('textbox', { name, exact: true }).fill(value);
    }
  }
}

/** Answers one question: In Place, or Not Applicable with its Appendix C explanation. */
async function answerQuestion(question: Locator, notApplicable: boolean) {
  if (!notApplicable) {
    await question.getByRole('radio', { name: 'In Place', exact: true }).check();
    return;
  }
  await question.getByRole('radio', { name: 'Not Applicable', exact: true }).check();
  await question
    .getByRole('textbox', { name: t('questionnaire.explanation') })
    .fill('We store no cardholder data on paper.');
}

/**
 * Answers the questionnaire: every question outside the section `inBrowser` through the answers API
 * (In Place), then walks it page by page in the browser, filling every visible field and table the
 * document declares (optional ones left empty) and answering the questions of `inBrowser` — the
 * first Not Applicable with its Appendix C explanation when `notApplicable`; then completes. Whether
 * every other page renders its answers is checked by "N of N answered" at the end.
 */
async function fillQuestionnaire(page: Page, body: QuestionnaireBody, inBrowser: string, notApplicable = false) {
  const saqId = new URL(page.url()).pathname.match(/\/questions\/([0-9a-f-]{36})\//)?.[1];
  expect(saqId, page.url()).toBeDefined();
  const token = (await storedConfig(page))?.token as string;
  const overApi = body.sections
    .filter((s: Section) => s.id !== inBrowser)
    .flatMap((section) => section.items.filter((i) => i.type === 'question'));
  // several at a time, as a merchant's tabs or a client would send them: the server keeps every answer
  for (let at = 0; at < overApi.length; at += 8) {
    await Promise.all(
      overApi.slice(at, at + 8).map(async (item) => {
        const saved = await page.request.put(`/saq/api/v1/saqs/${saqId}/answers/${item.id}`, {
          headers: { authorization: `Bearer ${token}` },
          data: { value: 'inPlace' },
        });
        expect(saved.status(), `${item.id}: ${await saved.text()}`).toBe(200);
      }),
    );
  }
  await page.reload();
  const next = page.getByRole('button', { name: t('questionnaire.next') });
  const heading = page.getByRole('heading', { level: 2 });
  for (;;) {
    const title = (await heading.textContent())?.trim();
    const section = body.sections.find((s: Section) => en(s.title) === title);
    expect(section, `a section titled ${title}`).toBeDefined();
    let first = true;
    for (const item of section?.items ?? []) {
      const shown = page.locator(`[data-item="${item.id}"]`);
      if (item.type === 'question') {
        if (section?.id === inBrowser) await answerQuestion(shown, first && notApplicable);
        first = false;
      } else if (item.type === 'table' && item.minRows) {
        await fillTable(page, item);
      } else if (
        item.type === 'field' &&
        item.required &&
        (await page.getByLabel(en(item.label), { exact: true }).count()) > 0
      ) {
        await fillField(page, item);
      }
    }
    if (!(await next.isEnabled())) break;
    await next.click();
    await expect(heading).not.toHaveText(title ?? '');
  }
  // every question answered: "N of N answered"
  await expect(page.getByText(/^(\d+) of \1 answered$/)).toBeVisible();
  await page.getByRole('button', { name: t('questionnaire.complete') }).click();
}

/** On the SAQ page: sign (a real PDF), download the attestation, submit to Demo Bank. */
async function signAndSubmit(page: Page, saqType: string) {
  await expect(page).toHaveURL(SAQ_PAGE, { timeout: 30_000 });
  const header = page.locator('.page-record-header');
  await expect(header).toContainText('Waiting for signature');

  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  const signDialog = page.getByRole('dialog');
  await signDialog.getByRole('textbox', { name: /Your full name/ }).fill('Mert Merchant');
  await signDialog.getByRole('textbox', { name: /Your title/ }).fill('Managing Director');
  await signDialog.getByRole('checkbox').check();
  await signDialog.getByRole('button', { name: t('list.send') }).click();
  await expect(header).toContainText('Signed', { timeout: 30_000 });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the attestation' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^SAQ-${saqType}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`));
  const bytes = fs.readFileSync((await download.path()) as string);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page.getByRole('button', { name: 'Submit to a bank' }).click();
  const submitDialog = page.getByRole('dialog');
  await submitDialog.getByRole('combobox').selectOption({ label: 'Demo Bank' });
  await submitDialog.getByRole('button', { name: t('list.send') }).click();
  await expect(header).toContainText('Waiting for validation');
}

/** The bank, in a browser of its own, finds the merchant's SAQ in compliance tracking. */
async function bankSees(browser: Browser, saqType: string, expected: RegExp[]) {
  const context = await browser.newContext();
  const bank = await context.newPage();
  await signIn(bank, 'bank@demo.test', PASSWORD);
  await expectSignedInAt(bank, '/app/dashboard');
  await bank.goto(`/app/management-saq/compliance-tracking?f.saqType=${encodeURIComponent(saqType)}`);
  const row = bank
    .getByRole('row')
    .filter({ hasText: MERCHANT })
    .filter({ has: bank.getByRole('cell', { name: saqType, exact: true }) });
  await expect(row.first()).toBeVisible();
  for (const text of expected) await expect(row.first()).toContainText(text);
  await context.close();
}

async function startFromTypes(page: Page, saqType: string) {
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: saqType, exact: true }) });
  await row.getByRole('button', { name: 'Start' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Start' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/saq/saq-type/${saqType}/questions/[0-9a-f-]{36}/`));
}

test('a service provider takes the level wizard, fills SAQ D-SP, signs, submits, and the bank tracks it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const dsp = readSaq('saq-d-service-provider-4.0.1').body;
  await signIn(page, 'merchant@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/pci-dss-requests');

  await test.step('the level wizard: a service provider with over 300,000 transactions is level 1, SAQ D-SP', async () => {
    const q = (key: string) => t(`wizard.pciLevel.${key}`);
    await page.goto('/app/saq/saq-wizard');
    const startOver = page.getByRole('button', { name: t('wizard.startOver') });
    if (await startOver.isVisible()) {
      await startOver.click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: t('wizard.startOver') })
        .click();
    }
    await page
      .locator('label')
      .filter({ hasText: q('business.serviceProvider') })
      .click();
    await page.getByRole('button', { name: t('wizard.next'), exact: true }).click();
    await page
      .locator('label')
      .filter({ hasText: q('serviceProviderVolume.over300k') })
      .click();
    await page.getByRole('button', { name: t('wizard.next'), exact: true }).click();
    await page.getByText(q('confirm.accurate')).click();
    await page.getByRole('button', { name: t('wizard.submit') }).click();
    const verdict = q('saved').replace('{{level}}', '1').replace('{{saqType}}', 'D-SP');
    await expect(page.getByRole('status').filter({ hasText: verdict }).first()).toBeVisible();
    await page.getByRole('link', { name: q('startSaq').replace('{{saqType}}', 'D-SP') }).click();
    await expect(page).toHaveURL(/\/app\/saq\/saq-types\?/);
  });

  await test.step('SAQ D-SP: the required parts and Requirement 9 answered in the browser, the rest over the API', async () => {
    await startFromTypes(page, 'D-SP');
    // the SAQ overview shows the level found and offers the SAQ in progress
    await page.goto('/app/saq/overview');
    await expect(page.getByRole('main')).toContainText('D-SP');
    await page.getByRole('button', { name: t('saqOverview.continue') }).click();
    await expect(page).toHaveURL(/\/app\/saq\/saq-type\/D-SP\/questions\/[0-9a-f-]{36}\/part1$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('SAQ D');
    // one requirement of Requirement 9 is not applicable: its explanation is its Appendix C row
    await fillQuestionnaire(page, dsp, 'req9', true);
  });

  await test.step('signed as a real PDF and submitted to Demo Bank', async () => {
    await signAndSubmit(page, 'D-SP');
    await expect(page.getByRole('main')).toContainText('Demo Bank');
  });

  await test.step('the bank sees it in compliance tracking: level 1, compliant', async () => {
    await bankSees(browser, 'D-SP', [/4\.0\.1/, /Compliant/]);
  });
});

test('an SAQ version published during the test is offered at once, filled, signed, submitted and tracked', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // SAQ B as version 4.0.2 under a document id no code names, with a requirement 4.0.1 lacks
  const seeded = readSaq('saq-b-4.0.1');
  const body = structuredClone(seeded.body);
  body.standard = { name: 'PCI DSS', version: '4.0.2', type: 'B' };
  body.title = { en: 'SAQ B (PCI DSS v4.0.2)', tr: 'SAQ B (PCI DSS v4.0.2)' };
  const added = 'Do you check your card terminals for tampering before every shift?';
  const requirement = body.sections.find((s) => s.id === 'req9');
  requirement?.items.unshift({
    type: 'question',
    id: 'e2e-terminal-check',
    requirement: 'E2E.9.1',
    text: { en: added, tr: 'Kart terminallerinizi her vardiyadan önce kurcalamaya karşı kontrol ediyor musunuz?' },
    responseSet: 'saq',
  });

  await test.step('an admin publishes it through the config API', async () => {
    const login = await request.post('/iam/api/login', { form: { username: 'admin@demo.test', password: PASSWORD } });
    const auth = { authorization: `Bearer ${(await login.json()).content.token}` };
    const base = '/config/v1/documents/questionnaire/saq-b-e2e-4.0.2';
    const draft = await request.post(`${base}/drafts`, { headers: auth, data: { body } });
    expect(draft.status(), await draft.text()).toBe(201);
    const published = await request.post(`${base}/versions/${(await draft.json()).version}/publish`, { headers: auth });
    expect(published.status(), await published.text()).toBe(200);
  });

  await test.step('the merchant is offered 4.0.2 for SAQ B and fills it in the browser', async () => {
    await signIn(page, 'merchant@demo.test', PASSWORD, '/app/saq/saq-types');
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'B', exact: true }) });
    await expect(row).toContainText('4.0.2');
    await startFromTypes(page, 'B');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('4.0.2');
    // the requirement the seeded version lacks is in req9: answered in the browser
    await fillQuestionnaire(page, body, 'req9');
  });

  await test.step('signed, submitted, and the bank sees version 4.0.2', async () => {
    await signAndSubmit(page, 'B');
    await bankSees(browser, 'B', [/4\.0\.2/]);
  });
});
