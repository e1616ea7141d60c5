import { describe, expect, it } from 'vitest';
import { sameJson, shareRows } from '../../../client/screens/list/shareRows';

const row = (id: string, name: string) => ({ id, name, tags: ['a', { deep: id }] });
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value));

describe('shareRows (a list answer shares the rows already shown)', () => {
  it('an answer equal to the page shown, in the same order, is that page', () => {
    const shown = { items: [row('a', 'x'), row('b', 'y')], total: 2 };
    expect(shareRows(shown, copy(shown))).toBe(shown);
  });

  it('keeps the rows array of a re-sorted placeholder, without its marker', () => {
    const shown = { items: [row('b', 'y'), row('a', 'x')], total: 2, resorted: true };
    const answer = copy({ items: shown.items, total: 2 });
    const shared = shareRows(shown, answer) as typeof answer;
    expect(shared).toEqual({ items: shown.items, total: 2 });
    expect(shared.items).toBe(shown.items);
  });

  it('reuses equal rows found elsewhere by id, and takes changed and new rows from the answer', () => {
    const shown = { items: [row('a', 'x'), row('b', 'y'), row('c', 'z')], total: 3 };
    const answer = { items: [row('c', 'z'), row('b', 'changed'), row('d', 'new'), row('a', 'x')], total: 4 };
    const shared = shareRows(shown, answer) as typeof answer;
    expect(shared).toEqual(answer);
    expect(shared.items[0]).toBe(shown.items[2]);
    expect(shared.items[1]).toBe(answer.items[1]);
    expect(shared.items[2]).toBe(answer.items[2]);
    expect(shared.items[3]).toBe(shown.items[0]);
  });

  it('hands back the answer itself when it shares nothing, and leaves a re-sorted placeholder alone', () => {
    const shown = { items: [row('a', 'x')], total: 1 };
    const answer = { items: [row('b', 'y')], total: 1 };
    expect(shareRows(shown, answer)).toBe(answer);
    expect(shareRows(undefined, answer)).toBe(answer);
    const placeholder = { items: [...shown.items], total: 1, resorted: true };
    expect(shareRows(shown, placeholder)).toBe(placeholder);
  });

  it('compares JSON values deeply: arrays, nesting, missing keys', () => {
    expect(sameJson(row('a', 'x'), row('a', 'x'))).toBe(true);
    expect(sameJson({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe(false);
    expect(sameJson({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameJson([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameJson(null, {})).toBe(false);
  });
});
