// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadAppTexts } from '../../../client/i18n/i18n';
import { createAnswerSaver } from '../../../client/screens/questionnaire/answerSaver';
import { settleReact } from '../support/settle-react';

// Completing as the server judges: a 409 listing what is missing asks to complete anyway, a 422
// lists its problems and opens the first one's item. No domain words: the paths are the route's.

const posts: unknown[] = [];
let answers: (() => Promise<unknown>)[] = [];
vi.mock('../../../client/api/clients', () => ({
  clientForPath: (path: string) => ({
    url: path,
    client: {
      post: async (_url: string, body: unknown) => {
        posts.push(body);
        return (answers.shift() as () => Promise<unknown>)();
      },
    },
  }),
}));
vi.mock('../../../client/lib/toaster', () => ({ showToast: async () => undefined }));

const { Completion } = await import('../../../client/screens/questionnaire/Completion');

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
  const saver = createAnswerSaver({ send: async () => undefined, isTyped: () => false, explain: () => [] });
  render(<Completion saver={saver} path="/x/1/complete" onCompleted={done} onGoTo={goTo} labelOf={(id) => `#${id}`} />);
  return { done, goTo };
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
    const { goTo, done } = show();
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    await screen.findByText('Add at least one row');
    expect(screen.getByRole('button', { name: '#locations' })).toBeTruthy();
    expect(goTo).toHaveBeenCalledWith('locations');
    expect(done).not.toHaveBeenCalled();
  });
});
