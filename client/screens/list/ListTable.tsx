import { Checkbox, HTMLTable, Icon } from '@blueprintjs/core';
import {
  type ColumnDef,
  type ColumnFiltersState,
  functionalUpdate,
  type Header,
  type PaginationState,
  type RowSelectionState,
  type SortingState,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { measureElement, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { IconSize, Icons } from '@blueprintjs/icons';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ListAction, ListColumn } from '../../../core/lists/list.types';
import { fieldValue } from '../../../core/query/query.utils';
import { resolveText } from '../../i18n/text';
import { whenIdle } from './afterPaint';
import { ColumnFilter } from './ColumnFilter';
import { ColumnTooltip } from './ColumnTooltip';
import { type CellContext, columnKind } from './columnTypes';
import { ListRow } from './ListRow';
import { type ListFeatures, listFeatures } from './listFeatures';
import type { Row } from './listQuery';
import type { PageFacts } from './pageFacts';
import { type PagedTable, Pager } from './Pager';
import { rowLinkColumn } from './rowLinkColumn';
import type { ListState, ListStatePatch } from './useListState';

/** Rows are about this tall before they are measured: text alone, or with a tag in a cell (CellTag). */
const ROW_HEIGHT = 37;
const TAGGED_ROW_HEIGHT = 42;
/** Rows rendered beyond the visible ones: enough that a normal page is all in the DOM. */
const OVERSCAN = 20;

type RowVirtualizer = Virtualizer<HTMLDivElement, HTMLTableRowElement>;

/** A row's height before it is measured: a good guess renders the right rows at once and keeps the scrollbar still. */
const rowHeightOf = (columns: ListColumn[]) =>
  columns.some((column) => column.type === 'status' || column.type === 'score') ? TAGGED_ROW_HEIGHT : ROW_HEIGHT;

export interface ListTableProps {
  label: string;
  columns: ListColumn[];
  rows: Row[];
  /** The page's place in the list: rows, total (exact or "10,000+"), pages. */
  facts: PageFacts;
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
  /** Shown under the header when the page has no rows (the pager is then left out). */
  empty?: ReactNode;
}

const getRowId = (row: Row) => String(row.id);

/**
 * The body scroller's inner size as list.css makes it on a long page (`max-height: calc(100vh - 240px)`,
 * a 1 px border), before it is measured; a shorter page's rows are all in range either way.
 */
const expectedScrollerRect = () => ({ width: 0, height: Math.max(120, window.innerHeight - 240) - 2 });

/**
 * A row's height as the virtualiser's ResizeObserver reports it (after layout, in the frame), never
 * read when a row element is handed over in a commit: that read forces a layout of the whole page in
 * the middle of the commit (on the first render, the shell's and the list's), done again once the
 * rest of the commit has changed the page. Until its report a row is as tall as it was, or estimated.
 */
const measureRow = (element: HTMLTableRowElement, entry: ResizeObserverEntry | undefined, instance: RowVirtualizer) =>
  entry
    ? measureElement(element, entry, instance)
    : (instance.itemSizeCache.get(instance.options.getItemKey(instance.indexFromElement(element))) ??
      instance.options.estimateSize(instance.indexFromElement(element)));

const ariaSort = (sorted: false | 'asc' | 'desc') =>
  sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';

/**
 * The rows of one page: TanStack Table (v9, features opted in) over server-side sorting, filtering,
 * paging and selection state, rendered in a Blueprint HTMLTable whose body is virtualised — only the
 * rows in view (plus a margin) are in the DOM, so a page of 10,000 rows scrolls smoothly.
 */
export function ListTable(props: ListTableProps) {
  const { columns, rows, facts, state, update, selection, onSelectionChange, cellContext } = props;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const titleOf = useCallback((action: ListAction) => resolveText(action.title, t, i18n.language), [t, i18n.language]);
  // asked once, not for every row at every render (a translation is not free)
  const rowTexts = useMemo(() => ({ open: t('list.openRow'), select: t('list.selectRow') }), [t]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const byField = useMemo(() => new Map(columns.map((column) => [column.field, column])), [columns]);
  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);
  const linkColumn = useMemo(() => rowLinkColumn(columns, props.rowLink), [columns, props.rowLink]);
  // a header click shows a sort icon: loaded once the browser is idle after the table shows, or the click
  // would fetch its chunk and then render again
  const sortable = columns.some((column) => column.sortable);
  useEffect(
    () => (sortable ? whenIdle(() => void Icons.load(['sort-asc', 'sort-desc'], IconSize.STANDARD)) : undefined),
    [sortable],
  );

  // the same objects while the state is the same: the table recomputes what depends on a new one
  const sorting = useMemo<SortingState>(
    () =>
      state.sort.flatMap((key) => {
        const column = byField.get(key.field);
        return column ? [{ id: column.id, desc: key.direction === 'desc' }] : [];
      }),
    [state.sort, byField],
  );
  const columnFilters = useMemo<ColumnFiltersState>(
    () => Object.entries(state.filters).map(([id, value]) => ({ id, value })),
    [state.filters],
  );
  const pagination = useMemo<PaginationState>(
    () => ({ pageIndex: state.page - 1, pageSize: state.pageSize }),
    [state.page, state.pageSize],
  );
  const tableState = useMemo(
    () => ({ sorting, columnFilters, pagination, rowSelection: selection }),
    [sorting, columnFilters, pagination, selection],
  );

  const columnDefs = useMemo<ColumnDef<ListFeatures, Row>[]>(() => {
    const defs: ColumnDef<ListFeatures, Row>[] = columns.map((column) => ({
      id: column.id,
      accessorFn: (row: Row) => fieldValue(row, column.field),
      header: resolveText(column.title, t, i18n.language),
      enableSorting: column.sortable === true,
      enableColumnFilter: column.filterable === true,
      cell: (info) => columnKind(column.type).render(info.getValue(), column, info.row.original, cellContext),
    }));
    return defs;
  }, [columns, t, i18n.language, cellContext]);

  // The first render takes the rows in view at once: with the virtualiser's default (no height) it
  // rendered the overscan alone, measured the scroller in a layout effect (a forced layout of the whole
  // page) and rendered again before the first paint.
  const [scrollerRect] = useState(expectedScrollerRect);
  const rowHeight = rowHeightOf(columns);
  // sizes are kept by place (the virtualiser's default key): a re-sort changes no place, so nothing is laid
  // out again for 10,000 rows; a row brought into view is measured (measureRow), so a taller one still fits
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    measureElement: measureRow,
    initialRect: scrollerRect,
  });
  const items = virtualizer.getVirtualItems();
  // The table holds the rows in view, not the page: it builds a row object for every row of its data
  // whenever the data changes — 10,000 of them on a big page, at its first render and at every
  // re-sort. Sorting, filtering and paging are the server's; selecting the page is done here (below).
  const first = items.length > 0 ? items[0].index : 0;
  const end = items.length > 0 ? items[items.length - 1].index + 1 : 0;
  const inView = useMemo(() => rows.slice(first, end), [rows, first, end]);

  const table = useTable({
    features: listFeatures,
    columns: columnDefs,
    data: inView,
    getRowId,
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
    enableSortingRemoval: false,
    enableRowSelection: props.selectable,
    rowCount: facts.total,
    // -1 while a capped total leaves the last page unknown: next stays enabled
    pageCount: facts.pageCount,
    state: tableState,
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

  // the table of the latest render, for callbacks that stay the same across renders: the filters and the
  // pager then render again for their own values only, not for every re-sort
  const latest = useRef(table);
  useLayoutEffect(() => {
    latest.current = table;
  });
  const onFilter = useCallback(
    (columnId: string, value: string) => latest.current.getColumn(columnId)?.setFilterValue(value || undefined),
    [],
  );
  const pager = useMemo<PagedTable>(
    () => ({
      previousPage: () => latest.current.previousPage(),
      nextPage: () => latest.current.nextPage(),
      setPageSize: (size) => latest.current.setPageSize(size),
    }),
    [],
  );

  const tableRows = table.getRowModel().rows;
  const paddingTop = items.length > 0 ? items[0].start : 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  // the page's selection (the table knows only the rows in view): all, some or none of its rows
  const pageSelection = useMemo(() => {
    if (!props.selectable || rows.length === 0) return 'none';
    let selected = 0;
    for (const row of rows) if (selection[getRowId(row)]) selected += 1;
    return selected === 0 ? 'none' : selected === rows.length ? 'all' : 'some';
  }, [props.selectable, rows, selection]);
  const togglePage = () => {
    const next = { ...selection };
    for (const row of rows) {
      if (pageSelection === 'all') delete next[getRowId(row)];
      else next[getRowId(row)] = true;
    }
    onSelectionChange(next);
  };
  const span = columns.length + (props.selectable ? 1 : 0) + (props.hasRowActions ? 1 : 0);
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const anyFilter = columns.some((column) => column.filterable);

  const sortHeader = (header: Header<ListFeatures, Row, unknown>) => {
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
          interactive={Boolean(props.rowLink)}
          aria-label={props.label}
          aria-rowcount={facts.atLeast ? -1 : facts.total + 1}
        >
          <thead>
            <tr aria-rowindex={1}>
              {props.selectable && (
                <th scope="col" className="list-table__select">
                  <Checkbox
                    aria-label={t('list.selectPage')}
                    checked={pageSelection === 'all'}
                    indeterminate={pageSelection === 'some'}
                    onChange={togglePage}
                  />
                </th>
              )}
              {headers.map(sortHeader)}
              {props.hasRowActions && (
                <th scope="col" className="list-table__actions">
                  {t('list.actions')}
                </th>
              )}
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
                          onFilter={onFilter}
                        />
                      )}
                    </td>
                  );
                })}
                {props.hasRowActions && <td className="list-table__actions" />}
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
              const row = tableRows[item.index - first];
              return (
                // keyed by place: after a re-sort the rows in view are others, and their elements are reused
                <ListRow
                  key={item.index}
                  row={row}
                  index={item.index}
                  rowIndex={(state.page - 1) * state.pageSize + item.index + 2}
                  measure={virtualizer.measureElement}
                  FlexRender={table.FlexRender}
                  cells={columnDefs}
                  selectable={props.selectable}
                  selected={row.getIsSelected()}
                  hasRowActions={props.hasRowActions}
                  actionsFor={props.actionsFor}
                  onAction={props.onAction}
                  running={props.running?.endsWith(`:${row.id}`) ? props.running : null}
                  rowLink={props.rowLink}
                  linkColumn={linkColumn}
                  openLabel={rowTexts.open}
                  navigate={navigate}
                  selectLabel={rowTexts.select}
                  titleOf={titleOf}
                />
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
      {props.empty}
      {facts.total > 0 && (
        <Pager
          table={pager}
          canPrevious={table.getCanPreviousPage()}
          canNext={table.getCanNextPage()}
          facts={facts}
          pageSize={state.pageSize}
          page={state.page}
        />
      )}
    </>
  );
}
