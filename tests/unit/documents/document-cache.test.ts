import { describe, expect, it } from 'vitest';
import type { ConfigDocument } from '../../../core/documents/document.types';
import { DocumentCache } from '../../../server/config/document-cache';

const version = (n: number, width: number): ConfigDocument => ({
  kind: 'shell-settings',
  id: 'app',
  version: n,
  status: 'published',
  body: { navbar: { width } },
  createdBy: 'admin@demo.test',
  createdAt: '2024-01-01T00:00:00.000Z',
  publishedBy: 'admin@demo.test',
  publishedAt: '2024-01-01T00:00:00.000Z',
  hash: `h${n}`,
});

describe('document cache', () => {
  it('keeps the later version when reloads finish out of order, and rebuilds the app bundle', () => {
    const cache = new DocumentCache();
    expect(cache.offer(version(1, 100))).toBe(true);
    const first = cache.appBundle();
    expect(cache.offer(version(3, 300))).toBe(true);
    expect(cache.offer(version(2, 200))).toBe(false);
    expect(cache.offer(version(3, 300))).toBe(false);
    expect(cache.get('shell-settings', 'app')?.document.version).toBe(3);
    const bundle = cache.appBundle();
    expect(bundle.etag).not.toBe(first.etag);
    expect(JSON.parse(bundle.json.toString()).versions.shell).toBe(3);
  });
});
