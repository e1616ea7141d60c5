import { Checkbox, HTMLSelect, InputGroup } from '@blueprintjs/core';
import type { Column, Field } from '../../../core/questionnaire/questionnaire.types';
import { FileAnswer } from './FileAnswer';
import { useStore, useText } from './storeHooks';

interface ValueInputProps {
  spec: Field | Column;
  value: unknown;
  label: string;
  onChange: (value: unknown) => void;
}

const TEXT_TYPES = { text: 'text', email: 'email', phone: 'tel', date: 'date' } as const;

/** The editor of one field or table cell by its input kind; an emptied input clears the value. */
export function ValueInput({ spec, value, label, onChange }: ValueInputProps) {
  const { t, text: resolve } = useText();
  const store = useStore();
  const text = typeof value === 'string' ? value : '';
  const orClear = (next: string) => onChange(next === '' ? undefined : next);
  switch (spec.input) {
    case 'textarea':
      // Blueprint's TextArea markup without its forced layout on mount (a scroll height read for a resize not used)
      return (
        <textarea
          className="bp6-input bp6-text-area bp6-fill"
          aria-label={label}
          value={text}
          onChange={(e) => orClear(e.target.value)}
        />
      );
    case 'number':
      return (
        <InputGroup
          aria-label={label}
          type="number"
          value={typeof value === 'number' ? String(value) : ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
        />
      );
    case 'checkbox':
      return <Checkbox label={label} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} />;
    case 'select':
    case 'questionRef': {
      const options =
        spec.input === 'select'
          ? (spec.options ?? []).map((o) => ({ value: o.value, label: resolve(o.label) }))
          : store.compiled.questionIds.map((id) => {
              const q = store.compiled.entries.get(id)?.item;
              return { value: id, label: q?.type === 'question' ? (q.requirement ?? id) : id };
            });
      return (
        <HTMLSelect
          aria-label={label}
          value={text}
          options={[{ value: '', label: t('questionnaire.choose') }, ...options]}
          onChange={(e) => orClear(e.currentTarget.value)}
        />
      );
    }
    case 'file':
      return <FileAnswer field={spec as Field} value={value} label={label} onChange={onChange} />;
    case 'multiselect': {
      const selected = Array.isArray(value) ? (value as string[]) : [];
      return (
        <fieldset className="questionnaire__choices" aria-label={label}>
          {((spec as Field).options ?? []).map((o) => (
            <Checkbox
              key={o.value}
              label={resolve(o.label)}
              checked={selected.includes(o.value)}
              onChange={(e) => {
                const next = e.currentTarget.checked ? [...selected, o.value] : selected.filter((v) => v !== o.value);
                onChange(next.length ? next : undefined);
              }}
            />
          ))}
        </fieldset>
      );
    }
    default:
      return (
        <InputGroup
          aria-label={label}
          type={TEXT_TYPES[spec.input as keyof typeof TEXT_TYPES] ?? 'text'}
          value={text}
          onChange={(e) => orClear(e.target.value)}
        />
      );
  }
}
