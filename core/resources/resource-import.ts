import type { DocumentProblem, Text, ValidationContext } from '../documents/document.types';
import type { ListBody, ListColumn } from '../lists/list.types';
import type { ResourceBody } from './resource.types';

/**
 * CSV import of a resource's records (POST /wbe/api/resources/:resource/import): which columns a
 * file may carry, how its header row names them (the titles a list shows, in English or Turkish,
 * or the property name) and how a cell becomes a field value. Pure: parsing and storing are the
 * server's (server/services/resource-import.service.ts).
 */

/** Rows one file may hold (the header row not counted): beyond it the whole file is refused. */
export const MAX_IMPORT_ROWS = 1000;
/** Bytes one file may hold. */
export const MAX_IMPORT_BYTES = 1024 * 1024;

/** One column of an import: the field it fills and the header texts that name it. */
export interface ImportColumn {
  field: string;
  required: boolean;
  /** The title as displayed, per language (the template's header). */
  titles: { en: string; tr: string };
  /** Every header text that names this column, normalised (see headerKey). */
  accepted: string[];
}

/** A problem with one cell (or with the header row, line 1): `message` is an i18n key. */
export interface ImportProblem {
  line: number;
  /** The column's header as the file wrote it, or its displayed title when the file lacks it. */
  column: string;
  field?: string;
  message: string;
}

/** Turns a Text (an i18n key or an {en, tr} pair) into the text of a language. */
export type TextOf = (text: Text, language: 'en' | 'tr') => string;

type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const propertiesOf = (body: ResourceBody): Record<string, Schema> =>
  (isObject(body.schema.properties) ? body.schema.properties : {}) as Record<string, Schema>;

/** A header cell as compared: trimmed, spaces collapsed, case folded (a spreadsheet may change any of them). */
export function headerKey(text: string): string {
  return text
    .normalize('NFC')
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLocaleLowerCase('en');
}

/** Whether a property holds one value a cell can say (not an object or an array). */
function scalar(property: Schema): boolean {
  return property.type !== 'object' && property.type !== 'array';
}

/** The fields an import fills, in order: the document's `import.columns`, else every scalar property. */
export function importFields(body: ResourceBody): string[] {
  const properties = propertiesOf(body);
  const declared = body.import?.columns;
  return declared ?? Object.keys(properties).filter((name) => scalar(properties[name] ?? {}));
}

/** The fields a file must name in its header and fill on every row. */
export function requiredFields(body: ResourceBody): string[] {
  const declared = body.import?.required;
  const required = Array.isArray(body.schema.required) ? (body.schema.required as string[]) : [];
  const fields = importFields(body);
  return (declared ?? required).filter((field) => fields.includes(field));
}

/** The list whose titles name the columns: the one the document names, else the first over the resource's path. */
export function importList(
  body: ResourceBody,
  resourceId: string,
  lists: readonly { id: string; body: ListBody }[],
): ListBody | undefined {
  const named = body.import?.list;
  if (named) return lists.find((list) => list.id === named)?.body;
  const path = `/wbe/api/resources/${resourceId}`;
  return lists.find((list) => list.body.source?.path === path)?.body;
}

/**
 * The columns of an import with the texts that name them: the list column's title over that field
 * (as displayed), the schema property's title and the property name, each in English and Turkish.
 */
export function importColumns(body: ResourceBody, list: ListBody | undefined, textOf: TextOf): ImportColumn[] {
  const properties = propertiesOf(body);
  const required = new Set(requiredFields(body));
  const shown = new Map<string, ListColumn>();
  for (const column of list?.columns ?? []) if (!shown.has(column.field)) shown.set(column.field, column);
  return importFields(body).map((field) => {
    const listTitle = shown.get(field)?.title;
    const schemaTitle = properties[field]?.title as Text | undefined;
    const title = listTitle ?? schemaTitle;
    const titles = {
      en: title ? textOf(title, 'en') : field,
      tr: title ? textOf(title, 'tr') : field,
    };
    const names = [field, titles.en, titles.tr];
    if (schemaTitle) names.push(textOf(schemaTitle, 'en'), textOf(schemaTitle, 'tr'));
    return { field, required: required.has(field), titles, accepted: [...new Set(names.map(headerKey))] };
  });
}

