import { describe, expect, it } from 'vitest';
import { largestDataUrlBytes, UPLOAD_OF_INTEREST_BYTES } from '../../../core/http/upload-size';

const dataUrl = (bytes: number, name = 'f.bin') =>
  `data:application/octet-stream;name=${name};base64,${Buffer.alloc(bytes, 7).toString('base64')}`;

describe('largestDataUrlBytes (the upload-error check, shell §9)', () => {
  it('measures the decoded size of each base64 data URL in a JSON body and answers the largest', () => {
    for (const bytes of [0, 1, 2, 3, 100_000, 100_001]) {
      expect(largestDataUrlBytes(JSON.stringify({ file: dataUrl(bytes) }))).toBe(bytes);
    }
    const body = JSON.stringify({ a: dataUrl(10), list: [dataUrl(150_000, 'big.pdf'), dataUrl(99)], title: 'x' });
    expect(largestDataUrlBytes(body)).toBe(150_000);
    expect(largestDataUrlBytes(body)).toBeGreaterThan(UPLOAD_OF_INTEREST_BYTES);
  });

  it('finds no file in text without a base64 data URL', () => {
    expect(largestDataUrlBytes('{"note":"data:text/plain,hello"}')).toBe(0);
    expect(largestDataUrlBytes('')).toBe(0);
    expect(largestDataUrlBytes('{"text":"base64,AAAA"}')).toBe(0);
  });
});
