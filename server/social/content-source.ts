/**
 * Where social media posts come from (docs/domain/traffic-social.md 'Providers'): one interface, the
 * sources that implement it, and the choice by configuration (`SOCIAL_CONTENT_SOURCE`, default
 * `file`). A platform crawler is one more entry here; the service judges whatever a source brings.
 */
import type { SourcePost } from '../../core/social/social-content';
import { readSocialFile, type SocialFileFormat, type SocialFileProblem } from '../../core/social/social-file';
import { AppError } from '../http/app-error';

/** What a collection is asked with: the organisation, and the file a user handed in (the file source's input). */
export interface CollectRequest {
  organizationId: string;
  file?: { format: SocialFileFormat; content: string };
}

export interface CollectedPosts {
  posts: SourcePost[];
  /** Rows the source could not read, by line. */
  problems: SocialFileProblem[];
}

export interface SocialContentSource {
  readonly name: string;
  collect(request: CollectRequest): Promise<CollectedPosts>;
}

/** The file-import source: posts exported from the platforms as CSV or JSON (core/social/social-file.ts). */
export class FileContentSource implements SocialContentSource {
  readonly name = 'file';

  async collect(request: CollectRequest): Promise<CollectedPosts> {
    if (!request.file) throw new AppError(400, 'fileRequired', { content: 'errors.fileRequired' });
    const read = readSocialFile(request.file.format, request.file.content);
    if (read.unreadable) throw new AppError(422, 'socialFileUnreadable', { content: 'errors.socialFileUnreadable' });
    return { posts: read.posts, problems: read.problems };
  }
}

export const SOCIAL_CONTENT_SOURCES = {
  file: (): SocialContentSource => new FileContentSource(),
} as const;

/** The configured source; an unknown name stops start-up. */
export function socialContentSourceOf(name: string = 'file'): SocialContentSource {
  if (!Object.hasOwn(SOCIAL_CONTENT_SOURCES, name)) {
    throw new Error(
      `Unknown SOCIAL_CONTENT_SOURCE "${name}" (known: ${Object.keys(SOCIAL_CONTENT_SOURCES).join(', ')})`,
    );
  }
  return SOCIAL_CONTENT_SOURCES[name as keyof typeof SOCIAL_CONTENT_SOURCES]();
}
