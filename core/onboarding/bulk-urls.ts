/**
 * The bulk onboarding file (domain §5 'Bulk CSV'): one URL per line, in the first column; an
 * optional header line (`url`, `website`, `domain`). Blank lines are skipped but counted, so every
 * problem names the line a user sees in an editor. Pure (papaparse runs in Node and the browser).
 */
import Papa from 'papaparse';

/** Domain §9: up to 100 URLs per bulk scan. */
export const MAX_BULK_URLS = 100;

export interface BulkLine {
  line: number;
  url: string;
}

export interface BulkProblem {
  line: number;
  value: string;
  /** An `errors.` key. */
  message: string;
}

const HEADER = new Set(['url', 'urls', 'website', 'domain', 'web site', 'web sitesi', 'alan adı']);
// a host name with a dot, or an IP address, optionally with scheme, port and path
const URL_LIKE =
  /^(https?:\/\/)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z0-9-]{2,}(:\d{1,5})?(\/\S*)?$|^(https?:\/\/)?\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?(\/\S*)?$/i;

/** Whether a cell reads as a URL an onboarding can scan (the scan's own parser judges it again). */
export function isOnboardingUrl(text: string): boolean {
  if (!URL_LIKE.test(text)) return false;
  try {
    const url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The file's URLs with their line numbers, and every invalid line. */
export function readBulkUrls(text: string): { urls: BulkLine[]; problems: BulkProblem[] } {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const urls: BulkLine[] = [];
  const problems: BulkProblem[] = [];
  parsed.data.forEach((row, index) => {
    const line = index + 1;
    const value = (row[0] ?? '').trim();
    const rest = row.slice(1).some((cell) => cell.trim() !== '');
    if (value === '' && !rest) return;
    if (line === 1 && HEADER.has(value.toLowerCase())) return;
    if (!isOnboardingUrl(value) || rest) problems.push({ line, value, message: 'errors.onboardingUrlInvalid' });
    else urls.push({ line, url: value });
  });
  return { urls, problems };
}
