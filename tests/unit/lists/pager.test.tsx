// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListColumn } from '../../../core/lists/list.types';
import { COUNT_CAP } from '../../../core/query/query.types';
import { initI18n, loadAppTexts } from '../../../client/i18n/i18n';
import { ListTable } from '../../../client/screens/list/ListTable';
import { type PageFacts, pageFacts } from '../../../client/screens/list/pageFacts';
import type { ListState } from '../../../client/screens/list/useListState';

beforeAll(async () => {
  await initI18n('en');
  await loadAppTexts();
});
afterEach(cleanup);

const columns: ListColumn[] = [{ id: 'name', field: 'name', title: 'Name', type: 'text' }];
const rowsOf = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => ({ id: `r${from + i}`, name: `Row ${from + i}` }));

/** The list table as the list screen renders it, for one page of an answer. */
function renderPage(rows: Record<string, unknown>[], facts: PageFacts, page: number, pageSize: number) {
  const update = vi.fn();
  const state: ListState = { page, pageSize, sort: [], filters: {}, form: {} };
  render(
    <MemoryRouter>
      <ListTable
        label="Rows"
        columns={columns}
        rows={rows}
        facts={facts}
        state={state}
        update={update}
        selectable={false}
        selection={{}}
        onSelectionChange={() => {}}
        actionsFor={() => []}
        hasRowActions={false}
        onAction={() => {}}
        running={null}
        cellContext={{ t: ((key: string) => key) as never, language: 'en', zone: 'UTC', dateFormat: 'yyyy-MM-dd' }}
      />
    </MemoryRouter>,
  );
  return { update, next: screen.getByRole('button', { name: 'Next page' }) };
}

describe('pageFacts (what a page may say about a total that may be capped)', () => {
  it('counts as before when the total is exact', () => {
    expect(pageFacts({ total: 60 }, 25, 2, 25)).toEqual({
      first: 26,
      last: 50,
      total: 60,
      atLeast: false,
      pages: 3,
      pageCount: 3,
    });
    expect(pageFacts({ total: 0 }, 0, 1, 25)).toMatchObject({ first: 0, last: 0, pages: 1 });
  });

  it('gives a lower bound and an unknown page count for a full page of a capped total', () => {
    const capped = { total: COUNT_CAP, totalCapped: true as const };
    expect(pageFacts(capped, 25, 1, 25)).toEqual({
      first: 1,
      last: 25,
      total: COUNT_CAP,
      atLeast: true,
      pages: 400,
      pageCount: -1,
    });
    // beyond the cap the rows shown raise the bound, never "10,001–10,025 of 10,000"
    expect(pageFacts(capped, 25, 401, 25)).toMatchObject({ first: 10_001, last: 10_025, total: 10_025, pages: 401 });
  });

  it('knows the exact total at a short page of a capped total (the last page)', () => {
    expect(pageFacts({ total: COUNT_CAP, totalCapped: true }, 7, 402, 25)).toEqual({
      first: 10_026,
      last: 10_032,
      total: 10_032,
      atLeast: false,
      pages: 402,
      pageCount: 402,
    });
  });
});

describe('the pager of a list', () => {
  it('shows "1–25 of 10,000+" and "Page 1 of 400+" for a capped total, with next enabled', () => {
    const { update, next } = renderPage(
      rowsOf(25),
      pageFacts({ total: COUNT_CAP, totalCapped: true }, 25, 1, 25),
      1,
      25,
    );
    expect(screen.getByRole('status').textContent).toBe('1–25 of 10,000+');
    expect(screen.getByText('Page 1 of 400+')).toBeTruthy();
    expect(next).toHaveProperty('disabled', false);
    fireEvent.click(next);
    expect(update).toHaveBeenCalledWith(expect.objectContaining({ page: 2 }));
  });

  it('keeps next enabled on the page at the cap, where more rows follow', () => {
    const { next } = renderPage(
      rowsOf(25, 9975),
      pageFacts({ total: COUNT_CAP, totalCapped: true }, 25, 400, 25),
      400,
      25,
    );
    expect(screen.getByRole('status').textContent).toBe('9,976–10,000 of 10,000+');
    expect(next).toHaveProperty('disabled', false);
  });

  it('disables next on the last page of an exact total, and on a short page of a capped one', () => {
    renderPage(rowsOf(10, 50), pageFacts({ total: 60 }, 10, 3, 25), 3, 25);
    expect(screen.getByRole('status').textContent).toBe('51–60 of 60');
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
    cleanup();
    renderPage(rowsOf(7, 10_025), pageFacts({ total: COUNT_CAP, totalCapped: true }, 7, 402, 25), 402, 25);
    expect(screen.getByRole('status').textContent).toBe('10,026–10,032 of 10,032');
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
  });
});
