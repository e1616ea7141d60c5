import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateDocument } from '../../../core/documents/validate';
import { carryOverAnswers } from '../../../core/questionnaire/carry-over';
import { carryOverChanges } from '../../../core/questionnaire/carry-over-changes';
import { answersToReread } from '../../../core/questionnaire/reread';
import {
  type CompiledQuestionnaire,
  checkAnswers,
  compileQuestionnaire,
  MESSAGES,
  score,
  updateVisibility,
  validateAnswer,
  visibleItems,
} from '../../../core/questionnaire/questionnaire';
import type { Answers, Question, QuestionnaireBody } from '../../../core/questionnaire/questionnaire.types';
import { ruleReads } from '../../../core/questionnaire/rule-reads';
import type { JsonLogicRule } from '../../../core/rules/rule.types';
import { ROOT } from '../support/app-documents';

const t = (en: string) => ({ en, tr: en });
const saq = (id: string): QuestionnaireBody =>
  JSON.parse(readFileSync(join(ROOT, 'schemas', 'saq', `${id}.json`), 'utf8')).body;

/** A small conditional questionnaire: q2 shows when q1 is yes, q3 when q2 is yes, q4 when the flag field is set. */
function small(): QuestionnaireBody {
  const eq = (id: string, v: string | boolean): JsonLogicRule => ({ '==': [{ var: id }, v] });
  const q = (id: string, requirement: string, visible?: unknown): Question => ({
    type: 'question',
    id,
    requirement,
    text: t(id),
    responseSet: 'yn',
    ...(visible ? { visible: visible as never } : {}),
  });
  return {
    title: t('Small'),
    responseSets: {
      yn: {
        options: [
          { value: 'yes', label: t('Yes') },
          { value: 'no', label: t('No'), requires: [{ table: 'why', column: 'question', message: t('Say why') }] },
        ],
      },
    },
    scoring: { points: { yes: 1, no: 0 } },
    sections: [
      {
        id: 's1',
        title: t('One'),
        items: [
          { type: 'field', id: 'flag', input: 'checkbox', label: t('Flag') },
          q('q1', '1.1'),
          q('q2', '1.2', eq('q1', 'yes')),
          q('q3', '1.3', eq('q2', 'yes')),
          { ...q('q4', '1.4', eq('flag', true)), weight: 3 },
        ],
      },
      {
        id: 's2',
        title: t('Two'),
        visible: eq('flag', true),
        items: [
          { type: 'field', id: 'note', input: 'text', label: t('Note'), required: true },
          {
            type: 'table',
            id: 'why',
            label: t('Why'),
            columns: [
              { id: 'question', input: 'questionRef', label: t('Question'), required: true },
              { id: 'reason', input: 'text', label: t('Reason') },
            ],
          },
        ],
      },
    ],
  };
}

describe('compiled visibility', () => {
  const compiled = compileQuestionnaire(small());

  it('indexes each item under the answers its rule (or its section rule) reads', () => {
    expect(compiled.dependents.get('q1')).toEqual(['q2']);
    expect(compiled.dependents.get('q2')).toEqual(['q3']);
    expect(compiled.dependents.get('flag')).toEqual(['q4', 'note', 'why']);
    expect(compiled.alwaysDependent).toEqual([]);
  });

  it('a change re-evaluates only the items that read it', () => {
    const answers: Answers = {};
    const visible = visibleItems(compiled, answers);
    expect([...visible]).toEqual(['flag', 'q1']);
    answers.q1 = 'yes';
    expect(updateVisibility(compiled, 'q1', answers, visible)).toEqual({ shown: ['q2'], hidden: [], evaluated: 1 });
    answers.flag = true;
    expect(updateVisibility(compiled, 'flag', answers, visible)).toEqual({
      shown: ['q4', 'note', 'why'],
      hidden: [],
      evaluated: 3,
    });
    answers.q3 = 'no'; // nothing reads q3
    expect(updateVisibility(compiled, 'q3', answers, visible).evaluated).toBe(0);
  });

  it('incremental updates always agree with a full pass (any sequence of changes)', () => {
    const change = fc.oneof(
      fc.record({ id: fc.constantFrom('q1', 'q2', 'q3', 'q4'), value: fc.constantFrom('yes', 'no', undefined) }),
      fc.record({ id: fc.constant('flag'), value: fc.constantFrom(true, false, undefined) }),
    );
    fc.assert(
      fc.property(fc.array(change, { maxLength: 30 }), (changes) => {
        const answers: Answers = {};
        const visible = visibleItems(compiled, answers);
        for (const { id, value } of changes) {
          if (value === undefined) delete answers[id];
          else answers[id] = value;
          updateVisibility(compiled, id, answers, visible);
          expect([...visible].sort()).toEqual([...visibleItems(compiled, answers)].sort());
        }
      }),
    );
  });

  it('a rule with a computed var path is re-evaluated on every change', () => {
    const body = small();
    (body.sections[0].items[1] as Question).visible = { var: { cat: ['fl', 'ag'] } } as never;
    const dynamic = compileQuestionnaire(body);
    expect(dynamic.alwaysDependent).toEqual(['q1']);
    const answers: Answers = { flag: true };
    const visible = new Set<string>(['flag']);
    expect(updateVisibility(dynamic, 'anything', answers, visible).shown).toEqual(['q1']);
  });

  it('refuses a rule outside the vetted operation set', () => {
    const body = small();
    (body.sections[0].items[1] as Question).visible = { log: 1 } as never;
    expect(() => compileQuestionnaire(body)).toThrow(/not allowed/);
  });
});

