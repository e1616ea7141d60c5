// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadAppTexts } from '../../../client/i18n/i18n';
import { QuestionnaireView } from '../../../client/screens/questionnaire/QuestionnaireView';
import { RereadContext, type Rereads } from '../../../client/screens/questionnaire/reread';
import type { QuestionnaireBody } from '../../../core/questionnaire/questionnaire.types';

// After a migration, an answer given to another wording of its question says so under the question,
// with the words it was given to, until the merchant confirms it (or answers again).

const body = {
  title: { en: 'SAQ', tr: 'SAQ' },
  responseSets: {
    saq: {
      options: [
        { value: 'inPlace', label: { en: 'In Place', tr: 'Yerinde' } },
        { value: 'notInPlace', label: { en: 'Not in Place', tr: 'Yerinde Değil' } },
      ],
    },
  },
  sections: [
    {
      id: 'req3',
      title: { en: 'Requirement 3', tr: 'Gereksinim 3' },
      items: [
        {
          type: 'question',
          id: 'req_3_1_1',
          requirement: '3.1.1',
          responseSet: 'saq',
          text: { en: 'Are the rules for keeping account data written down?', tr: 'Kurallar yazılı mı?' },
        },
        {
          type: 'question',
          id: 'req_3_2_1',
          requirement: '3.2.1',
          responseSet: 'saq',
          text: { en: 'Is stored data kept to a minimum?', tr: 'Saklanan veri en azda mı?' },
        },
      ],
    },
  ],
} as QuestionnaireBody;

beforeAll(async () => {
  await initI18n('en');
  await loadAppTexts();
});
afterEach(cleanup);

describe('answers to re-read after a migration', () => {
  it('shows the earlier wording under the question, and confirming settles it', async () => {
    const confirm = vi.fn(async () => undefined);
    const rereads: Rereads = {
      byItem: new Map([
        [
          'req_3_1_1',
          {
            itemId: 'req_3_1_1',
            text: { en: 'Are the policies for stored account data written down?', tr: 'Politikalar yazılı mı?' },
            requirement: '3.1.1',
            standardVersion: '4.0.1',
          },
        ],
      ]),
      confirm,
      answered: vi.fn(),
    };
    render(
      <RereadContext.Provider value={rereads}>
        <QuestionnaireView body={body} initialAnswers={{ req_3_1_1: 'inPlace', req_3_2_1: 'inPlace' }} />
      </RereadContext.Provider>,
    );
    const notice = await screen.findByText('Re-read: the wording changed');
    expect(notice.closest('[data-item]')?.getAttribute('data-item')).toBe('req_3_1_1');
    expect(document.querySelector('[data-reread="req_3_1_1"]')?.textContent).toContain(
      'You answered this question when it read (PCI DSS 4.0.1, 3.1.1): “Are the policies for stored account data written down?”',
    );
    expect(document.querySelectorAll('[data-reread]')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'My answer still holds' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith('req_3_1_1'));
  });
});
