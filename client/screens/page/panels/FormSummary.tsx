import { Button, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FormBody } from '../../../../core/forms/form.types';
import { useFormDocument } from '../../../forms/useFormDocument';
import { useLoadedValues } from '../../../forms/useLoadedValues';
import type { Text } from '../../../../core/documents/document.types';
import { resolveText, resolveTextWith } from '../../../i18n/text';

interface Props {
  formId: string;
  params: Record<string, string>;
  /** The panel's starting values (its `values`); without them the document's `load` is read. */
  initialData?: Record<string, unknown>;
  /** The record the last save answered: the document's success message is shown for it. */
  saved?: Record<string, unknown>;
  onOpen: () => void;
}

type Property = { title?: Text; type?: unknown; enum?: unknown[] };

/**
 * A collapsed form panel (`"collapsed": true`): the values the form would start from, each under its
 * field's title, and a Change button that opens the form. Only this is drawn until then, so a page
 * whose form is a setting changed now and then (the monitoring mode on the dashboard) loads the
 * form renderer (RJSF, about 60 KB) when someone changes it, not with every visit.
 */
export function FormSummary({ formId, params, initialData, saved, onOpen }: Props) {
  const { t, i18n } = useTranslation();
  const document = useFormDocument(formId);
  const body: FormBody | undefined = document.data?.body;
  const loaded = useLoadedValues(body, params, initialData !== undefined);
  const values = initialData ?? (loaded.status === 'ready' ? loaded.values : undefined);
  if (!body || (!values && loaded.status !== 'failed')) return <Spinner size={24} aria-label={t('shell.loading')} />;
  const properties = (body.schema.properties ?? {}) as Record<string, Property>;
  const ui = (body.uiSchema ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const text = (value: Text) => resolveText(value, t, i18n.language);
  /** A value as the form would show it: an option's own name, yes or no, a list's items. */
  const shown = (name: string, value: unknown): string => {
    const property = properties[name];
    const names = ui[name]?.['ui:enumNames'];
    const index = property?.enum?.indexOf(value) ?? -1;
    // an option's name is a text like any title: a catalogue key, or { en, tr }
    if (index >= 0 && Array.isArray(names) && names[index] != null) return text(names[index] as Text);
    if (typeof value === 'boolean') return t(value ? 'page.yes' : 'page.no');
    if (Array.isArray(value)) return value.map((item) => String(item)).join(', ');
    return value === undefined || value === null || value === '' ? '—' : String(value);
  };
  const message = saved && body.submit?.successMessage;
  return (
    <div className="form-summary">
      <dl className="key-value">
        {Object.entries(properties).map(([name, property]) => (
          <div key={name} className="key-value__row">
            <dt>{property.title ? text(property.title) : name}</dt>
            <dd>{shown(name, values?.[name])}</dd>
          </div>
        ))}
      </dl>
      {message && (
        <p role="status" className="form-summary__saved">
          {resolveTextWith(message, saved, t, i18n.language)}
        </p>
      )}
      <Button text={t('page.change')} icon="edit" onClick={onOpen} />
    </div>
  );
}
