import jsonLogic from 'json-logic-js';
import type { DocumentProblem } from '../documents/document.types';
import type { JsonLogicRule } from './rule.types';

/**
 * The vetted json-logic operation set (architecture 'Rules'): every standard operation except
 * `log` (it writes to the console). `checkRule` rejects anything else at publish time and
 * `applyRule` refuses to run it, so operations added to the json-logic-js singleton elsewhere
 * can never be reached through our documents.
 */
export const ALLOWED_OPERATIONS: readonly string[] = Object.freeze([
  'var',
  'missing',
  'missing_some',
  'if',
  '?:',
  '==',
  '===',
  '!=',
  '!==',
  '!',
  '!!',
  'or',
  'and',
  '>',
  '>=',
  '<',
  '<=',
  'max',
  'min',
  '+',
  '-',
  '*',
  '/',
  '%',
  'map',
  'reduce',
  'filter',
  'all',
  'none',
  'some',
  'merge',
  'in',
  'cat',
  'substr',
]);

const allowed = new Set(ALLOWED_OPERATIONS);

/** Property names `var` refuses even when a document or data object holds them as own keys. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Reads a dotted path from data, descending only through own properties of objects and arrays. */
export function lookup(data: unknown, path: unknown, notFound: unknown): unknown {
  if (path === undefined || path === null || path === '') return data;
  let current: unknown = data;
  for (const key of String(path).split('.')) {
    if (current === null || typeof current !== 'object') return notFound;
    if (FORBIDDEN_KEYS.has(key) || !Object.hasOwn(current, key)) return notFound;
    current = (current as Record<string, unknown>)[key];
    if (current === undefined) return notFound;
  }
  return current;
}

function safeVar(this: unknown, path?: unknown, fallback?: unknown): unknown {
  return lookup(this, path, fallback === undefined ? null : fallback);
}

function safeMissing(this: unknown, ...args: unknown[]): unknown[] {
  const keys = Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
  const result: unknown[] = [];
  for (const key of keys) {
    const value = lookup(this, key, null);
    if (value === null || value === '') result.push(key);
  }
  return result;
}

function safeMissingSome(this: unknown, needCount: unknown, options: unknown): unknown[] {
  const keys = Array.isArray(options) ? options : [];
  const missing = safeMissing.call(this, keys);
  return keys.length - missing.length >= Number(needCount) ? [] : missing;
}

// json-logic-js is a module singleton: harden it once. The replacements behave exactly like the
// originals for own properties (the conformance file proves it) and never read inherited ones.
jsonLogic.add_operation('var', safeVar);
jsonLogic.add_operation('missing', safeMissing);
jsonLogic.add_operation('missing_some', safeMissingSome);
jsonLogic.rm_operation('log');

/** Escapes one JSON-pointer segment (RFC 6901). */
export function pointerSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** json-logic's own test for "this value is an operation": a plain object with exactly one key. */
function isOperation(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 1;
}

/**
 * Walks a rule and reports every operation outside ALLOWED_OPERATIONS, with the JSON pointer of
 * the object that names it (`path` is the pointer of the rule itself). Objects with other than one
 * key are literals for json-logic and are not evaluated, so they are not walked.
 */
export function checkRule(rule: unknown, path = ''): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  const walk = (node: unknown, at: string): void => {
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index += 1) walk(node[index], `${at}/${index}`);
      return;
    }
    if (!isOperation(node)) return;
    const op = Object.keys(node)[0];
    if (!allowed.has(op)) {
      problems.push({ path: at, message: `operation "${op}" is not allowed` });
    }
    walk(node[op], `${at}/${pointerSegment(op)}`);
  };
  walk(rule, path);
  return problems;
}

/**
 * Evaluates a json-logic rule against data with the vetted operation set. Throws when the rule
 * uses an operation that is not allowed (callers such as guards treat a throw as "deny"). The
 * check runs on every call (it costs no more than the evaluation) so a rule object edited in
 * place can never slip past it.
 */
export function applyRule(rule: JsonLogicRule | unknown, data: unknown): unknown {
  const problems = checkRule(rule);
  if (problems.length > 0) {
    const first = problems[0];
    throw new Error(`Rule refused at ${first.path || '/'}: ${first.message}`);
  }
  return jsonLogic.apply(rule as never, data);
}

/** json-logic truthiness: like JavaScript, except that an empty array is false. */
export function truthy(value: unknown): boolean {
  if (Array.isArray(value) && value.length === 0) return false;
  return Boolean(value);
}
