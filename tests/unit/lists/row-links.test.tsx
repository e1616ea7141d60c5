// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ListBody } from '../../../core/lists/list.types';
import { fillFromRow } from '../../../core/lists/list.utils';
import { i18next, initI18n, loadAppTexts } from '../../../client/i18n/i18n';
import { ListTable } from '../../../client/screens/list/ListTable';
import { pageFacts } from '../../../client/screens/list/pageFacts';
import { rowLinkColumn } from '../../../client/screens/list/rowLinkColumn';

// jsdom lays nothing out: the table's scroll frame gets a height, so the virtualiser shows its rows
const clientHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight');
beforeAll(async () => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  await initI18n('en');
  await loadAppTexts();
});
afterAll(() => {
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  if (clientHeight) Object.defineProperty(Element.prototype, 'clientHeight', clientHeight);
});
afterEach(cleanup);

const listDocument = (file: string) => JSON.parse(readFileSync(`schemas/lists/${file}.json`, 'utf8')).body as ListBody;

function renderList(body: ListBody, rows: Record<string, unknown>[]) {
  const state = { page: 1, pageSize: 25, sort: [], filters: {}, form: {} };
  render(
    <MemoryRouter>
      <ListTable
        label="rows"
        columns={body.columns}
        rows={rows as never}
        facts={pageFacts({ total: rows.length }, rows.length, 1, 25)}
        state={state}
        update={() => {}}
        selectable={false}
        selection={{}}
        onSelectionChange={() => {}}
        actionsFor={() => []}
        hasRowActions={false}
        onAction={() => {}}
        running={null}
        rowLink={body.rowLink}
        cellContext={{ t: i18next.t, language: 'en', zone: 'UTC', dateFormat: 'yyyy-MM-dd' }}
      />
    </MemoryRouter>,
  );
}

/** Issue 24 item 15: a row that opens a record holds a real link (Tab, Enter, a new tab), not a click handler only. */
describe('list rows that open a record', () => {
  const records: Record<string, Record<string, unknown>[]> = {
    portfolio: [
      { id: 'm1', name: 'Anadolu Kitap', url: 'https://anadolu.example', type: 'ecommerce' },
      { id: 'm2', name: 'Boğaziçi Çay', url: 'https://bogazici.example', type: 'ecommerce' },
    ],
    'my-saqs': [{ id: 's1', saqType: 'A', status: 'waiting', standardVersion: '4.0.1' }],
    'vendor-assessments': [{ id: 'a1', name: 'Demo Hosting security review', thirdPartyName: 'Demo Hosting' }],
  };

  for (const [file, rows] of Object.entries(records)) {
    it(`${file}: each row's name cell is a link to the record`, () => {
      const body = listDocument(file);
      renderList(body, rows);
      const bodyRows = screen.getAllByRole('row').filter((row) => row.closest('tbody'));
      expect(bodyRows).toHaveLength(rows.length);
      rows.forEach((row, index) => {
        const link = within(bodyRows[index]).getByRole('link', { name: String(row[body.columns[0].field]) });
        expect(link.getAttribute('href')).toBe(fillFromRow(body.rowLink as string, row));
      });
    });
  }

  it('a row whose naming cell is empty still has a named link', () => {
    const body = listDocument('portfolio');
    renderList(body, [{ id: 'm3', name: '', type: 'ecommerce' }]);
    expect(screen.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/app/portfolio/m3/overview');
  });

  it('puts the link on the first text column, and none when a link column already opens the row', () => {
    expect(rowLinkColumn(listDocument('help-chat-inbox').columns, '/app/help-chat/:id')).toBe('userName');
    const documents = listDocument('config-documents');
    expect(rowLinkColumn(documents.columns, documents.rowLink)).toBeUndefined();
    expect(rowLinkColumn(listDocument('portfolio').columns, undefined)).toBeUndefined();
  });
});
