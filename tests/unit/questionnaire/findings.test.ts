import { describe, expect, it } from 'vitest';
import { validateDocument } from '../../../core/documents/validate';
import { findingsOf } from '../../../core/questionnaire/findings';
import { compileQuestionnaire } from '../../../core/questionnaire/questionnaire';
import type { QuestionnaireBody } from '../../../core/questionnaire/questionnaire.types';

const t = (en: string) => ({ en, tr: en });

/** Two controls and a field; a "no" (0 points) is a high finding, a "partly" a medium one. */
function template(findings: QuestionnaireBody['findings']): QuestionnaireBody {
  return {
    title: t('Vendor'),
    responseSets: {
      yn: {
        options: [
          { value: 'yes', label: t('Yes') },
          { value: 'partly', label: t('Partly') },
          { value: 'no', label: t('No') },
        ],
      },
    },
    scoring: { points: { yes: 2, partly: 1, no: 0 } },
    sections: [
      {
        id: 'controls',
        title: t('Controls'),
        items: [
          { type: 'question', id: 'mfa', text: t('MFA?'), responseSet: 'yn' },
          { type: 'question', id: 'enc', text: t('Encrypted?'), responseSet: 'yn' },
          {
            type: 'question',
            id: 'dr',
            text: t('DR plan?'),
            responseSet: 'yn',
            visible: { '==': [{ var: 'enc' }, 'yes'] },
          },
          { type: 'field', id: 'staff', label: t('Staff'), input: 'number' },
        ],
      },
    ],
    findings,
  };
}

const RULES: QuestionnaireBody['findings'] = [
  {
    id: 'missing',
    items: ['mfa', 'enc', 'dr'],
    when: { '==': [{ var: 'points' }, 0] },
    severity: 'high',
    category: 'thirdParty',
  },
  {
    id: 'partial',
    items: ['mfa', 'enc'],
    when: { '==': [{ var: 'value' }, 'partly'] },
    severity: 'medium',
    category: 'policy',
  },
  { id: 'tiny', items: ['staff'], when: { '<': [{ var: 'value' }, 3] }, severity: 'low', category: 'other' },
];

describe('findingsOf: the answers a template marks as findings', () => {
  const compiled = compileQuestionnaire(template(RULES));

  it('marks each matching answered item once, by the first rule that holds, in document order', () => {
    const found = findingsOf(compiled, { mfa: 'partly', enc: 'no', staff: 2 });
    expect(found.map(({ itemId, rule }) => [itemId, rule.id])).toEqual([
      ['mfa', 'partial'],
      ['enc', 'missing'],
      ['staff', 'tiny'],
    ]);
  });

  it('leaves out good answers, unanswered items and hidden ones', () => {
    // dr answered "no" but hidden (enc is not yes): no finding
    expect(findingsOf(compiled, { mfa: 'yes', enc: 'partly', dr: 'no', staff: 50 }).map((f) => f.itemId)).toEqual([
      'enc',
    ]);
    expect(findingsOf(compiled, {})).toEqual([]);
    expect(findingsOf(compileQuestionnaire(template(undefined)), { mfa: 'no' })).toEqual([]);
  });
});

describe('finding rules are checked at publish', () => {
  const problems = (findings: QuestionnaireBody['findings']) =>
    validateDocument({ kind: 'questionnaire', id: 'assessment-x', body: template(findings) }).map((p) => p.message);

  it('accepts rules over known questions and fields reading value, points and answers', () => {
    expect(problems(RULES)).toEqual([]);
  });

  it('refuses an unknown item, a rule reading an unknown item and a severity the issue resource lacks', () => {
    expect(problems([{ ...RULES[0], items: ['nope'] }])).toContain('no question or field "nope"');
    expect(problems([{ ...RULES[0], when: { '==': [{ var: 'ghost' }, 1] } }])).toContain(
      'rule reads unknown item "ghost"',
    );
    expect(problems([{ ...RULES[0], severity: 'dreadful' }]).length).toBeGreaterThan(0);
  });
});
