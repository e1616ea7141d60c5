import type ExcelJS from 'exceljs';
import { columnLetter } from '../../core/questionnaire/workbook-layout';
import {
  type CellValue,
  LISTS_SHEET,
  type ReadSheet,
  type SheetCell,
  type WorkbookModel,
} from '../../core/questionnaire/workbook.types';

/** exceljs keeps a sheet's validations by address or range (its typings leave this out). */
interface DataValidations {
  add(address: string, validation: ExcelJS.DataValidation): void;
}

const INPUT_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF8DC' } };

/** A drop-down pointing at a list on the hidden lists sheet; a typed value outside it only warns (a clear marker must go in). */
function dropDown(list: number, length: number): ExcelJS.DataValidation {
  const column = columnLetter(list);
  return {
    type: 'list',
    allowBlank: true,
    formulae: [`${LISTS_SHEET}!$${column}$1:$${column}$${Math.max(length, 1)}`],
    showErrorMessage: true,
    errorStyle: 'warning',
  };
}

function writeCell(cell: ExcelJS.Cell, model: SheetCell, lists: string[][]): void {
  if (model.text) cell.numFmt = '@';
  cell.value = model.value;
  if (model.input) cell.fill = INPUT_FILL;
  if (model.choices !== undefined) cell.dataValidation = dropDown(model.choices, lists[model.choices]?.length ?? 0);
  if (model.note) cell.note = model.note;
  cell.alignment = { vertical: 'top', wrapText: true };
}

/**
 * Writes a workbook model (core/questionnaire/workbook.ts) as an .xlsx: its sheets in order with the
 * hidden key column, a bold frozen header row, shaded answer cells with their drop-downs, and the
 * drop-downs' entries on a very hidden `lists` sheet.
 */
/** exceljs on first use: it is heavy to load and most processes (every test server) never touch a workbook. */
const excel = async () => (await import('exceljs')).default;

export async function writeWorkbook(model: WorkbookModel): Promise<Buffer> {
  const workbook = new (await excel()).Workbook();
  workbook.creator = 'PaySec Compliance';
  for (const sheet of model.sheets) {
    const header = sheet.key !== 'readme';
    const worksheet = workbook.addWorksheet(sheet.name, header ? { views: [{ state: 'frozen', ySplit: 1 }] } : {});
    sheet.columns.forEach((column, index) => {
      const target = worksheet.getColumn(index + 1);
      target.width = column.width;
      if (column.hidden) target.hidden = true;
    });
    sheet.rows.forEach((cells, r) => {
      const row = worksheet.getRow(r + 1);
      cells.forEach((cell, c) => {
        writeCell(row.getCell(c + 1), cell, model.lists);
      });
      if (r === 0) row.font = { bold: true };
    });
    // a table's free rows: one drop-down range per column, no cells (they would cost writing and reading)
    const open = sheet.openRows;
    if (open && open.count > 0) {
      const first = sheet.rows.length + 1;
      const validations = (worksheet as unknown as { dataValidations: DataValidations }).dataValidations;
      for (const [column, list] of Object.entries(open.choices)) {
        const letter = columnLetter(Number(column));
        validations.add(
          `${letter}${first}:${letter}${first + open.count - 1}`,
          dropDown(list, model.lists[list]?.length ?? 0),
        );
      }
    }
  }
  const lists = workbook.addWorksheet(LISTS_SHEET, { state: 'veryHidden' });
  model.lists.forEach((entries, c) => {
    entries.forEach((entry, r) => {
      lists.getCell(r + 1, c + 1).value = entry;
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** An exceljs cell value as plain data: rich text as its text, a formula as its result, a link as its text. */
function plain(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date)
    return value;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return plain((value.result ?? null) as ExcelJS.CellValue);
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return String(value.error);
  }
  return null;
}

/** Far beyond any questionnaire's rows and columns: cells past them are not read (a sparse sheet cannot make us build millions of rows). */
const MAX_ROWS = 10_000;
const MAX_COLUMNS = 64;

/** Every sheet of an .xlsx as rows of plain cell values (row 1 first, column A first). Throws on a file exceljs cannot read. */
export async function readWorkbookFile(bytes: Buffer): Promise<ReadSheet[]> {
  const workbook = new (await excel()).Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets
    .filter((worksheet) => worksheet.name !== LISTS_SHEET)
    .map((worksheet) => {
      const rows: CellValue[][] = [];
      worksheet.eachRow({ includeEmpty: false }, (row, number) => {
        if (number > MAX_ROWS) return;
        const cells: CellValue[] = [];
        row.eachCell({ includeEmpty: false }, (cell, column) => {
          if (column <= MAX_COLUMNS) cells[column - 1] = plain(cell.value);
        });
        rows[number - 1] = Array.from(cells, (cell) => cell ?? null);
      });
      return { name: worksheet.name, rows: Array.from(rows, (row) => row ?? []) };
    });
}
