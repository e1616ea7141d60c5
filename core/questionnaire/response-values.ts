import type { DocumentProblem } from '../documents/document.types';
import { pointerSegment } from '../rules/jsonlogic';
import { RESPONSES_KEY } from './questionnaire';
import type { QuestionnaireBody } from './questionnaire.types';

/** What `_responses` counts besides the response values (core/questionnaire responseCounts). */
const COUNTS = new Set(['answered', 'total']);
const COMPARISONS = new Set(['==', '===', '!=', '!==']);

const varPath = (node: unknown): string | undefined => {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
  const path = (node as { var?: unknown }).var;
  const first = Array.isArray(path) ? path[0] : path;
  return typeof first === 'string' ? first : undefined;
};

/**
 * Rules that name a response no response set has: a typo there silently switches the rule off, so
 * publishing refuses it. Found: `_responses.<value>` for a value no set offers, and a question's
 * answer compared (`==`, `!=`, `in`) with a literal its own response set lacks.
 */
export function responseValueProblems(body: QuestionnaireBody): DocumentProblem[] {
  const allValues = new Set(Object.values(body.responseSets).flatMap((set) => set.options.map((o) => o.value)));
  const valuesOf = new Map<string, Set<string>>();
  for (const section of body.sections) {
    for (const item of section.items) {
      const set = item.type === 'question' ? body.responseSets[item.responseSet] : undefined;
      if (set) valuesOf.set(item.id, new Set(set.options.map((o) => o.value)));
    }
  }
  const problems: DocumentProblem[] = [];
  const refuse = (path: string, value: string, question?: string) => {
    problems.push({
      path,
      code: question ? 'answerValueUnknown' : 'responseUnknown',
      params: question ? { value, item: question } : { value },
      message: question
        ? `question "${question}" has no response "${value}"`
        : `no response set has a response "${value}"`,
    });
  };
  const compared = (question: string | undefined, literal: unknown, path: string) => {
    const values = question === undefined ? undefined : valuesOf.get(question);
    if (values && typeof literal === 'string' && !values.has(literal)) refuse(path, literal, question);
  };
  const walk = (node: unknown, path: string): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((child, i) => {
        walk(child, `${path}/${i}`);
      });
      return;
    }
    const [op, args] = Object.entries(node)[0] ?? [];
    if (op === undefined) return;
    const read = varPath(node);
    if (read?.startsWith(`${RESPONSES_KEY}.`)) {
      const value = read.slice(RESPONSES_KEY.length + 1);
      if (!allValues.has(value) && !COUNTS.has(value)) refuse(`${path}/var`, value);
    }
    if (COMPARISONS.has(op) && Array.isArray(args) && args.length === 2) {
      const at = `${path}/${pointerSegment(op)}`;
      compared(varPath(args[0]), args[1], `${at}/1`);
      compared(varPath(args[1]), args[0], `${at}/0`);
    }
    if (op === 'in' && Array.isArray(args) && Array.isArray(args[1])) {
      const question = varPath(args[0]);
      args[1].forEach((literal, i) => {
        compared(question, literal, `${path}/in/1/${i}`);
      });
    }
    walk(args, `${path}/${pointerSegment(op)}`);
  };
  body.sections.forEach((section, s) => {
    walk(section.visible, `/body/sections/${s}/visible`);
    section.items.forEach((item, i) => {
      walk(item.visible, `/body/sections/${s}/items/${i}/visible`);
    });
  });
  body.rules?.forEach((rule, r) => {
    walk(rule.assert, `/body/rules/${r}/assert`);
  });
  body.findings?.forEach((finding, f) => {
    walk(finding.when, `/body/findings/${f}/when`);
  });
  return problems;
}
