import type { Text } from '../documents/document.types';
import type { JsonLogicRule } from '../rules/rule.types';

/** A questionnaire document body (kind 'questionnaire', schemas/meta/questionnaire.json). */
export interface QuestionnaireBody {
  title: Text;
  description?: Text;
  guard?: unknown;
  standard?: { name: string; version: string; type?: string };
  responseSets: Record<string, ResponseSet>;
  sections: Section[];
  rules?: DocumentRule[];
  scoring?: { points: Record<string, number>; hook?: string };
  carryOver?: CarryOver;
}

/** What a response (or a question's response) needs: a row of `table` whose `column` is the question's id. */
export interface AnswerRequirement {
  table: string;
  column: string;
  message: Text;
}

export interface ResponseSet {
  options: { value: string; label: Text; requires?: AnswerRequirement[]; explain?: boolean }[];
}

export interface Question {
  type: 'question';
  id: string;
  requirement?: string;
  text: Text;
  guidance?: Text;
  responseSet: string;
  tooltip?: string;
  visible?: JsonLogicRule;
  requires?: Record<string, AnswerRequirement[]>;
  weight?: number;
}

export type InputKind =
  | 'text'
  | 'textarea'
  | 'email'
  | 'phone'
  | 'date'
  | 'number'
  | 'select'
  | 'multiselect'
  | 'checkbox'
  | 'questionRef';

export interface Field {
  type: 'field';
  id: string;
  label: Text;
  input: InputKind;
  required?: boolean;
  options?: { value: string; label: Text }[];
  minSelected?: number;
  allSelected?: boolean;
  maxLength?: number;
  tooltip?: string;
  visible?: JsonLogicRule;
}

export interface Column {
  id: string;
  label: Text;
  input: Exclude<InputKind, 'multiselect'>;
  required?: boolean;
  options?: { value: string; label: Text }[];
  maxLength?: number;
}

export interface Table {
  type: 'table';
  id: string;
  label: Text;
  columns: Column[];
  minRows?: number;
  maxRows?: number;
  visible?: JsonLogicRule;
}

export type Item = Question | Field | Table;

export interface Section {
  id: string;
  title: Text;
  description?: Text;
  group?: string;
  visible?: JsonLogicRule;
  items: Item[];
}

export interface DocumentRule {
  id: string;
  assert: JsonLogicRule;
  message: Text;
  item?: string;
}

export type CarryOverChange =
  | { op: 'rename'; from: string; to: string }
  | { op: 'split'; from: string; to: string[] }
  | { op: 'merge'; from: string[]; to: string }
  | { op: 'drop'; from: string };

export interface CarryOver {
  from: string;
  changes: CarryOverChange[];
}

/** Answers by item id: a question's response value, a field's value, a table's rows. */
export type Answers = Record<string, unknown>;

/** One problem with the answers; `item` is the item it belongs to, `rule` the document rule that failed. */
export interface AnswerProblem {
  item?: string;
  rule?: string;
  message: Text;
}
