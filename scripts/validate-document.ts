/**
 * Checks config document files ({kind, id, body}) with the running app's dry run of publishing —
 * the very check a publish makes, against what that app has published — and prints every problem
 * of every file with its JSON pointer, or `ok`:
 *
 *   PAYSEC_PASSWORD=… npx tsx scripts/validate-document.ts --url http://localhost:4100 --email admin@demo.test [--lang tr] FILE…
 *
 * Exit 0 when all are clean, 1 on a problem, 2 on bad usage.
 */
import { parseArgs } from 'node:util';
import { dryRun, problemLines, readDocumentFile, signIn } from './config-api';

export interface ValidateOptions {
  url: string;
  email: string;
  password: string;
  files: string[];
  /** The language of the problems' texts (en, tr). */
  language?: string;
  log?: (line: string) => void;
}

/** Every problem of every file, as the server's dry run answers it; true when all are clean. */
export async function validateDocuments({ url, email, password, files, language, log = console.log }: ValidateOptions) {
  const token = await signIn(url, email, password);
  let clean = true;
  for (const file of files) {
    const doc = readDocumentFile(file);
    const problems = 'error' in doc ? [{ path: '/', message: doc.error }] : await dryRun(url, token, doc, language);
    clean &&= problems.length === 0;
    log(problems.length ? problemLines(file, problems) : `${file}: ok`);
  }
  return clean;
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      url: { type: 'string', default: 'http://localhost:4100' },
      email: { type: 'string' },
      lang: { type: 'string', default: 'en' },
    },
  });
  const password = process.env.PAYSEC_PASSWORD;
  if (!values.email || !password || positionals.length === 0) {
    console.error(
      'usage: PAYSEC_PASSWORD=… npx tsx scripts/validate-document.ts --url URL --email ADMIN [--lang tr] FILE…',
    );
    process.exitCode = 2;
    return;
  }
  const clean = await validateDocuments({
    url: values.url.replace(/\/$/, ''),
    email: values.email,
    password,
    files: positionals,
    language: values.lang,
  });
  process.exitCode = clean ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error((error as Error).message);
    process.exitCode = 1;
  });
}
