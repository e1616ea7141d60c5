// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadAppTexts } from '../../../client/i18n/i18n';
import { PreviewAnswers, PreviewScore } from '../../../client/screens/documents/PreviewScore';
import type { QuestionnaireBody } from '../../../core/questionnaire/questionnaire.types';

// The editor preview's live score: it follows the answers given in the preview, per section too.

const t = (en: string) => ({ en, tr: en });
const body: QuestionnaireBody = {
  title: t('Template'),
  purpose: 'assessment',
  responseSets: {
    yn: {
      options: [
        { value: 'yes', label: t('Yes') },
        { value: 'no', label: t('No') },
      ],
    },
  },
  scoring: { points: { yes: 1, no: 0 } },
  sections: [
    { id: 'a', title: t('Access'), items: [{ type: 'question', id: 'q1', text: t('Q1'), responseSet: 'yn' }] },
    {
      id: 'b',
      title: t('Backups'),
      weight: 3,
      items: [{ type: 'question', id: 'q2', text: t('Q2'), responseSet: 'yn' }],
    },
  ],
};

beforeAll(async () => {
  await initI18n('en');
  await loadAppTexts();
});
afterEach(cleanup);

describe('PreviewScore', () => {
  it('shows no score until an answer counts, then follows every answer', () => {
    const answers = new PreviewAnswers();
    render(<PreviewScore body={body} answers={answers} />);
    expect(screen.getByTestId('preview-score').textContent).toBe('–');
    act(() => answers.set('q1', 'yes'));
    expect(screen.getByTestId('preview-score').textContent).toBe('100%');
    act(() => answers.set('q2', 'no'));
    // 1 of 1 + 3 × 0 of 3 × 1
    expect(screen.getByTestId('preview-score').textContent).toBe('25%');
    expect(screen.getByText('Backups: 0%')).toBeTruthy();
  });

  it('shows nothing for a questionnaire without scoring', () => {
    const { container } = render(
      <PreviewScore body={{ ...body, scoring: undefined }} answers={new PreviewAnswers()} />,
    );
    expect(container.textContent).toBe('');
  });
});
