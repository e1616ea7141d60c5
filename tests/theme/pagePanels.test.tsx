import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { queryClient } from '../../client/lib/queryClient';
import { FormSummary } from '../../client/screens/page/panels/FormSummary';
import { TextPanel } from '../../client/screens/page/panels/TextPanel';

/** A document's text in both languages (the test reads English). */
const both = (text: string) => ({ en: text, tr: text });

describe('a text panel', () => {
  test('writes plain paragraphs as they are, at once, without the sanitiser', () => {
    const { container } = render(
      <TextPanel panel={{ id: 'about', type: 'text', text: both('<p>First one.</p>\n<p>Second one.</p>') }} />,
    );
    const paragraphs = container.querySelectorAll('.rich-text > p');
    expect([...paragraphs].map((p) => p.textContent)).toEqual(['First one.', 'Second one.']);
  });

  test('writes a text without markup as one text', () => {
    const { container } = render(<TextPanel panel={{ id: 'intro', type: 'text', text: both('Only words here.') }} />);
    expect(container.querySelector('.rich-text')?.textContent).toBe('Only words here.');
    expect(container.querySelector('.rich-text p')).toBeNull();
  });

  test('sends any other markup through the sanitiser: allowed tags kept, a script dropped', async () => {
    const { container } = render(
      <TextPanel
        panel={{ id: 'tip', type: 'text', text: both('<p>A <b>bold</b> word<script>window.hit = 1</script></p>') }}
      />,
    );
    expect((await screen.findByText('bold')).tagName).toBe('B');
    expect(container.querySelector('script')).toBeNull();
    expect((window as unknown as { hit?: number }).hit).toBeUndefined();
  });
});

describe('a collapsed form panel', () => {
  const FORM = 'summary-test';
  queryClient.setQueryDefaults(['config', 'form', FORM], { staleTime: Number.POSITIVE_INFINITY });
  queryClient.setQueryData(['config', 'form', FORM], {
    kind: 'form',
    id: FORM,
    version: 1,
    body: {
      title: both('Settings'),
      schema: {
        type: 'object',
        properties: {
          mode: { type: 'string', title: both('Variant'), enum: ['acquirer', 'alternate'] },
          notify: { type: 'boolean', title: both('Notify') },
          note: { type: 'string', title: both('Note') },
        },
      },
      uiSchema: { mode: { 'ui:enumNames': [both('Acquirer'), both('Alternate')] } },
      submit: { method: 'PUT', path: '/wbe/api/settings', successMessage: both('Saved as {{mode}}.') },
    },
  });

  const summary = (props: Partial<Parameters<typeof FormSummary>[0]> = {}) =>
    render(
      <QueryClientProvider client={queryClient}>
        <FormSummary
          formId={FORM}
          params={{}}
          initialData={{ mode: 'alternate', notify: true }}
          onOpen={() => {}}
          {...props}
        />
      </QueryClientProvider>,
    );

  test('shows each field under its title, an option by its name, and a dash for none', () => {
    const { container } = summary();
    const rows = [...container.querySelectorAll('.key-value__row')].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]);
    expect(rows).toEqual([
      ['Variant', 'Alternate'],
      ['Notify', 'Yes'],
      ['Note', '—'],
    ]);
    expect(screen.queryByRole('status')).toBeNull();
  });

  test('opens the form on Change, and says what the last save answered', () => {
    const onOpen = vi.fn();
    summary({ onOpen, saved: { mode: 'alternate' } });
    expect(screen.getByRole('status').textContent).toBe('Saved as alternate.');
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});
