// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListBody } from '../../../core/lists/list.types';
import { initI18n, loadAppTexts } from '../../../client/i18n/i18n';
import { type ActionRunner, useActionRunner } from '../../../client/screens/list/useActionRunner';

const toasts = vi.hoisted(() => [] as string[]);
const answers = vi.hoisted(() => new Map<string, unknown>());

vi.mock('../../../client/lib/toaster', () => ({
  showToast: async (message: string) => {
    toasts.push(message);
  },
}));
vi.mock('../../../client/runtime/appConfig', () => ({ useAppConfig: () => ({ landing: {} }) }));
vi.mock('../../../client/api/clients', () => ({
  clientForPath: (path: string) => ({
    url: path,
    client: { request: async () => ({ data: { content: answers.get(path) } }) },
  }),
}));

beforeAll(async () => {
  await initI18n('en');
  await loadAppTexts();
});
afterEach(() => {
  cleanup();
  toasts.length = 0;
});

const listDocument = (file: string) => JSON.parse(readFileSync(`schemas/lists/${file}.json`, 'utf8')).body as ListBody;

/** Hands the runner a list screen would use to the test. */
function Probe({ listId, onRunner }: { listId: string; onRunner: (runner: ActionRunner) => void }) {
  onRunner(useActionRunner(listId, {}, () => {}));
  return null;
}

async function runToolbar(file: string, actionId: string, answer: unknown): Promise<string> {
  const body = listDocument(file);
  const action = body.toolbar?.find((candidate) => candidate.id === actionId);
  if (!action?.call) throw new Error(`${file}: no toolbar call ${actionId}`);
  answers.set(action.call.path, answer);
  let runner: ActionRunner | null = null;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <Probe listId={file} onRunner={(made) => (runner = made)} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // the form's values come from its dialog: straight to the call here, as the dialog would send them
  const { form: _form, confirm: _confirm, ...direct } = action;
  await act(async () => runner?.request(direct, {}));
  await vi.waitFor(() => expect(toasts).toHaveLength(1));
  return toasts[0];
}

/** Issue 24 item 7: a toolbar action's message is filled from what its call answered. */
describe('list action messages', () => {
  it('fills "request ID generated" with the code the server made', async () => {
    const message = await runToolbar('pci-request-ids', 'generate', { id: 'r1', code: 'PCI-7Q2K' });
    expect(message).toBe('Request ID PCI-7Q2K generated');
  });

  it('fills "request opened" with the request code and the bank', async () => {
    const message = await runToolbar('pci-requests', 'enter', {
      id: 'q1',
      requestCode: 'PCI-7Q2K',
      bankName: 'Demo Bank',
    });
    expect(message).toBe('Request PCI-7Q2K to Demo Bank opened');
  });
});
