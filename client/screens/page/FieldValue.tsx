import { Icon, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useCanOpen } from '../../shell/useCanOpen';
import { Link } from 'react-router-dom';
import type { KeyValueField } from '../../../core/pages/page.types';
import { pathValues, valueAtPath } from '../../../core/pages/page.utils';
import { fillPath } from '../../../core/routes/route.utils';
import { resolveText } from '../../i18n/text';
import { useAppConfig } from '../../runtime/appConfig';
import { displayZone, formatDateIn } from '../../runtime/dates';
import { useDateFormat } from '../../runtime/useDateFormat';
import { useSession } from '../../session/useSession';

interface Props {
  field: KeyValueField;
  record: unknown;
  params: Record<string, string | undefined>;
}

/** One value of a record shown by its type, as list columns show theirs; '—' when absent. */
export function FieldValue({ field, record, params }: Props) {
  const { t, i18n } = useTranslation();
  const { shell } = useAppConfig();
  const { user } = useSession();
  const canOpen = useCanOpen();
  const dateFormat = useDateFormat();
  const value = valueAtPath(record, field.field);
  const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
  if (empty) return <span className="bp6-text-muted">—</span>;

  const label = (raw: unknown) => {
    const text = field.labels?.[String(raw)];
    return text ? resolveText(text, t, i18n.language) : String(raw);
  };
  const zone = displayZone(user?.timezone, shell.defaultTimezone);

  switch (field.type) {
    case 'date':
      return <>{formatDateIn(String(value), dateFormat, zone)}</>;
    case 'datetime':
      return <>{formatDateIn(String(value), `${dateFormat} HH:mm`, zone)}</>;
    case 'number':
    case 'score':
      return <>{typeof value === 'number' ? value.toLocaleString(i18n.language) : String(value)}</>;
    case 'boolean':
      return (
        <span>
          <Icon icon={value ? 'tick' : 'cross'} intent={value ? 'success' : 'none'} aria-hidden />{' '}
          {t(value ? 'page.yes' : 'page.no')}
        </span>
      );
    case 'status': {
      const tag = (
        <Tag minimal round intent={field.colors?.[String(value)] ?? 'none'}>
          {label(value)}
        </Tag>
      );
      // a status with a `link` opens it (the scan overview's groups open their pages)
      const to = field.link ? fillPath(field.link, stringValues(pathValues(params, record))) : null;
      return to && canOpen(to) ? <Link to={to}>{tag}</Link> : tag;
    }
    case 'tags':
      return (
        <span className="page-tags">
          {(Array.isArray(value) ? value : [value]).map((item) => (
            <Tag key={String(item)} minimal round intent="primary">
              {label(item)}
            </Tag>
          ))}
        </span>
      );
    case 'link': {
      const to = field.link ? fillPath(field.link, stringValues(pathValues(params, record))) : null;
      return to && canOpen(to) ? <Link to={to}>{label(value)}</Link> : label(value);
    }
    default:
      // a text held as an {en, tr} pair (a finding's detail) in the reader's language, as list text cells show it
      return <>{isTextPair(value) ? resolveText(value, t, i18n.language) : label(value)}</>;
  }
}

function isTextPair(value: unknown): value is { en: string; tr: string } {
  return typeof value === 'object' && value !== null && typeof (value as { en?: unknown }).en === 'string';
}

function stringValues(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
}
