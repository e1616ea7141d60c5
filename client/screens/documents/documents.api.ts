import type { ConfigDocument, DocumentProblem, ServedDocument } from '../../../core/documents/document.types';
import { config } from '../../api/clients';
import { contentOrSelf, failureOf } from '../../api/http';

/** Version meta without the body (GET …/versions, the plain array; an admin, who alone opens the editor, gets the authors). */
export type VersionMeta = Omit<ConfigDocument, 'body'>;

const base = (kind: string, id: string) => `/documents/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;

/** `kind/id`, as the editor names a document. */
export const documentName = (entry: { kind: string; id: string }) => `${entry.kind}/${entry.id}`;

export const versionsKey = (kind: string, id: string) => ['config', 'documents', kind, id, 'versions'] as const;
export const versionKey = (kind: string, id: string, version: number) =>
  ['config', 'documents', kind, id, 'versions', version] as const;

export async function listVersions(kind: string, id: string): Promise<VersionMeta[]> {
  return contentOrSelf<VersionMeta[]>((await config.get(`${base(kind, id)}/versions`)).data);
}

/** One version, as readers get it (no authors); drafts only for an admin, whose token the client sends. */
export async function getVersion(kind: string, id: string, version: number): Promise<ServedDocument> {
  return contentOrSelf<ServedDocument>((await config.get(`${base(kind, id)}/versions/${version}`)).data);
}

export async function createDraft(kind: string, id: string, body: unknown): Promise<ConfigDocument> {
  return contentOrSelf<ConfigDocument>((await config.post(`${base(kind, id)}/drafts`, { body })).data);
}

export async function saveDraft(kind: string, id: string, version: number, body: unknown): Promise<ConfigDocument> {
  return contentOrSelf<ConfigDocument>((await config.put(`${base(kind, id)}/versions/${version}`, { body })).data);
}

export async function validateBody(kind: string, id: string, body: unknown): Promise<DocumentProblem[]> {
  const answer = contentOrSelf<{ problems: DocumentProblem[] }>(
    (await config.post(`${base(kind, id)}/validate`, { body })).data,
  );
  return answer.problems;
}

/** Publishes a draft; a 422 answers the problems instead of throwing. */
export async function publishVersion(
  kind: string,
  id: string,
  version: number,
): Promise<{ published: ConfigDocument } | { problems: DocumentProblem[] }> {
  try {
    return {
      published: contentOrSelf<ConfigDocument>(
        (await config.post(`${base(kind, id)}/versions/${version}/publish`)).data,
      ),
    };
  } catch (error) {
    const failure = failureOf(error);
    const problems = (axiosBody(error) as { problems?: DocumentProblem[] } | null)?.problems;
    if (failure?.status === 422 && Array.isArray(problems)) return { problems };
    throw error;
  }
}

function axiosBody(error: unknown): unknown {
  return (error as { response?: { data?: unknown } } | null)?.response?.data ?? null;
}

/** The text the editor starts from: the body, pretty-printed with two spaces. */
export function bodyText(body: unknown): string {
  return `${JSON.stringify(body, null, 2)}\n`;
}

/** Parses the editor text; a problem at the document root when it is not a JSON object. */
export function parseBody(text: string): { body: Record<string, unknown> } | { error: string } {
  try {
    const body = JSON.parse(text) as unknown;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return { error: 'notObject' };
    return { body: body as Record<string, unknown> };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
