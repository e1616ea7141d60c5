import type { Text } from '../documents/document.types';
import type { JsonLogicRule } from '../rules/rule.types';

/** A questionnaire document body (kind 'questionnaire', schemas/meta/questionnaire.json). */
export interface QuestionnaireBody {
  title: Text;
  description?: Text;
  guard?: unknown;
  /** `assessment` marks an assessment template (docs/documents/assessment-template.md); SAQs leave it out. */
  purpose?: 'saq' | 'assessment';
  /** What the template wizard asked (domain §9, 8 steps); never shown to assessees. */
  template?: TemplateInfo;
  standard?: { name: string; version: string; type?: string };
  responseSets: Record<string, ResponseSet>;
  sections: Section[];
  rules?: DocumentRule[];
  scoring?: { points: Record<string, number>; hook?: string };
  carryOver?: CarryOver;
  /** Assessment templates: the answers that raise issues at completion (core/questionnaire/findings.ts). */
  findings?: FindingRule[];
}

/** Answers of `items` for which `when` holds are findings: each raises an issue of this severity and category. */
export interface FindingRule {
  id: string;
  items: string[];
  /** json-logic over the answers plus `value` (the item's answer) and `points` (its scoring points or null). */
  when: JsonLogicRule;
  severity: string;
  category: string;
  priority?: string;
}

/** Assessment template information (the 8-step wizard). */
export interface TemplateInfo {
  category?: string;
  industry?: string;
  scope?: string;
  scoringMethod?: 'perChoice' | 'perSection';
  deadlineDays?: number;
  review?: { requireFileReview?: boolean; reviewEverySection?: boolean };
}

/** A file answer: a reference to an upload (POST /wbe/api/files), never its bytes. */
export interface FileRef {
  id: string;
  name: string;
  size: number;
  type: string;
  sha256: string;
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
  | 'questionRef'
  | 'file';

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
  /** file: the kinds accepted (judged by content on upload). */
  accept?: string[];
  tooltip?: string;
  visible?: JsonLogicRule;
}

export interface Column {
  id: string;
  label: Text;
  input: Exclude<InputKind, 'multiselect' | 'file'>;
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
  /** Scoring: multiplies the weights of this section's questions; 1 when absent. */
  weight?: number;
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
