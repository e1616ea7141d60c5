import type { ListResult, QueryableFields, SortKey } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import { listQueryOf } from '../http/list-query';
import type { DocumentEntry, DocumentMeta } from './documents.service';

/**
 * The config service's two collections (documents, versions of one document) in the query
 * contract, for the list documents of the config-documents screen. A caller that names none of the
 * contract's parameters gets the plain array older callers read.
 */
const CONTRACT_PARAMETERS = ['page', 'pageSize', 'sort', 'filter'] as const;

export function asksForPage(params: Record<string, unknown>): boolean {
  return CONTRACT_PARAMETERS.some((name) => params[name] !== undefined);
}

/** A row of the documents list: the entry, its `kind/id` name and the status of its latest version. */
export interface DocumentRow extends DocumentEntry {
  name: string;
  /** 'draft' while a version newer than the published one waits (or nothing is published yet). */
  latestStatus: 'published' | 'draft';
}

const DOCUMENT_COLUMNS = ['kind', 'id', 'name', 'latestPublished', 'latestVersion', 'latestStatus'];
const DOCUMENT_FIELDS: QueryableFields = { filterable: DOCUMENT_COLUMNS, sortable: DOCUMENT_COLUMNS };
const BY_NAME: SortKey[] = [{ field: 'name', direction: 'asc' }];

function documentRow(entry: DocumentEntry): DocumentRow {
  const latestStatus = entry.latestVersion === entry.latestPublished ? 'published' : 'draft';
  return { ...entry, name: `${entry.kind}/${entry.id}`, latestStatus };
}

/** One page of the documents the caller may see (params: the request's query). */
export function documentsPage(entries: DocumentEntry[], params: Record<string, unknown>): ListResult<DocumentRow> {
  const query = listQueryOf(params, DOCUMENT_FIELDS, BY_NAME);
  return runQuery(entries.map(documentRow), query);
}

/**
 * A row of the versions list: the meta, plus when it last changed status (published, else created)
 * and — for admins only, who alone get authors — by whom.
 */
export type VersionRow = DocumentMeta & { changedAt: string; author?: string };

const VERSION_COLUMNS = ['version', 'status', 'hash', 'createdAt', 'publishedAt', 'changedAt'];
const AUTHOR_COLUMNS = ['createdBy', 'publishedBy', 'author'];
const NEWEST_FIRST: SortKey[] = [{ field: 'version', direction: 'desc' }];

/** Readers who may not see authors may not filter or sort on them either (a filter would reveal them). */
function versionFields(withAuthors: boolean): QueryableFields {
  const fields = withAuthors ? [...VERSION_COLUMNS, ...AUTHOR_COLUMNS] : VERSION_COLUMNS;
  return { filterable: fields, sortable: fields };
}

function versionRow(meta: DocumentMeta, withAuthors: boolean): VersionRow {
  const changedAt = meta.publishedAt ?? meta.createdAt;
  if (!withAuthors || !('createdBy' in meta)) return { ...meta, changedAt };
  return { ...meta, changedAt, author: meta.publishedBy ?? meta.createdBy };
}

/** One page of the versions the caller may see, newest first unless asked otherwise. */
export function versionsPage(
  versions: DocumentMeta[],
  withAuthors: boolean,
  params: Record<string, unknown>,
): ListResult<VersionRow> {
  const query = listQueryOf(params, versionFields(withAuthors), NEWEST_FIRST);
  return runQuery(
    versions.map((meta) => versionRow(meta, withAuthors)),
    query,
  );
}
