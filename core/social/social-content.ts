/**
 * Social media content (domain §2 'Social media content: content, reviewed, trash'; §3 'Flagged-content
 * categories'): the posts a content source brings in, which categories flag them, and the views a
 * post moves between. Pure.
 */
import type { FlaggedCategory } from '../mmsp/mmsp-findings';
import { mentions } from '../mmsp/mmsp-findings';

/** Domain §3's flagged-content categories, in the spec's order. */
export const FLAGGED_CATEGORIES: readonly FlaggedCategory[] = [
  'tobacco',
  'drug',
  'vape',
  'alcohol',
  'counterfeit',
  'prohibited',
  'gambling',
  'gambling_regulations',
  'pharmaceutical',
  'copyright',
  'adult_content',
  'transaction_laundering',
];

/** The three views (domain §2): new content, content a person reviewed, and the trash. */
export const SOCIAL_VIEWS = ['content', 'reviewed', 'trash'] as const;
export type SocialView = (typeof SOCIAL_VIEWS)[number];

/** The bulk moves and the views each takes a post from and to. */
export const SOCIAL_MOVES = {
  review: { from: ['content'], to: 'reviewed' },
  trash: { from: ['content', 'reviewed'], to: 'trash' },
  restore: { from: ['trash'], to: 'content' },
} as const satisfies Record<string, { from: readonly SocialView[]; to: SocialView }>;
export type SocialMove = keyof typeof SOCIAL_MOVES;

/** A post as a content source reads it, before it is judged. */
export interface SourcePost {
  platform: string;
  url: string;
  author?: string;
  text: string;
  /** ISO date-time. */
  postedAt: string;
  /** A category the source itself assigned (one of FLAGGED_CATEGORIES). */
  category?: string;
}

/**
 * The categories that flag a post: every keyword of the effective MMSP rules (the published document
 * with the admin's blacklist keywords added and switched-off categories dropped,
 * core/admin/admin-lists.ts) found in its text or address, and the source's own category unless the
 * admin switched that category off. Sorted in the spec's order; none means the post is not flagged.
 */
export function flaggedCategories(
  post: Pick<SourcePost, 'text' | 'url' | 'category'>,
  rules: { keywords: readonly { word: string; category: string }[] } | undefined,
  switchedOff: ReadonlySet<string>,
): FlaggedCategory[] {
  const text = `${post.text} ${post.url}`.toLowerCase();
  const found = new Set<string>();
  for (const keyword of rules?.keywords ?? []) {
    if (mentions(text, keyword.word.toLowerCase())) found.add(keyword.category);
  }
  if (post.category && !switchedOff.has(post.category)) found.add(post.category);
  return FLAGGED_CATEGORIES.filter((category) => found.has(category) && !switchedOff.has(category));
}
