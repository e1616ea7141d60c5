import { describe, expect, it } from 'vitest';
import { compileQuestionnaire } from '../../../core/questionnaire/questionnaire';
import type { QuestionnaireBody } from '../../../core/questionnaire/questionnaire.types';
import { workbookModel } from '../../../core/questionnaire/workbook';
import { sheetName } from '../../../core/questionnaire/workbook-layout';
import { readWorkbook, workbookIdentity } from '../../../core/questionnaire/workbook-read';
import type { CellValue, ReadSheet, WorkbookModel } from '../../../core/questionnaire/workbook.types';
import { loadTranslator } from '../../../server/http/i18n';
import { SAQ_A, SAQ_A_ANSWERS } from '../../support/saq-a';

// The offline workbook's row model without any xlsx: which sheets, rows and drop-downs a
// questionnaire body makes, and cells read back into answers and problems at their cells.

const translator = loadTranslator('locales');
const t = translator.t.bind(translator);
const identity = { documentId: 'saq-a-4.0.1', version: 1 };
const saqA = compileQuestionnaire(SAQ_A.body);

/** The model's cells as a reader would see them (the values only), to change like a user would. */
function asRead(model: WorkbookModel): ReadSheet[] {
  return model.sheets.map((sheet) => ({
    name: sheet.name,
    rows: sheet.rows.map((row) => row.map((cell) => cell.value)),
  }));
}

const sheetOf = (sheets: ReadSheet[], key: string) => sheets.find((sheet) => sheet.rows[0][0] === key) as ReadSheet;
const rowOf = (sheet: ReadSheet, id: string) => sheet.rows.find((row) => row[0] === id) as CellValue[];

