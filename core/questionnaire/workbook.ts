import type { JsonLogicRule } from '../rules/rule.types';
import { explanationOf, explanationTargets } from './explanation';
import type { CompiledQuestionnaire } from './questionnaire';
import type { Answers, Column, Field, Question, Section, Table } from './questionnaire.types';
import { conditionInWords } from './workbook-conditions';
import {
  type Choices,
  choiceLabel,
  choicesFor,
  type ItemSheetPlan,
  type TableSheetPlan,
  textIn,
  workbookPlan,
} from './workbook-layout';
import {
  CHOICE_SEPARATOR,
  type CellValue,
  CLEAR_MARKERS,
  READ_ME_KEYS,
  type SheetCell,
  type SheetModel,
  type WorkbookIdentity,
  type WorkbookLanguage,
  type WorkbookModel,
  type WorkbookTranslate,
} from './workbook.types';

/** Free rows a table sheet offers drop-downs in, below its rows (a table without maxRows). */
const OPEN_ROWS = 200;
const MAX_OPEN_ROWS = 500;

/** Collects the drop-downs' entries, one list per distinct set of entries. */
class Lists {
  readonly all: string[][] = [];
  private readonly index = new Map<string, number>();
  add(choices: Choices | null): number | undefined {
    if (!choices || choices.shown.length === 0) return undefined;
    const key = JSON.stringify(choices.shown);
    let at = this.index.get(key);
    if (at === undefined) {
      at = this.all.push(choices.shown) - 1;
      this.index.set(key, at);
    }
    return at;
  }
}

interface Context {
  compiled: CompiledQuestionnaire;
  language: WorkbookLanguage;
  t: WorkbookTranslate;
  lists: Lists;
}

/** A stored value as a cell shows it: labels for choices, `;`-separated for several, dates as text. */
function display(
  context: Context,
  spec: Question | Field | Column,
  value: unknown,
): { value: CellValue; choices?: number } {
  const { compiled, language, t, lists } = context;
  const choices = choicesFor(compiled, spec, language, t);
  const list = 'input' in spec && spec.input === 'multiselect' ? undefined : lists.add(choices);
  if (value === undefined || value === null) return { value: null, choices: list };
  if (Array.isArray(value)) {
    const shown = value.map((each) => (choices ? choiceLabel(choices, each) : String(each)));
    return { value: shown.join(`${CHOICE_SEPARATOR} `) };
  }
  if (choices) return { value: choiceLabel(choices, value), choices: list };
  if (typeof value === 'number' || typeof value === 'string') return { value };
  return { value: JSON.stringify(value) };
}

/** A file item's answer cell: not typed offline; it names the uploaded file, or says to upload it in the app. */
function fileCell({ language, t }: Context, value: unknown): { value: CellValue } {
  const name = value && typeof value === 'object' ? (value as { name?: unknown }).name : undefined;
  const upload = t(language, 'workbook.uploadInApp');
  return { value: typeof name === 'string' ? `${name} (${upload})` : upload };
}

/** "Shown only when …" for an item: its section's condition and its own, in words. */
function shownWhen(context: Context, section: Section, own: JsonLogicRule | undefined): string {
  const { compiled, language, t } = context;
  const rules = [section.visible, own].filter((rule) => rule !== undefined) as JsonLogicRule[];
  if (rules.length === 0) return '';
  const name = (id: string) => {
    const item = compiled.entries.get(id)?.item;
    if (!item) return id;
    if (item.type === 'question') return item.requirement ?? textIn(item.text, language, t);
    return textIn(item.label, language, t);
  };
  const words = {
    item: (id: string) => `“${name(id)}”`,
    value: (id: string, value: unknown) => {
      const item = compiled.entries.get(id)?.item;
      const choices = item && item.type !== 'table' ? choicesFor(compiled, item, language, t) : null;
      return `“${choices ? choiceLabel(choices, value) : String(value)}”`;
    },
    say: (key: string, values?: Record<string, string>) => t(language, `workbook.when.${key}`, values),
  };
  const condition = rules.map((rule) => conditionInWords(rule, words)).join(` ${words.say('and')} `);
  return t(language, 'workbook.shownWhen', { condition });
}

/** What to type in an answer cell: the input's format, and a question's guidance. */
function hint(context: Context, item: Question | Field): string {
  const { language, t } = context;
  if (item.type === 'question') return textIn(item.guidance, language, t);
  const choices = choicesFor(context.compiled, item, language, t);
  const format = t(language, `workbook.hint.${item.input}`, { choices: choices?.shown.join('; ') ?? '' });
  return [item.required ? t(language, 'workbook.hint.required') : '', format].filter(Boolean).join(' ');
}

const header = (value: string): SheetCell => ({ value });

