import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Module → the modules it imports (both as paths). */
export type ImportGraph = Map<string, string[]>;

/** Every .ts/.tsx file under dir (declaration files aside). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolveRelative(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const IMPORT =
  /^\s*import\s+(type\s+)?((?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*\s+as\s+[\w$]+)?)\s*from\s*['"]([^'"]+)['"]/gm;
const SIDE_EFFECT_IMPORT = /^\s*import\s*['"]([^'"]+)['"]/gm;
const RE_EXPORT = /^\s*export\s+(type\s+)?(?:\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?)\s*from\s*['"]([^'"]+)['"]/gm;

/** `{ type A, type B }` and nothing else: erased like `import type`. */
function onlyTypes(clause: string): boolean {
  const named = clause.trim().match(/^\{([^}]*)\}$/);
  if (!named) return false;
  const names = named[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

/** Which imports count: those that run at load time, or those and the type-only ones too. */
export interface ImportScope {
  /** Count `import type`, `{ type A }` and `export type … from` as well (default false). */
  types?: boolean;
}

/**
 * The relative imports a module runs when it loads: static `import` and `export … from`, leaving
 * out `import type` (erased, unless `scope.types`) and `import()` (loaded later, so it cannot close
 * a cycle at load time). Read with regular expressions over the source without comments:
 * TypeScript 7 has no JS API.
 */
export function loadTimeImports(file: string, scope: ImportScope = {}): string[] {
  const source = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const specifiers: string[] = [];
  for (const [, type, clause, specifier] of source.matchAll(IMPORT)) {
    if (scope.types || (!type && !onlyTypes(clause))) specifiers.push(specifier);
  }
  for (const [, specifier] of source.matchAll(SIDE_EFFECT_IMPORT)) specifiers.push(specifier);
  for (const [, type, specifier] of source.matchAll(RE_EXPORT)) if (scope.types || !type) specifiers.push(specifier);
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolveRelative(file, specifier))
    .filter((target): target is string => target !== null);
}

/** The load-time imports (with `scope.types`, type-only ones too) among the files (imports of other files left out). */
export function fileGraph(files: string[], scope: ImportScope = {}): ImportGraph {
  const inScope = new Set(files);
  return new Map(files.map((file) => [file, loadTimeImports(file, scope).filter((target) => inScope.has(target))]));
}

/** The first folder under root a file lives in ('.' for root's own files). */
export function folderOf(root: string, file: string): string {
  const parts = relative(root, file).split(/[\\/]/);
  return parts.length > 1 ? parts[0] : '.';
}

/** Folder → the folders its files import, with one file import standing for each edge. */
export function folderGraph(root: string, files: ImportGraph): { graph: ImportGraph; example: Map<string, string> } {
  const graph: ImportGraph = new Map();
  const example = new Map<string, string>();
  for (const [file, targets] of files) {
    const from = folderOf(root, file);
    if (!graph.has(from)) graph.set(from, []);
    for (const target of targets) {
      const to = folderOf(root, target);
      if (to === from || graph.get(from)?.includes(to)) continue;
      graph.get(from)?.push(to);
      example.set(`${from} -> ${to}`, `${relative(root, file)} -> ${relative(root, target)}`);
    }
  }
  return { graph, example };
}

/** Cycles met by a depth-first walk, each as its nodes in import order: empty exactly when there are none. */
export function cyclesIn(graph: ImportGraph): string[][] {
  const cycles = new Map<string, string[]>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const target of graph.get(node) ?? []) {
      if (state.get(target) === 'open') {
        const cycle = stack.slice(stack.indexOf(target));
        cycles.set([...cycle].sort().join('|'), cycle);
      } else if (!state.has(target)) visit(target);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return [...cycles.values()];
}
