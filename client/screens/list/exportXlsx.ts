import type { ListColumn } from '../../../core/lists/list.types';
import { fetchAllRows } from '../../../core/lists/list.utils';
import type { ListQuery } from '../../../core/query/query.types';
import { fieldValue } from '../../../core/query/query.utils';
import { resolveText } from '../../i18n/text';
import { saveBlob } from '../../lib/saveFile';
import { type CellContext, columnKind } from './columnTypes';
import { fetchListPage } from './listQuery';

export interface ExportRequest {
  path: string;
  /** The list's current filter and sort; paging is the export's own. */
  query: Pick<ListQuery, 'filter' | 'sort'>;
  columns: ListColumn[];
  context: CellContext;
  fileName: string;
  sheetName: string;
  /** Rows done of the total; `capped` while the total is a lower bound ("10,000+"). */
  onProgress: (done: number, total: number, capped?: boolean) => void;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel refuses sheet names over 31 characters or with any of : \ / ? * [ ]. */
const sheetNameOf = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';

/**
 * Writes every row the filter matches to an xlsx file, page by page through the same endpoint (not
 * only the page on screen), as the columns show them: titles in the user's language, labels for
 * statuses, dates in the user's zone, numbers as numbers. `xlsx` is used for writing only and
 * loaded on the first export.
 */
export async function exportToXlsx(request: ExportRequest): Promise<number> {
  const { path, query, columns, context } = request;
  const rows = await fetchAllRows(
    (page, pageSize) => fetchListPage(path, { ...query, page, pageSize }),
    request.onProgress,
  );
  const XLSX = await import('xlsx');
  const header = columns.map((column) => resolveText(column.title, context.t, context.language));
  const lines = rows.map((row) =>
    columns.map((column) => columnKind(column.type).exportValue(fieldValue(row, column.field), column, context)),
  );
  const sheet = XLSX.utils.aoa_to_sheet([header, ...lines]);
  sheet['!cols'] = columns.map((column) => ({ wpx: column.width ?? 160 }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetNameOf(request.sheetName));
  const bytes: ArrayBuffer = XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true });
  saveBlob(new Blob([bytes], { type: XLSX_TYPE }), `${request.fileName}.xlsx`);
  return rows.length;
}
