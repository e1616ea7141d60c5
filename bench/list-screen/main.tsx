/**
 * The benchmark's baseline (bench/list-screen.ts): a plain, non-virtualised @tanstack/react-table
 * over the same 10,000 mail-log rows as JSON (rows.json beside the page), sorted in memory by
 * TanStack's sorted row model. Every row is in the DOM. Bench only: never part of the app bundle.
 */
import {
  type ColumnDef,
  createSortedRowModel,
  rowSortingFeature,
  sortFn_text,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { useEffect, useState } from 'react';
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

function Table({ rows }: { rows: MailRow[] }) {
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (row) => row.id,
    enableSortingRemoval: false,
    initialState: { sorting: [{ id: 'createdAt', desc: true }] },
  });
  return (
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
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id}>
            {row.getAllCells().map((cell) => (
              <td key={cell.id}>
                <table.FlexRender cell={cell} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
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
