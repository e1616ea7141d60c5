import { describe, expect, it } from 'vitest';
import { applyRule, truthy } from '../../../core/rules/jsonlogic';
import { compileLogic } from '../../../core/transaction-monitoring/compile-logic';
import { generatedLogic, generatedTest, tracedRules } from '../../../core/transaction-monitoring/generate-logic';
import type { TraceEntry } from '../../../core/transaction-monitoring/tm.types';
import conformance from '../rules/jsonlogic-tests.json';

type Case = [unknown, unknown, unknown];
const cases = (conformance as unknown[]).filter((entry): entry is Case => Array.isArray(entry));

describe('compiled json-logic against json-logic-js (the official conformance cases)', () => {
  it.each(cases.map((entry, index) => [index, ...entry] as const))(
    'case %i: %j with %j',
    (_i, rule, data, expected) => {
      const compiled = compileLogic(rule)(data);
      expect(compiled).toEqual(expected);
      expect(compiled).toEqual(applyRule(rule, data));
    },
  );

  it.each(cases.map((entry, index) => [index, ...entry] as const))(
    "case %i generated (the engine's code): %j with %j",
    (_i, rule, data, expected) => {
      const value = generatedLogic(rule);
      const holds = generatedTest(rule);
      expect(value(data)).toEqual(expected);
      expect(holds(data)).toBe(truthy(expected));
    },
  );

  it.each(cases.map((entry, index) => [index, ...entry] as const))(
    "case %i traced (the engine's trace): %j with %j",
    (_i, rule, data, expected) => {
      const reported: Record<string, unknown> = {};
      compileLogic(rule, {}, (path, value) => {
        reported[path] = value;
      })(data);
      const [traced] = tracedRules([{ id: 'r', group: 'g', score: 1, when: rule }], { reads: undefined });
      const trace: TraceEntry[] = [];
      traced(data as object, undefined, undefined, trace);
      expect(trace).toEqual([
        { ruleId: 'r', group: 'g', score: 1, outcome: truthy(expected) ? 'hit' : 'noHit', reads: reported },
      ]);
      expect(Object.keys(trace[0].reads)).toEqual(Object.keys(reported));
    },
  );

  it('refuses an operation outside the vetted set (log) at compile time', () => {
    expect(() => compileLogic({ log: 1 })).toThrow(/not allowed/);
  });

  it('never reads inherited properties', () => {
    expect(compileLogic({ var: 'constructor.constructor' })({})).toBeNull();
  });

  it('reports the root reads it made, not those inside a map', () => {
    const reads: Record<string, unknown> = {};
    const rule = compileLogic(
      { and: [{ '>': [{ var: 'amount' }, 10] }, { map: [{ var: 'items' }, { var: 'x' }] }] },
      {},
      (path, value) => {
        reads[path] = value;
      },
    );
    rule({ amount: 20, items: [{ x: 1 }] });
    expect(reads).toEqual({ amount: 20, items: [{ x: 1 }] });
  });
});
