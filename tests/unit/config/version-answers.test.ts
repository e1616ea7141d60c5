import { describe, expect, it } from 'vitest';
import type { ConfigDocument } from '../../../core/documents/document.types';
import { VersionAnswers } from '../../../server/config/document-cache';
import { reusedEncoding } from '../../../server/http/compression';

const version = (n: number, status: ConfigDocument['status'] = 'published'): ConfigDocument => ({
  kind: 'questionnaire',
  id: 'saq-test',
  version: n,
  status,
  body: { questions: Array.from({ length: 200 }, (_, i) => ({ id: `q${i}`, text: `Question ${i} of version ${n}` })) },
  createdBy: 'author@demo.test',
  createdAt: '2026-11-29T00:00:00.000Z',
  hash: `hash-${n}`,
  publishedBy: 'approver@demo.test',
});

describe('the answers of versions read by number', () => {
  it('are made once and kept with their compressed bytes', () => {
    const answers = new VersionAnswers();
    const first = answers.for(version(1));
    const { bytes } = reusedEncoding(first, 'br');
    const again = answers.for(version(1));
    expect(again).toBe(first);
    // the brotli bytes made for the first read serve the second
    expect(reusedEncoding(again, 'br').bytes).toBe(bytes);
    expect(JSON.parse(first.json.toString())).not.toHaveProperty('createdBy');
  });

  it('change with the status, so a retired version is not answered as published', () => {
    const answers = new VersionAnswers();
    const published = answers.for(version(2));
    const retired = answers.for(version(2, 'retired'));
    expect(retired).not.toBe(published);
    expect(retired.etag).not.toBe(published.etag);
    expect(JSON.parse(retired.json.toString()).status).toBe('retired');
  });

  it('keep the most recently asked when there are many, and let the least recent go', () => {
    const answers = new VersionAnswers();
    const kept = answers.for(version(1));
    const second = answers.for(version(2));
    for (let n = 3; n <= 100; n++) {
      answers.for(version(n));
      answers.for(version(1)); // asked again each time: never the least recent
    }
    expect(answers.for(version(1))).toBe(kept);
    // 98 versions asked since, more than are kept: made again
    expect(answers.for(version(2))).not.toBe(second);
  });
});
