/**
 * Publishes config document files ({kind, id, body}) to a running app, e.g. a new SAQ version:
 *
 *   npx tsx scripts/publish-document.ts --url http://localhost:4100 --email admin@demo.test FILE…
 *
 * The password comes from PAYSEC_PASSWORD (never a flag: it would stay in the shell history).
 * Each file is first checked by the app's dry run of publishing (scripts/config-api.ts), and every
 * problem of every file is printed; only when all are clean is anything stored (a draft, then its
 * publish). Exit 0 when all were published, 1 on a problem or a refusal (the service's problems
 * printed), 2 on bad usage.
 */
import { parseArgs } from 'node:util';
import { type DocumentFile, dryRun, problemLines, readDocumentFile, signIn } from './config-api';

export interface PublishOptions {
  url: string;
  email: string;
  password: string;
  files: string[];
  log?: (line: string) => void;
}

/**
 * Reads every file and asks the app's dry run for each; answers the documents, or null after printing
 * every problem. A reference to a document an earlier file of this batch publishes is no problem: the
 * server judges it again when this file's turn comes, after that one is published.
 */
async function readChecked(url: string, token: string, files: string[], log: (line: string) => void) {
  const documents: DocumentFile[] = [];
  const read = files.map(readDocumentFile);
  const earlier = (index: number, kind?: string, id?: string) =>
    read.slice(0, index).some((doc) => !('error' in doc) && doc.kind === kind && doc.id === id);
  let clean = true;
  for (const [index, doc] of read.entries()) {
    const file = doc.file;
    const problems =
      'error' in doc
        ? [{ path: '/', message: doc.error }]
        : (await dryRun(url, token, doc)).filter(
            (p) => !(p.code === 'notPublished' && earlier(index, p.params?.kind, p.params?.id)),
          );
    if (problems.length > 0 || 'error' in doc) {
      clean = false;
      log(problemLines(file, problems));
      continue;
    }
    documents.push(doc);
  }
  return clean ? documents : null;
}

/** The service's problems of a refused publish, one per line. */
function refusal(status: number, json: { code?: string; problems?: { path?: string; message?: string }[] }): string {
  const problems = (json.problems ?? []).map((p) => `  ${p.path || '/'}: ${p.message}`).join('\n');
  return `refused: ${status} ${json.code ?? ''}${problems ? `\n${problems}` : ''}`;
}

/** Publishes every file as the next version of its document; true when all were published. */
export async function publishDocuments({ url, email, password, files, log = console.log }: PublishOptions) {
  const token = await signIn(url, email, password);
  const documents = await readChecked(url, token, files, log);
  if (!documents) return false;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  let allPublished = true;
  for (const { file, kind, id, body } of documents) {
    const base = `${url}/config/v1/documents/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;
    const draft = await fetch(`${base}/drafts`, { method: 'POST', headers, body: JSON.stringify({ body }) });
    const drafted = (await draft.json().catch(() => ({}))) as { version?: number; code?: string };
    if (!draft.ok || drafted.version === undefined) {
      log(`${file}: draft ${refusal(draft.status, drafted)}`);
      allPublished = false;
      continue;
    }
    const version = drafted.version;
    const publish = await fetch(`${base}/versions/${version}/publish`, { method: 'POST', headers });
    if (!publish.ok) {
      log(`${file}: publish ${refusal(publish.status, await publish.json().catch(() => ({})))}`);
      allPublished = false;
      continue;
    }
    log(`${file}: published ${kind}/${id} version ${version}`);
  }
  return allPublished;
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { url: { type: 'string', default: 'http://localhost:4100' }, email: { type: 'string' } },
  });
  const password = process.env.PAYSEC_PASSWORD;
  if (!values.email || !password || positionals.length === 0) {
    console.error('usage: PAYSEC_PASSWORD=… npx tsx scripts/publish-document.ts --url URL --email ADMIN FILE…');
    process.exitCode = 2;
    return;
  }
  const published = await publishDocuments({
    url: values.url.replace(/\/$/, ''),
    email: values.email,
    password,
    files: positionals,
  });
  process.exitCode = published ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error((error as Error).message);
    process.exitCode = 1;
  });
}
