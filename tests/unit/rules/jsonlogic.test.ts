import { describe, expect, it } from 'vitest';
import { ALLOWED_OPERATIONS, applyRule, checkRule, truthy } from '../../../core/rules/jsonlogic';
import conformance from './jsonlogic-tests.json';

type Case = [unknown, unknown, unknown];
const cases = (conformance as unknown[]).filter((entry): entry is Case => Array.isArray(entry));

describe('json-logic conformance (jsonlogic.com/tests.json)', () => {
  it('ships all 277 official cases', () => {
    expect(cases).toHaveLength(277);
    expect((conformance as unknown[]).filter((entry) => typeof entry === 'string').length).toBeGreaterThan(0);
  });

  it.each(cases.map((entry, index) => [index, ...entry] as const))(
    'case %i: %j with %j gives %j',
    (_i, rule, data, expected) => {
      expect(applyRule(rule, data)).toEqual(expected);
    },
  );

  it('treats a non-array filter source as empty (json-logic-js behaviour kept)', () => {
    expect(applyRule({ filter: [{ var: 'integers' }, true] }, { integers: 123 })).toEqual([]);
  });
});

describe('var and missing read own properties only', () => {
  const inherited = ['constructor', '__proto__', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

  it.each(inherited)('var "%s" on a plain object is null', (name) => {
    expect(applyRule({ var: name }, { a: 1 })).toBeNull();
    expect(applyRule({ var: [name, 'fallback'] }, {})).toBe('fallback');
  });

  it.each(inherited)('nested var "a.%s" and "a.%s.x" are null', (name) => {
    expect(applyRule({ var: `a.${name}` }, { a: { b: 1 } })).toBeNull();
    expect(applyRule({ var: `a.${name}.name` }, { a: {} })).toBeNull();
    expect(applyRule({ var: `list.${name}` }, { list: [1, 2] })).toBeNull();
  });

  it('cannot reach Function through constructor.constructor', () => {
    expect(applyRule({ var: 'constructor.constructor' }, {})).toBeNull();
    expect(applyRule({ var: 'a.constructor.constructor' }, { a: 'text' })).toBeNull();
  });

  it('refuses __proto__ and constructor even as own keys (JSON.parse makes them own)', () => {
    const data = JSON.parse('{"__proto__": {"x": 1}, "constructor": {"y": 2}, "prototype": 3}');
    expect(applyRule({ var: '__proto__.x' }, data)).toBeNull();
    expect(applyRule({ var: 'constructor.y' }, data)).toBeNull();
    expect(applyRule({ var: 'prototype' }, data)).toBeNull();
  });

  it('does not read properties of primitives (length, string indexes)', () => {
    expect(applyRule({ var: 'length' }, 'abc')).toBeNull();
    expect(applyRule({ var: 'a.length' }, { a: 'abc' })).toBeNull();
  });

  it('still reads own keys and array indexes', () => {
    expect(applyRule({ var: 'a.toStringX' }, { a: { toStringX: 5 } })).toBe(5);
    expect(applyRule({ var: 'toString' }, { toString: 'own' })).toBe('own');
    expect(applyRule({ var: 'list.1' }, { list: ['x', 'y'] })).toBe('y');
  });

  it('missing and missing_some count inherited names as missing', () => {
    expect(applyRule({ missing: ['constructor', 'toString', '__proto__', 'a'] }, { a: 1 })).toEqual([
      'constructor',
      'toString',
      '__proto__',
    ]);
    expect(applyRule({ missing: ['a.constructor'] }, { a: {} })).toEqual(['a.constructor']);
    expect(applyRule({ missing_some: [1, ['toString', 'valueOf']] }, {})).toEqual(['toString', 'valueOf']);
  });

  it('a var whose path is computed is still checked', () => {
    expect(applyRule({ var: { cat: ['con', 'structor'] } }, {})).toBeNull();
  });
});

describe('checkRule', () => {
  it('accepts every allowed operation', () => {
    for (const op of ALLOWED_OPERATIONS) expect(checkRule({ [op]: [] })).toEqual([]);
  });

  it('excludes log', () => {
    expect(ALLOWED_OPERATIONS).not.toContain('log');
    expect(checkRule({ log: 'x' })).toEqual([{ path: '', message: 'operation "log" is not allowed' }]);
  });

  it('reports disallowed and unknown operations with JSON-pointer paths', () => {
    const rule = { and: [{ '==': [1, 1] }, { if: [{ eval: 'x' }, { 'a/b': 1 }, { 'fives.add': 2 }] }] };
    expect(checkRule(rule, '/routes/3/guard/rule')).toEqual([
      { path: '/routes/3/guard/rule/and/1/if/0', message: 'operation "eval" is not allowed' },
      { path: '/routes/3/guard/rule/and/1/if/1', message: 'operation "a/b" is not allowed' },
      { path: '/routes/3/guard/rule/and/1/if/2', message: 'operation "fives.add" is not allowed' },
    ]);
  });

  it('escapes operation names in paths (RFC 6901)', () => {
    expect(checkRule({ '/': [{ nope: 1 }, 2] })).toEqual([
      { path: '/~1/0', message: 'operation "nope" is not allowed' },
    ]);
  });

  it('finds operations inside array rules and var arguments', () => {
    expect(checkRule([1, { var: { constructor: 1 } }])).toEqual([
      { path: '/1/var', message: 'operation "constructor" is not allowed' },
    ]);
  });

  it('does not walk literal objects (more than one key), as json-logic does not evaluate them', () => {
    expect(checkRule({ a: { eval: 1 }, b: 2 })).toEqual([]);
  });
});

describe('applyRule refuses disallowed operations', () => {
  it.each([{ log: 'hello' }, { eval: '1+1' }, { and: [true, { method: ['x', 'toString'] }] }])('%j throws', (rule) => {
    expect(() => applyRule(rule, {})).toThrow(/not allowed/);
  });

  it('refuses operations another module added to the json-logic-js singleton', async () => {
    const jsonLogic = (await import('json-logic-js')).default;
    jsonLogic.add_operation('sneaky', () => 'ran');
    try {
      expect(() => applyRule({ sneaky: [] }, {})).toThrow('operation "sneaky" is not allowed');
    } finally {
      jsonLogic.rm_operation('sneaky');
    }
  });

  it('re-checks a rule edited in place after a first run', () => {
    const rule: Record<string, unknown> = { '==': [1, 1] };
    expect(applyRule(rule, {})).toBe(true);
    rule['=='] = [{ log: 1 }, 1];
    expect(() => applyRule(rule, {})).toThrow(/log/);
  });
});

describe('truthy', () => {
  it.each([
    [[], false],
    [[0], true],
    [0, false],
    ['', false],
    ['0', true],
    [null, false],
    [{}, true],
  ])('%j is %s', (value, expected) => {
    expect(truthy(value)).toBe(expected);
  });
});