describe('offline workbook row model', () => {
  it('makes a Read me sheet, a sheet per section of questions and one per table, names Excel accepts', () => {
    const model = workbookModel(saqA, identity, {}, 'en', t);
    const keys = model.sheets.map((sheet) => sheet.key);
    expect(keys[0]).toBe('readme');
    expect(keys).toContain('items:part1');
    expect(keys).toContain('items:req3');
    expect(keys).toContain('table:locations');
    expect(keys).toContain('table:appendixB');
    // Appendix C only holds explanations: they are the questions' Explanation column
    expect(keys).not.toContain('table:appendixC');
    const names = model.sheets.map((sheet) => sheet.name);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    for (const name of names) {
      expect(name.length).toBeLessThanOrEqual(31);
      expect(name).not.toMatch(/[[\]:*?/\\]/);
    }
    expect(names[0]).toBe('Read me');
    expect(workbookIdentity(asRead(model))).toEqual(identity);
  });

  it('keeps sheet names unique and short, cut after a whole word', () => {
    const taken = new Set<string>();
    const long = 'Requirement 12: security is backed by policies';
    expect(sheetName(long, taken)).toBe('Requirement 12 security is');
    expect(sheetName(long, taken)).toBe('Requirement 12 security is (2)');
    expect(sheetName('Anhang: Begründungsverzeichnisseinträge', taken)).toBe('Anhang Begründungsverzeichnisse');
    expect(sheetName('History', taken)).toBe('History (2)');
  });

  it('round-trips every answer of a complete SAQ A: answers → rows → the same answers, nothing changed', () => {
    const answers = Object.fromEntries(SAQ_A_ANSWERS);
    answers.products = [{ name: 'Pay page', version: '2', expiry: '2027-01-31' }];
    const model = workbookModel(saqA, identity, answers, 'en', t);
    const read = readWorkbook(saqA, asRead(model), answers, t);
    expect(read.problems).toEqual([]);
    expect(read.answers).toEqual(answers);
    expect(read.changed).toEqual([]);
  });

  it('reads labels in either language, several choices, numbers, dates and new table rows', () => {
    const model = workbookModel(saqA, identity, {}, 'tr', t);
    const sheets = asRead(model);
    const req3 = sheetOf(sheets, 'items:req3');
    expect(req3.rows[0].slice(1, 4)).toEqual(['Gereksinim', 'Soru', 'Yanıt']);
    rowOf(req3, 'req_3_1_1')[3] = 'Uygulanıyor';
    rowOf(req3, 'req_3_2_1')[3] = 'In Place with CCW';
    const part2 = sheetOf(sheets, 'items:part2');
    rowOf(part2, 'paymentChannels')[3] = 'E-ticaret; moto';
    const locations = sheetOf(sheets, 'table:locations');
    locations.rows.push([null, 'Office', '3', 'Istanbul'], [null, 'Shop', 2, 'Ankara']);
    // Excel turns a typed 2027-01-31 into a date cell
    sheetOf(sheets, 'table:products').rows.push([null, 'Pay page', 2, null, null, new Date(Date.UTC(2027, 0, 31))]);
    const appendixB = sheetOf(sheets, 'table:appendixB');
    appendixB.rows.push([null, '3.2.1', 'Law', 'Keep data short', 'Low', 'Vault', 'Audit', 'Yearly']);
    const read = readWorkbook(saqA, sheets, {}, t);
    expect(read.problems).toEqual([]);
    expect(read.answers).toMatchObject({
      req_3_1_1: 'inPlace',
      req_3_2_1: 'inPlaceCcw',
      paymentChannels: ['ecommerce', 'moto'],
      locations: [
        { facility: 'Office', count: 3, place: 'Istanbul' },
        { facility: 'Shop', count: 2, place: 'Ankara' },
      ],
      products: [{ name: 'Pay page', version: '2', expiry: '2027-01-31' }],
      appendixB: [{ question: 'req_3_2_1', constraints: 'Law' }],
    });
    expect(read.changed.sort()).toEqual([
      'appendixB',
      'locations',
      'paymentChannels',
      'products',
      'req_3_1_1',
      'req_3_2_1',
    ]);
  });

  it('shows the translated labels in the drop-downs and the existing answers filled in', () => {
    const model = workbookModel(saqA, identity, { req_3_1_1: 'notApplicable' }, 'tr', t);
    const req3 = model.sheets.find((sheet) => sheet.key === 'items:req3');
    const cell = req3?.rows.find((row) => row[0].value === 'req_3_1_1')?.[3];
    expect(cell?.value).toBe('Uygulanamaz');
    expect(model.lists[cell?.choices as number]).toEqual([
      'Uygulanıyor',
      'Telafi edici kontrolle uygulanıyor',
      'Uygulanamaz',
      'Uygulanmıyor',
    ]);
  });

  it('puts an explanation in its appendix row, and a blank cell leaves an answer while [clear] removes it', () => {
    const existing = { req_3_1_1: 'inPlace', companyName: 'Old Shop', dba: 'Old' };
    const sheets = asRead(workbookModel(saqA, identity, existing, 'en', t));
    const req3 = sheetOf(sheets, 'items:req3');
    rowOf(req3, 'req_3_2_1')[3] = 'Not Applicable';
    rowOf(req3, 'req_3_2_1')[4] = 'We keep no card data';
    rowOf(req3, 'req_3_1_1')[3] = null;
    const part1 = sheetOf(sheets, 'items:part1');
    rowOf(part1, 'dba')[3] = '[clear]';
    const read = readWorkbook(saqA, sheets, existing, t);
    expect(read.problems).toEqual([]);
    expect(read.answers.req_3_1_1).toBe('inPlace');
    expect(read.answers.companyName).toBe('Old Shop');
    expect(read.answers).not.toHaveProperty('dba');
    expect(read.answers.appendixC).toEqual([{ question: 'req_3_2_1', reason: 'We keep no card data' }]);
    expect(read.changed.sort()).toEqual(['appendixC', 'dba', 'req_3_2_1']);
  });

  it('lists each bad cell by sheet and cell with the questionnaire’s own message, and applies nothing', () => {
    const sheets = asRead(workbookModel(saqA, identity, {}, 'en', t));
    const req3 = sheetOf(sheets, 'items:req3');
    const at = req3.rows.findIndex((row) => row[0] === 'req_3_1_1') + 1;
    rowOf(req3, 'req_3_1_1')[3] = 'Maybe';
    rowOf(req3, 'req_3_2_1')[3] = 'Not Applicable';
    const part1 = sheetOf(sheets, 'items:part1');
    const email = part1.rows.findIndex((row) => row[0] === 'contactEmail') + 1;
    rowOf(part1, 'contactEmail')[3] = 'not-an-email';
    const locations = sheetOf(sheets, 'table:locations');
    locations.rows.push([null, 'Office', 'many', 'Istanbul']);
    const read = readWorkbook(saqA, sheets, {}, t);
    expect(read.changed).toEqual([]);
    expect(read.answers).toEqual({});
    expect(read.problems).toEqual([
      { sheet: part1.name, cell: `D${email}`, itemId: 'contactEmail', message: 'questionnaire.badEmail' },
      {
        sheet: locations.name,
        cell: `C${locations.rows.length}`,
        itemId: 'locations',
        message: 'questionnaire.wrongType',
      },
      { sheet: req3.name, cell: `D${at}`, itemId: 'req_3_1_1', message: 'questionnaire.notAnOption' },
    ]);
  });

  it('judges the whole document as complete does: what an answer needs and the rules, at the cell', () => {
    const sheets = asRead(workbookModel(saqA, identity, {}, 'en', t));
    const req3 = sheetOf(sheets, 'items:req3');
    const at = req3.rows.findIndex((row) => row[0] === 'req_3_2_1') + 1;
    rowOf(req3, 'req_3_2_1')[3] = 'Not in Place';
    rowOf(req3, 'req_3_1_1')[3] = 'Not Applicable';
    const part3 = sheetOf(sheets, 'items:part3');
    const status = part3.rows.findIndex((row) => row[0] === 'status') + 1;
    rowOf(part3, 'status')[3] = 'Compliant';
    const read = readWorkbook(saqA, sheets, {}, t);
    const appendixC = read.problems.find((p) => p.itemId === 'req_3_1_1');
    expect(appendixC).toMatchObject({ sheet: req3.name, cell: `D${at - 1}` });
    expect(appendixC?.message).toEqual(expect.objectContaining({ en: 'Explain it in Appendix C' }));
    expect(read.problems).toContainEqual(
      expect.objectContaining({ sheet: part3.name, cell: `D${status}`, rule: 'compliantNeedsNoNotInPlace' }),
    );
    expect(read.changed).toEqual([]);
  });

  it('says when a question is shown, naming the question and answer it depends on, in the language', () => {
    const body: QuestionnaireBody = {
      title: { en: 'Vendor check', tr: 'Tedarikçi kontrolü' },
      responseSets: {
        yesNo: {
          options: [
            { value: 'yes', label: { en: 'Yes', tr: 'Evet' } },
            { value: 'no', label: { en: 'No', tr: 'Hayır' } },
          ],
        },
      },
      sections: [
        {
          id: 'data',
          title: { en: 'Data', tr: 'Veri' },
          items: [
            {
              type: 'question',
              id: 'stores',
              requirement: 'D1',
              text: { en: 'Stores data?', tr: 'Veri saklıyor mu?' },
              responseSet: 'yesNo',
            },
            {
              type: 'question',
              id: 'encrypts',
              requirement: 'D2',
              text: { en: 'Encrypts it?', tr: 'Şifreliyor mu?' },
              responseSet: 'yesNo',
              visible: { '==': [{ var: 'stores' }, 'yes'] },
            },
          ],
        },
      ],
    };
    const compiled = compileQuestionnaire(body);
    const marker = (language: 'en' | 'tr') =>
      workbookModel(compiled, { documentId: 'vendor', version: 2 }, {}, language, t)
        .sheets.find((sheet) => sheet.key === 'items:data')
        ?.rows.find((row) => row[0].value === 'encrypts')?.[5].value;
    expect(marker('en')).toBe('Shown only when “D1” is “Yes”');
    expect(marker('tr')).toBe('Yalnızca şu durumda sorulur: “D1” = “Evet”');
  });
});
