// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ActionsPanel as ActionsDef } from '../../../core/pages/page.types';
import { initI18n, loadAppTexts } from '../../../client/i18n/i18n';
import { settleReact } from '../support/settle-react';

// A page action that uploads a form's file as multipart/form-data (the SAQ page's answered
// workbook), and a refusal that lists its problems by sheet and cell in a dialog. The endpoint
// and the form are stand-ins; the panel, the multipart encoding and the problem list are real.

const sent: { method: string; url: string; data: unknown }[] = [];
let refusal: AxiosError | null = null;
const toasts: string[] = [];
vi.mock('../../../client/api/clients', () => ({
  clientForPath: (path: string) => ({
    url: path,
    client: {
      request: async (config: { method: string; url: string; data: unknown }) => {
        sent.push(config);
        if (refusal) throw refusal;
        return { status: 200, data: { content: {} } };
      },
    },
  }),
}));
vi.mock('../../../client/lib/progressToast', () => ({
  progressToast: () => ({ update: () => undefined, close: () => undefined }),
}));
vi.mock('../../../client/shell/useSubject', () => ({
  useSubject: () => ({ signedIn: true, roles: ['saq'], permissions: [], packages: [] }),
}));
vi.mock('../../../client/session/useSession', () => ({ useSession: () => ({ user: { uuid: 'u1' } }) }));
vi.mock('../../../client/runtime/appConfig', () => ({ useAppConfig: () => ({ roleGroups: {} }) }));
vi.mock('../../../client/lib/toaster', () => ({ showToast: async (text: string) => void toasts.push(text) }));
vi.mock('../../../client/screens/list/ValuesForm', () => ({
  ValuesForm: ({ onValues }: { onValues: (values: Record<string, unknown>) => void }) => (
    <button type="button" onClick={() => onValues({ file: 'data:text/plain;name=answers.xlsx;base64,UEsDBA==' })}>
      choose file
    </button>
  ),
}));

const { ActionsPanel } = await import('../../../client/screens/page/panels/ActionsPanel');

beforeAll(async () => {
  await initI18n('en');
  await loadAppTexts();
});
afterEach(async () => {
  cleanup();
  sent.length = 0;
  toasts.length = 0;
  refusal = null;
  await settleReact();
});

const panel: ActionsDef = {
  id: 'do',
  type: 'actions',
  actions: [
    {
      id: 'upload',
      title: { en: 'Upload answered workbook', tr: 'Yükle' },
      form: 'saq-workbook-upload',
      call: { method: 'POST', path: '/saq/api/v1/saqs/:id/workbook', multipart: true },
      successMessage: { en: 'Imported', tr: 'Aktarıldı' },
    },
  ],
};

function upload() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ActionsPanel panel={panel} data={{ id: 's1' }} params={{}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Upload answered workbook' }));
  fireEvent.click(screen.getByRole('button', { name: 'choose file' }));
}

describe('a page action uploading a file', () => {
  it('sends the form as multipart/form-data with the file under its own name', async () => {
    upload();
    await waitFor(() => expect(toasts).toEqual(['Imported']));
    expect(sent).toHaveLength(1);
    const form = sent[0].data as FormData;
    expect(form).toBeInstanceOf(FormData);
    const file = form.get('file') as File;
    expect([file.name, file.size]).toEqual(['answers.xlsx', 4]);
  });

  it('lists every problem of a refusal at its sheet and cell, in a dialog instead of a toast', async () => {
    const data = {
      code: 'workbookInvalid',
      message: 'The workbook was not imported.',
      problems: [
        { sheet: 'Requirement 3', cell: 'D4', itemId: 'req_3_2_1', message: 'Choose one of the offered answers' },
        { sheet: null, cell: null, rule: 'compliant', message: 'Compliant cannot be chosen' },
      ],
    };
    const headers = new AxiosHeaders();
    refusal = new AxiosError('422', 'ERR_BAD_REQUEST', undefined, undefined, {
      status: 422,
      statusText: 'Unprocessable',
      headers,
      config: { headers },
      data,
    });
    upload();
    const list = await screen.findByRole('list', { name: 'Upload answered workbook' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Requirement 3 · D4 — Choose one of the offered answers',
      'The whole document — Compliant cannot be chosen',
    ]);
    // the form's dialog may still be closing: the problems' dialog is the one holding the list
    expect(list.closest('[role="dialog"]')?.textContent).toContain(
      'The workbook was not imported: nothing was saved. Fix the cells listed and upload it again.',
    );
    expect(toasts).toEqual([]);
  });
});