function itemSheet(context: Context, plan: ItemSheetPlan, answers: Answers): SheetModel {
  const { compiled, language, t } = context;
  const say = (key: string) => header(t(language, `workbook.columns.${key}`));
  const rows: SheetCell[][] = [
    [
      header(plan.key),
      say('requirement'),
      say('question'),
      say('answer'),
      say('explanation'),
      say('condition'),
      say('hint'),
    ],
  ];
  for (const item of plan.items) {
    const isQuestion = item.type === 'question';
    // files are uploaded in the app only: the row says so (the file's name when one is given) and takes no input
    const isFile = item.type === 'field' && item.input === 'file';
    const shown = isFile ? fileCell(context, answers[item.id]) : display(context, item, answers[item.id]);
    const explains = isQuestion && explanationTargets(compiled, item).length > 0;
    const label = isQuestion ? textIn(item.text, language, t) : textIn(item.label, language, t);
    rows.push([
      { value: item.id },
      { value: isQuestion ? (item.requirement ?? null) : null },
      { value: !isQuestion && item.required ? `${label} *` : label },
      isFile ? shown : { ...shown, input: true, text: !isQuestion && item.input !== 'number' },
      explains ? { value: explanationOf(compiled, item, answers) || null, input: true, text: true } : { value: null },
      { value: shownWhen(context, plan.section, item.visible) || null },
      { value: hint(context, item) || null },
    ]);
  }
  return {
    name: plan.name,
    key: plan.key,
    columns: [
      { width: 4, hidden: true },
      { width: 12 },
      { width: 60 },
      { width: 28 },
      { width: 40 },
      { width: 32 },
      { width: 40 },
    ],
    rows,
  };
}

function tableSheet(context: Context, plan: TableSheetPlan, answers: Answers): SheetModel {
  const { table } = plan;
  const condition = shownWhen(context, plan.section, table.visible);
  const titles = table.columns.map((column, index): SheetCell => {
    const label = textIn(column.label, context.language, context.t);
    return { value: column.required ? `${label} *` : label, ...(index === 0 && condition ? { note: condition } : {}) };
  });
  const rows: SheetCell[][] = [[header(plan.key), ...titles]];
  const stored = Array.isArray(answers[table.id]) ? (answers[table.id] as Record<string, unknown>[]) : [];
  for (const row of stored) {
    rows.push([
      { value: null },
      ...table.columns.map((column) => ({
        ...display(context, column, row?.[column.id]),
        input: true,
        text: column.input !== 'number',
      })),
    ]);
  }
  const choices: Record<number, number> = {};
  table.columns.forEach((column, index) => {
    const list = display(context, column, null).choices;
    if (list !== undefined) choices[index + 1] = list;
  });
  const capacity = Math.min(table.maxRows ?? OPEN_ROWS, MAX_OPEN_ROWS);
  return {
    name: plan.name,
    key: plan.key,
    columns: [{ width: 4, hidden: true }, ...table.columns.map((c) => ({ width: c.input === 'textarea' ? 48 : 24 }))],
    rows,
    openRows: { count: Math.max(capacity - stored.length, 0), choices },
  };
}

function readMeSheet(
  context: Context,
  name: string,
  identity: WorkbookIdentity,
  subject: string,
  table: Table | undefined,
): SheetModel {
  const { compiled, language, t } = context;
  const say = (key: string, values?: Record<string, string>) => t(language, `workbook.readMe.${key}`, values);
  const line = (text: string): SheetCell[] => [{ value: null }, { value: text }];
  const steps = ['answer', 'blank', 'several', 'dates', 'tables', 'conditions', 'upload'].map((step) =>
    line(say(`steps.${step}`, { clear: CLEAR_MARKERS[language === 'tr' ? 1 : 0] })),
  );
  return {
    name,
    key: 'readme',
    columns: [{ width: 4, hidden: true }, { width: 36 }, { width: 90 }],
    rows: [
      [{ value: 'readme' }, { value: say('title', { title: textIn(compiled.body.title, language, t) }) }],
      line(subject),
      [],
      [{ value: READ_ME_KEYS.documentId }, { value: say('documentId') }, { value: identity.documentId }],
      [{ value: READ_ME_KEYS.version }, { value: say('version') }, { value: identity.version }],
      [{ value: READ_ME_KEYS.language }, { value: say('language') }, { value: language }],
      [],
      line(say('how')),
      ...steps,
      ...(table ? [line(say('explanations', { table: textIn(table.label, language, t) }))] : []),
    ],
  };
}

/**
 * The offline workbook of a questionnaire version with the answers given so far, in a language:
 * a Read me sheet (what to do; the document id and version the import checks), then one sheet per
 * section with a row per question or field, and one per table (docs/documents/questionnaire.md 'Offline workbook').
 * `subject` is a line under the title (which SAQ or assessment this is).
 */
export function workbookModel(
  compiled: CompiledQuestionnaire,
  identity: WorkbookIdentity,
  answers: Answers,
  language: WorkbookLanguage,
  t: WorkbookTranslate,
  subject = '',
): WorkbookModel {
  const context: Context = { compiled, language, t, lists: new Lists() };
  const plan = workbookPlan(compiled, language, t);
  const sheets = plan.sheets.map((sheet) =>
    sheet.kind === 'items' ? itemSheet(context, sheet, answers) : tableSheet(context, sheet, answers),
  );
  const [folded] = [...plan.folded].map((id) => compiled.entries.get(id)?.item as Table);
  return {
    identity,
    language,
    sheets: [readMeSheet(context, plan.readMeName, identity, subject, folded), ...sheets],
    lists: context.lists.all,
  };
}