/** The header row judged: the field each cell names (null for an unknown one) and the header's problems. */
export function mapHeader(
  header: readonly string[],
  columns: readonly ImportColumn[],
  language: 'en' | 'tr',
): { fields: (string | null)[]; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const seen = new Set<string>();
  const fields = header.map((cell) => {
    const key = headerKey(cell);
    if (key === '') return null;
    const column = columns.find((candidate) => candidate.accepted.includes(key));
    if (!column) {
      problems.push({ line: 1, column: cell.trim(), message: 'errors.importColumnUnknown' });
      return null;
    }
    if (seen.has(column.field)) {
      problems.push({ line: 1, column: cell.trim(), field: column.field, message: 'errors.importColumnTwice' });
      return null;
    }
    seen.add(column.field);
    return column.field;
  });
  for (const column of columns)
    if (column.required && !seen.has(column.field))
      problems.push({
        line: 1,
        column: column.titles[language],
        field: column.field,
        message: 'errors.importColumnMissing',
      });
  return { fields, problems };
}

const TRUE_WORDS = new Set(['true', 'yes', 'evet', '1', 'x']);
const FALSE_WORDS = new Set(['false', 'no', 'hayır', 'hayir', '0']);

/**
 * A cell as the value of its property: empty is absent; numbers and booleans are read from their
 * text; an enum value matches without regard to case. Anything unreadable stays text, so the schema
 * names the cell invalid.
 */
export function cellValue(property: Schema | undefined, text: string): unknown {
  const value = text.trim();
  if (value === '') return undefined;
  const type = property?.type;
  if (type === 'integer' || type === 'number') {
    const number = Number(value.replace(/\s/g, '').replace(',', '.'));
    return Number.isFinite(number) ? number : value;
  }
  if (type === 'boolean') {
    const word = value.toLocaleLowerCase('tr');
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
    return value;
  }
  const choices = Array.isArray(property?.enum)
    ? property.enum
    : Array.isArray(property?.oneOf)
      ? property.oneOf.map((choice) => (isObject(choice) ? choice.const : undefined))
      : [];
  const match = choices.find((choice) => typeof choice === 'string' && choice.toLowerCase() === value.toLowerCase());
  return match ?? value;
}

/** One data row as the record's fields (only the mapped columns; empty cells absent). */
export function rowFields(
  body: ResourceBody,
  fields: readonly (string | null)[],
  cells: readonly string[],
): Record<string, unknown> {
  const properties = propertiesOf(body);
  const record: Record<string, unknown> = {};
  fields.forEach((field, index) => {
    if (!field) return;
    const value = cellValue(properties[field], cells[index] ?? '');
    if (value !== undefined) record[field] = value;
  });
  return record;
}

/** A form validator's message as an import's: an empty required cell "cannot be empty" (domain §5, §8). */
export function importMessage(key: string): string {
  return key === 'validation.required' ? 'errors.cannotBeEmpty' : key;
}

/** What the meta-schema cannot say about `body.import`: its columns are scalar properties, required among them, its list published. */
export function importProblems(body: ResourceBody, context: ValidationContext = {}): DocumentProblem[] {
  const spec = body.import;
  if (!spec) return [];
  const problems: DocumentProblem[] = [];
  const properties = propertiesOf(body);
  spec.columns?.forEach((field, index) => {
    if (!Object.hasOwn(properties, field))
      problems.push({ path: `/body/import/columns/${index}`, message: `unknown property "${field}"` });
    else if (!scalar(properties[field] ?? {}))
      problems.push({ path: `/body/import/columns/${index}`, message: `"${field}" is not one value a cell can hold` });
  });
  const fields = importFields(body);
  spec.required?.forEach((field, index) => {
    if (!fields.includes(field))
      problems.push({ path: `/body/import/required/${index}`, message: `"${field}" is not an imported column` });
  });
  if (spec.list && context.published && !context.published('list', spec.list))
    problems.push({ path: '/body/import/list', message: `no published list "${spec.list}"` });
  return problems;
}
