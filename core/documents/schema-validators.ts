import type { ErrorObject } from 'ajv';
import { canonicalJson } from '../json/canonical-json';
import { mapSchemaNodes } from './schema-nodes';

/**
 * The contract between the validators module the config service generates for a document version
 * (server/config/validator-modules.ts: ajv standalone code) and whoever runs it (the browser,
 * client/forms/loadValidators.ts). The module's default export takes a `require` for the runtime
 * helpers (schema-compiler.ts STANDALONE_RUNTIME) and returns ValidatorExports: for each embedded
 * JSON Schema at a JSON pointer into the body, the schema's validator under the pointer itself and
 * one per subschema RJSF may ask about (anyOf/oneOf branches, `if`) under `<pointer>#<schemaKey>`.
 */

/** One ajv validation function: true when the data is valid, otherwise its problems in `errors`. */
export interface SchemaCheck {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

export type ValidatorExports = Record<string, SchemaCheck>;

/** The validators of one embedded schema. */
export interface SchemaValidators {
  /** The schema itself. */
  main: SchemaCheck;
  /** The validator of one of its subschemas, or undefined when the module has none for it. */
  of(schema: unknown): SchemaCheck | undefined;
}

/** cyrb53: a fast 53-bit string hash, ample for telling the subschemas of one document apart. */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
}

/**
 * A subschema's key: the hash of its canonical JSON without `$id` and without titles and
 * descriptions, the only words the browser translates, so a translated subschema finds the
 * validator generated from the document's own.
 */
export function schemaKey(schema: unknown): string {
  const { $id: _id, ...rest } = (schema ?? {}) as Record<string, unknown>;
  const bare = mapSchemaNodes(rest, ({ title: _title, description: _description, ...node }) => node);
  return hash53(canonicalJson(bare));
}

/** The export name of a subschema's validator. */
export function subschemaExport(pointer: string, schema: unknown): string {
  return `${pointer}#${schemaKey(schema)}`;
}

/** The validators of the schema embedded at `pointer`, or undefined when the module has none there. */
export function validatorsAt(exports: ValidatorExports, pointer: string): SchemaValidators | undefined {
  const named = (name: string) => (Object.hasOwn(exports, name) ? exports[name] : undefined);
  const main = named(pointer);
  return main && { main, of: (schema) => named(subschemaExport(pointer, schema)) };
}
