import type { Text } from '../documents/document.types';
import { explanationTargets } from './explanation';
import type { CompiledQuestionnaire } from './questionnaire';
import type { Column, Field, Question, Section, Table } from './questionnaire.types';
import type { WorkbookLanguage, WorkbookTranslate } from './workbook.types';

/** A section's questions and fields, one row each. */
export interface ItemSheetPlan {
  kind: 'items';
  key: string;
  name: string;
  section: Section;
  items: (Question | Field)[];
}

/** A table, one row per table row. */
export interface TableSheetPlan {
  kind: 'table';
  key: string;
  name: string;
  section: Section;
  table: Table;
}

export type SheetPlan = ItemSheetPlan | TableSheetPlan;

/** Which sheets a questionnaire body makes, and the tables answered in the questions' explanation column instead. */
export interface WorkbookPlan {
  sheets: SheetPlan[];
  readMeName: string;
  /** Tables of only a question reference and an explanation (Appendix C): no sheet of their own. */
  folded: ReadonlySet<string>;
}

/** A document text in a language (an i18n key through the translator). */
export function textIn(text: Text | undefined, language: WorkbookLanguage, t: WorkbookTranslate): string {
  if (text === undefined) return '';
  return typeof text === 'string' ? t(language, text) : text[language];
}

// Excel refuses these in a sheet name, and a name of more than 31 characters
const FORBIDDEN = /[[\]:*?/\\]/g;
const MAX_NAME = 31;

/** At most `max` characters, cut after a whole word when that keeps at least half. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const space = text.slice(0, max + 1).lastIndexOf(' ');
  return (space >= max / 2 ? text.slice(0, space) : text.slice(0, max)).trimEnd();
}

/** A sheet name Excel accepts, unique in `taken` (case-insensitive; 'History' is Excel's own). */
export function sheetName(title: string, taken: Set<string>): string {
  const cleaned =
    title
      .replace(FORBIDDEN, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^'+|'+$/g, '') || 'Sheet';
  let name = cut(cleaned, MAX_NAME);
  for (let n = 2; taken.has(name.toLowerCase()) || name.toLowerCase() === 'history'; n += 1) {
    const suffix = ` (${n})`;
    name = `${cut(cleaned, MAX_NAME - suffix.length)}${suffix}`;
  }
  taken.add(name.toLowerCase());
  return name;
}

/** Tables that only hold explanations: every column is the question reference or the explanation text. */
function foldedTables(compiled: CompiledQuestionnaire): Set<string> {
  const folded = new Set<string>();
  for (const id of compiled.questionIds) {
    const question = compiled.entries.get(id)?.item as Question;
    for (const target of explanationTargets(compiled, question)) {
      const table = compiled.entries.get(target.table)?.item as Table;
      if (table.columns.every((c) => c.id === target.ref || c.id === target.column)) folded.add(table.id);
    }
  }
  return folded;
}

/**
 * The sheets of a questionnaire body in document order: a section's questions and fields on one
 * sheet (named after the section), each of its tables on a sheet of its own (named after the table),
 * but for tables that only hold the questions' explanations.
 */
export function workbookPlan(
  compiled: CompiledQuestionnaire,
  language: WorkbookLanguage,
  t: WorkbookTranslate,
): WorkbookPlan {
  const taken = new Set<string>();
  const readMeName = sheetName(t(language, 'workbook.readMe.sheet'), taken);
  taken.add('lists');
  const folded = foldedTables(compiled);
  const sheets: SheetPlan[] = [];
  for (const section of compiled.body.sections) {
    const items = section.items.filter((item): item is Question | Field => item.type !== 'table');
    if (items.length > 0) {
      const name = sheetName(textIn(section.title, language, t), taken);
      sheets.push({ kind: 'items', key: `items:${section.id}`, name, section, items });
    }
    for (const table of section.items) {
      if (table.type !== 'table' || folded.has(table.id)) continue;
      const name = sheetName(textIn(table.label, language, t), taken);
      sheets.push({ kind: 'table', key: `table:${table.id}`, name, section, table });
    }
  }
  return { sheets, readMeName, folded };
}

/** A drop-down's entries as shown, and what each entry (in either language, or the stored value) reads back as. */
export interface Choices {
  shown: string[];
  back: Map<string, unknown>;
}

const LANGUAGES: WorkbookLanguage[] = ['en', 'tr'];

function choicesOf(
  entries: { value: unknown; label: (language: WorkbookLanguage) => string }[],
  language: WorkbookLanguage,
): Choices {
  const back = new Map<string, unknown>();
  for (const entry of entries) {
    if (typeof entry.value === 'string') back.set(entry.value, entry.value);
    for (const each of LANGUAGES) if (!back.has(entry.label(each))) back.set(entry.label(each), entry.value);
  }
  return { shown: entries.map((entry) => entry.label(language)), back };
}

/** A question's responses, a field's or column's options, yes/no of a checkbox, the questions a reference names. */
export function choicesFor(
  compiled: CompiledQuestionnaire,
  spec: Question | Field | Column,
  language: WorkbookLanguage,
  t: WorkbookTranslate,
): Choices | null {
  const label = (text: Text) => (each: WorkbookLanguage) => textIn(text, each, t);
  if ('responseSet' in spec) {
    const options = compiled.body.responseSets[spec.responseSet]?.options ?? [];
    return choicesOf(
      options.map((o) => ({ value: o.value, label: label(o.label) })),
      language,
    );
  }
  switch (spec.input) {
    case 'select':
    case 'multiselect':
      return choicesOf(
        (spec.options ?? []).map((o) => ({ value: o.value, label: label(o.label) })),
        language,
      );
    case 'checkbox':
      return choicesOf(
        [
          { value: true, label: (each) => t(each, 'workbook.yes') },
          { value: false, label: (each) => t(each, 'workbook.no') },
        ],
        language,
      );
    case 'questionRef':
      return choicesOf(
        compiled.questionIds.map((id) => ({ value: id, label: () => questionRefLabel(compiled, id) })),
        language,
      );
    default:
      return null;
  }
}

/** How a question is named in a reference cell: its requirement id, or its item id when it has none. */
export function questionRefLabel(compiled: CompiledQuestionnaire, id: string): string {
  const item = compiled.entries.get(id)?.item;
  return item?.type === 'question' && item.requirement ? item.requirement : id;
}

/** The value an entry reads back as: the exact text first, then ignoring case and spacing; else the text itself. */
export function choiceValue(choices: Choices, raw: string): unknown {
  const text = raw.trim();
  if (choices.back.has(text)) return choices.back.get(text);
  const loose = (value: string) => value.replace(/\s+/g, ' ').toLowerCase();
  for (const [shown, value] of choices.back) if (loose(shown) === loose(text)) return value;
  return text;
}

/** The text an entry shows for a stored value ('' for none; the value itself when it is no entry). */
export function choiceLabel(choices: Choices, value: unknown): string {
  if (value === undefined || value === null) return '';
  // the shown entries are in the workbook's language: the one of them that reads back as the value
  return choices.shown.find((shown) => choices.back.get(shown) === value) ?? String(value);
}

/** A column's letter (0 = A). */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
