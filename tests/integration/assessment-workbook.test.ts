import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHistory } from '../../server/services/history';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';
import { fillPath, mountedRoutes } from './support/mounted-routes';
import { download } from './support/saq-flow';
import { memoryGrowthDuring, zipBomb } from './support/zip-bomb';

// Issue 10 'Offline answering' on assessments over real HTTP (server/services/questionnaire-record/workbook.ts):
// the assessment's pinned template version exported as an xlsx, answered with exceljs as a spreadsheet
// program would, uploaded by the assessee, judged by that version and its rules, applied whole or not
// at all. A template an admin publishes here brings inputs no SAQ has (a checkbox, a file, a question
// over its own response set) and they must round-trip.
const MAQ = '/maq/api';
const CUSTOM = 'assessment-offline-custom';
const SEEDED = 'assessment-vendor-security-1.0';
const WHO = ['owner', 'assessor', 'assessee', 'merchant', 'admin'] as const;
type Who = (typeof WHO)[number];

const CUSTOM_TEMPLATE = {
  title: { en: 'Offline custom review', tr: 'Çevrim dışı özel inceleme' },
  purpose: 'assessment',
  standard: { name: 'Vendor assessment', version: '1.0' },
  responseSets: {
    maturity: {
      options: [
        { value: 'initial', label: { en: 'Initial', tr: 'Başlangıç' } },
        { value: 'managed', label: { en: 'Managed', tr: 'Yönetilen' } },
        { value: 'optimised', label: { en: 'Optimised', tr: 'Optimize' } },
      ],
    },
  },
  sections: [
    {
      id: 'basics',
      title: { en: 'Basics', tr: 'Temel bilgiler' },
      items: [
        {
          type: 'field',
          id: 'hosting',
          input: 'select',
          required: true,
          label: { en: 'Where is our data hosted?', tr: 'Verilerimiz nerede barındırılıyor?' },
          options: [
            { value: 'cloud', label: { en: 'Public cloud', tr: 'Genel bulut' } },
            { value: 'onPremises', label: { en: 'On premises', tr: 'Şirket içi' } },
          ],
        },
        {
          type: 'field',
          id: 'dpo',
          input: 'checkbox',
          label: { en: 'A data protection officer is appointed', tr: 'Veri koruma görevlisi atandı' },
        },
        { type: 'field', id: 'staff', input: 'number', label: { en: 'Security staff', tr: 'Güvenlik personeli' } },
      ],
    },
    {
      id: 'practice',
      title: { en: 'Practice', tr: 'Uygulama' },
      items: [
        {
          type: 'question',
          id: 'maturity',
          responseSet: 'maturity',
          text: { en: 'How mature is your patching?', tr: 'Yama yönetiminiz ne kadar olgun?' },
        },
        {
          type: 'field',
          id: 'plan',
          input: 'textarea',
          required: true,
          label: { en: 'Improvement plan', tr: 'İyileştirme planı' },
          visible: { '==': [{ var: 'maturity' }, 'initial'] },
        },
        { type: 'field', id: 'policy', input: 'file', label: { en: 'Patch policy', tr: 'Yama politikası' } },
      ],
    },
  ],
};

