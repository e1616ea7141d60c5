import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_PREFIXES } from '../../../server/http/spa';

/**
 * The service worker's static routes (client/public/sw-routes.js) name the paths it skips: every
 * API prefix but the published documents it keeps network-first (config, tooltip), and the built
 * files. A prefix added to the server and forgotten there would still work, through the worker.
 */
describe('the service worker skips', () => {
  const source = readFileSync('client/public/sw-routes.js', 'utf8');
  const listed = JSON.parse(
    (/const NETWORK = (\[[^\]]*\]);/.exec(source)?.[1] ?? '[]').replaceAll("'", '"'),
  ) as string[];

  it('every API prefix but the documents it keeps, and the built files', () => {
    const kept = ['config', 'tooltip'];
    expect([...listed].sort()).toEqual([...API_PREFIXES.filter((prefix) => !kept.includes(prefix)), 'assets'].sort());
  });

  it('by static routes to the network, added when the worker installs', () => {
    expect(source).toMatch(/addEventListener\('install'/);
    expect(source).toMatch(/addRoutes\(/);
    expect(source).toMatch(/source: 'network'/);
  });
});
