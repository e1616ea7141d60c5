import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './support/app-documents';
import { cyclesIn, fileGraph, folderGraph, loadTimeImports, sourceFiles } from './support/import-graph';

/**
 * No import cycles: between the files of client/, core/ and server/, and between their folders.
 * client/'s folders stack from lib/ and i18n/ through session/, api/, account/ and runtime/, shell/,
 * theme/ and screens/ up to app/ (docs/architecture.md 'Folder layering'). Only imports that run at load time
 * count: an `import()` (the screen registry's lazy screens) loads later and `import type` is erased
 * — except in server/, where type-only imports count too, between files and between folders.
 */
describe('import cycles', () => {
  const fixture = mkdtempSync(join(tmpdir(), 'paysec-imports-'));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  it('the scan finds value imports and cycles, and ignores type-only and lazy imports unless told', () => {
    const write = (name: string, text: string) => writeFileSync(join(fixture, name), text);
    write('a.ts', "import { b } from './b';\nimport type { C } from './c';\nexport const a = b;\n");
    write('b.ts', "import {\n  type A,\n  a,\n} from './a';\nexport const b = 1;\n");
    write('c.ts', "import { type A } from './a';\nexport type C = A;\nexport const lazy = () => import('./a');\n");
    write('d.ts', "// import { a } from './a';\nexport * from './c';\nimport './b';\n");
    const files = ['a.ts', 'b.ts', 'c.ts', 'd.ts'].map((name) => join(fixture, name));
    expect(loadTimeImports(files[0])).toEqual([files[1]]);
    expect(loadTimeImports(files[2])).toEqual([]);
    expect(loadTimeImports(files[3]).sort()).toEqual([files[1], files[2]]);
    const cycles = cyclesIn(fileGraph(files)).map((cycle) => cycle.map((file) => relative(fixture, file)));
    expect(cycles).toEqual([['a.ts', 'b.ts']]);
    // with the type-only imports: a.ts -> c.ts -> a.ts too; still not the lazy import
    expect(loadTimeImports(files[0], { types: true }).sort()).toEqual([files[1], files[2]]);
    expect(loadTimeImports(files[2], { types: true })).toEqual([files[0]]);
    const typed = cyclesIn(fileGraph(files, { types: true })).map((cycle) =>
      cycle.map((file) => relative(fixture, file)),
    );
    expect(typed.map((cycle) => [...cycle].sort())).toEqual([
      ['a.ts', 'b.ts'],
      ['a.ts', 'c.ts'],
    ]);
  });

  it.each(['client', 'core'])('%s/ has no cycle between files', (dir) => {
    const files = sourceFiles(join(ROOT, dir));
    const graph = fileGraph(files);
    expect([...graph.values()].flat().length).toBeGreaterThan(files.length / 2);
    const cycles = cyclesIn(graph).map((cycle) => cycle.map((file) => relative(ROOT, file)).join(' -> '));
    expect(cycles).toEqual([]);
  });

  // the server's modules are checked with their type-only imports too (issue 21): a type that closes a
  // cycle (AppContext naming a service that names AppContext) ties the modules as much as a value does
  it('server/ has no cycle between files, type-only imports included', () => {
    const files = sourceFiles(join(ROOT, 'server'));
    const graph = fileGraph(files, { types: true });
    expect([...graph.values()].flat().length).toBeGreaterThan(files.length);
    const cycles = cyclesIn(graph).map((cycle) => cycle.map((file) => relative(ROOT, file)).join(' -> '));
    expect(cycles).toEqual([]);
  });

  // between server/'s folders type-only imports count too: AppContext (server/context/) names only
  // types of the folders below it, never of one that takes an AppContext (docs/architecture.md)
  it.each([
    ['client', {}],
    ['core', {}],
    ['server', { types: true }],
  ] as const)('%s/ has no cycle between folders', (dir, scope) => {
    const root = join(ROOT, dir);
    const { graph, example } = folderGraph(root, fileGraph(sourceFiles(root), scope));
    expect(graph.size).toBeGreaterThan(4);
    // each edge of a cycle with the import that makes it, so the message says what to move
    const cycles = cyclesIn(graph).map((cycle) =>
      cycle.map((folder, i) => example.get(`${folder} -> ${cycle[(i + 1) % cycle.length]}`)).join(' | '),
    );
    expect(cycles).toEqual([]);
  });
});
