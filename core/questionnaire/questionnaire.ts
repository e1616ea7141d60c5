import jsonLogic from 'json-logic-js';
import { checkRule, truthy } from '../rules/jsonlogic';
import type { JsonLogicRule } from '../rules/rule.types';
import type {
  AnswerProblem,
  AnswerRequirement,
  Answers,
  Column,
  Field,
  FileRef,
  Item,
  Question,
  QuestionnaireBody,
  Table,
} from './questionnaire.types';
import { ruleReads } from './rule-reads';

/** The key under which document rules see the response counts of the visible questions. */
export const RESPONSES_KEY = '_responses';

/** Built-in problem messages (i18n keys under `questionnaire.` in locales/). */
export const MESSAGES = {
  notAnOption: 'questionnaire.notAnOption',
  wrongType: 'questionnaire.wrongType',
  tooLong: 'questionnaire.tooLong',
  badEmail: 'questionnaire.badEmail',
  badPhone: 'questionnaire.badPhone',
  badDate: 'questionnaire.badDate',
  tooFewSelected: 'questionnaire.tooFewSelected',
  allSelected: 'questionnaire.allSelected',
  tooFewRows: 'questionnaire.tooFewRows',
  tooManyRows: 'questionnaire.tooManyRows',
  unknownColumn: 'questionnaire.unknownColumn',
  required: 'questionnaire.required',
  unknownItem: 'questionnaire.unknownItem',
  unknownQuestion: 'questionnaire.unknownQuestion',
  unknownFile: 'questionnaire.unknownFile',
} as const;

interface Entry {
  item: Item;
  section: number;
  /** The section's rule and the item's own; both must hold for the item to show. */
  rules: JsonLogicRule[];
}

/** A questionnaire version prepared once: items by id, rules vetted and indexed by the answers they read. */
export interface CompiledQuestionnaire {
  body: QuestionnaireBody;
  /** Item ids in document order. */
  order: readonly string[];
  questionIds: readonly string[];
  entries: ReadonlyMap<string, Entry>;
  /** Answer id -> items whose visibility reads it. */
  dependents: ReadonlyMap<string, readonly string[]>;
  /** Items whose visibility must be re-evaluated on every change (computed `var` paths). */
  alwaysDependent: readonly string[];
  /** Question id -> its allowed response values. */
  responseValues: ReadonlyMap<string, ReadonlySet<string>>;
}

/**
 * A frozen copy of JSON data in one pass. Much cheaper than freezing a structuredClone (freezing
 * the clone's objects one by one costs ~15 ms on SAQ D-SP in a fresh page, this copy < 1 ms): new
 * objects built the same way share their shapes, so freezing them is cheap.
 */
function frozenCopy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const copy = new Array(value.length);
    for (let index = 0; index < value.length; index += 1) copy[index] = frozenCopy(value[index]);
    return Object.freeze(copy) as T;
  }
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const child = frozenCopy((value as Record<string, unknown>)[key]);
    // an own "__proto__" of parsed JSON stays data, as structuredClone would keep it
    if (key === '__proto__') Object.defineProperty(copy, key, { value: child, enumerable: true });
    else copy[key] = child;
  }
  return Object.freeze(copy) as T;
}

/** Compiled per body object: the screen and the view around it share one (a body is never edited in place). */
const compiledBodies = new WeakMap<QuestionnaireBody, CompiledQuestionnaire>();

/**
 * Compiles a questionnaire body (already valid against its meta-schema). Every rule is checked
 * against the vetted operation set here, once, and the copy kept is frozen, so evaluation needs no
 * per-call check. Throws on a refused operation (publishing refuses such documents first). The same
 * body object compiles once (kept while the body is).
 */
