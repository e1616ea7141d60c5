// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { validateDocument } from '../../../core/documents/validate';
import { initI18n, loadAppTexts } from '../../../client/i18n/i18n';
import { type AppConfig, AppConfigContext } from '../../../client/runtime/appConfig';
import { ThreadView } from '../../../client/screens/parts/thread/ThreadView';
import { settleReact } from '../support/settle-react';

beforeAll(async () => {
  await initI18n('en');
  await loadAppTexts();
});
afterEach(async () => {
  cleanup();
  await settleReact();
});

const shell = JSON.parse(readFileSync('schemas/app/shell-settings.json', 'utf8')).body;
const config = {
  routes: { routes: [] },
  menus: { main: [] },
  roleGroups: {},
  landing: {},
  shell,
} as unknown as AppConfig;
const messages = [
  {
    id: 'm1',
    from: 'user',
    authorName: 'Mia Merchant',
    body: 'Is <b>this</b> safe?',
    createdAt: '2026-11-20T10:00:00.000Z',
  },
  { id: 'm2', from: 'support', authorName: 'Ada Admin', body: 'Yes.\nIt is.', createdAt: '2026-11-20T10:05:00.000Z' },
];
const paths = { text: 'body', author: 'authorName', at: 'createdAt' };

function show(send?: (text: string) => Promise<void>) {
  return render(
    <AppConfigContext.Provider value={config}>
      <ThreadView
        messages={messages}
        paths={paths}
        isOwn={(message) => (message as { from: string }).from === 'support'}
        empty="Nothing"
        label="Conversation"
        reply={send ? { send, placeholder: 'Write…', maxLength: 50 } : undefined}
      />
    </AppConfigContext.Provider>,
  );
}

describe('the thread view', () => {
  it("shows the reader's own messages on their side as 'You', others with their author, text never as HTML", () => {
    const { container } = show();
    const items = [...container.querySelectorAll('li')];
    expect(items.map((item) => item.classList.contains('thread__message--own'))).toEqual([false, true]);
    expect(items[0].textContent).toContain('Mia Merchant');
    expect(items[1].textContent).toContain('You');
    expect(items[1].textContent).not.toContain('Ada Admin');
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByRole('log', { name: 'Conversation' }).textContent).toContain('Is <b>this</b> safe?');
    expect(container.querySelectorAll('time')).toHaveLength(2);
  });

  it('sends the typed text on Enter and clears the box; Shift+Enter does not send; blanks cannot be sent', async () => {
    const sent: string[] = [];
    show(async (text) => {
      sent.push(text);
    });
    const box = screen.getByLabelText('Your message') as HTMLTextAreaElement;
    const button = screen.getByRole('button', { name: 'Send' });
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(sent).toEqual([]);
    fireEvent.change(box, { target: { value: 'Thanks' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(sent).toEqual([]);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(box.value).toBe(''));
    expect(sent).toEqual(['Thanks']);
    expect(box.maxLength).toBe(50);
  });

  it('keeps the text when sending fails', async () => {
    show(async () => {
      throw new Error('refused');
    });
    const box = screen.getByLabelText('Your message') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(false));
    expect(box.value).toBe('Hello');
  });
});

describe('the thread panel in page documents', () => {
  const page = JSON.parse(readFileSync('schemas/pages/help-chat-conversation.json', 'utf8'));
  const thread = () => structuredClone(page.body.panels.find((panel: { type: string }) => panel.type === 'thread'));
  const problemsWith = (panel: Record<string, unknown>) =>
    validateDocument({ kind: 'page', id: 'x', body: { title: 'page.empty', panels: [panel] } }).map((p) => p.path);

  it('accepts the seeded conversation page', () => {
    expect(validateDocument(page)).toEqual([]);
  });
  it('needs message.text; refuses unvetted rules, a too eager live refresh, a reply without its field', () => {
    const noMessage = thread();
    delete noMessage.message;
    expect(problemsWith(noMessage)).toContain('/body/panels/0');
    const noText = thread();
    delete noText.message.text;
    expect(problemsWith(noText).some((path) => path.startsWith('/body/panels/0/message'))).toBe(true);
    expect(
      problemsWith({ ...thread(), own: { eval: ['1'] } }).some((path) => path.startsWith('/body/panels/0/own')),
    ).toBe(true);
    expect(problemsWith({ ...thread(), live: { seconds: 1 } })).toContain('/body/panels/0/live/seconds');
    expect(problemsWith({ ...thread(), reply: { path: '/wbe/api/x' } })).toContain('/body/panels/0/reply');
    expect(problemsWith({ ...thread(), read: { path: 'http://elsewhere/x' } })).toContain('/body/panels/0/read/path');
  });
});
