import { syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import type { SyntaxNode } from '@lezer/common';

const PUNCTUATION = new Set(['{', '}', '[', ']', ',', ':', '⚠']);

function valuesOf(node: SyntaxNode): SyntaxNode[] {
  const values: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (!PUNCTUATION.has(child.name) && !child.type.isError) values.push(child);
  }
  return values;
}

function propertyName(state: EditorState, property: SyntaxNode): { node: SyntaxNode; name: string } | null {
  const key = property.getChild('PropertyName');
  if (!key) return null;
  const raw = state.sliceDoc(key.from, key.to);
  try {
    return { node: key, name: String(JSON.parse(raw)) };
  } catch {
    return { node: key, name: raw.replace(/^"|"$/g, '') };
  }
}

/**
 * The editor range a problem's JSON pointer names, for lint marks and "show in editor". Pointers
 * from the server start at the document (`/body/rules/0/when`); the editor holds only the body, so
 * a leading `/body` is dropped. Best effort: a segment that is not there (a missing property) stops
 * at the deepest node found. Objects and arrays mark their key or opening bracket, not the whole block.
 */
export function rangeOfPointer(state: EditorState, pointer: string): { from: number; to: number } {
  const inBody = pointer === '/body' ? '' : pointer.startsWith('/body/') ? pointer.slice('/body'.length) : pointer;
  const top = syntaxTree(state).topNode;
  let node: SyntaxNode | null = top.name === 'JsonText' ? (valuesOf(top)[0] ?? null) : top;
  if (!node) return { from: 0, to: Math.min(1, state.doc.length) };
  let key: SyntaxNode | null = null;
  const segments =
    inBody === ''
      ? []
      : inBody
          .split('/')
          .slice(1)
          .map((raw) => raw.replace(/~1/g, '/').replace(/~0/g, '~'));
  for (const segment of segments) {
    let next: SyntaxNode | null = null;
    let nextKey: SyntaxNode | null = null;
    if (node.name === 'Object') {
      for (const property of node.getChildren('Property')) {
        const found = propertyName(state, property);
        if (found?.name === segment) {
          nextKey = found.node;
          next = valuesOf(property).find((child) => child.name !== 'PropertyName') ?? null;
        }
      }
    } else if (node.name === 'Array' && /^\d+$/.test(segment)) {
      next = valuesOf(node)[Number(segment)] ?? null;
    }
    if (!next) break;
    node = next;
    key = nextKey;
  }
  if (key) return { from: key.from, to: key.to };
  if (node.name === 'Object' || node.name === 'Array') return { from: node.from, to: node.from + 1 };
  return { from: node.from, to: node.to };
}
