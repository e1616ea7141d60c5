import { Button, Checkbox, HTMLSelect, HTMLTable, Icon, Tooltip } from '@blueprintjs/core';
import {
  type ColumnDef,
  type ColumnFiltersState,
  columnFilteringFeature,
  functionalUpdate,
  type Header,
  type PaginationState,
  type RowSelectionState,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type MouseEvent, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ListAction, ListColumn } from '../../../core/lists/list.types';
import { fillFromRow } from '../../../core/lists/list.utils';
import { fieldValue } from '../../../core/query/query.utils';
import { resolveText } from '../../i18n/text';
import { ColumnFilter } from './ColumnFilter';
import { ColumnTooltip } from './ColumnTooltip';
import { type CellContext, columnKind } from './columnTypes';
import type { Row } from './listQuery';
import type { ListState, ListStatePatch } from './useListState';

/** The table features a list opts into; sorting, filtering and paging are the server's (manual). */
const features = tableFeatures({
  rowSortingFeature,
  rowSelectionFeature,
  columnFilteringFeature,
  rowPaginationFeature,
});

type Features = typeof features;

/** Rows are about this tall before they are measured. */
const ROW_HEIGHT = 37;
/** Rows rendered beyond the visible ones: enough that a normal page is all in the DOM. */
const OVERSCAN = 20;

export interface ListTableProps {
  label: string;
  columns: ListColumn[];
  rows: Row[];
  total: number;
  state: ListState;
  update: (patch: ListStatePatch) => void;
  selectable: boolean;
  selection: RowSelectionState;
  onSelectionChange: (selection: RowSelectionState) => void;
  /** The row actions that apply to a row (guard and `when` already judged). */
  actionsFor: (row: Row) => ListAction[];
  hasRowActions: boolean;
  onAction: (action: ListAction, row: Row) => void;
  running: string | null;
  rowLink?: string;
  cellContext: CellContext;
}

const ariaSort = (sorted: false | 'asc' | 'desc') =>
  sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';

/** A click on a control inside a row is the control's, not the row link's. */
const fromControl = (event: MouseEvent) =>
  (event.target as HTMLElement).closest('a, button, input, select, label, [role="checkbox"]') !== null;

/**
 * The rows of one page: TanStack Table (v9, features opted in) over server-side sorting, filtering,
 * paging and selection state, rendered in a Blueprint HTMLTable whose body is virtualised — only the
 * rows in view (plus a margin) are in the DOM, so a page of 10,000 rows scrolls smoothly.
 */
