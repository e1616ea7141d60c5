/**
 * Reading a social content file (docs/domain/traffic-social.md 'Data files'): CSV with the header
 * `platform,url,author,text,postedAt,category` (author and category may be empty) or JSON, an array of
 * those objects. Bad rows are problems by line (CSV) or item (JSON); good rows are kept. Pure.
 */
import Papa from 'papaparse';
import { FLAGGED_CATEGORIES, type SourcePost } from './social-content';

export const SOCIAL_FILE_FORMATS = ['csv', 'json'] as const;
export type SocialFileFormat = (typeof SOCIAL_FILE_FORMATS)[number];
export const SOCIAL_CSV_HEADER = ['platform', 'url', 'author', 'text', 'postedAt', 'category'];
const REQUIRED = ['platform', 'url', 'text', 'postedAt'];

export interface SocialFileProblem {
  line: number;
  column: string;
  message: string;
}

export interface SocialFile {
  posts: SourcePost[];
  problems: SocialFileProblem[];
  unreadable: boolean;
}

const PLATFORM = /^[a-z0-9][a-z0-9 ._-]{0,39}$/;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function judge(line: number, raw: Record<string, unknown>): SourcePost | SocialFileProblem {
  const problem = (column: string, message: string) => ({ line, column, message });
  const platform = text(raw.platform).toLowerCase();
  if (!PLATFORM.test(platform)) return problem('platform', 'socialMedia.import.platform');
  const url = text(raw.url);
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || url.length > 2048) {
    return problem('url', 'socialMedia.import.url');
  }
  const body = text(raw.text);
  if (body === '' || body.length > 5000) return problem('text', 'socialMedia.import.text');
  const postedAt = new Date(text(raw.postedAt));
  if (text(raw.postedAt) === '' || Number.isNaN(postedAt.getTime()))
    return problem('postedAt', 'socialMedia.import.date');
  const category = text(raw.category);
  if (category !== '' && !(FLAGGED_CATEGORIES as readonly string[]).includes(category)) {
    return problem('category', 'socialMedia.import.category');
  }
  const author = text(raw.author).slice(0, 200);
  return {
    platform,
    url,
    text: body,
    postedAt: postedAt.toISOString(),
    ...(author ? { author } : {}),
    ...(category ? { category } : {}),
  };
}

function collect(entries: Array<[number, Record<string, unknown>]>): SocialFile {
  const posts: SourcePost[] = [];
  const problems: SocialFileProblem[] = [];
  for (const [line, raw] of entries) {
    const judged = judge(line, raw);
    if ('message' in judged) problems.push(judged);
    else posts.push(judged);
  }
  return { posts, problems, unreadable: false };
}

export function readSocialFile(format: SocialFileFormat, content: string): SocialFile {
  const unreadable: SocialFile = { posts: [], problems: [], unreadable: true };
  if (format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      return unreadable;
    }
    if (!Array.isArray(parsed)) return unreadable;
    return collect(
      parsed.map((item, index) => [
        index + 1,
        item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {},
      ]),
    );
  }
  const parsed = Papa.parse<Record<string, string>>(content.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  });
  if (!REQUIRED.every((column) => (parsed.meta.fields ?? []).includes(column))) return unreadable;
  return collect(parsed.data.map((row, index) => [index + 2, row]));
}
