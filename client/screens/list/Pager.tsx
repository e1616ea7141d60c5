import { Button, HTMLSelect } from '@blueprintjs/core';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '../../runtime/numberFormat';
import type { PageFacts } from './pageFacts';

/** Page sizes offered; the document's own size is added when it is not one of them. */
const PAGE_SIZES = [10, 25, 50, 100, 1000, 10_000];

/** The pagination feature's actions that the pager uses. */
export interface PagedTable {
  previousPage: () => void;
  nextPage: () => void;
  setPageSize: (size: number) => void;
}

interface PagerProps {
  /** Acts on the table of the latest render, whichever object it is. */
  table: PagedTable;
  canPrevious: boolean;
  canNext: boolean;
  facts: PageFacts;
  page: number;
  pageSize: number;
}

/**
 * Where the page sits in the whole (rows a–b of n, or of "10,000+" when the total is a lower bound),
 * previous/next, and the page size.
 */
export const Pager = memo(function Pager({ table, canPrevious, canNext, facts, page, pageSize }: PagerProps) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const range = {
    first: number.format(facts.first),
    last: number.format(facts.last),
    total: number.format(facts.total),
  };
  const pages = { page: number.format(page), count: number.format(facts.pages) };
  const sizes = [...new Set([...PAGE_SIZES, pageSize])].sort((a, b) => a - b);
  const sizeId = useId();
  return (
    <nav className="list-pager" aria-label={t('list.pages')}>
      <span role="status">{t(facts.atLeast ? 'list.rangeCapped' : 'list.range', range)}</span>
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
          disabled={!canPrevious}
          onClick={() => table.previousPage()}
        />
        <span>{t(facts.atLeast ? 'list.pageOfCapped' : 'list.pageOf', pages)}</span>
        <Button
          variant="minimal"
          icon="chevron-right"
          aria-label={t('list.nextPage')}
          disabled={!canNext}
          onClick={() => table.nextPage()}
        />
      </span>
    </nav>
  );
}, samePager);

/** Props equal for rendering: the same facts (made afresh with every render of the list), page, size and buttons. */
function samePager(before: PagerProps, after: PagerProps): boolean {
  const facts = Object.keys(after.facts) as (keyof PageFacts)[];
  return (
    before.table === after.table &&
    before.canPrevious === after.canPrevious &&
    before.canNext === after.canNext &&
    before.page === after.page &&
    before.pageSize === after.pageSize &&
    facts.every((fact) => before.facts[fact] === after.facts[fact])
  );
}
