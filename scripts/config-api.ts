/**
 * What the document scripts share: reading `{ kind, id, body }` files, signing in as an admin and
 * asking the running app's dry run of publishing (POST /config/v1/documents/:kind/:id/validate),
 * so the scripts' verdict is the server's, with what it has published, never a weaker local check.
 */
import fs from 'node:fs';

export interface DocumentFile {
  file: string;
  kind: string;
  id: string;
  body: unknown;
}

export interface Problem {
  path?: string;
  message?: string;
  code?: string;
  params?: Record<string, string>;
}

/** The document of a file, or why it cannot be read. */
export function readDocumentFile(file: string): DocumentFile | { file: string; error: string } {
  try {
    const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as { kind?: unknown; id?: unknown; body?: unknown };
    return { file, kind: String(doc.kind), id: String(doc.id), body: doc.body };
  } catch (error) {
    return { file, error: `cannot be read as JSON (${(error as Error).message})` };
  }
}

/** A session token for an admin; throws with the status when the sign-in is refused. */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const answer = await fetch(`${url}/iam/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }),
  });
  const json = (await answer.json().catch(() => ({}))) as { content?: { token?: string }; code?: string };
  if (!answer.ok || !json.content?.token) throw new Error(`sign-in refused: ${answer.status} ${json.code ?? ''}`);
  return json.content.token;
}

/** The problems publishing would answer for this document, in `language`; throws when the app refuses the call. */
export async function dryRun(url: string, token: string, doc: DocumentFile, language = 'en'): Promise<Problem[]> {
  const path = `${url}/config/v1/documents/${encodeURIComponent(doc.kind)}/${encodeURIComponent(doc.id)}/validate`;
  const answer = await fetch(path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': language },
    body: JSON.stringify({ body: doc.body }),
  });
  const json = (await answer.json().catch(() => ({}))) as { content?: { problems?: Problem[] }; code?: string };
  if (!answer.ok || !json.content?.problems) {
    // an unknown kind or a malformed id is refused before the check: it is a problem of the file
    if (answer.status === 400 || answer.status === 404)
      return [{ path: '/', message: `refused: ${json.code ?? answer.status}` }];
    throw new Error(`dry run refused: ${answer.status} ${json.code ?? ''}`);
  }
  return json.content.problems;
}

/** A file's problems, one per line under its name. */
export function problemLines(file: string, problems: readonly Problem[]): string {
  return `${file}:\n${problems.map((p) => `  ${p.path || '/'}: ${p.message}`).join('\n')}`;
}
