import { ALLOWED_OPERATIONS } from '../rules/jsonlogic';

/** Operations whose later arguments run per element, with `var` reading the element, not the answers. */
const SCOPED = new Set(['map', 'filter', 'reduce', 'all', 'none', 'some']);
const OPERATIONS = new Set(ALLOWED_OPERATIONS);

/**
 * The answers a json-logic rule reads: the first segment of every literal `var` path (and of
 * `missing`/`missing_some` keys). `dynamic` is true when a path is computed or empty (the rule may
 * read anything), so the caller re-evaluates it on every change.
 */
export function ruleReads(rule: unknown): { reads: Set<string>; dynamic: boolean } {
  const reads = new Set<string>();
  let dynamic = false;
  const addPath = (path: unknown): void => {
    if (typeof path === 'number') path = String(path);
    if (typeof path !== 'string' || path === '') dynamic = true;
    else reads.add(path.split('.')[0]);
  };
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) walk(child);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const keys = Object.keys(node);
    if (keys.length !== 1 || !OPERATIONS.has(keys[0])) return;
    const op = keys[0];
    const args = (node as Record<string, unknown>)[op];
    const list = Array.isArray(args) ? args : [args];
    if (op === 'var') {
      addPath(list[0]);
      walk(list.slice(1));
    } else if (op === 'missing') {
      const keysRead = Array.isArray(list[0]) ? list[0] : list;
      for (const key of keysRead) addPath(key);
    } else if (op === 'missing_some') {
      for (const key of Array.isArray(list[1]) ? list[1] : []) addPath(key);
    } else if (SCOPED.has(op)) {
      walk(list[0]);
      if (op === 'reduce') walk(list[2]);
    } else {
      walk(list);
    }
  };
  walk(rule);
  return { reads, dynamic };
}
