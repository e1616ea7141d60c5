import { Button, Checkbox, Tooltip } from '@blueprintjs/core';
import type { FlexRenderProps } from '@tanstack/react-table';
import { type MouseEvent, memo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ListAction } from '../../../core/lists/list.types';
import { fillFromRow } from '../../../core/lists/list.utils';
import type { ListFeatures, ListTableRow } from './listFeatures';
import type { Row } from './listQuery';

export interface ListRowProps {
  row: ListTableRow;
  /** Position in the page (the virtualiser's index). */
  index: number;
  /** Position in the whole list, header row included (aria-rowindex). */
  rowIndex: number;
  measure: (element: HTMLTableRowElement | null) => void;
  FlexRender: (props: FlexRenderProps<ListFeatures, Row>) => ReactNode;
  /** The column definitions its cells render with: other ones (a language, a zone) render the row again. */
  cells: unknown;
  selectable: boolean;
  selected: boolean;
  hasRowActions: boolean;
  actionsFor: (row: Row) => ListAction[];
  onAction: (action: ListAction, row: Row) => void;
  /** `<action id>:<row id>` when an action of this row is running. */
  running: string | null;
  rowLink?: string;
  /** The column whose cell holds the row's link (rowLinkColumn). */
  linkColumn?: string;
  /** The row link's text when its cell is empty. */
  openLabel: string;
  /** Goes to a row's link (the router's navigate). */
  navigate: (to: string) => void;
  /** The selection checkbox's label. */
  selectLabel: string;
  /** An action's title in the user's language. */
  titleOf: (action: ListAction) => string;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** A click on a control inside a row is the control's, not the row link's. */
const fromControl = (event: MouseEvent) =>
  (event.target as HTMLElement).closest('a, button, input, select, label, [role="checkbox"]') !== null;

/**
 * Props equal for rendering: the table's row object is new whenever the rows in view change (the
 * table holds only those), so a row is the same row while it shows the same record.
 */
function sameProps(before: ListRowProps, after: ListRowProps): boolean {
  for (const key of Object.keys(after) as (keyof ListRowProps)[])
    if (key !== 'row' && before[key] !== after[key]) return false;
  return before.row.original === after.row.original && before.row.id === after.row.id;
}

/**
 * One rendered row. Memoised: while the body scrolls only rows entering the view render, and a
 * row re-renders only when its record, place, columns, selection or running action changes.
 */
export const ListRow = memo(function ListRow(props: ListRowProps) {
  // translations and navigation come from the table: a row reads no context, so a re-sort renders 34 rows cheaply
  // rows are keyed by place: after a re-sort this element shows another row, and the virtualiser's
  // ResizeObserver, which watches the element, tells if that row is taller or shorter
  const { row, FlexRender, measure, navigate } = props;
  const target = props.rowLink ? fillFromRow(props.rowLink, row.original) : null;
  return (
    <tr
      ref={measure}
      data-index={props.index}
      aria-rowindex={props.rowIndex}
      aria-selected={props.selectable ? props.selected : undefined}
      // striped by position in the page: nth-child would count the spacer rows and flicker while scrolling
      className={
        [props.index % 2 === 0 && 'list-table__row--striped', target && 'list-table__row--link']
          .filter(Boolean)
          .join(' ') || undefined
      }
      onClick={target ? (event) => !fromControl(event) && navigate(target) : undefined}
    >
      {props.selectable && (
        <td className="list-table__select">
          <Checkbox aria-label={props.selectLabel} checked={props.selected} onChange={row.getToggleSelectedHandler()} />
        </td>
      )}
      {row.getAllCells().map((cell) => (
        // keyed by column: a row element showing another record keeps its cells
        <td key={cell.column.id}>
          {target && cell.column.id === props.linkColumn ? (
            // the row's own link: Tab reaches it, Enter opens it, and it opens in a new tab like any link
            <Link to={target} className="list-table__row-link">
              {isEmpty(cell.getValue()) ? props.openLabel : <FlexRender cell={cell} />}
            </Link>
          ) : (
            <FlexRender cell={cell} />
          )}
        </td>
      ))}
      {props.hasRowActions && (
        <td className="list-table__actions">
          {props.actionsFor(row.original).map((action) => (
            <RowActionButton
              key={action.id}
              action={action}
              title={props.titleOf(action)}
              loading={props.running === `${action.id}:${row.id}`}
              onClick={() => props.onAction(action, row.original)}
            />
          ))}
        </td>
      )}
    </tr>
  );
}, sameProps);

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