describe('ruleReads', () => {
  it('reads first path segments and ignores element vars inside map/filter/some', () => {
    const rule = {
      and: [
        { var: 'a.b' },
        { missing: ['c', 'd'] },
        { some: [{ var: 'rows' }, { '==': [{ var: 'kind' }, 'x'] }] },
        { missing_some: [1, ['e']] },
      ],
    };
    const { reads, dynamic } = ruleReads(rule);
    expect([...reads].sort()).toEqual(['a', 'c', 'd', 'e', 'rows']);
    expect(dynamic).toBe(false);
    expect(ruleReads({ var: '' }).dynamic).toBe(true);
  });
});

describe('answers one by one', () => {
  const a = compileQuestionnaire(saq('saq-a-4.0.1'));
  const d = compileQuestionnaire(saq('saq-d-merchant-4.0.1'));

  it('Not Tested is a response of SAQ D only', () => {
    expect(validateAnswer(a, 'req_3_1_1', 'notTested')).toEqual([{ item: 'req_3_1_1', message: MESSAGES.notAnOption }]);
    expect(validateAnswer(d, 'req_3_1_1', 'notTested')).toEqual([]);
  });

  it('fields and tables are judged by their inputs', () => {
    expect(validateAnswer(a, 'contactEmail', 'not-an-email')[0].message).toBe(MESSAGES.badEmail);
    expect(validateAnswer(a, 'paymentChannels', ['ecommerce', 'ecommerce'])[0].message).toBe(MESSAGES.wrongType);
    expect(validateAnswer(a, 'paymentChannels', ['teleport'])[0].message).toBe(MESSAGES.notAnOption);
    expect(validateAnswer(a, 'eligibility', ['criterion1'])[0].message).toBe(MESSAGES.allSelected);
    expect(validateAnswer(a, 'status', 'maybe')[0].message).toBe(MESSAGES.notAnOption);
    expect(validateAnswer(a, 'targetDate', '2026-13-01')[0].message).toBe(MESSAGES.badDate);
    expect(validateAnswer(a, 'appendixC', [{ question: 'req_9_9_9', reason: 'x' }])[0].message).toBe(
      MESSAGES.unknownQuestion,
    );
    expect(validateAnswer(a, 'appendixC', [{ question: 'req_3_1_1', extra: 1 }]).map((p) => p.message)).toEqual([
      MESSAGES.unknownColumn,
      MESSAGES.required,
    ]);
    expect(validateAnswer(a, 'nope', 'x')[0].message).toBe(MESSAGES.unknownItem);
  });

  it('any value either passes or yields problems naming the item, never throws', () => {
    const ids = [...a.order];
    fc.assert(
      fc.property(fc.constantFrom(...ids), fc.jsonValue(), (id, value) => {
        for (const problem of validateAnswer(a, id, value)) expect(problem.item).toBe(id);
      }),
    );
  });
});

