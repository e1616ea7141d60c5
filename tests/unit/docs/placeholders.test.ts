import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ListAction, ListBody } from '../../../core/lists/list.types';

/**
 * Issue 24 item 7: no text is shown with a raw `{{placeholder}}`. Every locale text that has
 * placeholders is looked up where it is used — in code, with values naming each of them; in list
 * documents, where the runtime has a value of that name (the row's fields, the selection's count,
 * or the answer of the call a toolbar action makes).
 */
const catalogue = JSON.parse(readFileSync('locales/en.json', 'utf8')) as Record<string, unknown>;

/** key (plural suffixes folded) → the placeholder names its text uses (first segment of `user.name`). */
const placeholders = new Map<string, Set<string>>();
(function walk(node: unknown, path: string[]) {
  if (typeof node === 'string') {
    const names = [...node.matchAll(/\{\{\s*([\w]+)/g)].map((match) => match[1]);
    if (names.length === 0) return;
    const key = path.join('.').replace(/_(zero|one|two|few|many|other)$/, '');
    const known = placeholders.get(key) ?? new Set<string>();
    for (const name of names) known.add(name);
    placeholders.set(key, known);
  } else if (node && typeof node === 'object') {
    for (const [name, child] of Object.entries(node)) walk(child, [...path, name]);
  }
})(catalogue, []);

const sourceFiles = (dir: string): string[] =>
  (readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => join(dir, file));

/** The text from `from` up to its matching closing bracket (the argument list of a call). */
function balanced(text: string, from: number): string {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    if ('([{'.includes(text[i])) depth++;
    if (')]}'.includes(text[i])) {
      depth--;
      if (depth < 0) return text.slice(from, i);
    }
  }
  return text.slice(from);
}

describe('interpolated texts get their values', () => {
  it('finds texts with placeholders in the catalogue (the scan below has something to check)', () => {
    expect(placeholders.get('pciRequests.generate.done')).toEqual(new Set(['code']));
  });

  it('passes every placeholder wherever code looks such a text up by its key', () => {
    const problems: string[] = [];
    for (const file of ['client', 'server', 'core'].flatMap(sourceFiles)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*(?:language,\s*|[\w.]+,\s*)?/g)) {
        const args = balanced(text, (match.index ?? 0) + match[0].length);
        // the keys this call may look up (a ternary names two)
        const keys = [...args.matchAll(/'([\w.]+)'/g)]
          .map((key) => key[1])
          .filter((key, i, all) => placeholders.has(key) && all.indexOf(key) === i);
        const lastKey = keys.at(-1) ?? '';
        for (const key of keys) {
          const afterKeys = args.slice(args.lastIndexOf(`'${lastKey}'`) + lastKey.length + 2);
          const values = afterKeys.match(/^\s*,\s*([\s\S]*)$/)?.[1];
          const line = text.slice(0, match.index).split('\n').length;
          if (values === undefined) {
            problems.push(`${file}:${line} ${key}: no values`);
            continue;
          }
          // an object literal must name each placeholder; a variable is trusted (its type says)
          if (!values.trim().startsWith('{')) continue;
          for (const name of placeholders.get(key) ?? []) {
            if (!new RegExp(`(^|[{,\\s])${name}\\s*[:,}]|\\.\\.\\.`).test(values)) {
              problems.push(`${file}:${line} ${key}: {{${name}}} not given`);
            }
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("fills list actions' texts from the row, the selection or the call's answer", () => {
    const problems: string[] = [];
    const lists = readdirSync('schemas/lists').filter((file) => file.endsWith('.json'));
    for (const file of lists) {
      const body = JSON.parse(readFileSync(join('schemas/lists', file), 'utf8')).body as ListBody;
      const rowFields = new Set(['id', ...body.columns.map((column) => column.field)]);
      const check = (action: ListAction, where: 'row' | 'bulk' | 'toolbar') => {
        for (const [member, text] of [
          ['confirm', action.confirm],
          ['successMessage', action.successMessage],
        ] as const) {
          if (typeof text !== 'string') continue;
          for (const name of placeholders.get(text) ?? []) {
            const given =
              where === 'row'
                ? rowFields.has(name) || (member === 'successMessage' && action.call !== undefined)
                : where === 'bulk'
                  ? name === 'count' || (member === 'successMessage' && action.call !== undefined)
                  : // a toolbar action has no row: only a done message, from what its call answered
                    member === 'successMessage' && action.call !== undefined;
            if (!given) problems.push(`${file} ${action.id} ${member} ${text}: {{${name}}}`);
          }
        }
      };
      for (const action of body.rowActions ?? []) check(action, 'row');
      for (const action of body.bulkActions ?? []) check(action, 'bulk');
      for (const action of body.toolbar ?? []) check(action, 'toolbar');
    }
    expect(problems).toEqual([]);
  });
});
