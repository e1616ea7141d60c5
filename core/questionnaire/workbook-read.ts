import { type ExplanationTarget, explanationTarget, withExplanation } from './explanation';
import { type CompiledQuestionnaire, checkAnswers, MESSAGES, validateAnswer, validateCell } from './questionnaire';
import type { AnswerProblem, Answers, Column, Field, Question, Table } from './questionnaire.types';
import { choicesFor, choiceValue, columnLetter } from './workbook-layout';
import {
  type CellValue,
  CLEAR_MARKERS,
  ITEM_COLUMNS,
  READ_ME_KEYS,
  type ReadSheet,
  type WorkbookIdentity,
  type WorkbookProblem,
  type WorkbookReading,
  type WorkbookTranslate,
} from './workbook.types';

/** Problem messages of the workbook itself (i18n keys under `workbook.problems.`). */
export const WORKBOOK_MESSAGES = {
  unknownRow: 'workbook.problems.unknownRow',
  noExplanation: 'workbook.problems.noExplanation',
} as const;

const isBlank = (value: CellValue | undefined) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

const isClear = (value: CellValue | undefined) =>
  typeof value === 'string' && (CLEAR_MARKERS as readonly string[]).includes(value.trim().toLowerCase());

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as text; a date cell (Excel turns 2026-03-31 into one) as YYYY-MM-DD. */
function asText(value: CellValue | undefined): string {
  if (value instanceof Date)
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  return value === null || value === undefined ? '' : String(value);
}

const NUMBER = /^-?\d+(?:[.,]\d+)?$/;

/**
 * A filled cell as the answer it means: a drop-down entry (either language) as its value, several
 * entries split at `;` or a line break, numbers and dates from their text. What does not read as
 * anything stays the text typed, so the questionnaire's own check names the problem.
 */
function answerOf(
  compiled: CompiledQuestionnaire,
  spec: Question | Field | Column,
  raw: CellValue,
  t: WorkbookTranslate,
): unknown {
  const choices = choicesFor(compiled, spec, 'en', t);
  const text = asText(raw);
  if ('responseSet' in spec) return choiceValue(choices as NonNullable<typeof choices>, text);
  switch (spec.input) {
    case 'checkbox':
      return typeof raw === 'boolean' ? raw : choiceValue(choices as NonNullable<typeof choices>, text);
    case 'select':
    case 'questionRef':
      return choiceValue(choices as NonNullable<typeof choices>, text);
    case 'multiselect':
      return text
        .split(/[;\n]/)
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => choiceValue(choices as NonNullable<typeof choices>, part));
    case 'number':
      if (typeof raw === 'number') return raw;
      return NUMBER.test(text.trim()) ? Number(text.trim().replace(',', '.')) : text;
    case 'date':
      return text.trim();
    default:
      return text;
  }
}

/** Which questionnaire version the workbook says it belongs to (its Read me sheet), or null when it says none. */
export function workbookIdentity(sheets: ReadSheet[]): WorkbookIdentity | null {
  const readMe = sheets.find((sheet) => sheet.rows[0]?.[0] === 'readme');
  if (!readMe) return null;
  const value = (key: string) => readMe.rows.find((row) => row[0] === key)?.[2];
  const documentId = value(READ_ME_KEYS.documentId);
  const version = Number(asText(value(READ_ME_KEYS.version) ?? null));
  if (typeof documentId !== 'string' || !Number.isInteger(version)) return null;
  return { documentId, version };
}

/** Compares answers as stored data (key order aside). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const keysB = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

interface Place {
  sheet: string;
  cell: string;
}

/**
 * Reads an answered workbook against the questionnaire and the answers stored now: every filled
 * cell judged by `validateAnswer` (table cells one by one), then the whole document as `complete`
 * judges it — only problems the file brings in count (not missing answers, not what was wrong
 * already). A blank cell leaves the answer as it is; a clear marker removes it. With any problem
 * the answers come back unchanged and `changed` is empty.
 */
