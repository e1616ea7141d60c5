import { Button, HTMLTable } from '@blueprintjs/core';
import { memo, useContext } from 'react';
import type { Table } from '../../../core/questionnaire/questionnaire.types';
import { Problems } from './Problems';
import { RenderProbe, useAnswer, useStore, useText } from './storeHooks';
import { ValueInput } from './ValueInput';

type Row = Record<string, unknown>;

/** A table item (locations, appendix worksheets): rows of column editors, added and removed here. */
export const TableItem = memo(function TableItem({ table }: { table: Table }) {
  const { t, text: resolve } = useText();
  useContext(RenderProbe)?.(table.id);
  const store = useStore();
  const value = useAnswer(table.id);
  const rows = Array.isArray(value) ? (value as Row[]) : [];
  const title = resolve(table.label);
  const setRows = (next: Row[]) => store.setAnswer(table.id, next.length ? next : undefined);
  const full = table.maxRows !== undefined && rows.length >= table.maxRows;
  return (
    <div className="questionnaire__table" data-item={table.id}>
      <HTMLTable compact aria-label={title}>
        <caption>{title}</caption>
        <thead>
          <tr>
            {table.columns.map((c) => (
              <th key={c.id}>{resolve(c.label)}</th>
            ))}
            <th>
              <span className="bp6-text-muted">{t('questionnaire.rowActions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            // rows have no id of their own; a row's place is its identity while editing
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={index}>
              {table.columns.map((c) => (
                <td key={c.id}>
                  <ValueInput
                    spec={c}
                    value={row?.[c.id]}
                    label={`${resolve(c.label)} ${index + 1}`}
                    onChange={(cell) => setRows(rows.map((r, i) => (i === index ? { ...r, [c.id]: cell } : r)))}
                  />
                </td>
              ))}
              <td>
                <Button
                  variant="minimal"
                  icon="trash"
                  aria-label={t('questionnaire.removeRow', { row: index + 1 })}
                  onClick={() => setRows(rows.filter((_, i) => i !== index))}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <Button icon="add" disabled={full} onClick={() => setRows([...rows, {}])}>
        {t('questionnaire.addRow')}
      </Button>
      <Problems id={table.id} />
    </div>
  );
});