/** SAQ D for Merchants filled in completely, all In Place, status Compliant. */
function complete(compiled: CompiledQuestionnaire, eligibility: string[]): Answers {
  const answers: Answers = {
    companyName: 'Shop',
    companyAddress: 'Street 1',
    contactName: 'Ada',
    contactEmail: 'ada@example.com',
    contactPhone: '+90 212 555 0000',
    paymentChannels: ['ecommerce'],
    locations: [{ facility: 'Office', count: 1, place: 'Istanbul, TR' }],
    eligibility,
    status: 'compliant',
    signerName: 'Ada',
    signerTitle: 'CEO',
  };
  for (const id of compiled.questionIds) answers[id] = 'inPlace';
  return answers;
}

describe('the whole document (SAQ D for Merchants)', () => {
  const d = compileQuestionnaire(saq('saq-d-merchant-4.0.1'));
  const base = () => complete(d, ['criterion1']);
  const messages = (answers: Answers) => checkAnswers(d, answers).problems.map((p) => p.rule ?? p.message);

  it('a complete compliant SAQ has no problems and nothing missing', () => {
    expect(checkAnswers(d, base())).toMatchObject({ problems: [], missing: [] });
  });

  it('CCW needs its Appendix B entry, N/A Appendix C, Not Tested Appendix D', () => {
    const answers: Answers = { ...base(), req_1_1_1: 'inPlaceCcw', req_1_1_2: 'notApplicable', req_1_2_1: 'notTested' };
    expect(checkAnswers(d, answers).problems).toEqual([
      { item: 'req_1_1_1', message: { en: 'Add its Appendix B worksheet', tr: 'Ek B çalışma sayfasını ekleyin' } },
      { item: 'req_1_1_2', message: { en: 'Explain it in Appendix C', tr: "Ek C'de açıklayın" } },
      { item: 'req_1_2_1', message: { en: 'Explain it in Appendix D', tr: "Ek D'de açıklayın" } },
    ]);
    const text = 'x';
    answers.appendixB = [
      {
        question: 'req_1_1_1',
        constraints: text,
        objective: text,
        risk: text,
        controls: text,
        validation: text,
        maintenance: text,
      },
    ];
    answers.appendixC = [{ question: 'req_1_1_2', reason: text }];
    answers.appendixD = [{ question: 'req_1_2_1', part: text, reason: text }];
    expect(checkAnswers(d, answers).problems).toEqual([]);
    // a row naming another question does not count
    answers.appendixC = [{ question: 'req_1_1_1', reason: text }];
    expect(checkAnswers(d, answers).problems.map((p) => p.item)).toEqual(['req_1_1_2']);
  });

  it('Compliant is refused while any answer is Not in Place; Non-Compliant needs a target date', () => {
    const answers: Answers = { ...base(), req_8_3_1: 'notInPlace' };
    expect(messages(answers)).toEqual(['compliantNeedsNoNotInPlace']);
    answers.status = 'nonCompliant';
    expect(checkAnswers(d, answers)).toMatchObject({ problems: [], missing: ['targetDate'] });
    answers.targetDate = '2027-01-31';
    expect(checkAnswers(d, answers)).toMatchObject({ problems: [], missing: [] });
  });

  it('all answers Not Tested is refused', () => {
    const answers = base();
    for (const id of d.questionIds) answers[id] = 'notTested';
    answers.appendixD = d.questionIds.map((id) => ({ question: id, part: 'all', reason: 'x' }));
    expect(messages(answers)).toEqual(['notAllNotTested']);
    answers.req_1_1_1 = 'inPlace';
    expect(messages(answers)).toEqual([]);
  });

  it('missing answers are listed for the continue-anyway prompt, not refused', () => {
    const answers = base();
    delete answers.req_12_10_1;
    delete answers.contactEmail;
    expect(checkAnswers(d, answers)).toMatchObject({ problems: [], missing: ['contactEmail', 'req_12_10_1'] });
  });

  it('one location, all eligibility criteria, known items only', () => {
    const answers = { ...base(), locations: [], eligibility: [], stray: 1 };
    expect(messages(answers)).toEqual([MESSAGES.unknownItem, MESSAGES.tooFewRows]);
    expect(checkAnswers(d, answers).missing).toEqual(['eligibility']);
    const a = compileQuestionnaire(saq('saq-a-4.0.1'));
    const partial = complete(a, ['criterion1', 'criterion2']);
    expect(checkAnswers(a, partial).problems).toEqual([{ item: 'eligibility', message: MESSAGES.allSelected }]);
  });
});

