/**
 * A data file of rows (docs/domain/traffic-social.md 'Data files'): CSV with a header row, or JSON, an
 * array of objects. Each row carries its line (CSV: the header is line 1) or 1-based item (JSON), and is
 * judged on its own: a bad row is a problem by line, the good rows are kept. Pure.
 */
import Papa from 'papaparse';

export const ROW_FILE_FORMATS = ['csv', 'json'] as const;
export type RowFileFormat = (typeof ROW_FILE_FORMATS)[number];

/** A refused row: its line or item, the column and a locale key. */
export interface RowProblem {
  line: number;
  column: string;
  message: string;
}

export type RawRow = Record<string, unknown>;

/** A row's verdict: the value kept, or the first problem found. */
export type Judged<T> = { value: T } | { problem: RowProblem };

export interface RowFile<T> {
  rows: T[];
  problems: RowProblem[];
  /** The file as a whole could not be read (a CSV without the required columns, not a JSON array). */
  unreadable: boolean;
}

export const objectOr = (value: unknown): RawRow =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as RawRow) : {};

/** The rows by line, or null when the file cannot be read as a whole. */
function rowsOf(format: RowFileFormat, content: string, required: readonly string[]): Array<[number, RawRow]> | null {
  if (format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      return null;
    }
    return Array.isArray(parsed) ? parsed.map((item, index) => [index + 1, objectOr(item)]) : null;
  }
  const parsed = Papa.parse<Record<string, string>>(content.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  });
  const columns = parsed.meta.fields ?? [];
  if (!required.every((column) => columns.includes(column))) return null;
  // the header is line 1; Papa's row index counts data rows
  return parsed.data.map((row, index) => [index + 2, row]);
}

export function readRowFile<T>(
  format: RowFileFormat,
  content: string,
  required: readonly string[],
  judge: (line: number, raw: RawRow) => Judged<T>,
): RowFile<T> {
  const entries = rowsOf(format, content, required);
  if (!entries) return { rows: [], problems: [], unreadable: true };
  const file: RowFile<T> = { rows: [], problems: [], unreadable: false };
  for (const [line, raw] of entries) {
    const judged = judge(line, raw);
    if ('problem' in judged) file.problems.push(judged.problem);
    else file.rows.push(judged.value);
  }
  return file;
}
