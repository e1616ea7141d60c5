/** Every finding a check can report, every check, group and status has its title in en and tr. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import tr from '../../../locales/tr.json';
import { CHECK_GROUPS } from '../../../core/scans/status.utils';
import { ROOT } from '../support/app-documents';

const source = (dir: string): string =>
  readdirSync(dir, { withFileTypes: true })
    .map((entry) =>
      entry.isDirectory()
        ? source(join(dir, entry.name))
        : entry.name.endsWith('.ts')
          ? readFileSync(join(dir, entry.name), 'utf8')
          : '',
    )
    .join('\n');

const checks = source(join(ROOT, 'server/scans'));
const headerTests = readFileSync(join(ROOT, 'core/scans/headers-score.ts'), 'utf8');
const findingIds = [
  ...[...checks.matchAll(/finding\(\s*'([a-z0-9_]+)'/g)].map((m) => m[1]),
  // security_headers turns each negative Observatory test into header_<test>
  ...[...headerTests.matchAll(/test: '([a-z0-9-]+)', modifier: -\d+/g)].map(
    (m) => `header_${m[1].replaceAll('-', '_')}`,
  ),
];

describe('scan locale keys', () => {
  it('finds the findings to check', () => {
    expect(findingIds.length).toBeGreaterThan(60);
  });

  it.each([
    ['en', en],
    ['tr', tr],
  ] as const)('%s has a title for every finding, check, group and status', (_name, locale) => {
    const scan = locale.scan as Record<string, Record<string, string>>;
    expect(findingIds.filter((id) => !scan.finding[id])).toEqual([]);
    expect(Object.keys(CHECK_GROUPS).filter((check) => !scan.check[check])).toEqual([]);
    expect([...new Set(Object.values(CHECK_GROUPS))].filter((group) => !scan.group[group])).toEqual([]);
    expect(['pass', 'not_recommended', 'fail', 'not_measurable', 'error'].filter((s) => !scan.status[s])).toEqual([]);
  });
});