describe('hidden items', () => {
  const compiled = compileQuestionnaire(small());

  it('keep their answers but are neither checked nor counted', () => {
    const answers: Answers = { q1: 'no', q2: 'maybe', why: [{ question: 'q1' }] };
    const result = checkAnswers(compiled, answers);
    // q2 is hidden (q1 is no) so its bad value is not judged; the table `why` is hidden (no flag), so q1's need fails
    expect(result.problems).toEqual([{ item: 'q1', message: t('Say why') }]);
    expect(result.missing).toEqual([]);
  });

  it('scoring counts visible answered questions with their weights', () => {
    expect(score(compiled, { q1: 'yes', flag: true, q4: 'no' })).toEqual({ points: 1, max: 4 });
    expect(score(compiled, { q1: 'no', q2: 'yes' })).toEqual({ points: 0, max: 1 });
  });
});

describe('publish-time checks list every problem', () => {
  it('duplicate ids, unknown references, rules reading unknown items, carry-over targets', () => {
    const body = small() as QuestionnaireBody & Record<string, unknown>;
    body.sections[1].items.push({ type: 'field', id: 'q1', input: 'select', label: t('Dup') });
    (body.sections[0].items[2] as Question).responseSet = 'nope';
    (body.sections[0].items[3] as Question).requirement = '1.1';
    body.responseSets.yn.options[1].requires = [{ table: 'q1', column: 'x', message: t('m') }];
    body.rules = [{ id: 'r', assert: { var: 'ghost' }, message: t('m'), item: 'ghost2' }];
    body.scoring = { points: { maybe: 1 } };
    body.carryOver = {
      from: 'old',
      changes: [
        { op: 'rename', from: '0.1', to: '9.9' },
        { op: 'drop', from: '1.1' },
      ],
    };
    const problems = validateDocument({ kind: 'questionnaire', id: 'broken', body });
    expect(problems.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: '/body/sections/0/items/3/requirement', message: 'requirement "1.1" is asked twice' },
      { path: '/body/sections/1/items/2/id', message: 'duplicate item id "q1"' },
      { path: '/body/responseSets/yn/options/1/requires/0/table', message: 'no table "q1"' },
      { path: '/body/sections/0/items/2/responseSet', message: 'no response set "nope"' },
      { path: '/body/sections/1/items/2/options', message: 'a select field needs options' },
      { path: '/body/rules/0/assert', message: 'rule reads unknown item "ghost"' },
      { path: '/body/rules/0/item', message: 'no item "ghost2"' },
      { path: '/body/scoring/points/maybe', message: 'no response "maybe"' },
      { path: '/body/carryOver/changes/0/to', message: 'no question for requirement "9.9"' },
      { path: '/body/carryOver/changes/1/from', message: 'dropped requirement "1.1" is still asked' },
    ]);
  });

  it('the meta-schema refuses a bad shape and an operation outside the vetted set', () => {
    const body = small() as unknown as { sections: { items: Record<string, unknown>[] }[] };
    body.sections[0].items[1].visible = { log: 'x' };
    body.sections[0].items[2].colour = 'red';
    expect(validateDocument({ kind: 'questionnaire', id: 'bad', body })).toEqual(
      expect.arrayContaining([{ path: '/body/sections/0/items/1/visible', message: 'operation "log" is not allowed' }]),
    );
    expect(validateDocument({ kind: 'questionnaire', id: 'bad', body }).length).toBeGreaterThan(1);
  });
});

