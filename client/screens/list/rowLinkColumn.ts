import type { ListColumn } from '../../../core/lists/list.types';

/** Column types whose cell can carry the row's link: a bar or a yes/no icon says nothing as a link's name. */
const NAMING_TYPES = new Set(['text', 'number', 'date', 'datetime', 'status', 'score']);

/**
 * The column whose cell holds a row's link (WCAG 2.1.1: a row that opens a record must be reachable
 * by keyboard, and a real link opens in a new tab too): the first text column — a row's name — else
 * the first column that can name it. None when a link column already opens the same route (its own
 * link is the row's) or no column can name the row.
 */
export function rowLinkColumn(columns: ListColumn[], rowLink: string | undefined): string | undefined {
  if (!rowLink || columns.some((column) => column.type === 'link' && column.link === rowLink)) return undefined;
  return (
    columns.find((column) => column.type === 'text')?.id ?? columns.find((column) => NAMING_TYPES.has(column.type))?.id
  );
}
