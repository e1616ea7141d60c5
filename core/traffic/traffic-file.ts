/**
 * Reading a traffic data file (docs/domain/traffic-social.md 'Data files'): CSV with a header row
 * `domain,trafficDate,averageVisitors,direct,email,referral,social,organicSearch,paidSearch,ad`, or
 * JSON, an array of `{ domain, trafficDate, averageVisitors, traffic: { direct, … } }`. Shares are
 * fractions of visits (0–1) that add up to 1 (±0.02). Each bad row is a problem by line; the good
 * rows are kept. Pure.
 */
import Papa from 'papaparse';
import { normalizeDomain, TRAFFIC_TYPES, type TrafficMonth, type TrafficType } from './traffic';

export const TRAFFIC_FILE_FORMATS = ['csv', 'json'] as const;
export type TrafficFileFormat = (typeof TRAFFIC_FILE_FORMATS)[number];

export const TRAFFIC_CSV_HEADER = ['domain', 'trafficDate', 'averageVisitors', ...TRAFFIC_TYPES];

/** A refused row: its line (CSV) or 1-based item (JSON), the column and a locale key. */
export interface TrafficFileProblem {
  line: number;
  column: string;
  message: string;
}

export interface TrafficFile {
  rows: TrafficMonth[];
  problems: TrafficFileProblem[];
  /** The file as a whole could not be read (not CSV with the header, not a JSON array). */
  unreadable: boolean;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = Number(value.trim());
  return Number.isFinite(parsed) ? parsed : null;
}

/** One row's fields judged: the month, or the first problem found. */
function judge(line: number, raw: Record<string, unknown>, shares: Record<string, unknown>) {
  const problem = (column: string, message: string) => ({ problem: { line, column, message } });
  const domain = typeof raw.domain === 'string' ? normalizeDomain(raw.domain) : null;
  if (!domain) return problem('domain', 'errors.trafficInvalidDomain');
  const trafficDate = typeof raw.trafficDate === 'string' ? raw.trafficDate.trim() : '';
  if (!MONTH.test(trafficDate)) return problem('trafficDate', 'traffic.import.month');
  const averageVisitors = numberOf(raw.averageVisitors);
  if (averageVisitors === null || averageVisitors < 0) return problem('averageVisitors', 'traffic.import.visitors');
  const traffic = {} as Record<TrafficType, number>;
  for (const type of TRAFFIC_TYPES) {
    const share = numberOf(shares[type]);
    if (share === null || share < 0 || share > 1) return problem(type, 'traffic.import.share');
    traffic[type] = share;
  }
  const sum = TRAFFIC_TYPES.reduce((total, type) => total + traffic[type], 0);
  if (Math.abs(sum - 1) > 0.02) return problem('', 'traffic.import.shareSum');
  return { month: { domain, trafficDate, averageVisitors: Math.round(averageVisitors), traffic } };
}

function collect(entries: Array<[number, Record<string, unknown>, Record<string, unknown>]>): TrafficFile {
  const rows: TrafficMonth[] = [];
  const problems: TrafficFileProblem[] = [];
  for (const [line, raw, shares] of entries) {
    const judged = judge(line, raw, shares);
    if ('problem' in judged) problems.push(judged.problem);
    else rows.push(judged.month);
  }
  return { rows, problems, unreadable: false };
}

export function readTrafficFile(format: TrafficFileFormat, content: string): TrafficFile {
  const unreadable: TrafficFile = { rows: [], problems: [], unreadable: true };
  if (format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      return unreadable;
    }
    if (!Array.isArray(parsed)) return unreadable;
    return collect(
      parsed.map((item, index) => {
        const raw = item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {};
        const shares = raw.traffic !== null && typeof raw.traffic === 'object' ? raw.traffic : {};
        return [index + 1, raw, shares as Record<string, unknown>];
      }),
    );
  }
  const parsed = Papa.parse<Record<string, string>>(content.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  });
  const columns = parsed.meta.fields ?? [];
  if (!TRAFFIC_CSV_HEADER.every((column) => columns.includes(column))) return unreadable;
  // the header is line 1; Papa's row index counts data rows
  return collect(parsed.data.map((row, index) => [index + 2, row, row]));
}
