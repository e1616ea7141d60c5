// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadAppTexts } from '../../../client/i18n/i18n';
import { QuestionnaireView } from '../../../client/screens/questionnaire/QuestionnaireView';
import type { QuestionnaireBody } from '../../../core/questionnaire/questionnaire.types';

// A long section draws its first items with the page and the rest right after: every question
// ends up on the page, answers and all.

const questions = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => ({
    type: 'question' as const,
    id: `${prefix}${index + 1}`,
    requirement: `${prefix}.${index + 1}`,
    responseSet: 'yn',
    text: { en: `Question ${prefix}${index + 1}`, tr: `Soru ${prefix}${index + 1}` },
  }));

const body = {
  title: { en: 'Long', tr: 'Uzun' },
  responseSets: {
    yn: {
      options: [
        { value: 'yes', label: { en: 'Yes', tr: 'Evet' } },
        { value: 'no', label: { en: 'No', tr: 'Hayır' } },
      ],
    },
  },
  sections: [
    { id: 'long', title: { en: 'Long section', tr: 'Uzun bölüm' }, items: questions('a', 40) },
    { id: 'next', title: { en: 'Next section', tr: 'Sonraki bölüm' }, items: questions('b', 3) },
  ],
} as QuestionnaireBody;

beforeAll(async () => {
  await initI18n('en');
  await loadAppTexts();
});
afterEach(cleanup);

describe('a long section', () => {
  it('draws every question, with its answer', async () => {
    render(<QuestionnaireView body={body} initialAnswers={{ a1: 'yes', a40: 'no' }} />);
    expect(await screen.findByText('a.40 Question a40')).toBeTruthy();
    expect(document.querySelectorAll('[data-item]')).toHaveLength(40);
    const last = document.querySelector('[data-item="a40"] input[value="no"]') as HTMLInputElement;
    expect(last.checked).toBe(true);
    expect((document.querySelector('[data-item="a1"] input[value="yes"]') as HTMLInputElement).checked).toBe(true);
  });
});
