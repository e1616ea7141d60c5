/** Validates config document files ({kind, id, body}) the way publishing does; exit 1 on any problem. */
import fs from 'node:fs';
import { validateDocument } from '../core/documents/validate';

let failed = false;
for (const file of process.argv.slice(2)) {
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  const problems = validateDocument(doc);
  failed ||= problems.length > 0;
  console.log(
    problems.length ? `${file}:\n${problems.map((p) => `  ${p.path || '/'}: ${p.message}`).join('\n')}` : `${file}: ok`,
  );
}
process.exitCode = failed ? 1 : 0;
