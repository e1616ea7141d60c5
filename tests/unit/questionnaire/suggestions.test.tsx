// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadAppTexts } from '../../../client/i18n/i18n';
import { QuestionnaireView } from '../../../client/screens/questionnaire/QuestionnaireView';
import { type Suggestions, SuggestionsContext } from '../../../client/screens/questionnaire/suggestions';
import type { QuestionnaireBody } from '../../../core/questionnaire/questionnaire.types';
import type { SaqSuggestion } from '../../../core/saq/saq-suggestions';

// A scan's suggested answer shows under its question with the evidence and the scan date; Accept
// decides it and puts Not in Place in the form (saved as any answer); a decided one is a tag.

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
      id: 'req4',
      title: { en: 'Requirement 4', tr: 'Gereksinim 4' },
      items: [
        {
          type: 'question',
          id: 'req_4_2_1',
          requirement: '4.2.1',
          responseSet: 'saq',
          text: { en: 'Strong TLS?', tr: 'Güçlü TLS?' },
        },
        {
          type: 'question',
          id: 'req_4_2_2',
          requirement: '4.2.2',
          responseSet: 'saq',
          text: { en: 'PAN by messaging?', tr: 'Mesajla PAN?' },
        },
      ],
    },
  ],
} as QuestionnaireBody;

const suggestion = (status: SaqSuggestion['status']): SaqSuggestion => ({
  itemId: 'req_4_2_1',
  requirement: '4.2.1',
  value: 'notInPlace',
  evidence: [
    {
      rule: 'weak-tls',
      check: 'ssl_ciphers',
      finding: 'tls10_enabled',
      title: 'scan.finding.tls10_enabled',
      evidence: 'TLSv1 accepted',
    },
  ],
  scanId: 'scan-1',
  scanDate: '25-11-2026 18:40:26',
  url: 'https://bad.test',
  status,
  decidedAt: null,
  decidedBy: null,
});

beforeAll(async () => {
  await initI18n('en');
  await loadAppTexts();
});
afterEach(cleanup);

describe('scan suggestions in the questionnaire', () => {
  it('shows the evidence and the scan date, and Accept answers Not in Place', async () => {
    const decide = vi.fn(async () => true);
    const onAnswer = vi.fn();
    const suggestions: Suggestions = { byItem: new Map([['req_4_2_1', suggestion('suggested')]]), decide };
    render(
      <SuggestionsContext.Provider value={suggestions}>
        <QuestionnaireView body={body} initialAnswers={{}} onAnswer={onAnswer} />
      </SuggestionsContext.Provider>,
    );
    const notice = await screen.findByText(
      /The scan of https:\/\/bad\.test on 25-11-2026 18:40:26 suggests Not in Place/,
    );
    expect(notice.closest('[data-item]')?.getAttribute('data-item')).toBe('req_4_2_1');
    expect(document.querySelector('[data-item="req_4_2_1"]')?.textContent).toContain('TLSv1 accepted');
    expect(document.querySelectorAll('[data-suggestion]')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Accept: Not in Place' }));
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith('req_4_2_1', 'notInPlace'));
    expect(decide).toHaveBeenCalledWith('req_4_2_1', 'accept');
    const radio = document.querySelector('[data-item="req_4_2_1"] input[value="notInPlace"]') as HTMLInputElement;
    expect(radio.checked).toBe(true);
  });

  it('keeps the evidence of a decided suggestion, with its decision as a tag and an undo that restores the answer', async () => {
    const decide = vi.fn(async () => true);
    const onAnswer = vi.fn();
    const accepted = { ...suggestion('accepted'), answered: { before: 'inPlace', saved: 'notInPlace' } };
    render(
      <SuggestionsContext.Provider value={{ byItem: new Map([['req_4_2_1', accepted]]), decide }}>
        <QuestionnaireView body={body} initialAnswers={{ req_4_2_1: 'notInPlace' }} onAnswer={onAnswer} />
      </SuggestionsContext.Provider>,
    );
    expect(await screen.findByText('Scan suggestion accepted')).toBeTruthy();
    expect(document.querySelector('[data-item="req_4_2_1"]')?.textContent).toContain('TLSv1 accepted');
    expect(screen.queryByRole('button', { name: 'Accept: Not in Place' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith('req_4_2_1', 'inPlace'));
    expect(decide).toHaveBeenCalledWith('req_4_2_1', 'undo');
  });

  it('translates evidence written in our own words (a header penalty), not a bare score modifier', async () => {
    const headers: SaqSuggestion = {
      ...suggestion('suggested'),
      evidence: [
        {
          rule: 'missing-headers',
          check: 'security_headers',
          finding: 'header_csp_not_implemented',
          title: 'scan.finding.header_csp_not_implemented',
          evidence: 'Content-Security-Policy: not sent',
          detail: {
            key: 'scan.evidence.headerMissing',
            params: { header: 'Content-Security-Policy', points: '25' },
          },
        },
      ],
    };
    render(
      <SuggestionsContext.Provider value={{ byItem: new Map([['req_4_2_1', headers]]), decide: vi.fn() }}>
        <QuestionnaireView body={body} initialAnswers={{}} />
      </SuggestionsContext.Provider>,
    );
    expect(
      await screen.findByText('The site sent no Content-Security-Policy header: the header score loses 25 points.', {
        exact: false,
      }),
    ).toBeTruthy();
  });
});
