import type { ListResult } from '../../../core/query/query.types';

/** What the pager and table may say about the page on screen, given a total that may be capped. */
export interface PageFacts {
  /** Rows first–last of the list (1-based; 0–0 when nothing is shown). */
  first: number;
  last: number;
  /** Rows that match: exact, or a lower bound when `atLeast` ("10,000+"). */
  total: number;
  atLeast: boolean;
  /** Pages: exact, or a lower bound when `atLeast`. */
  pages: number;
  /** For the table's paging: the page count, or -1 while the last page is not known (next stays enabled). */
  pageCount: number;
}

/**
 * The facts of one answered page. An exact total counts as before. A capped total (more than
 * COUNT_CAP match) is a lower bound: a full page may be followed by more, so the page count is
 * unknown; a short page is the last one, and then the total is known exactly after all.
 */
export function pageFacts(
  result: Pick<ListResult<unknown>, 'total' | 'totalCapped'>,
  rowsOnPage: number,
  page: number,
  pageSize: number,
): PageFacts {
  const before = (page - 1) * pageSize;
  if (!result.totalCapped) {
    const total = result.total;
    const pages = Math.max(1, Math.ceil(total / pageSize));
    const first = total === 0 ? 0 : before + 1;
    return { first, last: Math.min(page * pageSize, total), total, atLeast: false, pages, pageCount: pages };
  }
  const shown = before + rowsOnPage;
  if (rowsOnPage > 0 && rowsOnPage < pageSize)
    return { first: before + 1, last: shown, total: shown, atLeast: false, pages: page, pageCount: page };
  const total = Math.max(result.total, shown);
  return {
    first: rowsOnPage > 0 ? before + 1 : 0,
    last: shown,
    total,
    atLeast: true,
    pages: Math.max(page, Math.ceil(total / pageSize)),
    pageCount: -1,
  };
}

/** Export progress: rows written so far of a total that may be capped (`capped`: "10,000+"). */
export interface ExportProgress {
  done: number;
  total: number;
  capped?: boolean;
}

/** The export's share done for a progress bar; none (indeterminate) past a capped total, whose end is unknown. */
export function exportShare(progress: ExportProgress): number | undefined {
  if (progress.total <= 0 || (progress.capped && progress.done >= progress.total)) return undefined;
  return Math.min(progress.done / progress.total, 1);
}
