import type { Text } from '../documents/document.types';

/** The languages a workbook is written in (its labels); it is read back in either. */
export type WorkbookLanguage = 'en' | 'tr';

/** A cell's value as written to a sheet, or as read from one (rich text, formulas and links already flattened). */
export type CellValue = string | number | boolean | Date | null;

/** The questionnaire version a workbook was made from: its Read me sheet carries it, the import checks it. */
export interface WorkbookIdentity {
  documentId: string;
  version: number;
}

/** UI texts of the workbook (keys under `workbook.` in locales), in a language. */
export type WorkbookTranslate = (language: WorkbookLanguage, key: string, values?: Record<string, string>) => string;

export interface SheetCell {
  value: CellValue;
  /** A drop-down of the entries of `lists[choices]` (a data-validation list). */
  choices?: number;
  /** A cell the user fills in (shaded, unlocked). */
  input?: boolean;
  /** Kept as text (a date typed as 2026-03-31 must not turn into an Excel date). */
  text?: boolean;
  /** A note shown on the cell (a table's "shown only when …"). */
  note?: string;
}

export interface SheetColumn {
  width: number;
  hidden?: boolean;
}

/** One sheet: row 1 is its header (bold, frozen) except on the Read me sheet. */
export interface SheetModel {
  name: string;
  /** In the hidden cell A1: `readme`, `items:<section id>` or `table:<table id>`. */
  key: string;
  columns: SheetColumn[];
  /** From row 1; cells from column A. */
  rows: SheetCell[][];
  /** A table's free rows below its rows: how many, and the drop-down of each column index. */
  openRows?: { count: number; choices: Record<number, number> };
}

/** A whole workbook, ready to write: the sheets in order and the drop-downs' entries. */
export interface WorkbookModel {
  identity: WorkbookIdentity;
  language: WorkbookLanguage;
  sheets: SheetModel[];
  /** Each drop-down's entries (written to a hidden sheet the validations point at). */
  lists: string[][];
}

/** A sheet as read from an uploaded file: its rows from row 1, each from column A. */
export interface ReadSheet {
  name: string;
  rows: CellValue[][];
}

/** A problem of an uploaded workbook, at the sheet and cell to fix (null when it is about the whole file). */
export interface WorkbookProblem {
  sheet: string | null;
  cell: string | null;
  itemId?: string;
  rule?: string;
  message: Text;
}

/** What an uploaded workbook would do: the SAQ's answers after it, the items it changes, or its problems. */
export interface WorkbookReading {
  answers: Record<string, unknown>;
  changed: string[];
  problems: WorkbookProblem[];
}

/** The Read me sheet's keys (hidden column A) whose values (column C) say which version the file belongs to. */
export const READ_ME_KEYS = { documentId: 'documentId', version: 'version', language: 'language' } as const;

/** Columns of a section's sheet (0 = A). */
export const ITEM_COLUMNS = {
  key: 0,
  requirement: 1,
  text: 2,
  answer: 3,
  explanation: 4,
  condition: 5,
  hint: 6,
} as const;

/** What a user types to remove an answer (a blank cell leaves it as it is); either language's. */
export const CLEAR_MARKERS = ['[clear]', '[sil]'] as const;

/** Several choices in one cell are separated by this (a newline too). */
export const CHOICE_SEPARATOR = ';';

/** The sheet the drop-downs' entries are kept on (hidden). */
export const LISTS_SHEET = 'lists';
