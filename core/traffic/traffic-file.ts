/**
 * Reading a traffic data file (docs/domain/traffic-social.md 'Data files'): CSV with a header row
 * `domain,trafficDate,averageVisitors,direct,email,referral,social,organicSearch,paidSearch,ad`, or
 * JSON, an array of `{ domain, trafficDate, averageVisitors, traffic: { direct, … } }`. Shares are
 * fractions of visits (0–1) that add up to 1 (±0.02). Each bad row is a problem by line; the good
 * rows are kept. Pure.
 */
import { type Judged, objectOr, type RawRow, type RowFile, type RowFileFormat, readRowFile } from '../files/row-file';
import { normalizeDomain, TRAFFIC_TYPES, type TrafficMonth, type TrafficType } from './traffic';

export type TrafficFileFormat = RowFileFormat;

export const TRAFFIC_CSV_HEADER = ['domain', 'trafficDate', 'averageVisitors', ...TRAFFIC_TYPES];

export type TrafficFile = RowFile<TrafficMonth>;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = Number(value.trim());
  return Number.isFinite(parsed) ? parsed : null;
}

/** One row's fields judged: the month, or the first problem found. */
function judge(line: number, raw: RawRow, shares: RawRow): Judged<TrafficMonth> {
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
  return { value: { domain, trafficDate, averageVisitors: Math.round(averageVisitors), traffic } };
}

export function readTrafficFile(format: TrafficFileFormat, content: string): TrafficFile {
  // a JSON item holds its shares under `traffic`; a CSV row holds them as columns
  return readRowFile(format, content, TRAFFIC_CSV_HEADER, (line, raw) =>
    judge(line, raw, format === 'json' ? objectOr(raw.traffic) : raw),
  );
}
