import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, checksumOf } from '../../../server/store/store-checksum';

describe('canonicalJson', () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
  });

  it('parses back to the same value as JSON.stringify does, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});

describe('checksumOf', () => {
  const records: ({ id: string } & Record<string, unknown>)[] = [
    { id: 'b', name: 'Beta', tags: ['x'] },
    { id: 'a', name: 'Alpha', nested: { one: 1, two: 2 } },
  ];

  it('ignores record order and key order (what jsonb changes)', () => {
    const reordered = [
      { nested: { two: 2, one: 1 }, name: 'Alpha', id: 'a' },
      { tags: ['x'], name: 'Beta', id: 'b' },
    ];
    expect(checksumOf(reordered)).toEqual(checksumOf(records));
    expect(checksumOf(records).count).toBe(2);
  });

  it('changes with one changed value, a missing record or a renamed id', () => {
    const base = checksumOf(records).checksum;
    expect(checksumOf([records[0], { ...records[1], name: 'alpha' }]).checksum).not.toBe(base);
    expect(checksumOf([records[0]]).checksum).not.toBe(base);
    expect(checksumOf([records[0], { ...records[1], id: 'c' }]).checksum).not.toBe(base);
    expect(checksumOf([records[0], { ...records[1], tags: [] }]).checksum).not.toBe(base);
  });
});
