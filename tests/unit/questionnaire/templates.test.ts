import { describe, expect, it } from 'vitest';
import { validateDocument } from '../../../core/documents/validate';
import { compareVersions } from '../../../core/questionnaire/compare';
import { checkAnswers, compileQuestionnaire, isFileRef, MESSAGES } from '../../../core/questionnaire/questionnaire';
import type { QuestionnaireBody } from '../../../core/questionnaire/questionnaire.types';
import { scoreOf } from '../../../core/questionnaire/scoring';
import { workbookModel } from '../../../core/questionnaire/workbook';
import { readWorkbook } from '../../../core/questionnaire/workbook-read';
import { loadTranslator } from '../../../server/http/i18n';

const t = (en: string) => ({ en, tr: en });

/** An assessment template: two scored sections (the second weighted double) and a file field. */
function template(): QuestionnaireBody {
  return {
    title: t('Vendor security'),
    purpose: 'assessment',
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
        id: 'access',
        title: t('Access'),
        items: [
          { type: 'question', id: 'mfa', text: t('MFA everywhere?'), responseSet: 'yn' },
          { type: 'question', id: 'sso', text: t('SSO?'), responseSet: 'yn', weight: 3 },
        ],
      },
      {
        id: 'data',
        title: t('Data'),
        weight: 2,
        items: [
          { type: 'question', id: 'enc', text: t('Encrypted at rest?'), responseSet: 'yn' },
          { type: 'field', id: 'policy', label: t('Security policy'), input: 'file', accept: ['pdf'] },
        ],
      },
    ],
  };
}

const SHA = 'a'.repeat(64);
const ref = { id: 'f1', name: 'policy.pdf', size: 1200, type: 'application/pdf', sha256: SHA };

describe('scoreOf: per choice and per section', () => {
  it('weighs each question by its own and its section weight', () => {
    const score = scoreOf(template(), { mfa: 'yes', sso: 'partly', enc: 'partly' });
    // access: 1×2 + 3×1 of 1×2 + 3×2 = 5/8; data: 2×1 of 2×2 = 2/4
    expect(score?.sections).toEqual([
      { id: 'access', points: 5, max: 8, percent: 63 },
      { id: 'data', points: 2, max: 4, percent: 50 },
    ]);
    expect(score).toMatchObject({ points: 7, max: 12, percent: 58 });
  });

  it('leaves out unanswered and hidden questions; no scoring, no score', () => {
    const body = template();
    body.sections[1].visible = { '==': [{ var: 'mfa' }, 'yes'] };
    expect(scoreOf(body, { mfa: 'no', enc: 'yes' })).toMatchObject({ points: 0, max: 2, percent: 0 });
    expect(scoreOf(body, {})).toMatchObject({ points: 0, max: 0, percent: null });
    const unscored = template();
    delete unscored.scoring;
    expect(scoreOf(unscored, { mfa: 'yes' })).toBeNull();
  });
});

describe('file answers keep a reference only', () => {
  const compiled = compileQuestionnaire(template());

  it('accepts a reference object and refuses bytes or anything else', () => {
    expect(isFileRef(ref)).toBe(true);
    expect(checkAnswers(compiled, { policy: ref }).problems).toEqual([]);
    for (const bad of [
      'data:application/pdf;base64,JVBERi0=',
      { ...ref, data: 'JVBERi0=' },
      { ...ref, sha256: 'xyz' },
      { ...ref, size: -1 },
      [ref],
    ]) {
      expect(checkAnswers(compiled, { policy: bad }).problems).toEqual([
        { item: 'policy', message: MESSAGES.wrongType },
      ]);
    }
  });

  it('a template with a file field, purpose and section weights is a valid document', () => {
    expect(validateDocument({ kind: 'questionnaire', id: 'assessment-x', body: template() })).toEqual([]);
  });

  it('publishing refuses scoring that names unknown responses', () => {
    const body = template();
    body.scoring = { points: { yes: 2, maybe: 1 } };
    const problems = validateDocument({ kind: 'questionnaire', id: 'assessment-x', body });
    expect(problems).toContainEqual({ path: '/body/scoring/points/maybe', message: 'no response "maybe"' });
  });
});

describe('compareVersions', () => {
  it('is empty for the same body', () => {
    expect(compareVersions(template(), template())).toEqual([]);
  });

  it('lists added, removed and changed items by id with what changed', () => {
    const before = template();
    const after = template();
    const access = after.sections[0];
    access.items = [
      { type: 'question', id: 'mfa', text: t('MFA for every login?'), responseSet: 'yn', visible: { '!!': [1] } },
      { type: 'question', id: 'pam', text: t('Privileged access managed?'), responseSet: 'yn' },
    ];
    after.sections[1].weight = 3;
    const changes = compareVersions(before, after);
    expect(changes).toEqual([
      {
        itemId: 'mfa',
        change: 'changed',
        section: 'access',
        aspects: ['text', 'visibility'],
        fromText: t('MFA everywhere?'),
        toText: t('MFA for every login?'),
      },
      { itemId: 'pam', change: 'added', section: 'access', aspects: [], toText: t('Privileged access managed?') },
      {
        itemId: 'enc',
        change: 'changed',
        section: 'data',
        aspects: ['scoring'],
        fromText: t('Encrypted at rest?'),
        toText: t('Encrypted at rest?'),
      },
      { itemId: 'sso', change: 'removed', section: 'access', aspects: [], fromText: t('SSO?') },
    ]);
  });

  it('sees a response set change, a moved item and a field input change', () => {
    const before = template();
    const after = template();
    after.responseSets.yn.options.push({ value: 'na', label: t('N/A') });
    const [enc, policy] = after.sections[1].items;
    after.sections[1].items = [policy];
    after.sections[0].items.push(enc);
    if (policy.type === 'field') policy.accept = ['pdf', 'docx'];
    const byId = Object.fromEntries(compareVersions(before, after).map((c) => [c.itemId, c.aspects]));
    expect(byId).toEqual({
      mfa: ['responses', 'scoring'],
      sso: ['responses', 'scoring'],
      enc: ['section', 'responses', 'scoring'],
      policy: ['responses'],
    });
  });
});

describe('the offline workbook and file questions', () => {
  const translator = loadTranslator('locales');
  const tr = translator.t.bind(translator);
  const compiled = compileQuestionnaire(template());
  const identity = { documentId: 'assessment-x', version: 1 };

  it('marks a file question "upload in the app" and reads it back as untouched', () => {
    const model = workbookModel(compiled, identity, { policy: ref }, 'en', tr);
    const sheet = model.sheets.find((s) => s.key === 'items:data');
    const row = sheet?.rows.find((r) => r[0].value === 'policy');
    expect(row?.[3]).toEqual({ value: 'policy.pdf (upload in the app)' });
    const read = model.sheets.map((s) => ({ name: s.name, rows: s.rows.map((r) => r.map((c) => c.value)) }));
    const policyRow = read.find((s) => s.rows[0][0] === 'items:data')?.rows.find((r) => r[0] === 'policy');
    if (policyRow) policyRow[3] = 'data:application/pdf;base64,JVBERi0=';
    const result = readWorkbook(compiled, read, { policy: ref }, tr);
    expect(result.problems).toEqual([]);
    expect(result.changed).toEqual([]);
    expect(result.answers.policy).toEqual(ref);
  });
});