async function workbookOf(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** The sheet whose hidden A1 holds `key` (`readme`, `items:<section>`, `table:<table>`). */
function sheetOf(workbook: ExcelJS.Workbook, key: string): ExcelJS.Worksheet {
  const sheet = workbook.worksheets.find((each) => each.getCell('A1').value === key);
  if (!sheet) throw new Error(`no sheet ${key}`);
  return sheet;
}

/** The row of an item on its section's sheet (the hidden column A holds its id). */
function rowOf(workbook: ExcelJS.Workbook, itemId: string): ExcelJS.Row {
  for (const sheet of workbook.worksheets) {
    for (let r = 2; r <= sheet.rowCount; r += 1) if (sheet.getCell(`A${r}`).value === itemId) return sheet.getRow(r);
  }
  throw new Error(`no row for ${itemId}`);
}

const bytesOf = async (workbook: ExcelJS.Workbook) => Buffer.from(await workbook.xlsx.writeBuffer());

describe('assessment offline workbook /maq/api/assessments/:id/workbook', () => {
  let server: TestServer;
  const tokens = {} as Record<Who, string>;
  const ids: Record<string, string> = {};
  const as = (who: Who, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token: tokens[who], body, headers: { 'accept-language': 'en' } });
  const one = (id: string) => `${MAQ}/assessments/${id}`;
  const exported = async (id: string, query = '', who: Who = 'assessee') => {
    const file = await download(server.base, `${one(id)}/workbook${query}`, tokens[who]);
    expect(file.status, file.bytes.toString()).toBe(200);
    return file;
  };
  const upload = async (id: string, bytes: Buffer | null, who: Who | null = 'assessee', name = 'answers.xlsx') => {
    const form = new FormData();
    if (bytes) form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const headers: Record<string, string> = { 'accept-language': 'en' };
    if (who) headers.authorization = `Bearer ${tokens[who]}`;
    const response = await fetch(`${server.base}${one(id)}/workbook`, { method: 'POST', headers, body: form });
    return { status: response.status, body: await response.json() };
  };
  const answersOf = async (id: string) => (await as('assessee', 'GET', one(id))).body.content.answers;

  /** An assessment of `template` requested from the assessee (the contact is a member: registered at once). */
  async function requested(name: string, templateId: string): Promise<string> {
    const made = await as('owner', 'POST', `${MAQ}/assessments`, {
      name,
      templateId,
      thirdPartyId: ids.vendor,
      assessorId: ids.assessor,
      deadline: '2027-01-31',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.content.id as string;
    expect((await as('owner', 'POST', `${one(id)}/actions/invite`)).body.content.status).toBe('registered');
    expect((await as('owner', 'POST', `${one(id)}/actions/request`)).body.content.status).toBe('requested');
    return id;
  }

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    for (const who of WHO) tokens[who] = await tokenFor(server.base, `${who}@demo.test`);
    const people = (await as('owner', 'GET', `${MAQ}/people`)).body.content as { id: string; email: string }[];
    ids.assessor = people.find((person) => person.email === 'assessor@demo.test')?.id as string;
    const vendor = await as('owner', 'POST', '/wbe/api/resources/third-party', {
      name: 'Offline Vendor',
      url: 'https://offline-vendor.example',
      package: 'basic',
      contactPerson: 'Contact',
      contactEmail: 'assessee@demo.test',
    });
    expect(vendor.status, JSON.stringify(vendor.body)).toBe(201);
    ids.vendor = vendor.body.content.id;
    const path = `/config/v1/documents/questionnaire/${CUSTOM}`;
    const draft = await as('admin', 'POST', `${path}/drafts`, { body: CUSTOM_TEMPLATE });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const published = await as('admin', 'POST', `${path}/versions/1/publish`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
  }, 90_000);
  afterAll(() => server?.close());

  it('exports the pinned version: a sheet per section, drop-downs in the reader’s language, conditions marked, answers filled in', async () => {
    const id = await requested('Export', CUSTOM);
    expect((await as('assessee', 'PUT', `${one(id)}/answers/hosting`, { value: 'cloud' })).status).toBe(200);
    const file = await exported(id);
    expect(file.headers.get('content-disposition')).toContain(`Assessment-${CUSTOM}-v1-en.xlsx`);
    const workbook = await workbookOf(file.bytes);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Read me', 'Basics', 'Practice', 'lists']);
    const readMe = sheetOf(workbook, 'readme');
    const values = readMe.getSheetValues().flat().map(String);
    expect(values).toContain(CUSTOM);
    // the answer given so far, as its label; the select's drop-down points at its labels
    const hosting = rowOf(workbook, 'hosting');
    expect(hosting.getCell(3).value).toBe('Where is our data hosted? *');
    expect(hosting.getCell(4).value).toBe('Public cloud');
    expect(hosting.getCell(4).dataValidation).toMatchObject({ type: 'list' });
    expect(rowOf(workbook, 'maturity').getCell(4).dataValidation).toMatchObject({ type: 'list' });
    // the conditional field says when it is asked; the file row takes no input
    expect(String(rowOf(workbook, 'plan').getCell(6).value)).toContain('How mature is your patching?');
    expect(rowOf(workbook, 'maturity').getCell(6).value).toBeNull();
    expect(String(rowOf(workbook, 'policy').getCell(4).value)).toMatch(/upload in the app/i);
    const lists = workbook.getWorksheet('lists');
    const entries = lists?.getSheetValues().flat().filter(Boolean).map(String) ?? [];
    expect(entries).toEqual(expect.arrayContaining(['Public cloud', 'On premises', 'Initial', 'Managed', 'Yes', 'No']));

    // in Turkish: the section sheets and the drop-downs' entries
    const turkish = await workbookOf((await exported(id, '?lang=tr')).bytes);
    expect(turkish.worksheets.map((sheet) => sheet.name)).toContain('Temel bilgiler');
    const trEntries = turkish.getWorksheet('lists')?.getSheetValues().flat().filter(Boolean).map(String) ?? [];
    expect(trEntries).toEqual(expect.arrayContaining(['Genel bulut', 'Başlangıç', 'Evet']));
    // the assessor and the owner may read it too; a stranger to the assessment may not
    await exported(id, '', 'assessor');
    await exported(id, '', 'owner');
    const stranger = await download(server.base, `${one(id)}/workbook`, tokens.admin);
    expect([403, 404]).toContain(stranger.status);
  });

  it('lists every bad cell by sheet and cell and applies nothing; then the fixed file lands as typed, with history', async () => {
    const id = await requested('Import', CUSTOM);
    const workbook = await workbookOf((await exported(id)).bytes);
    rowOf(workbook, 'hosting').getCell(4).value = 'Mars';
    rowOf(workbook, 'dpo').getCell(4).value = 'Yes';
    rowOf(workbook, 'staff').getCell(4).value = 'many';
    rowOf(workbook, 'maturity').getCell(4).value = 'Initial';
    const refused = await upload(id, await bytesOf(workbook));
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.code).toBe('workbookInvalid');
    const problems = refused.body.problems as { sheet: string; cell: string; itemId: string }[];
    expect(problems.map(({ sheet, cell, itemId }) => [sheet, cell, itemId])).toEqual(
      expect.arrayContaining([
        ['Basics', `D${rowOf(workbook, 'hosting').number}`, 'hosting'],
        ['Basics', `D${rowOf(workbook, 'staff').number}`, 'staff'],
      ]),
    );
    expect(await answersOf(id)).toEqual({});
    expect((await as('assessee', 'GET', one(id))).body.content.status).toBe('requested');

    // fixed: it lands, and starts answering; the plan that Initial asks for is missing, which submit judges, not the file
    rowOf(workbook, 'hosting').getCell(4).value = 'On premises';
    rowOf(workbook, 'staff').getCell(4).value = 3;
    const first = await upload(id, await bytesOf(workbook));
    expect([first.status, first.body.content?.changed]).toEqual([200, 4]);
    expect(first.body.content.assessment.progress).toMatchObject({ done: 2, total: 3 });

    rowOf(workbook, 'plan').getCell(4).value = 'Monthly patch windows from Q2';
    rowOf(workbook, 'policy').getCell(4).value = 'policy.pdf';
    const accepted = await upload(id, await bytesOf(workbook), 'assessee', 'Offline answers.xlsx');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.content.assessment.status).toBe('answering');
    expect(await answersOf(id)).toEqual({
      hosting: 'onPremises',
      dpo: true,
      staff: 3,
      maturity: 'initial',
      plan: 'Monthly patch windows from Q2',
    });
    const history = await readHistory(server.ctx, 'assessment', id);
    const imports = history.filter((entry) => entry.action === 'importWorkbook');
    expect(imports.map((entry) => entry.comment)).toContain('1 answers from Offline answers.xlsx');
    expect(history.map((entry) => entry.action)).toContain('start');

    // what came in round-trips: a new download shows it
    const again = await workbookOf((await exported(id)).bytes);
    expect(rowOf(again, 'dpo').getCell(4).value).toBe('Yes');
    expect(rowOf(again, 'maturity').getCell(4).value).toBe('Initial');
    expect(rowOf(again, 'staff').getCell(4).value).toBe(3);
  });

  it('round-trips the seeded template’s own inputs: several choices in a cell, a number, a date, a table', async () => {
    const id = await requested('Seeded', SEEDED);
    const workbook = await workbookOf((await exported(id)).bytes);
    rowOf(workbook, 'securityContact').getCell(4).value = 'Sam Secure';
    rowOf(workbook, 'employees').getCell(4).value = 42;
    rowOf(workbook, 'certifications').getCell(4).value = 'ISO 27001; SOC 2';
    rowOf(workbook, 'pentest').getCell(4).value = 'Partially';
    rowOf(workbook, 'pentestDate').getCell(4).value = '2026-03-01';
    sheetOf(workbook, 'table:subcontractors').getRow(2).values = [null, 'Backup Co', 'Germany'];
    const accepted = await upload(id, await bytesOf(workbook));
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.content.changed).toBe(6);
    expect(await answersOf(id)).toEqual({
      securityContact: 'Sam Secure',
      employees: 42,
      certifications: ['iso27001', 'soc2'],
      pentest: 'partial',
      pentestDate: '2026-03-01',
      subcontractors: [{ name: 'Backup Co', country: 'Germany' }],
    });
  });

  it('takes the upload from the assessee while answering only, and only a workbook of the pinned version', async () => {
    const id = await requested('Refusals', CUSTOM);
    const workbook = await workbookOf((await exported(id)).bytes);
    rowOf(workbook, 'hosting').getCell(4).value = 'Public cloud';
    const bytes = await bytesOf(workbook);
    for (const who of ['owner', 'assessor'] as const) {
      const refused = await upload(id, bytes, who);
      expect([refused.status, refused.body.code], who).toEqual([403, 'assessmentRoleRefused']);
    }
    expect((await upload(id, bytes, 'admin')).status).toBe(404);
    expect([403, 404]).toContain((await upload(id, bytes, 'merchant')).status);
    expect((await upload(id, bytes, null)).status).toBe(401);
    expect(await answersOf(id)).toEqual({});

    expect((await upload(id, null)).body.code).toBe('fileRequired');
    const notXlsx = await upload(id, Buffer.from('name,value\nhosting,cloud\n'));
    expect([notXlsx.status, notXlsx.body.code]).toEqual([415, 'workbookNotXlsx']);
    // another template's workbook (or another version's) is not this assessment's
    const seeded = await requested('Other template', SEEDED);
    const other = await upload(id, (await exported(seeded)).bytes);
    expect([other.status, other.body.code]).toEqual([422, 'workbookOtherDocument']);

    // in review it is locked: 409, nothing read
    const full = await workbookOf((await exported(id)).bytes);
    rowOf(full, 'hosting').getCell(4).value = 'Public cloud';
    rowOf(full, 'maturity').getCell(4).value = 'Managed';
    expect((await upload(id, await bytesOf(full))).status).toBe(200);
    const submitted = await as('assessee', 'POST', `${one(id)}/actions/submit`);
    expect(submitted.body.content?.status, JSON.stringify(submitted.body)).toBe('reviewing');
    rowOf(full, 'maturity').getCell(4).value = 'Optimised';
    const locked = await upload(id, await bytesOf(full));
    expect([locked.status, locked.body.code]).toEqual([409, 'assessmentNotAnswering']);
    expect((await answersOf(id)).maturity).toBe('managed');
  });

  it('refuses a zip bomb by the bytes it really unpacks to, in bounded memory', async () => {
    const id = await requested('Zip bomb', CUSTOM);
    const { result, rss, heap } = await memoryGrowthDuring(() => upload(id, zipBomb()));
    expect([result.status, result.body.code]).toEqual([413, 'workbookUnpacksTooLarge']);
    expect(result.body.message).toMatch(/unpacks to more than 60 MB/);
    expect(rss).toBeLessThan(64 * 1024 * 1024);
    expect(heap).toBeLessThan(64 * 1024 * 1024);
    expect(await answersOf(id)).toEqual({});
  });

  it('guards every /maq/api route on the server: 401 signed out, 403 to a user without an assessment role group', async () => {
    const routes = mountedRoutes(server.app).filter((route) => route.path.startsWith(`${MAQ}/`));
    const listed = routes.map((route) => `${route.method} ${route.path}`);
    expect(listed).toContain(`GET ${MAQ}/assessments/:id/workbook`);
    expect(listed).toContain(`POST ${MAQ}/assessments/:id/workbook`);
    for (const route of routes) {
      if (route.method === 'HEAD') continue;
      const path = fillPath(route.path, {});
      const name = `${route.method} ${route.path}`;
      expect((await call(server.base, route.method, path, {})).status, name).toBe(401);
      const refused = await call(server.base, route.method, path, { token: tokens.merchant });
      expect([refused.status, refused.body.code], name).toEqual([403, 'noPermission']);
    }
  });
});