export function compileQuestionnaire(source: QuestionnaireBody): CompiledQuestionnaire {
  const known = compiledBodies.get(source);
  if (known) return known;
  const body = frozenCopy(source);
  const entries = new Map<string, Entry>();
  const order: string[] = [];
  const questionIds: string[] = [];
  const dependents = new Map<string, string[]>();
  const alwaysDependent: string[] = [];
  const responseValues = new Map<string, Set<string>>();
  const vetted = (rule: unknown): void => {
    const problems = checkRule(rule);
    if (problems.length > 0) throw new Error(`Rule refused at ${problems[0].path || '/'}: ${problems[0].message}`);
  };
  body.sections.forEach((section, sectionIndex) => {
    for (const item of section.items) {
      const rules = [section.visible, item.visible].filter((r) => r !== undefined) as JsonLogicRule[];
      for (const rule of rules) vetted(rule);
      entries.set(item.id, { item, section: sectionIndex, rules });
      order.push(item.id);
      if (item.type === 'question') {
        questionIds.push(item.id);
        responseValues.set(item.id, new Set(body.responseSets[item.responseSet]?.options.map((o) => o.value)));
      }
      let dynamic = false;
      const reads = new Set<string>();
      for (const rule of rules) {
        const found = ruleReads(rule);
        dynamic ||= found.dynamic;
        for (const read of found.reads) reads.add(read);
      }
      if (dynamic) alwaysDependent.push(item.id);
      for (const read of reads) {
        const list = dependents.get(read) ?? [];
        list.push(item.id);
        dependents.set(read, list);
      }
    }
  });
  for (const rule of body.rules ?? []) vetted(rule.assert);
  const compiled = { body, order, questionIds, entries, dependents, alwaysDependent, responseValues };
  compiledBodies.set(source, compiled);
  return compiled;
}

function evaluate(rule: JsonLogicRule, data: unknown): boolean {
  try {
    return truthy(jsonLogic.apply(rule as never, data));
  } catch {
    return false;
  }
}

/** Whether one item shows for these answers (its section's rule and its own). */
export function isVisible(compiled: CompiledQuestionnaire, id: string, answers: Answers): boolean {
  const entry = compiled.entries.get(id);
  return entry?.rules.every((rule) => evaluate(rule, answers)) ?? false;
}

/** The ids of every visible item: the full pass, once when a questionnaire is opened. */
export function visibleItems(compiled: CompiledQuestionnaire, answers: Answers): Set<string> {
  return new Set(compiled.order.filter((id) => isVisible(compiled, id, answers)));
}

/**
 * After the answer `changed` changed: re-evaluates only the items whose visibility reads it (plus
 * the few with computed reads), updates `visible` in place and says which items flipped. Answers
 * of hidden items are kept (the user may come back) but are not checked or counted.
 */
export function updateVisibility(
  compiled: CompiledQuestionnaire,
  changed: string,
  answers: Answers,
  visible: Set<string>,
): { shown: string[]; hidden: string[]; evaluated: number } {
  const shown: string[] = [];
  const hidden: string[] = [];
  const targets = [...(compiled.dependents.get(changed) ?? []), ...compiled.alwaysDependent];
  for (const id of new Set(targets)) {
    const now = isVisible(compiled, id, answers);
    if (now && !visible.has(id)) {
      visible.add(id);
      shown.push(id);
    } else if (!now && visible.has(id)) {
      visible.delete(id);
      hidden.push(id);
    }
  }
  return { shown, hidden, evaluated: targets.length };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()-]{5,20}$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** No answer given: what checkAnswers lists as `missing` for a question or required field. */
export function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** One value of a field or table cell against its input kind; no problem for an empty value. */
function valueProblems(
  compiled: CompiledQuestionnaire,
  spec: Field | Column,
  value: unknown,
  item: string,
): AnswerProblem[] {
  if (isEmpty(value)) return [];
  const problem = (message: string): AnswerProblem[] => [{ item, message }];
  switch (spec.input) {
    case 'text':
    case 'textarea':
    case 'email':
    case 'phone':
    case 'date': {
      if (typeof value !== 'string') return problem(MESSAGES.wrongType);
      if (value.length > (spec.maxLength ?? (spec.input === 'textarea' ? 5000 : 500))) return problem(MESSAGES.tooLong);
      if (spec.input === 'email' && !EMAIL.test(value)) return problem(MESSAGES.badEmail);
      if (spec.input === 'phone' && !PHONE.test(value)) return problem(MESSAGES.badPhone);
      if (spec.input === 'date' && !DATE.test(value)) return problem(MESSAGES.badDate);
      return [];
    }
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? [] : problem(MESSAGES.wrongType);
    case 'checkbox':
      return typeof value === 'boolean' ? [] : problem(MESSAGES.wrongType);
    case 'select':
      return typeof value === 'string' && (spec.options ?? []).some((o) => o.value === value)
        ? []
        : problem(MESSAGES.notAnOption);
    case 'questionRef':
      return typeof value === 'string' && compiled.responseValues.has(value) ? [] : problem(MESSAGES.unknownQuestion);
    case 'multiselect': {
      const allowed = new Set((spec.options ?? []).map((o) => o.value));
      if (!Array.isArray(value) || new Set(value).size !== value.length) return problem(MESSAGES.wrongType);
      if (!value.every((v) => typeof v === 'string' && allowed.has(v))) return problem(MESSAGES.notAnOption);
      const field = spec as Field;
      if (field.allSelected && value.length < allowed.size) return problem(MESSAGES.allSelected);
      if (field.minSelected && value.length < field.minSelected) return problem(MESSAGES.tooFewSelected);
      return [];
    }
    case 'file':
      return isFileRef(value) ? [] : problem(MESSAGES.wrongType);
  }
}

