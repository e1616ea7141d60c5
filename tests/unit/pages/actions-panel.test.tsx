// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ActionsPanel as ActionsDef } from '../../../core/pages/page.types';
import { initI18n, loadAppTexts } from '../../../client/i18n/i18n';
import { settleReact } from '../support/settle-react';

// Page actions that ask a form document in a dialog (its values are the call's body) and that
// download a file; the endpoints and the form are stand-ins, the panel is the real one.

const calls: { method: string; url: string; data: unknown }[] = [];
const downloads: string[] = [];
vi.mock('../../../client/api/clients', () => ({
  clientForPath: (path: string) => ({
    url: path,
    client: { request: async (config: { method: string; url: string; data: unknown }) => void calls.push(config) },
  }),
}));
vi.mock('../../../client/api/download', () => ({
  downloadFile: async (path: string) => {
    downloads.push(path);
    return 'saved';
  },
}));
vi.mock('../../../client/shell/useSubject', () => ({
  useSubject: () => ({ signedIn: true, roles: ['saq'], permissions: [], packages: [] }),
}));
vi.mock('../../../client/session/useSession', () => ({ useSession: () => ({ user: { uuid: 'u1' } }) }));
vi.mock('../../../client/runtime/appConfig', () => ({ useAppConfig: () => ({ roleGroups: {} }) }));
vi.mock('../../../client/lib/toaster', () => ({ showToast: async () => undefined }));
vi.mock('../../../client/screens/list/ValuesForm', () => ({
  ValuesForm: ({ formId, onValues }: { formId: string; onValues: (values: Record<string, unknown>) => void }) => (
    <button type="button" onClick={() => onValues({ signerName: 'Mert' })}>
      {`fill ${formId}`}
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
  calls.length = 0;
  downloads.length = 0;
  await settleReact();
});

const panel: ActionsDef = {
  id: 'do',
  type: 'actions',
  actions: [
    {
      id: 'sign',
      title: { en: 'Sign', tr: 'İmzala' },
      confirm: { en: 'Sign it?', tr: 'İmzalansın mı?' },
      form: 'saq-sign',
      call: { method: 'POST', path: '/saq/api/v1/saqs/:id/sign' },
      when: { '==': [{ var: 'record.status' }, 'completed'] },
    },
    {
      id: 'pdf',
      title: { en: 'Download', tr: 'İndir' },
      download: { path: '/saq/api/v1/saqs/:id/attestation' },
      when: { '==': [{ var: 'record.status' }, 'signed'] },
    },
  ],
};

function show(record: Record<string, unknown>) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ActionsPanel panel={panel} data={record} params={{ saqId: 's1' }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('page actions with a form and a download', () => {
  it('asks the form in a dialog under the confirmation and sends its values as the body', async () => {
    show({ id: 's1', status: 'completed' });
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Sign it?');
    fireEvent.click(screen.getByRole('button', { name: 'fill saq-sign' }));
    await waitFor(() =>
      expect(calls).toEqual([{ method: 'POST', url: '/saq/api/v1/saqs/s1/sign', data: { signerName: 'Mert' } }]),
    );
  });

  it('sends the body its `call.body` maps from the record and the route', async () => {
    const migrate: ActionsDef = {
      id: 'move',
      type: 'actions',
      actions: [
        {
          id: 'migrate',
          title: { en: 'Migrate', tr: 'Taşı' },
          call: {
            method: 'POST',
            path: '/saq/api/v1/saqs/:saqId/migrate',
            body: { documentId: 'record.documentId', version: 'record.version', saq: 'route.saqId' },
          },
        },
      ],
    };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ActionsPanel panel={migrate} data={{ documentId: 'saq-a-4.0.2', version: 3 }} params={{ saqId: 's1' }} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Migrate' }));
    await waitFor(() =>
      expect(calls).toEqual([
        {
          method: 'POST',
          url: '/saq/api/v1/saqs/s1/migrate',
          data: { documentId: 'saq-a-4.0.2', version: 3, saq: 's1' },
        },
      ]),
    );
  });

  it('downloads the file its path names, filled from the record', async () => {
    show({ id: 's1', status: 'signed' });
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(downloads).toEqual(['/saq/api/v1/saqs/s1/attestation']));
    expect(calls).toEqual([]);
  });
});
