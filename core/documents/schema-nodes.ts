type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

// JSON Schema keywords whose value is a subschema, a list of them, or a map of them
const SUBSCHEMA = ['items', 'additionalProperties', 'additionalItems', 'not', 'if', 'then', 'else', 'contains'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'items', 'prefixItems'];
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies'];

/**
 * A copy of a JSON Schema with `change` applied to every schema object in it, deepest first
 * (properties, items, branches, definitions...; never to data such as `const` or `default`).
 * Booleans and anything else that is not a schema object are kept as they are.
 */
export function mapSchemaNodes(schema: unknown, change: (node: Node) => Node): unknown {
  if (!isNode(schema)) return schema;
  const out: Node = { ...schema };
  for (const key of SUBSCHEMA) if (isNode(schema[key])) out[key] = mapSchemaNodes(schema[key], change);
  for (const key of SUBSCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list)) out[key] = list.map((item) => mapSchemaNodes(item, change));
  }
  for (const key of SUBSCHEMA_MAPS) {
    const map = schema[key];
    if (!isNode(map)) continue;
    out[key] = Object.fromEntries(Object.entries(map).map(([name, sub]) => [name, mapSchemaNodes(sub, change)]));
  }
  return change(out);
}