const FILE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const SHA256 = /^[0-9a-f]{64}$/;

/** A file answer is a reference to an upload (id, name, size, type, sha256) and nothing else: never the bytes. */
export function isFileRef(value: unknown): value is FileRef {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const ref = value as Record<string, unknown>;
  const keys = Object.keys(ref);
  return (
    keys.length === 5 &&
    typeof ref.id === 'string' &&
    FILE_ID.test(ref.id) &&
    typeof ref.name === 'string' &&
    ref.name.length > 0 &&
    ref.name.length <= 255 &&
    typeof ref.size === 'number' &&
    Number.isInteger(ref.size) &&
    ref.size >= 0 &&
    typeof ref.type === 'string' &&
    ref.type.length <= 100 &&
    typeof ref.sha256 === 'string' &&
    SHA256.test(ref.sha256)
  );
}

function tableProblems(compiled: CompiledQuestionnaire, table: Table, value: unknown): AnswerProblem[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return [{ item: table.id, message: MESSAGES.wrongType }];
  if (table.maxRows !== undefined && value.length > table.maxRows)
    return [{ item: table.id, message: MESSAGES.tooManyRows }];
  const columns = new Map(table.columns.map((c) => [c.id, c]));
  const problems: AnswerProblem[] = [];
  for (const row of value) {
    if (row === null || typeof row !== 'object' || Array.isArray(row)) {
      problems.push({ item: table.id, message: MESSAGES.wrongType });
      continue;
    }
    for (const key of Object.keys(row)) {
      if (!columns.has(key)) problems.push({ item: table.id, message: MESSAGES.unknownColumn });
    }
    for (const column of table.columns) {
      problems.push(...cellProblems(compiled, table, column, (row as Record<string, unknown>)[column.id]));
    }
  }
  return problems;
}

function cellProblems(compiled: CompiledQuestionnaire, table: Table, column: Column, cell: unknown): AnswerProblem[] {
  if (column.required && isEmpty(cell)) return [{ item: table.id, message: MESSAGES.required }];
  return valueProblems(compiled, column, cell, table.id);
}

/**
 * One cell of a table row on its own, by the rule the whole row is judged by (required, then its
 * column's input): an offline workbook points at the cell that is wrong.
 */
export function validateCell(
  compiled: CompiledQuestionnaire,
  tableId: string,
  columnId: string,
  value: unknown,
): AnswerProblem[] {
  const table = compiled.entries.get(tableId)?.item;
  if (table?.type !== 'table') return [{ item: tableId, message: MESSAGES.unknownItem }];
  const column = table.columns.find((c) => c.id === columnId);
  if (!column) return [{ item: tableId, message: MESSAGES.unknownColumn }];
  return cellProblems(compiled, table, column, value);
}

/**
 * One answer on its own (what the server runs on every saved answer): a question's response must
 * be one of its response set, a field's value must fit its input, a table's rows their columns.
 * An empty answer is no problem here; missing answers are listed by checkAnswers.
 */
export function validateAnswer(compiled: CompiledQuestionnaire, id: string, value: unknown): AnswerProblem[] {
  const entry = compiled.entries.get(id);
  if (!entry) return [{ item: id, message: MESSAGES.unknownItem }];
  const { item } = entry;
  if (item.type === 'question') {
    if (value === undefined || value === null) return [];
    return typeof value === 'string' && compiled.responseValues.get(id)?.has(value)
      ? []
      : [{ item: id, message: MESSAGES.notAnOption }];
  }
  if (item.type === 'table') return tableProblems(compiled, item, value);
  return valueProblems(compiled, item, value, id);
}

/** What a question's current response needs (its response set's and the question's own). */
function requirementsOf(compiled: CompiledQuestionnaire, question: Question, value: string): AnswerRequirement[] {
  const option = compiled.body.responseSets[question.responseSet]?.options.find((o) => o.value === value);
  return [...(option?.requires ?? []), ...(question.requires?.[value] ?? [])];
}

