/**
 * An SAQ type no code, fixture or seed names (issue 23): a pilot questionnaire an analyst publishes
 * through the config API — 12 real PCI DSS v4.0.1 requirements, two eligibility criteria, three
 * responses and an Appendix C rule (Not Applicable needs a row there). Every visible text is an
 * {en, tr} pair. `brokenPilot` is a version of it with one fault of each kind the publish gate knows.
 */
import type { QuestionnaireBody } from '../../core/questionnaire/questionnaire.types';

const text = (en: string, tr: string) => ({ en, tr });

export const PILOT_TYPE = 'PILOT-Q';
export const PILOT_ID = 'saq-pilot-q-4.0.1';

/** Real v4.0.1 ids (fixtures/pcidss/pcidss-4.0.1-requirement-ids.tsv), one question each. */
export const PILOT_REQUIREMENTS = [
  '1.2.1',
  '2.2.2',
  '3.1.1',
  '5.2.1',
  '6.3.1',
  '7.2.1',
  '8.2.1',
  '8.3.6',
  '9.4.1',
  '10.2.1',
  '11.3.2',
  '12.8.1',
];

/** The item id of a requirement's question: `req_8_3_6`. */
export const pilotQuestion = (requirement: string) => `req_${requirement.replaceAll('.', '_')}`;

export function pilotSaq(): { kind: 'questionnaire'; id: string; body: QuestionnaireBody } {
  const body = {
    title: text('SAQ Pilot Q (PCI DSS v4.0.1)', 'SAQ Pilot Q (PCI DSS v4.0.1)'),
    standard: { name: 'PCI DSS', version: '4.0.1', type: PILOT_TYPE },
    responseSets: {
      pilot: {
        options: [
          { value: 'inPlace', label: text('In Place', 'Uygulanıyor') },
          {
            value: 'notApplicable',
            label: text('Not Applicable', 'Uygulanamaz'),
            explain: true,
            requires: [
              {
                table: 'appendixC',
                column: 'question',
                message: text('Explain it in Appendix C', "Ek C'de açıklayın"),
              },
            ],
          },
          { value: 'notInPlace', label: text('Not in Place', 'Uygulanmıyor') },
        ],
      },
    },
    sections: [
      {
        id: 'eligibility',
        group: 'part2',
        title: text('Eligibility', 'Uygunluk'),
        items: [
          {
            type: 'field',
            id: 'eligibility',
            input: 'multiselect',
            required: true,
            allSelected: true,
            label: text('Eligibility criteria', 'Uygunluk kriterleri'),
            options: [
              {
                value: 'kiosk',
                label: text('Payments only at unattended kiosks', 'Ödemeler yalnızca insansız kiosklarda'),
              },
              {
                value: 'noStorage',
                label: text('No account data stored electronically', 'Hesap verisi elektronik olarak saklanmaz'),
              },
            ],
          },
        ],
      },
      {
        id: 'requirements',
        group: 'requirements',
        title: text('Requirements', 'Gereksinimler'),
        items: PILOT_REQUIREMENTS.map((requirement) => ({
          type: 'question',
          id: pilotQuestion(requirement),
          requirement,
          responseSet: 'pilot',
          text: text(`Is requirement ${requirement} in place?`, `Gereksinim ${requirement} uygulanıyor mu?`),
        })),
      },
      {
        id: 'appendixC',
        group: 'appendix',
        title: text('Appendix C', 'Ek C'),
        items: [
          {
            type: 'table',
            id: 'appendixC',
            label: text('Not applicable requirements', 'Uygulanamayan gereksinimler'),
            columns: [
              { id: 'question', input: 'questionRef', required: true, label: text('Requirement', 'Gereksinim') },
              { id: 'reason', input: 'textarea', required: true, label: text('Why', 'Neden') },
            ],
          },
        ],
      },
      {
        id: 'part3',
        group: 'part3',
        title: text('Validation', 'Doğrulama'),
        items: [
          {
            type: 'field',
            id: 'status',
            input: 'select',
            required: true,
            label: text('Compliance status', 'Uyum durumu'),
            options: [
              { value: 'compliant', label: text('Compliant', 'Uyumlu') },
              { value: 'nonCompliant', label: text('Non-Compliant', 'Uyumsuz') },
            ],
          },
        ],
      },
    ],
    rules: [
      {
        id: 'compliantNeedsNoNotInPlace',
        item: 'status',
        assert: { or: [{ '!=': [{ var: 'status' }, 'compliant'] }, { '!': { var: '_responses.notInPlace' } }] },
        message: text(
          'Compliant cannot be chosen while an answer is Not in Place',
          'Uygulanmıyor yanıtı varken Uyumlu seçilemez',
        ),
      },
    ],
  };
  return { kind: 'questionnaire', id: PILOT_ID, body: body as unknown as QuestionnaireBody };
}

/**
 * The pilot with four faults the publish gate must all report at once: no title, a requirement
 * v4.0.1 does not have, a rule counting a response no set has (a typo that would switch it off) and
 * a rule comparing a question with a response its set lacks. Each with the pointer it is found at.
 */
export function brokenPilot(): { doc: ReturnType<typeof pilotSaq>; faults: { path: string; code: string }[] } {
  const doc = pilotSaq();
  const body = doc.body as unknown as Record<string, any>;
  delete body.title;
  body.sections[1].items[11].requirement = '99.9.9';
  body.rules[0].assert.or[1]['!'].var = '_responses.notInPlce';
  body.sections[2].visible = { '==': [{ var: pilotQuestion('1.2.1') }, 'inPlase'] };
  return {
    doc,
    faults: [
      { path: '/body', code: 'missingProperty' },
      { path: '/body/sections/1/items/11/requirement', code: 'requirementUnknown' },
      { path: '/body/sections/2/visible/==/1', code: 'answerValueUnknown' },
      { path: '/body/rules/0/assert/or/1/!/var', code: 'responseUnknown' },
    ],
  };
}