describe('carry-over from the previous version', () => {
  it('renames, splits, merges and drops by requirement id; tables follow renamed questions', () => {
    const previous = compileQuestionnaire(small());
    const nextBody = small();
    const items = nextBody.sections[0].items as Question[];
    items[1] = { ...items[1], id: 'q1new', requirement: '2.1' }; // 1.1 renamed to 2.1
    items[2] = { ...items[2], visible: undefined }; // 1.2 kept
    items[3] = { ...items[3], id: 'q3a', requirement: '1.3.a', visible: undefined };
    items.splice(
      4,
      1,
      { ...items[4], id: 'q3b', requirement: '1.3.b', visible: undefined },
      {
        type: 'question',
        id: 'q9',
        requirement: '9.9',
        text: t('merged'),
        responseSet: 'yn',
      },
      { type: 'question', id: 'q10', requirement: '10.1', text: t('new'), responseSet: 'yn' },
    );
    nextBody.carryOver = {
      from: 'small-1',
      changes: [
        { op: 'rename', from: '1.1', to: '2.1' },
        { op: 'split', from: '1.3', to: ['1.3.a', '1.3.b'] },
        { op: 'merge', from: ['1.2', '1.4'], to: '9.9' },
      ],
    };
    expect(validateDocument({ kind: 'questionnaire', id: 'small-2', body: nextBody })).toEqual([]);
    const next = compileQuestionnaire(nextBody);
    const old = { q1: 'no', q2: 'yes', q3: 'no', q4: 'no', flag: true, why: [{ question: 'q1' }, { question: 'q4' }] };
    const { answers, report } = carryOverAnswers(previous, next, old);
    expect(answers).toEqual({
      q1new: 'no',
      q3a: 'no',
      q3b: 'no',
      flag: true,
      why: [{ question: 'q1new' }],
    });
    expect(report.conflicts).toEqual(['q9']); // 1.2 yes and 1.4 no disagree
    expect(report.moved).toEqual([
      { from: 'q1', to: 'q1new' },
      { from: 'q3', to: 'q3a' },
      { from: 'q3', to: 'q3b' },
    ]);
    // 1.2 was merged away, so its answer does not also stay under q2
    expect(report.kept).toEqual([]);
    // 10.1 is new; the targets of a rename, split or merge are not
    expect(report.added).toEqual(['q10']);
    // the same as rows for the "what would change" list: changes first, each with its answer's label
    const rows = carryOverChanges(previous, next, old, { answers, report });
    expect(rows.map((row) => [row.change, row.question, row.fromRequirement, row.answer])).toEqual([
      ['moved', 'q1new', '1.1', t('No')],
      ['moved', 'q3a', '1.3', t('No')],
      ['moved', 'q3b', '1.3', t('No')],
      ['conflict', 'q9', null, null],
      ['added', 'q10', null, null],
    ]);
    expect(rows.map((row) => row.position)).toEqual([0, 1, 2, 3, 4]);
  });

  it('tells a reworded question from a kept one, and flags answers given to another wording for re-reading', () => {
    const previous = compileQuestionnaire(small());
    const nextBody = small();
    const items = nextBody.sections[0].items as Question[];
    items[1] = { ...items[1], text: { en: 'q1, in other words', tr: 'q1' } }; // 1.1 reworded (English only)
    items[3] = { ...items[3], id: 'q3new', requirement: '1.3.1' }; // 1.3 renamed, same wording
    items[4] = { ...items[4], id: 'q4new', requirement: '1.4.1', text: t('q4, asked anew') }; // renamed and reworded
    nextBody.carryOver = {
      from: 'small-1',
      changes: [
        { op: 'rename', from: '1.3', to: '1.3.1' },
        { op: 'rename', from: '1.4', to: '1.4.1' },
      ],
    };
    const next = compileQuestionnaire(nextBody);
    const old = { q1: 'yes', q2: 'yes', q3: 'no', q4: 'yes', flag: true };
    const carried = carryOverAnswers(previous, next, old);
    expect(carried.answers).toMatchObject({ q1: 'yes', q2: 'yes', q3new: 'no', q4new: 'yes' });
    expect(carried.report.kept).toEqual(['q2']);
    expect(carried.report.reworded).toEqual([{ from: 'q1', to: 'q1' }]);
    const rows = carryOverChanges(previous, next, old, carried);
    expect(rows.map((row) => [row.change, row.question, row.fromText])).toEqual([
      ['moved', 'q3new', null],
      ['moved', 'q4new', t('q4')],
      ['reworded', 'q1', t('q1')],
      ['kept', 'q2', null],
    ]);

    const flags = answersToReread(previous, next, carried.report, [], '1.0');
    expect(flags).toEqual([
      { itemId: 'q1', text: t('q1'), requirement: '1.1', standardVersion: '1.0' },
      { itemId: 'q4new', text: t('q4'), requirement: '1.4', standardVersion: '1.0' },
    ]);
    // a second move keeps what the merchant first read: q2 (kept) still differs from that wording
    const open = [{ itemId: 'q2', text: t('q2, as first asked'), requirement: '1.2', standardVersion: '0.9' }];
    expect(answersToReread(previous, next, carried.report, open, '1.0')).toContainEqual(open[0]);
  });
});
