import Papa from 'papaparse';
import { withRichTextSanitised } from '../config/tip-sanitizer';
import type { Text } from '../../core/documents/document.types';
import type { ListBody } from '../../core/lists/list.types';
import { MAX_PAGE_SIZE } from '../../core/query/query.types';
import {
  type ImportColumn,
  type ImportProblem,
  importColumns,
  importList,
  importMessage,
  MAX_IMPORT_ROWS,
  mapHeader,
  requiredFields,
  rowFields,
} from '../../core/resources/resource-import';
import type { ResourceRecord } from '../../core/resources/resource.types';
import { scopeFilter, uniqueKey } from '../../core/resources/resource.utils';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { Language } from '../http/i18n';
import type { PublishedResource, ResourceCaller, ResourcesService } from './resources.service';

/** An uploaded file as the gateway hands it over. */
export interface ImportFile {
  bytes: Buffer;
  name: string;
  type: string;
}

/** One problem of a refused file, its message in the caller's language. */
export interface ImportRowError {
  line: number;
  column: string;
  field?: string;
  message: string;
}

const CSV_TYPES = new Set(['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'text/x-csv']);

/** A parsed data row and the file line it starts on. */
interface Row {
  line: number;
  cells: string[];
}

/**
 * The text of a CSV upload, or 400 `invalidCsv`: named .csv or sent as a CSV type, UTF-8 (a BOM is
 * dropped), no NUL byte (a spreadsheet or any binary file has them).
 */
export function csvText(file: ImportFile): string {
  const named = /\.csv$/i.test(file.name) || CSV_TYPES.has(file.type.split(';')[0]?.trim().toLowerCase() ?? '');
  if (!named || file.bytes.includes(0)) throw new AppError(400, 'invalidCsv', { file: 'errors.invalidCsv' });
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file.bytes);
  } catch {
    throw new AppError(400, 'invalidCsv', { file: 'errors.invalidCsv' });
  }
}

