import { Button, HTMLSelect } from '@blueprintjs/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Page sizes offered; the document's own size is added when it is not one of them. */
const PAGE_SIZES = [10, 25, 50, 100, 1000, 10_000];

/** The pagination feature's part of the table that the pager uses. */
export interface PagedTable {
  getCanPreviousPage: () => boolean;
  getCanNextPage: () => boolean;
  previousPage: () => void;
  nextPage: () => void;
  getPageCount: () => number;
  setPageSize: (size: number) => void;
}

interface PagerProps {
  table: PagedTable;
  total: number;
  page: number;
  pageSize: number;
}

/** Where the page sits in the whole (rows a–b of n), previous/next, and the page size. */
export function Pager({ table, total, page, pageSize }: PagerProps) {
  const { t, i18n } = useTranslation();
  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  const sizes = [...new Set([...PAGE_SIZES, pageSize])].sort((a, b) => a - b);
  const sizeId = useId();
  return (
    <nav className="list-pager" aria-label={t('list.pages')}>
      <span role="status">
        {t('list.range', { first: number.format(first), last: number.format(last), total: number.format(total) })}
      </span>
      <span className="list-pager__controls">
        <label className="list-pager__size" htmlFor={sizeId}>
          {t('list.pageSize')}
        </label>
        <HTMLSelect
          id={sizeId}
          value={pageSize}
          onChange={(event) => table.setPageSize(Number(event.currentTarget.value))}
          options={sizes.map((size) => ({ value: size, label: number.format(size) }))}
        />
        <Button
          variant="minimal"
          icon="chevron-left"
          aria-label={t('list.previousPage')}
          disabled={!table.getCanPreviousPage()}
          onClick={() => table.previousPage()}
        />
        <span>{t('list.pageOf', { page: number.format(page), count: Math.max(table.getPageCount(), 1) })}</span>
        <Button
          variant="minimal"
          icon="chevron-right"
          aria-label={t('list.nextPage')}
          disabled={!table.getCanNextPage()}
          onClick={() => table.nextPage()}
        />
      </span>
    </nav>
  );
}
