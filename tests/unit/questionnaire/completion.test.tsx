// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadAppTexts } from '../../../client/i18n/i18n';
import { createAnswerSaver } from '../../../client/screens/questionnaire/answerSaver';
import { settleReact } from '../support/settle-react';

// Completing as the server judges: a 409 listing what is missing asks to complete anyway, a 422
// lists its problems on every page and opens the first one's item. No domain words: the paths are
// the route's.

const posts: unknown[] = [];
let answers: (() => Promise<unknown>)[] = [];
const body = {
  title: { en: 'Example SAQ', tr: 'Örnek SAQ' },
  responseSets: { saq: { options: [{ value: 'inPlace', label: { en: 'In Place', tr: 'Uygulanıyor' } }] } },
  sections: [
    {
      id: 'part2',
      title: { en: 'Part 2', tr: 'Bölüm 2' },
      items: [
        {
          type: 'table',
          id: 'locations',
          label: { en: 'Locations', tr: 'Konumlar' },
          minRows: 1,
          columns: [{ id: 'place', input: 'text', label: { en: 'Place', tr: 'Yer' } }],
        },
      ],
    },
    {
      id: 'req3',
      title: { en: 'Requirement 3', tr: 'Gereksinim 3' },
      items: [
        { type: 'question', id: 'q1', requirement: '3.1', responseSet: 'saq', text: { en: 'Q one?', tr: 'S1?' } },
        { type: 'question', id: 'q2', requirement: '3.2', responseSet: 'saq', text: { en: 'Q two?', tr: 'S2?' } },
      ],
    },
    {
      id: 'part3',
      title: { en: 'Part 3', tr: 'Bölüm 3' },
      items: [
        { type: 'field', id: 'signerName', input: 'text', required: true, label: { en: 'Signer', tr: 'İmzalayan' } },
      ],
    },
  ],
};
const record = { document: { id: 'saq-x', version: 1 }, answers: { q1: 'inPlace', q2: 'inPlace' }, lastStep: 'part3' };

vi.mock('../../../client/api/clients', () => ({
  clientForPath: (path: string) => ({
    url: path,
    client: {
      get: async () => ({ data: { content: record } }),
      put: async () => ({ data: {} }),
      post: async (_url: string, body: unknown) => {
        posts.push(body);
        return (answers.shift() as () => Promise<unknown>)();
      },
    },
  }),
  config: { get: async () => ({ data: { content: { kind: 'questionnaire', id: 'saq-x', body } } }) },
}));
vi.mock('../../../client/lib/toaster', () => ({ showToast: async () => undefined }));
vi.mock('../../../client/realtime/useRealtimeEvent', () => ({ useRealtimeEvent: () => undefined }));

const { Completion } = await import('../../../client/screens/questionnaire/Completion');
const { RecordQuestionnaire } = await import('../../../client/screens/questionnaire/RecordQuestionnaire');

beforeAll(async () => {
  await initI18n('en');
  await loadAppTexts();
});
afterEach(async () => {
  cleanup();
  posts.length = 0;
  answers = [];
  await settleReact();
});

const refusal = (status: number, data: unknown) => async () => {
  throw new AxiosError('refused', String(status), undefined, undefined, { status, data } as AxiosResponse);
};

function show() {
  const done = vi.fn();
  const goTo = vi.fn();
  const refused = vi.fn();
  const saver = createAnswerSaver({ send: async () => undefined, isTyped: () => false, explain: () => [] });
  render(<Completion saver={saver} path="/x/1/complete" onCompleted={done} onRefused={refused} onGoTo={goTo} />);
  return { done, goTo, refused };
}

/** The route's screen over the mocked record: opens on Part 3, where Complete is. */
function showScreen() {
  const route = { path: '/app/q/:id/:lastStep', screen: 'questionnaire' };
  const props = {
    source: '/x/:id',
    answerPath: '/x/:id/answers/:itemId',
    completePath: '/x/:id/complete',
    afterComplete: '/app/done/:id',
  };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/app/q/1/part3']}>
        <Routes>
          <Route
            path={route.path}
            element={
              <RecordQuestionnaire route={route as never} params={{ id: '1', lastStep: 'part3' }} props={props} />
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('completion', () => {
  it('asks to complete anyway when answers are missing, then completes', async () => {
    answers = [
      refusal(409, { code: 'answersMissing', missing: ['a', 'b', 'c'] }),
      async () => ({ data: { content: { id: '1' } } }),
    ];
    const { done } = show();
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain('unanswered: 3');
    // the dialog is named by its question (issue 24 item 17): a nameless alertdialog said nothing
    expect(screen.getByRole('alertdialog', { name: /unanswered: 3/ })).toBe(alert);
    fireEvent.click(screen.getByRole('button', { name: 'Complete anyway' }));
    await waitFor(() => expect(done).toHaveBeenCalledWith({ id: '1' }));
    expect(posts).toEqual([{}, { continueAnyway: true }]);
  });

  it('lists refusals and opens the first item', async () => {
    answers = [
      refusal(422, {
        problems: [
          { message: 'Add at least one row' },
          { item: 'locations', message: { en: 'Where?', tr: 'Nerede?' } },
        ],
      }),
    ];
    const { goTo, done, refused } = show();
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('locations'));
    expect(refused).toHaveBeenLastCalledWith({
      problems: [{ message: 'Add at least one row' }, { item: 'locations', message: { en: 'Where?', tr: 'Nerede?' } }],
      missing: [],
    });
    expect(done).not.toHaveBeenCalled();
  });

  it("keeps a refusal in view on the problem's page, focuses its item and stops claiming all answered", async () => {
    answers = [
      refusal(422, {
        code: 'saqRefused',
        problems: [{ item: 'locations', message: 'Add at least one row' }],
        missing: ['signerName'],
      }),
    ];
    showScreen();
    // both questions answered, the required signer field not: the count says so (core answerProgress)
    await screen.findByText('2 of 3 answered');
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));

    const refused = await screen.findByRole('alert');
    expect(refused.textContent).toContain('Locations');
    expect(refused.textContent).toContain('Add at least one row');
    expect(refused.textContent).toContain('1 question or field is also unanswered');
    expect(screen.getByRole('button', { name: 'Signer' })).toBeTruthy();
    // moved to the table's page, its first control focused, no "complete anyway" while refused
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Part 2');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Add row'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByText('2 of 3 answered')).toBeNull();
    expect(screen.getByText(/^Not complete: 2 answers missing or refused/)).toBeTruthy();

    // a way to the missing field: its page opens and its box takes the focus
    fireEvent.click(screen.getByRole('button', { name: 'Signer' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Signer/ })));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Part 3');
    // answering it takes it off the list the server gave
    fireEvent.change(screen.getByRole('textbox', { name: /Signer/ }), { target: { value: 'Mert' } });
    await waitFor(() => expect(screen.getByText(/^Not complete: 1 answer missing or refused/)).toBeTruthy());
    expect(posts).toEqual([{}]);
  });
});