export function readWorkbook(
  compiled: CompiledQuestionnaire,
  sheets: ReadSheet[],
  existing: Answers,
  t: WorkbookTranslate,
): WorkbookReading {
  const given = new Map<string, unknown>();
  const places = new Map<string, Place>();
  const problems: WorkbookProblem[] = [];
  const report = (place: Place, found: AnswerProblem[], itemId: string) => {
    for (const problem of found) problems.push({ ...place, itemId, message: problem.message });
  };
  const explanations: { question: string; target: ExplanationTarget; text: string | null; place: Place }[] = [];

  for (const sheet of sheets) {
    const key = sheet.rows[0]?.[0];
    if (typeof key !== 'string') continue;
    if (key.startsWith('items:')) {
      sheet.rows.forEach((row, index) => {
        if (index === 0 || isBlank(row[ITEM_COLUMNS.key])) return;
        const at = (column: number) => ({ sheet: sheet.name, cell: `${columnLetter(column)}${index + 1}` });
        const id = row[ITEM_COLUMNS.key];
        const item = typeof id === 'string' ? compiled.entries.get(id)?.item : undefined;
        if (!item || item.type === 'table') {
          problems.push({ ...at(ITEM_COLUMNS.key), message: WORKBOOK_MESSAGES.unknownRow });
          return;
        }
        // a file is uploaded in the app: whatever its row says, the stored reference stays untouched
        if (item.type === 'field' && item.input === 'file') return;
        places.set(item.id, at(ITEM_COLUMNS.answer));
        const raw = row[ITEM_COLUMNS.answer];
        if (isClear(raw)) given.set(item.id, null);
        else if (!isBlank(raw)) {
          const value = answerOf(compiled, item, raw ?? null, t);
          report(at(ITEM_COLUMNS.answer), validateAnswer(compiled, item.id, value), item.id);
          given.set(item.id, value);
        }
        const note = row[ITEM_COLUMNS.explanation];
        if (isBlank(note)) return;
        const response = given.has(item.id) ? given.get(item.id) : existing[item.id];
        const target = item.type === 'question' ? explanationTarget(compiled, item, response) : null;
        if (!target) {
          problems.push({ ...at(ITEM_COLUMNS.explanation), itemId: item.id, message: WORKBOOK_MESSAGES.noExplanation });
          return;
        }
        const text = isClear(note) ? null : asText(note ?? null);
        report(
          at(ITEM_COLUMNS.explanation),
          text === null ? [] : validateCell(compiled, target.table, target.column, text),
          item.id,
        );
        explanations.push({ question: item.id, target, text, place: at(ITEM_COLUMNS.explanation) });
      });
    } else if (key.startsWith('table:')) {
      const table = compiled.entries.get(key.slice('table:'.length))?.item;
      if (table?.type !== 'table') {
        problems.push({ sheet: sheet.name, cell: 'A1', message: WORKBOOK_MESSAGES.unknownRow });
        continue;
      }
      readTable(compiled, sheet, table, t, { given, places, problems });
    }
  }

  // explanations land in their table's rows (Appendix C), after the table's own sheet if it has one
  for (const { question, target, text, place } of explanations) {
    const rows = given.has(target.table) ? given.get(target.table) : existing[target.table];
    given.set(target.table, withExplanation(rows, target, question, text));
    if (!places.has(target.table)) places.set(target.table, place);
  }
  for (const [tableId] of new Map(explanations.map((e) => [e.target.table, true]))) {
    const place = places.get(tableId) as Place;
    report(place, validateAnswer(compiled, tableId, given.get(tableId)).filter(isTableWide), tableId);
  }

  if (problems.length > 0) return { answers: existing, changed: [], problems };
  const answers: Answers = { ...existing };
  for (const [id, value] of given) {
    if (value === null) delete answers[id];
    else answers[id] = value;
  }
  const changed = [...given.keys()].filter((id) => !same(existing[id], answers[id]));
  // the whole document as `complete` judges it: what the file brings in, not what was wrong before
  const known = new Set(checkAnswers(compiled, existing).problems.map(problemKey));
  for (const problem of checkAnswers(compiled, answers).problems) {
    if (known.has(problemKey(problem))) continue;
    const place = (problem.item && places.get(problem.item)) || { sheet: null, cell: null };
    problems.push({
      ...place,
      ...(problem.item ? { itemId: problem.item } : {}),
      ...(problem.rule ? { rule: problem.rule } : {}),
      message: problem.message,
    });
  }
  if (problems.length > 0) return { answers: existing, changed: [], problems };
  return { answers, changed, problems };
}

const problemKey = (problem: AnswerProblem) => JSON.stringify([problem.item, problem.rule, problem.message]);

/** A table's problems that are not about one cell (those are reported at their cells). */
const isTableWide = (problem: AnswerProblem) =>
  problem.message === MESSAGES.tooManyRows || problem.message === MESSAGES.unknownColumn;

/**
 * A table's sheet: a row per filled row (B onwards, one column each). No filled row leaves the
 * table as it is; a clear marker in B2 empties it.
 */
function readTable(
  compiled: CompiledQuestionnaire,
  sheet: ReadSheet,
  table: Table,
  t: WorkbookTranslate,
  into: { given: Map<string, unknown>; places: Map<string, Place>; problems: WorkbookProblem[] },
): void {
  into.places.set(table.id, { sheet: sheet.name, cell: 'B2' });
  if (isClear(sheet.rows[1]?.[1])) {
    into.given.set(table.id, []);
    return;
  }
  const rows: Record<string, unknown>[] = [];
  const before = into.problems.length;
  sheet.rows.forEach((cells, index) => {
    if (index === 0 || table.columns.every((_, c) => isBlank(cells[c + 1]))) return;
    const row: Record<string, unknown> = {};
    table.columns.forEach((column, c) => {
      const raw = cells[c + 1];
      if (!isBlank(raw)) row[column.id] = answerOf(compiled, column, raw ?? null, t);
      for (const problem of validateCell(compiled, table.id, column.id, row[column.id])) {
        into.problems.push({
          sheet: sheet.name,
          cell: `${columnLetter(c + 1)}${index + 1}`,
          itemId: table.id,
          message: problem.message,
        });
      }
    });
    rows.push(row);
  });
  if (rows.length === 0) return;
  if (into.problems.length === before) {
    for (const problem of validateAnswer(compiled, table.id, rows))
      into.problems.push({ sheet: sheet.name, cell: 'B1', itemId: table.id, message: problem.message });
  }
  into.given.set(table.id, rows);
}
