import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import { memo, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../../core/lists/list.types';
import { resolveText } from '../../i18n/text';

/** Typing waits this long before the list asks the server again. */
const TYPING_DELAY_MS = 300;

interface ColumnFilterProps {
  column: ListColumn;
  value: string;
  /** Sets a column's filter (stable: a filter renders again only for its own column or value). */
  onFilter: (columnId: string, value: string) => void;
}

/** Text typed into a filter reaches the list after a pause; a value set from outside (Back, Clear) shows at once. */
function useDebounced(value: string, onChange: (value: string) => void): [string, (value: string) => void] {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => onChange(draft), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, value, onChange]);
  return [draft, setDraft];
}

/**
 * The filter control of one column, by type: text `contains`, a select of the status labels, a
 * yes/no select for booleans, a number, or a day for dates.
 */
export const ColumnFilter = memo(function ColumnFilter({ column, value, onFilter }: ColumnFilterProps) {
  const { t, i18n } = useTranslation();
  const onChange = useCallback((next: string) => onFilter(column.id, next), [onFilter, column.id]);
  const title = resolveText(column.title, t, i18n.language);
  const label = t('list.filterBy', { column: title });
  const [draft, setDraft] = useDebounced(value, onChange);

  if (column.type === 'status' || column.type === 'boolean') {
    const keys =
      column.type === 'boolean'
        ? ['true', 'false']
        : Object.keys({ ...(column.colors ?? {}), ...(column.labels ?? {}) });
    const optionLabel = (key: string) => {
      if (column.type === 'boolean') return t(key === 'true' ? 'list.yes' : 'list.no');
      const text = column.labels?.[key];
      return text ? resolveText(text, t, i18n.language) : key;
    };
    return (
      <HTMLSelect
        className="list-filter"
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        options={[{ value: '', label: t('list.any') }, ...keys.map((key) => ({ value: key, label: optionLabel(key) }))]}
        fill
      />
    );
  }
  if (column.type === 'date' || column.type === 'datetime') {
    return (
      <InputGroup
        className="list-filter"
        type="date"
        aria-label={label}
        value={value}
        onValueChange={onChange}
        size="small"
        fill
      />
    );
  }
  return (
    <InputGroup
      className="list-filter"
      type={column.type === 'number' || column.type === 'score' || column.type === 'progress' ? 'number' : 'search'}
      aria-label={label}
      placeholder={t('list.filterPlaceholder')}
      value={draft}
      onValueChange={setDraft}
      size="small"
      fill
    />
  );
});
