import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../server/store/records.types';
import { readHistory } from '../../server/services/history';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';
import { download, SAQ_A_FIELDS, SAQ_A_QUESTIONS, signedSaqA } from './support/saq-flow';
import { memoryGrowthDuring, zipBomb } from './support/zip-bomb';

// Issue 10 'Offline answering' on SAQs over real HTTP: the SAQ exported as an xlsx, answered with
// exceljs as a user's spreadsheet program would, uploaded, judged by the pinned questionnaire, and
// applied whole or not at all.
const API = '/saq/api/v1';

type Sheet = ExcelJS.Worksheet;

async function workbookOf(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** The sheet whose hidden A1 holds `key` (`items:req3`, `table:locations`, `readme`). */
function sheetOf(workbook: ExcelJS.Workbook, key: string): Sheet {
  const sheet = workbook.worksheets.find((each) => each.getCell('A1').value === key);
  if (!sheet) throw new Error(`no sheet ${key}`);
  return sheet;
}

/** The row of an item on its section's sheet. */
function rowOf(workbook: ExcelJS.Workbook, itemId: string): ExcelJS.Row {
  for (const sheet of workbook.worksheets) {
    if (!String(sheet.getCell('A1').value).startsWith('items:')) continue;
    for (let r = 2; r <= sheet.rowCount; r += 1) if (sheet.getCell(`A${r}`).value === itemId) return sheet.getRow(r);
  }
  throw new Error(`no row for ${itemId}`);
}

/** What a merchant types offline: every field of a complete SAQ A, every question In Place but the first (N/A, explained). */
function fillSaqA(workbook: ExcelJS.Workbook): void {
  for (const [id, value] of Object.entries(SAQ_A_FIELDS)) {
    if (id === 'locations') continue;
    const cell = rowOf(workbook, id).getCell(4);
    if (id === 'paymentChannels') cell.value = 'E-commerce';
    else if (id === 'eligibility') cell.value = 'criterion1; criterion2; criterion3';
    else if (id === 'status') cell.value = 'Compliant';
    else cell.value = value as string;
  }
  SAQ_A_QUESTIONS.forEach((id, index) => {
    rowOf(workbook, id).getCell(4).value = index === 0 ? 'Not Applicable' : 'In Place';
  });
  rowOf(workbook, SAQ_A_QUESTIONS[0]).getCell(5).value = 'No such system';
  const locations = sheetOf(workbook, 'table:locations');
  locations.getRow(2).values = [null, 'Office', 1, 'Istanbul'];
}

const bytesOf = async (workbook: ExcelJS.Workbook) => Buffer.from(await workbook.xlsx.writeBuffer());

describe('SAQ offline workbook /saq/api/v1/saqs/:saqId/workbook', () => {
  let server: TestServer;
  let admin: string;
  let merchant: string;
  let other: string;
  let bank: string;
  let assessee: string;

  const as = (token: string | undefined, method: string, path: string, body?: unknown, language?: string) =>
    call(server.base, method, path, { token, body, headers: language ? { 'accept-language': language } : {} });
  const start = async (saqType = 'A', token = merchant): Promise<string> => {
    const started = await as(token, 'POST', `${API}/saqs`, { saqType });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    return started.body.content.id as string;
  };
  const exported = async (saqId: string, query = '', token = merchant) => {
    const file = await download(server.base, `${API}/saqs/${saqId}/workbook${query}`, token);
    expect(file.status, file.bytes.toString()).toBe(200);
    return file;
  };
  const upload = async (
    saqId: string,
    bytes: Buffer | null,
    { token = merchant, name = 'answers.xlsx', language = 'en' } = {},
  ) => {
    const form = new FormData();
    if (bytes) form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const headers: Record<string, string> = { 'accept-language': language };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(`${server.base}${API}/saqs/${saqId}/workbook`, {
      method: 'POST',
      headers,
      body: form,
    });
    return { status: response.status, body: await response.json() };
  };
  const answersOf = async (saqId: string) => (await as(merchant, 'GET', `${API}/saqs/${saqId}`)).body.content.answers;

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    const users = server.ctx.store.collection<UserRecord>('users');
    const [mert] = await users.find((user) => user.email === 'merchant@demo.test');
    await users.insert({ ...mert, id: 'merchant-workbook', email: 'merchant3@demo.test' });
    [admin, merchant, other, bank, assessee] = await Promise.all(
      ['admin@demo.test', 'merchant@demo.test', 'merchant3@demo.test', 'bank@demo.test', 'assessee@demo.test'].map(
        (email) => tokenFor(server.base, email),
      ),
    );
  }, 90_000);
  afterAll(() => server.close());

  it('exports the SAQ as an xlsx: Read me with its version, a sheet per section, drop-downs of the translated labels, answers filled in', async () => {
    const saqId = await start();
    expect(
      (await as(merchant, 'PUT', `${API}/saqs/${saqId}/answers/req_3_1_1`, { value: 'notApplicable' })).status,
    ).toBe(200);
    expect((await as(merchant, 'PUT', `${API}/saqs/${saqId}/answers/companyName`, { value: 'Demo Shop' })).status).toBe(
      200,
    );

    const file = await exported(saqId, '?lang=tr');
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="SAQ-A-4\.0\.1-tr\.xlsx"/);
    const workbook = await workbookOf(file.bytes);
    const readMe = workbook.worksheets[0];
    expect(readMe.name).toBe('Beni oku');
    expect(readMe.getColumn(1).hidden).toBe(true);
    expect(readMe.getCell('C4').value).toBe('saq-a-4.0.1');
    expect(readMe.getCell('C5').value).toBe(1);
    for (const sheet of workbook.worksheets) {
      expect(sheet.name.length).toBeLessThanOrEqual(31);
      expect(sheet.name).not.toMatch(/[[\]:*?/\\]/);
    }
    const question = rowOf(workbook, 'req_3_1_1');
    expect(question.getCell(2).value).toBe('3.1.1');
    expect(String(question.getCell(3).value)).toContain('Saklanan hesap verisinin');
    expect(question.getCell(4).value).toBe('Uygulanamaz');
    const validation = question.getCell(4).dataValidation;
    expect(validation.type).toBe('list');
    const [, column, first, last] =
      /^lists!\$([A-Z]+)\$(\d+):\$[A-Z]+\$(\d+)$/.exec(validation.formulae?.[0] ?? '') ?? [];
    const lists = workbook.getWorksheet('lists') as Sheet;
    expect(lists.state).toBe('veryHidden');
    const entries = [];
    for (let r = Number(first); r <= Number(last); r += 1) entries.push(lists.getCell(`${column}${r}`).value);
    expect(entries).toEqual(['Uygulanıyor', 'Telafi edici kontrolle uygulanıyor', 'Uygulanamaz', 'Uygulanmıyor']);
    expect(rowOf(workbook, 'companyName').getCell(4).value).toBe('Demo Shop');
    // a table's free rows keep their drop-downs: Appendix B's requirement column lists the requirement ids
    const appendixB = sheetOf(workbook, 'table:appendixB');
    expect(appendixB.getCell('B1').value).toBe('Gereksinim *');
    expect(appendixB.getCell('B2').dataValidation).toMatchObject({ type: 'list' });
    expect(appendixB.getCell('C2').dataValidation).toBeUndefined();
    // conditional fields say on what they depend, in words
    expect(rowOf(workbook, 'targetDate').getCell(6).value).toBe(
      'Yalnızca şu durumda sorulur: “Uyum durumu” = “Uyumsuz”',
    );
    // without ?lang the request's language
    const english = await workbookOf((await exported(saqId)).bytes);
    expect(english.worksheets[0].name).toBe('Read me');
    expect(rowOf(english, 'req_3_1_1').getCell(4).value).toBe('Not Applicable');
  });

  it('imports an answered workbook: the answers land as if typed, in one history entry; the same file again changes nothing', async () => {
    const saqId = await start();
    const workbook = await workbookOf((await exported(saqId)).bytes);
    fillSaqA(workbook);
    const imported = await upload(saqId, await bytesOf(workbook), { name: 'saq-a answers.xlsx' });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const count = Object.keys(SAQ_A_FIELDS).length + SAQ_A_QUESTIONS.length + 1; // + Appendix C
    expect(imported.body.content.changed).toBe(count);
    expect(imported.body.content.saq.status).toBe('waiting');

    const answers = await answersOf(saqId);
    expect(answers).toEqual({
      ...SAQ_A_FIELDS,
      ...Object.fromEntries(SAQ_A_QUESTIONS.map((id, index) => [id, index === 0 ? 'notApplicable' : 'inPlace'])),
      appendixC: [{ question: SAQ_A_QUESTIONS[0], reason: 'No such system' }],
    });
    // what typing them would allow: the SAQ completes
    expect((await as(merchant, 'POST', `${API}/saqs/${saqId}/complete`, {})).status).toBe(200);

    const history = await readHistory(server.ctx, 'saq', saqId);
    const entry = history.find((each) => each.action === 'importWorkbook');
    expect(entry).toMatchObject({
      comment: `${count} answers from saq-a answers.xlsx`,
      from: 'waiting',
      to: 'waiting',
    });

    // the same answers again: nothing to change, nothing written (the completed SAQ stays completed)
    const again = await upload(saqId, await bytesOf(workbook));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.content.changed).toBe(0);
    expect(again.body.content.saq.status).toBe('completed');
    expect(
      (await readHistory(server.ctx, 'saq', saqId)).filter((each) => each.action === 'importWorkbook'),
    ).toHaveLength(1);
  });

  it('refuses a workbook with one bad cell with the sheet, cell and translated message, and applies nothing', async () => {
    const saqId = await start();
    expect((await as(merchant, 'PUT', `${API}/saqs/${saqId}/answers/companyName`, { value: 'Before' })).status).toBe(
      200,
    );
    const workbook = await workbookOf((await exported(saqId)).bytes);
    fillSaqA(workbook);
    const bad = rowOf(workbook, 'req_3_2_1');
    bad.getCell(4).value = 'Perhaps';
    const refused = await upload(saqId, await bytesOf(workbook), { language: 'tr' });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('workbookInvalid');
    expect(refused.body.problems).toEqual([
      {
        sheet: bad.worksheet.name,
        cell: `D${bad.number}`,
        itemId: 'req_3_2_1',
        message: 'Sunulan yanıtlardan birini seçin',
      },
    ]);
    expect(await answersOf(saqId)).toEqual({ companyName: 'Before' });
    expect((await readHistory(server.ctx, 'saq', saqId)).some((each) => each.action === 'importWorkbook')).toBe(false);
  });

  it('refuses another questionnaire’s workbook, a file that is no xlsx, and one that never came from us', async () => {
    const saqA = await start('A');
    const workbookA = await bytesOf(await workbookOf((await exported(saqA)).bytes));
    const saqB = await start('B');
    const other = await upload(saqB, workbookA);
    expect([other.status, other.body.code]).toEqual([422, 'workbookOtherDocument']);
    expect(other.body.message).toBe(
      "This workbook belongs to another questionnaire or version than this one. Download this page's workbook and answer in it.",
    );
    expect(other.body.workbook).toEqual({ documentId: 'saq-a-4.0.1', version: 1 });

    const notXlsx = await upload(saqB, Buffer.from('%PDF-1.7 not a workbook'), { name: 'answers.xlsx' });
    expect([notXlsx.status, notXlsx.body.code]).toEqual([415, 'workbookNotXlsx']);
    const turkish = await upload(saqB, Buffer.from('name,answer\n'), { name: 'answers.xlsx', language: 'tr' });
    expect(turkish.body.message).toBe(
      'Bu dosya bir Excel çalışma kitabı (.xlsx) değil. Bu anketin sayfasından indirilen çalışma kitabını yükleyin.',
    );
    // a zip, but not a workbook; a workbook cut short
    const zip = Buffer.from('UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==', 'base64');
    expect((await upload(saqB, zip)).body.code).toBe('workbookNotXlsx');
    const cut = await upload(saqB, workbookA.subarray(0, workbookA.length - 200));
    expect([415, 422]).toContain(cut.status);

    const plain = new ExcelJS.Workbook();
    plain.addWorksheet('Answers').getCell('A1').value = 'req_3_1_1';
    const foreign = await upload(saqB, await bytesOf(plain));
    expect([foreign.status, foreign.body.code]).toEqual([422, 'workbookNotOurs']);

    expect((await upload(saqB, null)).body.code).toBe('fileRequired');
    const huge = await upload(saqB, Buffer.alloc(5 * 1024 * 1024 + 1, 1));
    expect([huge.status, huge.body.code]).toEqual([413, 'workbookTooLarge']);
    expect(await answersOf(saqB)).toEqual({});
  });

  it('refuses a zip bomb by the bytes it really unpacks to, not the sizes it declares, in bounded memory', async () => {
    const saqId = await start();
    const bomb = zipBomb(); // ~1 MB that declares 1 KB and inflates to 1 GB
    expect(bomb.length).toBeLessThan(1.1 * 1024 * 1024);
    const { result, rss, heap } = await memoryGrowthDuring(() => upload(saqId, bomb, { language: 'tr' }));
    expect([result.status, result.body.code]).toEqual([413, 'workbookUnpacksTooLarge']);
    expect(result.body.message).toBe(
      "Bu çalışma kitabı açıldığında 60 MB'ı aşıyor; bir anketin çalışma kitabı bu kadar büyük olamaz. Bu anketin sayfasından indirilen çalışma kitabını yükleyin.",
    );
    expect(rss).toBeLessThan(64 * 1024 * 1024);
    expect(heap).toBeLessThan(64 * 1024 * 1024);
    expect(await answersOf(saqId)).toEqual({});
  });

  it('sends a signed SAQ back through the workflow’s edit and drops its signature', async () => {
    const signed = await signedSaqA(server, merchant);
    const workbook = await workbookOf((await exported(signed.id)).bytes);
    rowOf(workbook, 'companyName').getCell(4).value = 'Renamed Shop';
    const imported = await upload(signed.id, await bytesOf(workbook));
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.content.changed).toBe(1);
    expect(imported.body.content.saq).toMatchObject({ status: 'waiting', signedAt: null, attestation: null });
    const actions = (await readHistory(server.ctx, 'saq', signed.id)).map((each) => each.action);
    expect(actions.slice(-2)).toEqual(['edit', 'importWorkbook']);
    expect((await answersOf(signed.id)).companyName).toBe('Renamed Shop');
  });

  it('is the owner’s only: 401 signed out, 403 for banks and assessees (and admins writing), 404 for another merchant', async () => {
    const saqId = await start();
    const bytes = (await exported(saqId)).bytes;
    for (const token of [undefined, bank, assessee]) {
      const read = await as(token, 'GET', `${API}/saqs/${saqId}/workbook`);
      const write = await upload(saqId, bytes, { token: token ?? '' });
      expect([read.status, write.status]).toEqual(token ? [403, 403] : [401, 401]);
    }
    expect((await upload(saqId, bytes, { token: admin })).status).toBe(403);
    const hidden = await as(admin, 'GET', `${API}/saqs/${saqId}/workbook`);
    expect([hidden.status, hidden.body.code]).toEqual([404, 'saqNotFound']);
    for (const refused of [
      await as(other, 'GET', `${API}/saqs/${saqId}/workbook`),
      await upload(saqId, bytes, { token: other }),
    ])
      expect([refused.status, refused.body.code]).toEqual([404, 'saqNotFound']);
    expect((await as(merchant, 'GET', `${API}/saqs/${saqId}/workbook?lang=de`)).status).toBe(400);
    expect((await as(merchant, 'GET', `${API}/saqs/not-a-uuid/workbook`)).status).toBe(400);
  });
});