export function ListTable(props: ListTableProps) {
  const { columns, rows, total, state, update, selection, onSelectionChange, cellContext } = props;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const scrollRef = useRef<HTMLDivElement>(null);
  const byField = useMemo(() => new Map(columns.map((column) => [column.field, column])), [columns]);
  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);

  const sorting: SortingState = state.sort.flatMap((key) => {
    const column = byField.get(key.field);
    return column ? [{ id: column.id, desc: key.direction === 'desc' }] : [];
  });
  const columnFilters: ColumnFiltersState = Object.entries(state.filters).map(([id, value]) => ({ id, value }));
  const pagination: PaginationState = { pageIndex: state.page - 1, pageSize: state.pageSize };

  const columnDefs = useMemo<ColumnDef<Features, Row>[]>(() => {
    const defs: ColumnDef<Features, Row>[] = columns.map((column) => ({
      id: column.id,
      accessorFn: (row: Row) => fieldValue(row, column.field),
      header: resolveText(column.title, t, i18n.language),
      enableSorting: column.sortable === true,
      enableColumnFilter: column.filterable === true,
      cell: (info) => columnKind(column.type).render(info.getValue(), column, info.row.original, cellContext),
    }));
    return defs;
  }, [columns, t, i18n.language, cellContext]);

  const table = useTable({
    features,
    columns: columnDefs,
    data: rows,
    getRowId: (row: Row) => String(row.id),
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
    enableSortingRemoval: false,
    enableRowSelection: props.selectable,
    rowCount: total,
    state: { sorting, columnFilters, pagination, rowSelection: selection },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = functionalUpdate(updater, sorting);
      update({
        sort: next.flatMap(({ id, desc }) => {
          const column = byId.get(id);
          return column ? [{ field: column.field, direction: desc ? ('desc' as const) : ('asc' as const) }] : [];
        }),
      });
    },
    onColumnFiltersChange: (updater: Updater<ColumnFiltersState>) => {
      const next = functionalUpdate(updater, columnFilters);
      update({ filters: Object.fromEntries(next.map(({ id, value }) => [id, String(value ?? '')])) });
    },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = functionalUpdate(updater, pagination);
      update(next.pageSize === state.pageSize ? { page: next.pageIndex + 1 } : { pageSize: next.pageSize, page: 1 });
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) =>
      onSelectionChange(functionalUpdate(updater, selection)),
  });

  const tableRows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    getItemKey: (index) => tableRows[index]?.id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items.length > 0 ? items[0].start : 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  const span = columns.length + (props.selectable ? 1 : 0) + (props.hasRowActions ? 1 : 0);
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const anyFilter = columns.some((column) => column.filterable);

  const sortHeader = (header: Header<Features, Row, unknown>) => {
    const column = byId.get(header.column.id);
    const sorted = header.column.getIsSorted();
    const title = <table.FlexRender header={header} />;
    return (
      <th
        key={header.id}
        scope="col"
        aria-sort={header.column.getCanSort() ? ariaSort(sorted) : undefined}
        style={column?.width ? { width: column.width } : undefined}
      >
        <span className="list-table__heading">
          {header.column.getCanSort() ? (
            <button type="button" className="list-table__sort" onClick={header.column.getToggleSortingHandler()}>
              {title}
              <Icon
                icon={sorted === 'asc' ? 'sort-asc' : sorted === 'desc' ? 'sort-desc' : 'double-caret-vertical'}
                size={12}
                className={sorted ? undefined : 'list-table__sort-idle'}
              />
            </button>
          ) : (
            title
          )}
          {column?.tooltip && <ColumnTooltip id={column.tooltip} />}
        </span>
      </th>
    );
  };

  return (
    <>
      <div className="list-table__scroll" ref={scrollRef}>
        <HTMLTable
          className="list-table"
          striped
          interactive={Boolean(props.rowLink)}
          aria-label={props.label}
          aria-rowcount={total + 1}
        >
          <thead>
            <tr aria-rowindex={1}>
              {props.selectable && (
                <th scope="col" className="list-table__select">
                  <Checkbox
                    aria-label={t('list.selectPage')}
                    checked={table.getIsAllPageRowsSelected()}
                    indeterminate={table.getIsSomePageRowsSelected()}
                    onChange={table.getToggleAllPageRowsSelectedHandler()}
                  />
                </th>
              )}
              {headers.map(sortHeader)}
              {props.hasRowActions && <th scope="col">{t('list.actions')}</th>}
            </tr>
            {anyFilter && (
              <tr className="list-table__filters" aria-label={t('list.filters')}>
                {props.selectable && <td />}
                {headers.map((header) => {
                  const column = byId.get(header.column.id);
                  return (
                    <td key={header.id}>
                      {column && header.column.getCanFilter() && (
                        <ColumnFilter
                          column={column}
                          value={String(header.column.getFilterValue() ?? '')}
                          onChange={(value) => header.column.setFilterValue(value || undefined)}
                        />
                      )}
                    </td>
                  );
                })}
                {props.hasRowActions && <td />}
              </tr>
            )}
          </thead>
          <tbody>
            {paddingTop > 0 && (
              // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an empty spacer for the rows not rendered
              <tr role="presentation" className="list-table__spacer">
                <td colSpan={span} style={{ height: paddingTop }} />
              </tr>
            )}
            {items.map((item) => {
              const row = tableRows[item.index];
              const target = props.rowLink ? fillFromRow(props.rowLink, row.original) : null;
              return (
                <tr
                  key={row.id}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  aria-rowindex={(state.page - 1) * state.pageSize + item.index + 2}
                  aria-selected={props.selectable ? row.getIsSelected() : undefined}
                  className={target ? 'list-table__row--link' : undefined}
                  onClick={target ? (event) => !fromControl(event) && navigate(target) : undefined}
                >
                  {props.selectable && (
                    <td className="list-table__select">
                      <Checkbox
                        aria-label={t('list.selectRow')}
                        checked={row.getIsSelected()}
                        onChange={row.getToggleSelectedHandler()}
                      />
                    </td>
                  )}
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                  {props.hasRowActions && (
                    <td className="list-table__actions">
                      {props.actionsFor(row.original).map((action) => (
                        <RowActionButton
                          key={action.id}
                          action={action}
                          title={resolveText(action.title, t, i18n.language)}
                          loading={props.running === `${action.id}:${row.id}`}
                          onClick={() => props.onAction(action, row.original)}
                        />
                      ))}
                    </td>
                  )}
                </tr>
              );
            })}
            {paddingBottom > 0 && (
              // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an empty spacer for the rows not rendered
              <tr role="presentation" className="list-table__spacer">
                <td colSpan={span} style={{ height: paddingBottom }} />
              </tr>
            )}
          </tbody>
        </HTMLTable>
      </div>
      <Pager table={table} total={total} pageSize={state.pageSize} page={state.page} />
    </>
  );
}

interface RowActionButtonProps {
  action: ListAction;
  title: string;
  loading: boolean;
  onClick: () => void;
}

/** A row action: its icon alone (named for assistive technology, the title on hover), or its title when it has no icon. */
function RowActionButton({ action, title, loading, onClick }: RowActionButtonProps) {
  const button = (
    <Button
      size="small"
      variant="minimal"
      icon={action.icon as never}
      intent={action.intent ?? 'none'}
      text={action.icon ? undefined : title}
      aria-label={action.icon ? title : undefined}
      loading={loading}
      onClick={onClick}
    />
  );
  return action.icon ? (
    <Tooltip content={title} placement="top" hoverOpenDelay={300}>
      {button}
    </Tooltip>
  ) : (
    button
  );
}

/** Page sizes offered; the document's own size is added when it is not one of them. */
const PAGE_SIZES = [10, 25, 50, 100, 1000, 10_000];

interface PagerProps {
  table: Pick<
    ReturnType<typeof useTable<Features, Row>>,
    'getCanPreviousPage' | 'getCanNextPage' | 'previousPage' | 'nextPage' | 'getPageCount' | 'setPageSize'
  >;
  total: number;
  page: number;
  pageSize: number;
}

/** Where the page sits in the whole (rows a–b of n), previous/next, and the page size. */
function Pager({ table, total, page, pageSize }: PagerProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
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
