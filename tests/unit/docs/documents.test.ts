import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateDocument } from '../../../core/documents/validate';

// Every ```json block of the analysts' guide (docs/documents/, one page per kind) must be a valid
// document, so the guide cannot rot.
const dir = 'docs/documents';
const guide = fs
  .readdirSync(dir)
  .filter((name) => name.endsWith('.md'))
  .sort()
  .map((name) => fs.readFileSync(`${dir}/${name}`, 'utf8'))
  .join('\n');
const blocks = [...guide.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]);

describe('docs/documents/ examples', () => {
  it('has an example for every document kind', () => {
    const kinds = new Set(blocks.map((b) => JSON.parse(b).kind));
    expect([...kinds].sort()).toEqual([
      'eligibility-rules',
      'form',
      'landing-rules',
      'list',
      'menus',
      'mmsp-rules',
      'onboarding-warnings',
      'page',
      'price-list',
      'questionnaire',
      'resource',
      'role-groups',
      'routes',
      'sanctions-bands',
      'scan-requirements',
      'tm-rules',
      'tooltips',
      'wizard',
      'workflow',
    ]);
  });
  it.each(blocks.map((b, i) => [i, b]))('example %i is valid', (_i, block) => {
    expect(validateDocument(JSON.parse(block as string))).toEqual([]);
  });
});
