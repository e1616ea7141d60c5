import type { DocumentProblem, ValidationContext } from '../documents/document.types';
import type { AnswerRequirement, Question, QuestionnaireBody, Table } from './questionnaire.types';
import { RESPONSES_KEY } from './questionnaire';
import { responseValueProblems } from './response-values';
import { ruleReads } from './rule-reads';

/**
 * Publish-time checks of a questionnaire beyond its meta-schema, every problem listed: unique
 * section and item ids, one question per requirement id, response sets and what responses require
 * (a table with a questionRef column) exist, select fields have options, rules read only known
 * items (document rules also `_responses`), scoring names known responses, carry-over targets
 * exist in this version and dropped requirements do not, finding rules name known items, rules
 * compare with responses that exist, and — when the context ships the standard's id list — every
 * requirement exists in the version the document declares.
 */
export function questionnaireProblems(body: QuestionnaireBody, context: ValidationContext = {}): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  const standard = body.standard;
  const knownIds = standard ? context.requirementIds?.(standard.name, standard.version) : undefined;
  const items = new Map<string, { type: string; table?: Table }>();
  const sectionIds = new Set<string>();
  const requirements = new Set<string>();
  body.sections.forEach((section, s) => {
    if (sectionIds.has(section.id))
      problems.push({ path: `/body/sections/${s}/id`, message: `duplicate section id "${section.id}"` });
    sectionIds.add(section.id);
    section.items.forEach((item, i) => {
      const at = `/body/sections/${s}/items/${i}`;
      if (items.has(item.id)) problems.push({ path: `${at}/id`, message: `duplicate item id "${item.id}"` });
      items.set(item.id, { type: item.type, table: item.type === 'table' ? item : undefined });
      if (item.type === 'question' && item.requirement) {
        if (requirements.has(item.requirement))
          problems.push({ path: `${at}/requirement`, message: `requirement "${item.requirement}" is asked twice` });
        requirements.add(item.requirement);
        if (knownIds && !knownIds.has(item.requirement))
          problems.push({
            path: `${at}/requirement`,
            code: 'requirementUnknown',
            params: { requirement: item.requirement, standard: `${standard?.name} ${standard?.version}` },
            message: `requirement "${item.requirement}" is not in ${standard?.name} ${standard?.version}`,
          });
      }
    });
  });
  const checkNeed = (need: AnswerRequirement, at: string): void => {
    const table = items.get(need.table)?.table;
    if (!table) problems.push({ path: `${at}/table`, message: `no table "${need.table}"` });
    else if (!table.columns.some((c) => c.id === need.column && c.input === 'questionRef'))
      problems.push({
        path: `${at}/column`,
        message: `table "${need.table}" has no questionRef column "${need.column}"`,
      });
  };
  const allValues = new Set<string>();
  for (const [setId, set] of Object.entries(body.responseSets)) {
    const values = new Set<string>();
    set.options.forEach((option, o) => {
      const at = `/body/responseSets/${setId}/options/${o}`;
      if (values.has(option.value))
        problems.push({ path: `${at}/value`, message: `duplicate response "${option.value}"` });
      values.add(option.value);
      allValues.add(option.value);
      option.requires?.forEach((need, n) => {
        checkNeed(need, `${at}/requires/${n}`);
      });
    });
  }
  const checkReads = (rule: unknown, at: string, extra: string[] = []): void => {
    for (const read of ruleReads(rule).reads) {
      if (!items.has(read) && !extra.includes(read))
        problems.push({
          path: at,
          code: 'ruleReadsUnknown',
          params: { item: read },
          message: `rule reads unknown item "${read}"`,
        });
    }
  };
  body.sections.forEach((section, s) => {
    if (section.visible !== undefined) checkReads(section.visible, `/body/sections/${s}/visible`);
    section.items.forEach((item, i) => {
      const at = `/body/sections/${s}/items/${i}`;
      if (item.visible !== undefined) checkReads(item.visible, `${at}/visible`);
      if (item.type === 'question') checkQuestion(body, item, at, checkNeed, problems);
      if (item.type === 'field' && (item.input === 'select' || item.input === 'multiselect') && !item.options?.length)
        problems.push({ path: `${at}/options`, message: `a ${item.input} field needs options` });
      if (item.type === 'field' && item.minSelected && item.minSelected > (item.options?.length ?? 0))
        problems.push({ path: `${at}/minSelected`, message: 'more than there are options' });
      if (item.type === 'table') {
        const columns = new Set<string>();
        item.columns.forEach((column, c) => {
          if (columns.has(column.id))
            problems.push({ path: `${at}/columns/${c}/id`, message: `duplicate column "${column.id}"` });
          columns.add(column.id);
          if (column.input === 'select' && !column.options?.length)
            problems.push({ path: `${at}/columns/${c}/options`, message: 'a select column needs options' });
        });
      }
    });
  });
  body.rules?.forEach((rule, r) => {
    checkReads(rule.assert, `/body/rules/${r}/assert`, [RESPONSES_KEY]);
    if (rule.item && !items.has(rule.item))
      problems.push({ path: `/body/rules/${r}/item`, message: `no item "${rule.item}"` });
  });
  for (const value of Object.keys(body.scoring?.points ?? {})) {
    if (!allValues.has(value))
      problems.push({ path: `/body/scoring/points/${value}`, message: `no response "${value}"` });
  }
  // a finding judges questions and fields; its rule reads answers, `value` and `points`
  body.findings?.forEach((finding, f) => {
    const at = `/body/findings/${f}`;
    finding.items.forEach((itemId, i) => {
      const type = items.get(itemId)?.type;
      if (type !== 'question' && type !== 'field')
        problems.push({ path: `${at}/items/${i}`, message: `no question or field "${itemId}"` });
    });
    checkReads(finding.when, `${at}/when`, ['value', 'points']);
  });
  problems.push(...responseValueProblems(body));
  body.carryOver?.changes.forEach((change, c) => {
    const at = `/body/carryOver/changes/${c}`;
    if (change.op === 'drop') {
      if (requirements.has(change.from))
        problems.push({ path: `${at}/from`, message: `dropped requirement "${change.from}" is still asked` });
      return;
    }
    for (const target of Array.isArray(change.to) ? change.to : [change.to]) {
      if (!requirements.has(target))
        problems.push({ path: `${at}/to`, message: `no question for requirement "${target}"` });
    }
  });
  return problems;
}

function checkQuestion(
  body: QuestionnaireBody,
  question: Question,
  at: string,
  checkNeed: (need: AnswerRequirement, at: string) => void,
  problems: DocumentProblem[],
): void {
  const set = body.responseSets[question.responseSet];
  if (!set) {
    problems.push({ path: `${at}/responseSet`, message: `no response set "${question.responseSet}"` });
    return;
  }
  for (const [value, needs] of Object.entries(question.requires ?? {})) {
    if (!set.options.some((o) => o.value === value))
      problems.push({
        path: `${at}/requires/${value}`,
        message: `no response "${value}" in "${question.responseSet}"`,
      });
    needs.forEach((need, n) => {
      checkNeed(need, `${at}/requires/${value}/${n}`);
    });
  }
}
