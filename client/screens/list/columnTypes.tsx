import { Classes, Icon } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ColumnType, Intent, ListColumn } from '../../../core/lists/list.types';
import { fillFromRow } from '../../../core/lists/list.utils';
import { resolveText } from '../../i18n/text';
import { formatDateIn } from '../../runtime/dates';
import { numberFormat } from '../../runtime/numberFormat';

/** What formatting a cell needs besides its value: the language, the user's zone, the spec's date pattern. */
export interface CellContext {
  t: TFunction;
  language: string;
  zone: string | undefined;
  dateFormat: string;
}

/** A column type: how a value renders in a cell, and the plain value an export writes. */
interface ColumnKind {
  render: (value: unknown, column: ListColumn, row: Record<string, unknown>, context: CellContext) => ReactNode;
  exportValue: (value: unknown, column: ListColumn, context: CellContext) => string | number | boolean;
}

function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(plainText).join(', ');
  return typeof value === 'object' ? '' : String(value);
}

const toNumber = (value: unknown) => (typeof value === 'number' ? value : Number.NaN);

function numberText(value: unknown, language: string): string {
  const number = toNumber(value);
  return Number.isFinite(number) ? numberFormat(language).format(number) : '';
}

function statusLabel(value: unknown, column: ListColumn, context: CellContext): string {
  const key = plainText(value);
  const label = column.labels && Object.hasOwn(column.labels, key) ? column.labels[key] : undefined;
  return label ? resolveText(label, context.t, context.language) : key;
}

/** A score (0–100) reads as a band: good, middling, poor. */
function scoreIntent(score: number): Intent {
  return score >= 80 ? 'success' : score >= 50 ? 'warning' : 'danger';
}

/**
 * Blueprint's minimal Tag as plain markup. Its Tag wraps the text in Text, which measures itself after
 * every mount and render (a forced layout, then a second render) — once for every tag in view, again
 * whenever a re-sort or a scroll brings other rows.
 */
function CellTag({ intent, round = false, children }: { intent: Intent; round?: boolean; children: ReactNode }) {
  const classes = [Classes.TAG, Classes.MINIMAL, Classes.intentClass(intent), round && Classes.ROUND];
  return (
    <span className={classes.filter(Boolean).join(' ')}>
      <span className={`${Classes.FILL} ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>{children}</span>
    </span>
  );
}

const isWebUrl = (value: string) => /^https?:\/\//i.test(value);

/** A text in the reader's language when the row holds an `{ en, tr }` pair (a document's title), else the value. */
function languageText(value: unknown, language: string): string {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const pair = value as Record<string, unknown>;
    const chosen = language === 'tr' ? pair.tr : pair.en;
    return typeof chosen === 'string' ? chosen : typeof pair.en === 'string' ? pair.en : '';
  }
  return plainText(value);
}

/** A text cell: with `labels`, each value (one, or each of a list: a user's roles) by its label. */
function cellText(value: unknown, column: ListColumn, context: CellContext): string {
  if (!column.labels || (typeof value !== 'string' && !Array.isArray(value)))
    return languageText(value, context.language);
  const values = Array.isArray(value) ? value : [value];
  return values.map((one) => statusLabel(one, column, context)).join(', ');
}

const text: ColumnKind = {
  render: (value, column, _row, context) => cellText(value, column, context),
  exportValue: (value, column, context) => cellText(value, column, context),
};

/** Column type → renderer; a type nobody registered renders as text. */
export const columnKinds: Record<ColumnType, ColumnKind> = {
  text,
  number: {
    render: (value, _column, _row, { language }) => numberText(value, language),
    exportValue: (value) => (Number.isFinite(toNumber(value)) ? (value as number) : ''),
  },
  date: {
    render: (value, _column, _row, { zone, dateFormat }) => formatDateIn(value as string, dateFormat, zone),
    exportValue: (value, _column, { zone, dateFormat }) => formatDateIn(value as string, dateFormat, zone),
  },
  datetime: {
    render: (value, _column, _row, { zone, dateFormat }) => formatDateIn(value as string, `${dateFormat} HH:mm`, zone),
    exportValue: (value, _column, { zone, dateFormat }) => formatDateIn(value as string, `${dateFormat} HH:mm`, zone),
  },
  status: {
    render: (value, column, _row, context) => {
      if (value === undefined || value === null || value === '') return '';
      const intent = column.colors?.[plainText(value)] ?? 'none';
      return <CellTag intent={intent}>{statusLabel(value, column, context)}</CellTag>;
    },
    exportValue: (value, column, context) => statusLabel(value, column, context),
  },
  score: {
    render: (value, _column, _row, { language }) => {
      const score = toNumber(value);
      if (!Number.isFinite(score)) return '';
      return (
        <CellTag intent={scoreIntent(score)} round>
          {numberText(score, language)}
        </CellTag>
      );
    },
    exportValue: (value) => (Number.isFinite(toNumber(value)) ? (value as number) : ''),
  },
  progress: {
    // a percentage (0–100) as a bar, e.g. an onboarding's scan; plain markup like CellTag, for the same reason
    render: (value, _column, _row, { language }) => {
      const number = toNumber(value);
      if (!Number.isFinite(number)) return '';
      const percent = Math.max(0, Math.min(100, number));
      const done = percent >= 100;
      const bar = [
        Classes.PROGRESS_BAR,
        done ? Classes.PROGRESS_NO_STRIPES : '',
        Classes.intentClass(done ? 'success' : 'primary'),
      ];
      return (
        <span
          className="list-progress"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          title={`${numberText(percent, language)} %`}
        >
          <span className={bar.filter(Boolean).join(' ')}>
            <span className={Classes.PROGRESS_METER} style={{ width: `${percent}%` }} />
          </span>
        </span>
      );
    },
    exportValue: (value) => (Number.isFinite(toNumber(value)) ? (value as number) : ''),
  },
  boolean: {
    render: (value, _column, _row, { t }) => {
      if (typeof value !== 'boolean') return '';
      const label = t(value ? 'list.yes' : 'list.no');
      return (
        <Icon icon={value ? 'tick' : 'cross'} intent={value ? 'success' : 'none'} title={label} aria-label={label} />
      );
    },
    exportValue: (value, _column, { t }) => (typeof value === 'boolean' ? t(value ? 'list.yes' : 'list.no') : ''),
  },
  link: {
    render: (value, column, row) => {
      const label = plainText(value);
      const target = column.link ? fillFromRow(column.link, row) : null;
      if (target) return <Link to={target}>{label}</Link>;
      if (isWebUrl(label))
        return (
          <a href={label} target="_blank" rel="noopener noreferrer">
            {label}
          </a>
        );
      return label;
    },
    exportValue: (value) => plainText(value),
  },
};

export function columnKind(type: ColumnType): ColumnKind {
  return columnKinds[type] ?? text;
}