/** Counts of the visible questions' responses, as document rules see them under `_responses`. */
export function responseCounts(compiled: CompiledQuestionnaire, answers: Answers, visible: Set<string>) {
  const counts: Record<string, number> = { answered: 0, total: 0 };
  for (const id of compiled.questionIds) {
    if (!visible.has(id)) continue;
    counts.total += 1;
    const value = answers[id];
    if (typeof value === 'string' && compiled.responseValues.get(id)?.has(value)) {
      counts.answered += 1;
      counts[value] = (counts[value] ?? 0) + 1;
    }
  }
  return counts;
}

/** Whether an item counts in the progress when visible: a question, or a required field. */
export function countsInProgress(compiled: CompiledQuestionnaire, id: string): boolean {
  const item = compiled.entries.get(id)?.item;
  return item?.type === 'question' || (item?.type === 'field' && item.required === true);
}

/**
 * How far answering has come, the one count every screen shows (the questionnaire's bar, an
 * assessment's list column and page): what submit asks for — visible questions and visible
 * required fields — and how many of them hold an answer.
 */
export function answerProgress(
  compiled: CompiledQuestionnaire,
  answers: Answers,
  visible: Set<string> = visibleItems(compiled, answers),
): { answered: number; total: number } {
  let answered = 0;
  let total = 0;
  for (const id of compiled.order) {
    if (!visible.has(id) || !countsInProgress(compiled, id)) continue;
    total += 1;
    if (!isEmpty(answers[id])) answered += 1;
  }
  return { answered, total };
}

/**
 * The whole document (at submit and in a background pass; the server runs it on every
 * submission): every visible answer, what each response needs (an appendix row naming the
 * question), table row counts, and the document rules. `missing` lists visible questions and
 * required fields left empty, for the continue-anyway prompt; `problems` are refusals.
 */
export function checkAnswers(
  compiled: CompiledQuestionnaire,
  answers: Answers,
): { problems: AnswerProblem[]; missing: string[]; visible: Set<string> } {
  const visible = visibleItems(compiled, answers);
  const problems: AnswerProblem[] = [];
  const missing: string[] = [];
  for (const key of Object.keys(answers)) {
    if (!compiled.entries.has(key)) problems.push({ item: key, message: MESSAGES.unknownItem });
  }
  const rowsOf = (tableId: string): Record<string, unknown>[] => {
    const rows = visible.has(tableId) ? answers[tableId] : undefined;
    return Array.isArray(rows) ? rows.filter((r) => r !== null && typeof r === 'object') : [];
  };
  for (const id of compiled.order) {
    if (!visible.has(id)) continue;
    const { item } = compiled.entries.get(id) as Entry;
    const value = answers[id];
    problems.push(...validateAnswer(compiled, id, value));
    if (item.type === 'question') {
      if (isEmpty(value)) missing.push(id);
      else if (typeof value === 'string') {
        for (const need of requirementsOf(compiled, item, value)) {
          if (!rowsOf(need.table).some((row) => row[need.column] === id))
            problems.push({ item: id, message: need.message });
        }
      }
    } else if (item.type === 'field') {
      if (item.required && isEmpty(value)) missing.push(id);
    } else {
      const count = Array.isArray(value) ? value.length : 0;
      if (item.minRows && count < item.minRows) problems.push({ item: id, message: MESSAGES.tooFewRows });
    }
  }
  const data = { ...answers, [RESPONSES_KEY]: responseCounts(compiled, answers, visible) };
  for (const rule of compiled.body.rules ?? []) {
    if (!evaluate(rule.assert, data)) problems.push({ item: rule.item, rule: rule.id, message: rule.message });
  }
  return { problems, missing, visible };
}

/**
 * The scoring hook of assessments: weight × points of each visible answered question over
 * weight × the best points. Null when the document declares no `scoring.points`.
 */
export function score(compiled: CompiledQuestionnaire, answers: Answers): { points: number; max: number } | null {
  const points = compiled.body.scoring?.points;
  if (!points) return null;
  const visible = visibleItems(compiled, answers);
  let got = 0;
  let max = 0;
  for (const id of compiled.questionIds) {
    const value = answers[id];
    if (!visible.has(id) || typeof value !== 'string' || !(value in points)) continue;
    const question = compiled.entries.get(id)?.item as Question;
    const weight = question.weight ?? 1;
    const best = Math.max(...[...(compiled.responseValues.get(id) ?? [])].map((v) => points[v] ?? 0));
    got += weight * points[value];
    max += weight * best;
  }
  return { points: got, max };
}
