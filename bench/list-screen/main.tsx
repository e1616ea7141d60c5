/**
 * The peer of bench/list-screen.ts: @tanstack/react-table with @tanstack/react-virtual over the same
 * 10,000 mail-log rows fetched as JSON over HTTP (rows.json beside the page), sorted in memory by
 * TanStack's sorted row model; only the rows in view (plus an overscan) are in the DOM — what a
 * competent engineer would ship for a 10,000-row table. Bench only: never part of the app bundle.
 */
import {
  type ColumnDef,
  createSortedRowModel,
  rowSortingFeature,
  sortFn_text,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';

interface MailRow {
  id: string;
  to: string;
  subject: string;
  status: string;
  createdAt: string;
}

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { text: sortFn_text },
});
const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' });

// the same titles as the list document's columns, so the bench finds the same buttons
const columns: ColumnDef<typeof features, MailRow>[] = [
  {
    id: 'createdAt',
    accessorKey: 'createdAt',
    header: 'Date',
    sortFn: 'text',
    cell: (info) => dateFormat.format(new Date(info.getValue() as string)),
  },
  { id: 'to', accessorKey: 'to', header: 'To', sortFn: 'text' },
  { id: 'subject', accessorKey: 'subject', header: 'Subject', sortFn: 'text' },
  {
    id: 'status',
    accessorKey: 'status',
    header: 'Status',
    sortFn: 'text',
    cell: (info) => <span className="status">{info.getValue() as string}</span>,
  },
];

const ROW_HEIGHT = 37;

function Table({ rows }: { rows: MailRow[] }) {
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (row) => row.id,
    enableSortingRemoval: false,
    initialState: { sorting: [{ id: 'createdAt', desc: true }] },
  });
  const scroller = useRef<HTMLDivElement>(null);
  const model = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: model.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <div ref={scroller} style={{ height: 'calc(100vh - 32px)', overflow: 'auto' }}>
      <table id="baseline" aria-label="Mail logs">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  aria-sort={
                    header.column.getIsSorted() === 'asc'
                      ? 'ascending'
                      : header.column.getIsSorted() === 'desc'
                        ? 'descending'
                        : 'none'
                  }
                >
                  <button type="button" onClick={header.column.getToggleSortingHandler()}>
                    <table.FlexRender header={header} />
                  </button>
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {before > 0 && <tr style={{ height: before }} />}
          {items.map((item) => {
            const row = model[item.index];
            return (
              <tr key={row.id} data-index={item.index} style={{ height: ROW_HEIGHT }}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            );
          })}
          {after > 0 && <tr style={{ height: after }} />}
        </tbody>
      </table>
    </div>
  );
}

function App() {
  const [rows, setRows] = useState<MailRow[] | null>(null);
  useEffect(() => {
    void fetch('./rows.json')
      .then((response) => response.json())
      .then((body: { content: { items: MailRow[] } }) => setRows(body.content.items));
  }, []);
  return rows ? <Table rows={rows} /> : <p>Loading…</p>;
}

createRoot(document.getElementById('root') as HTMLElement).render(<App />);
