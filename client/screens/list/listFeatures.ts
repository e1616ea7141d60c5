import {
  columnFilteringFeature,
  type Row as TableRow,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';
import type { Row } from './listQuery';

/** The table features a list opts into; sorting, filtering and paging are the server's (manual). */
export const listFeatures = tableFeatures({
  rowSortingFeature,
  rowSelectionFeature,
  columnFilteringFeature,
  rowPaginationFeature,
});

export type ListFeatures = typeof listFeatures;

/** One row of a list's table (TanStack's row over our record). */
export type ListTableRow = TableRow<ListFeatures, Row>;
