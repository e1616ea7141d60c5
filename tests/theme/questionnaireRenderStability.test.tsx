import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { QuestionnaireView } from '../../client/screens/questionnaire/QuestionnaireView';
import { RenderProbe } from '../../client/screens/questionnaire/storeHooks';
import type { QuestionnaireBody } from '../../core/questionnaire/questionnaire.types';

const question = (id: string, visible?: unknown) => ({
  type: 'question' as const,
  id,
  requirement: id.replace('q', '1.'),
  responseSet: 'saq',
  text: { en: `Requirement ${id}`, tr: `Gereksinim ${id}` },
  ...(visible ? { visible } : {}),
});

const body = {
  title: { en: 'Test SAQ', tr: 'Test SAQ' },
  responseSets: {
    saq: {
      options: [
        { value: 'inPlace', label: { en: 'In Place', tr: 'Uygulanıyor' } },
        {
          value: 'notApplicable',
          label: { en: 'Not Applicable', tr: 'Uygulanamaz' },
          explain: true,
          requires: [
            {
              table: 'appendixC',
              column: 'question',
              message: { en: 'Explain it in Appendix C', tr: "Ek C'de açıklayın" },
            },
          ],
        },
        { value: 'notInPlace', label: { en: 'Not in Place', tr: 'Uygulanmıyor' } },
      ],
    },
  },
  sections: [
    {
      id: 'req1',
      title: { en: 'Requirement 1', tr: 'Gereksinim 1' },
      items: [
        { type: 'field', id: 'paper', input: 'checkbox', label: { en: 'Paper records', tr: 'Kağıt kayıt' } },
        question('q1'),
        question('q2'),
        question('q3'),
        question('q4', { '==': [{ var: 'paper' }, true] }),
      ],
    },
    {
      id: 'appendixC',
      title: { en: 'Appendix C', tr: 'Ek C' },
      items: [
        {
          type: 'table',
          id: 'appendixC',
          label: { en: 'Not applicable', tr: 'Uygulanamaz' },
          columns: [
            { id: 'question', input: 'questionRef', required: true, label: { en: 'Requirement', tr: 'Gereksinim' } },
            { id: 'reason', input: 'textarea', required: true, label: { en: 'Why', tr: 'Neden' } },
          ],
        },
      ],
    },
  ],
} as QuestionnaireBody;

let renders: Record<string, number> = {};
const probe = (id: string) => {
  renders[id] = (renders[id] ?? 0) + 1;
};
const answers: [string, unknown][] = [];
const onAnswer = (id: string, value: unknown) => answers.push([id, value]);

function renderView() {
  return render(
    <RenderProbe.Provider value={probe}>
      <QuestionnaireView body={body} onAnswer={onAnswer} />
    </RenderProbe.Provider>,
  );
}

const radio = (questionId: string, label: string) =>
  document
    .querySelector(`[data-item="${questionId}"]`)
    ?.querySelector(`input[type=radio][value="${label}"]`) as HTMLElement;

describe('render stability of the questionnaire', () => {
  beforeEach(() => {
    renders = {};
    answers.length = 0;
  });

  test('answering one question re-renders the radio it checks only', () => {
    renderView();
    const before = { ...renders };
    expect(before).toMatchObject({ paper: 1, q1: 1, q2: 1, q3: 1, 'q2:inPlace': 1 });
    expect(before.q4).toBeUndefined();
    act(() => fireEvent.click(radio('q2', 'inPlace')));
    expect((radio('q2', 'inPlace') as HTMLInputElement).checked).toBe(true);
    expect(renders['q2:inPlace']).toBeGreaterThan(before['q2:inPlace']);
    // not the question around it, nor its other radios (none was checked), nor any other item
    for (const id of ['paper', 'q1', 'q2', 'q3', 'q2:notInPlace', 'q2:notApplicable'])
      expect(renders[id], id).toBe(before[id]);
    act(() => fireEvent.click(radio('q2', 'notInPlace')));
    // the radio it leaves and the one it checks
    expect(renders['q2:inPlace']).toBe(before['q2:inPlace'] + 2);
    expect(renders['q2:notInPlace']).toBe(before['q2:notInPlace'] + 1);
    expect(renders.q2).toBe(before.q2);
    expect(answers).toEqual([
      ['q2', 'inPlace'],
      ['q2', 'notInPlace'],
    ]);
    expect(screen.getByText('1 of 3 answered')).toBeInTheDocument();
  });

  test('a change shows its dependent question and re-renders no other', () => {
    renderView();
    const before = { ...renders };
    act(() => fireEvent.click(screen.getByLabelText('Paper records')));
    expect(document.querySelector('[data-item="q4"]')).not.toBeNull();
    expect(renders.q4).toBe(1);
    for (const id of ['q1', 'q2', 'q3']) expect(renders[id], id).toBe(before[id]);
    expect(screen.getByText('0 of 4 answered')).toBeInTheDocument();
  });

  test('N/A asks for Appendix C; typing the explanation re-renders no question and fills its row', () => {
    renderView();
    act(() => fireEvent.click(radio('q1', 'notApplicable')));
    expect(screen.getByText('Explain it in Appendix C')).toBeInTheDocument();
    const before = { ...renders };
    const box = screen.getByLabelText('Explanation');
    for (const text of ['N', 'No', 'No paper']) act(() => fireEvent.change(box, { target: { value: text } }));
    expect((box as HTMLTextAreaElement).value).toBe('No paper');
    expect(screen.queryByText('Explain it in Appendix C')).toBeNull();
    // only the explanation box and the problem list below it render again, not even its question
    for (const id of ['paper', 'q1', 'q2', 'q3']) expect(renders[id], id).toBe(before[id]);
    expect(answers.at(-1)).toEqual(['appendixC', [{ question: 'q1', reason: 'No paper' }]]);
  });

  test('the appendix page shows the row the explanation wrote; check counts the unanswered', () => {
    renderView();
    act(() => fireEvent.click(radio('q3', 'notApplicable')));
    act(() => fireEvent.change(screen.getByLabelText('Explanation'), { target: { value: 'Not stored' } }));
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByLabelText('Why 1')).toHaveValue('Not stored');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Check answers' })));
    expect(screen.getByRole('status')).toHaveTextContent('0 problems, 2 unanswered');
  });
});
