import { describe, expect, it } from 'vitest';
import { validateDocument } from '../../../core/documents/validate';
import { publishContext } from '../../../server/config/publish-context';
import { brokenPilot, pilotSaq } from '../../support/saq-pilot';

// Issue 23: the publish gate lists every problem of a version at once — the meta-schema's and the
// kind's own — never stopping at the first, each with its JSON pointer and locale code.
const context = publishContext(() => undefined);

describe('the publish gate', () => {
  it('lets the pilot SAQ type through', () => {
    expect(validateDocument(pilotSaq(), context)).toEqual([]);
  });

  it('lists every fault of a broken version: schema and semantics together', () => {
    const { doc, faults } = brokenPilot();
    const problems = validateDocument(doc, context);
    expect(problems.map(({ path, code }) => ({ path, code }))).toEqual(expect.arrayContaining(faults));
    expect(problems).toHaveLength(faults.length);
    expect(problems.find((p) => p.code === 'requirementUnknown')).toMatchObject({
      params: { requirement: '99.9.9', standard: 'PCI DSS 4.0.1' },
      message: 'requirement "99.9.9" is not in PCI DSS 4.0.1',
    });
  });

  it('checks requirement ids only for a version the app ships a list of', () => {
    const doc = pilotSaq();
    doc.body.sections[1].items[0] = { ...doc.body.sections[1].items[0], requirement: '99.9.9' } as never;
    expect(validateDocument(doc, context).map((p) => p.code)).toEqual(['requirementUnknown']);
    (doc.body.standard as { version: string }).version = '4.0.2';
    expect(validateDocument(doc, context)).toEqual([]);
    // without the context (the editor's offline check) the list is not consulted
    (doc.body.standard as { version: string }).version = '4.0.1';
    expect(validateDocument(doc)).toEqual([]);
  });

  it('accepts rules over the counts and responses that exist', () => {
    const doc = pilotSaq();
    doc.body.rules = [
      {
        id: 'counts',
        assert: {
          and: [
            { '<=': [{ var: '_responses.answered' }, { var: '_responses.total' }] },
            { in: [{ var: 'req_8_3_6' }, ['inPlace', 'notApplicable']] },
          ],
        },
        message: { en: 'x', tr: 'x' },
      },
    ];
    expect(validateDocument(doc, context)).toEqual([]);
    (doc.body.rules[0].assert as { and: { in?: unknown[] }[] }).and[1].in = [{ var: 'req_8_3_6' }, ['inPlace', 'yes']];
    expect(validateDocument(doc, context)).toEqual([
      expect.objectContaining({ path: '/body/rules/0/assert/and/1/in/1/1', code: 'answerValueUnknown' }),
    ]);
  });
});