/** The delimiter of the header line: a comma, or the semicolon or tab a Turkish-locale spreadsheet writes. */
function delimiterOf(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((delimiter) => [delimiter, first.split(delimiter).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/**
 * The header and the data rows with the line each starts on (a quoted cell may span lines); blank
 * lines skipped. 400 `invalidCsv` for broken quoting, `importTooManyLines` beyond MAX_IMPORT_ROWS.
 */
export function parseCsv(text: string): { header: string[]; rows: Row[] } {
  const rows: Row[] = [];
  let malformed = false;
  let counted = 0;
  let newlines = 0; // in text[0, counted)
  Papa.parse<string[]>(text, {
    delimiter: delimiterOf(text),
    skipEmptyLines: 'greedy',
    step: (result, parser) => {
      if (result.errors.some((error) => error.type === 'Quotes')) malformed = true;
      const end = result.meta.cursor;
      for (let index = counted; index < end; index += 1) if (text[index] === '\n') newlines += 1;
      counted = end;
      // the row's last line, less the line breaks inside its quoted cells: the line it starts on,
      // whatever blank or empty lines the parser skipped before it
      const last = 1 + newlines - (text[end - 1] === '\n' ? 1 : 0);
      const inside = result.data.reduce((sum, cell) => sum + (cell.match(/\n/g)?.length ?? 0), 0);
      rows.push({ line: last - inside, cells: result.data });
      if (malformed || rows.length > MAX_IMPORT_ROWS + 1) parser.abort();
    },
  });
  if (malformed) throw new AppError(400, 'invalidCsv', { file: 'errors.invalidCsv' });
  if (rows.length > MAX_IMPORT_ROWS + 1)
    throw new AppError(400, 'importTooManyLines', { file: 'errors.importTooManyLines' }, { max: MAX_IMPORT_ROWS });
  const [header, ...data] = rows;
  if (!header || data.length === 0) throw new AppError(400, 'importEmpty', { file: 'errors.importEmpty' });
  return { header: header.cells, rows: data };
}

/**
 * CSV import of any published resource (docs/gateway/wbe-resources.md 'CSV import'): the header row maps
 * columns by the titles the resource's list displays (English or Turkish) or the property names;
 * every row is judged with the resource's schema and unique constraints (against the scope's records
 * and the file's other rows), and only a file without a single problem is stored — every record in
 * one store transaction, each with its creation history as a single create writes it.
 */
export class ResourceImportService {
  constructor(
    private readonly ctx: AppContext,
    private readonly resources: ResourcesService,
  ) {}

  /** The import columns of a resource, titled as its list shows them. */
  columns(resource: PublishedResource): ImportColumn[] {
    const lists = this.ctx.documents.cache
      .ofKind('list')
      .map((document) => ({ id: document.id, body: document.body as ListBody }));
    const textOf = (text: Text, language: Language) =>
      typeof text === 'string' ? this.ctx.translator.t(language, text) : text[language];
    return importColumns(resource.body, importList(resource.body, resource.id, lists), textOf);
  }

  /** The template: the header line in the caller's language (guarded like the import itself). */
  template(resourceId: string, caller: ResourceCaller, language: Language): string {
    const resource = this.resources.authorize(resourceId, 'create', caller);
    const titles = this.columns(resource).map((column) => column.titles[language]);
    return `${Papa.unparse([titles], { newline: '\r\n' })}\r\n`;
  }

  /** Imports the file, or 422 `importFailed` with `rows` naming every line and column that is wrong. */
  async import(
    resourceId: string,
    caller: ResourceCaller,
    file: ImportFile | undefined,
    language: Language,
  ): Promise<{ imported: number }> {
    const resource = this.resources.authorize(resourceId, 'create', caller);
    if (!file) throw new AppError(400, 'fileRequired', { file: 'errors.fileRequired' });
    const { header, rows } = parseCsv(csvText(file));
    const columns = this.columns(resource);
    const mapped = mapHeader(header, columns, language);
    if (mapped.problems.length > 0) this.refuse(mapped.problems, language);

    const workflow = this.resources.workflowOf(resource);
    const headerOf = (field: string) => header[mapped.fields.indexOf(field)]?.trim() ?? field;
    const problems: ImportProblem[] = [];
    const records: { line: number; record: ResourceRecord }[] = [];
    const mustFill = requiredFields(resource.body);
    for (const row of rows) {
      const extra = row.cells.slice(header.length).some((cell) => cell.trim() !== '');
      if (extra) problems.push({ line: row.line, column: '', message: 'errors.importExtraCells' });
      // `import.set`: what every imported record says of itself (the portfolio's onboarding status `imported`)
      const data = { ...rowFields(resource.body, mapped.fields, row.cells), ...resource.body.import?.set };
      const { fields, errors: schemaErrors } = this.resources.judged(resource.id, resource.body, data, workflow);
      // `import.required` may name more columns than the schema requires (a BKM ID only files must carry)
      const unfilled = mustFill.filter((field) => data[field] === undefined && !schemaErrors[field]);
      const errors = {
        ...schemaErrors,
        ...Object.fromEntries(unfilled.map((field) => [field, 'validation.required'])),
      };
      for (const [path, key] of Object.entries(errors)) {
        const field = path.split('.')[0] || path;
        problems.push({ line: row.line, column: headerOf(field), field, message: importMessage(key) });
      }
      if (Object.keys(errors).length === 0 && !extra)
        records.push({
          line: row.line,
          record: this.resources.newRecord(
            resource,
            caller,
            await withRichTextSanitised(resource.body.schema, fields),
            workflow,
          ),
        });
    }

    return this.resources.lock(resource.id, async () => {
      problems.push(...(await this.clashes(resource, caller, records, headerOf)));
      const all = records.map(({ record }) => record);
      // the resource's constraints (one primary asset per merchant, references), over the whole file
      const { refused, settle } = await this.resources.constrainedMany(resource, caller.owner, all, workflow?.field);
      const lineOf = new Map(records.map(({ line, record }) => [record.id, line]));
      for (const { record, field, key } of refused) {
        problems.push({ line: lineOf.get(record.id) ?? 0, column: headerOf(field), field, message: key });
      }
      if (problems.length > 0) this.refuse(problems, language);
      // every row or none: one write of the records and one of their history, in one transaction
      await this.ctx.store.transaction(async () => {
        await settle();
        await this.resources.insertAllNew(resource, caller, all, workflow);
      });
      return { imported: records.length };
    });
  }

  /** Rows sharing a unique combination with a record of the scope, or with an earlier row of the file. */
  private async clashes(
    resource: PublishedResource,
    caller: ResourceCaller,
    records: readonly { line: number; record: ResourceRecord }[],
    headerOf: (field: string) => string,
  ): Promise<ImportProblem[]> {
    const unique = resource.body.unique ?? [];
    if (unique.length === 0 || records.length === 0) return [];
    const existing = await this.scopeRecords(resource, caller);
    const problems: ImportProblem[] = [];
    for (const fields of unique) {
      const stored = new Set(existing.map((record) => uniqueKey(record, fields)).filter((key) => key !== null));
      const inFile = new Map<string, number>();
      for (const { line, record } of records) {
        const key = uniqueKey(record, fields);
        if (key === null) continue;
        const message = stored.has(key)
          ? `errors.${resource.body.uniqueError ?? 'alreadyExists'}`
          : inFile.has(key)
            ? 'errors.importDuplicateInFile'
            : null;
        if (message) for (const field of fields) problems.push({ line, column: headerOf(field), field, message });
        else inFile.set(key, line);
      }
    }
    return problems;
  }

  /** Every record of the caller's scope, page by page. */
  private async scopeRecords(resource: PublishedResource, caller: ResourceCaller): Promise<ResourceRecord[]> {
    const all: ResourceRecord[] = [];
    const filter = scopeFilter(resource.body.scope, caller.owner);
    for (let page = 1; ; page += 1) {
      const { items } = await this.resources
        .records(resource.id)
        .query({ filter, sort: [], page, pageSize: MAX_PAGE_SIZE });
      all.push(...items);
      if (items.length < MAX_PAGE_SIZE) return all;
    }
  }

  /** 422 with every problem, ordered by line, its message in the caller's language. */
  private refuse(problems: readonly ImportProblem[], language: Language): never {
    const rows: ImportRowError[] = [...problems]
      .sort((a, b) => a.line - b.line)
      .map(({ line, column, field, message }) => ({
        line,
        column,
        ...(field ? { field } : {}),
        message: this.ctx.translator.t(language, message),
      }));
    throw new AppError(422, 'importFailed', undefined, { rows });
  }
}
