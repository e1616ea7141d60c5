/**
 * Social media content (docs/domain/traffic-social.md): posts a content source brings in, flagged by
 * the flagged-content categories as the admin's category settings and blacklist say, reviewed in bulk
 * between the views content, reviewed and trash.
 */
import { createHash } from 'node:crypto';
import type { ListQuery, ListResult, QueryableFields, SortKey } from '../../core/query/query.types';
import type { FlaggedCategory } from '../../core/mmsp/mmsp-findings';
import {
  flaggedCategories,
  SOCIAL_MOVES,
  type SocialMove,
  type SocialView,
  type SourcePost,
} from '../../core/social/social-content';
import type { AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { CollectRequest, SocialContentSource } from '../social/content-source';
import { categorySettingsOf, mmspRulesOf } from './admin-lists';
import { sessionOrganization } from './compliance-documents.service';

/** Collection `socialPosts`: one flagged post of an organisation. */
export type SocialPostRecord = SourcePost & {
  id: string;
  organizationId: string;
  categories: FlaggedCategory[];
  /** The first of `categories` (a list filters and sorts on one value). */
  category: FlaggedCategory;
  state: SocialView;
  /** Where a trashed post came from, so restoring puts it back there. */
  trashedFrom?: SocialView;
  movedBy?: string;
  movedAt?: string;
  source: string;
  importedAt: string;
};

export const SOCIAL_POST_FIELDS: QueryableFields = {
  filterable: ['platform', 'category', 'author', 'text', 'url'],
  sortable: ['platform', 'category', 'author', 'postedAt', 'movedAt', 'importedAt'],
};
export const NEWEST_POSTS_FIRST: SortKey[] = [{ field: 'postedAt', direction: 'desc' }];

export interface SocialImport {
  imported: number;
  /** Already there (the same address in this organisation). */
  duplicates: number;
  /** Read but flagged by no active category. */
  notFlagged: number;
  rejected: number;
  problems: { line: number; column: string; message: string }[];
}

/** A post's id: the same address is one post per organisation, however often it is imported. */
export const socialPostId = (organizationId: string, url: string) =>
  createHash('sha256').update(`${organizationId}\n${url}`).digest('hex').slice(0, 32);

export class SocialContentService {
  constructor(
    private readonly ctx: AppContext,
    private readonly source: SocialContentSource,
  ) {}

  private get posts() {
    return this.ctx.store.collection<SocialPostRecord>('socialPosts');
  }

  /** One view of the organisation's posts (the query contract, aggregates included). */
  async list(auth: AuthContext, view: SocialView, query: ListQuery): Promise<ListResult<SocialPostRecord>> {
    const scope = {
      and: [
        { field: 'organizationId', op: 'eq' as const, value: sessionOrganization(auth) },
        { field: 'state', op: 'eq' as const, value: view },
      ],
    };
    return this.posts.query({ ...query, filter: query.filter ? { and: [scope, query.filter] } : scope });
  }

  /**
   * Collects posts from the configured source, keeps those a category flags (as the admin's settings
   * and blacklist stand now) and skips addresses the organisation has already.
   */
  async collect(auth: AuthContext, file: CollectRequest['file']): Promise<SocialImport> {
    const organizationId = sessionOrganization(auth);
    const { posts, problems } = await this.source.collect({ organizationId, file });
    if (posts.length === 0) {
      throw new AppError(422, 'socialFileEmpty', { content: 'errors.socialFileEmpty' }, { problems });
    }
    const [rules, settings] = await Promise.all([mmspRulesOf(this.ctx), categorySettingsOf(this.ctx)]);
    const off = new Set<string>(settings.filter((setting) => setting.active === false).map((setting) => setting.key));
    const importedAt = this.ctx.clock().toISOString();
    let imported = 0;
    let duplicates = 0;
    let notFlagged = 0;
    for (const post of posts) {
      const categories = flaggedCategories(post, rules, off);
      if (categories.length === 0) {
        notFlagged += 1;
        continue;
      }
      const record: SocialPostRecord = {
        ...post,
        id: socialPostId(organizationId, post.url),
        organizationId,
        categories,
        category: categories[0],
        state: 'content',
        source: this.source.name,
        importedAt,
      };
      let fresh = false;
      await this.posts.upsertWith(record.id, (current) => {
        fresh = current === undefined;
        return current ?? record;
      });
      if (fresh) imported += 1;
      else duplicates += 1;
    }
    return { imported, duplicates, notFlagged, rejected: problems.length, problems: problems.slice(0, 1000) };
  }

  /**
   * A bulk move (mark reviewed, move to trash, restore): every id must be one of the organisation's
   * posts (else 404, nothing moved); a post not in a view the move starts from stays where it is.
   */
  async move(auth: AuthContext, move: SocialMove, ids: readonly string[]): Promise<{ count: number }> {
    const organizationId = sessionOrganization(auth);
    const found = await Promise.all(ids.map((id) => this.posts.get(id)));
    if (found.some((post) => !post || post.organizationId !== organizationId)) {
      throw new AppError(404, 'socialPostNotFound');
    }
    const { from, to } = SOCIAL_MOVES[move];
    const at = this.ctx.clock().toISOString();
    let count = 0;
    for (const id of ids) {
      let moved = false;
      await this.posts.upsertWith(id, (current) => {
        moved = false;
        if (!current || !(from as readonly string[]).includes(current.state)) return undefined;
        moved = true;
        const target = move === 'restore' ? (current.trashedFrom ?? to) : to;
        const { trashedFrom: _from, ...rest } = current;
        return {
          ...rest,
          state: target,
          ...(move === 'trash' ? { trashedFrom: current.state } : {}),
          movedBy: auth.user.email,
          movedAt: at,
        };
      });
      if (moved) count += 1;
    }
    return { count };
  }
}
