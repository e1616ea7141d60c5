/**
 * How deep JSON may nest in a request body or a stored document. Deeper values are refused at
 * the edge: recursive code (structuredClone, ajv, canonical JSON, json-logic) would overflow the
 * stack on them, and nothing the app stores needs more.
 */
export const MAX_JSON_DEPTH = 64;

/** How deep a config document's body may nest (the seeds nest 12 at most). */
export const MAX_DOCUMENT_DEPTH = 32;

/**
 * Whether `value` nests deeper than `max` objects/arrays (a flat object is depth 1). Walks with an
 * explicit stack, so it cannot overflow on the very values it is meant to catch.
 */
export function nestsDeeperThan(value: unknown, max: number = MAX_JSON_DEPTH): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop() as [unknown, number];
    if (node === null || typeof node !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return false;
}
