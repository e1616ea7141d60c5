/**
 * Reading a social content file (docs/domain/traffic-social.md 'Data files'): CSV with the header
 * `platform,url,author,text,postedAt,category` (author and category may be empty) or JSON, an array of
 * those objects. Bad rows are problems by line (CSV) or item (JSON); good rows are kept. Pure.
 */
import { type Judged, type RawRow, type RowFileFormat, type RowProblem, readRowFile } from '../files/row-file';
import { FLAGGED_CATEGORIES, type SourcePost } from './social-content';

export type SocialFileFormat = RowFileFormat;
export type SocialFileProblem = RowProblem;
export const SOCIAL_CSV_HEADER = ['platform', 'url', 'author', 'text', 'postedAt', 'category'];
const REQUIRED = ['platform', 'url', 'text', 'postedAt'];

export interface SocialFile {
  posts: SourcePost[];
  problems: SocialFileProblem[];
  unreadable: boolean;
}

const PLATFORM = /^[a-z0-9][a-z0-9 ._-]{0,39}$/;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function judge(line: number, raw: RawRow): Judged<SourcePost> {
  const problem = (column: string, message: string) => ({ problem: { line, column, message } });
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
    value: {
      platform,
      url,
      text: body,
      postedAt: postedAt.toISOString(),
      ...(author ? { author } : {}),
      ...(category ? { category } : {}),
    },
  };
}

export function readSocialFile(format: SocialFileFormat, content: string): SocialFile {
  const { rows, problems, unreadable } = readRowFile(format, content, REQUIRED, judge);
  return { posts: rows, problems, unreadable };
}
