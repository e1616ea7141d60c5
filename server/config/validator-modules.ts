import { createRequire } from 'node:module';
import type { RJSFSchema } from '@rjsf/utils';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { ConfigDocument } from '../../core/documents/document.types';
import { isDocumentKind } from '../../core/documents/meta-schemas';
import { createContentAjv, STANDALONE_RUNTIME } from '../../core/documents/schema-compiler';
import { subschemaExport } from '../../core/documents/schema-validators';
import { embeddedSchemas } from '../../core/documents/validate';

type Schema = Record<string, unknown>;

const DEFINITIONS = ['definitions', '$defs'];

/**
 * @rjsf/utils' schema parser, loaded when a validators module is first made: the package (lodash
 * and all) took a good part of the server's start (docs/architecture.md 'Compression and start-up').
 */
let parser: typeof import('@rjsf/utils').schemaParser | undefined;
function schemaParser(schema: RJSFSchema) {
  parser ??= (createRequire(import.meta.url)('@rjsf/utils') as typeof import('@rjsf/utils')).schemaParser;
  return parser(schema);
}

/** Subschemas RJSF passes to `isValid` (branches, `if`...), as @rjsf/utils' own precompiler finds them. */
function subschemasOf(root: Schema): Schema[] {
  return Object.values(schemaParser(root as RJSFSchema)).map((parsed) => {
    const { $id: _id, ...schema } = parsed as Schema; // the parser's hash; our keys are schemaKey
    return schema;
  });
}

/**
 * The code of a document's validators module (contract: core/documents/schema-validators.ts):
 * ajv's standalone code for every embedded JSON Schema and each subschema RJSF may ask about,
 * compiled by the content ajv the server validates with, wrapped as an ES module whose default
 * export takes the `require` of the runtime helpers. Throws when an embedded schema does not
 * compile or the code needs a helper outside STANDALONE_RUNTIME.
 */
export function validatorModuleCode(document: Pick<ConfigDocument, 'kind' | 'id' | 'version' | 'body'>): string {
  const ajv = createContentAjv();
  const exportsToIds: Record<string, string> = {};
  if (!isDocumentKind(document.kind)) throw new Error(`unknown document kind ${document.kind}`);
  embeddedSchemas(document.kind, document.body).forEach(({ pointer, schema }, index) => {
    const { $id: _id, ...root } = schema; // documents may share an $id (as compileContentSchema)
    const definitions = Object.fromEntries(Object.entries(root).filter(([key]) => DEFINITIONS.includes(key)));
    const rootId = `paysec:schema/${index}`;
    ajv.addSchema({ ...root, $id: rootId });
    ajv.getSchema(rootId); // compiles now: an embedded schema that does not compile fails the module
    exportsToIds[pointer] = rootId;
    exportsToIds[subschemaExport(pointer, root)] = rootId;
    subschemasOf(root).forEach((subschema, subIndex) => {
      const name = subschemaExport(pointer, subschema);
      if (Object.hasOwn(exportsToIds, name)) return;
      const id = `${rootId}/${subIndex}`;
      try {
        // a branch's $refs point into the root's definitions
        ajv.addSchema({ ...definitions, ...subschema, $id: id });
        ajv.getSchema(id);
        exportsToIds[name] = id;
      } catch {
        ajv.removeSchema(id); // matches nothing in the browser, as a branch ajv cannot compile
      }
    });
  });
  const code = standaloneCode(ajv, exportsToIds);
  const requires = new Set<string>();
  for (const [, specifier] of code.matchAll(/require\("([^"]+)"\)/g)) {
    if (!(STANDALONE_RUNTIME as readonly string[]).includes(specifier)) {
      throw new Error(`validator code requires "${specifier}", which the browser does not provide`);
    }
    requires.add(specifier);
  }
  return [
    `// Validators of ${document.kind}/${document.id} v${document.version}: ajv standalone code (docs/documents/form.md).`,
    // the helpers it requires, so the browser loads those alone before it runs the module
    `export const requires = ${JSON.stringify([...requires].sort())};`,
    'export default function (require) {',
    'const module = { exports: {} };',
    'const exports = module.exports;',
    code,
    'return module.exports;',
    '}',
    '',
  ].join('\n');
}

/** Generated modules by version and content hash; a version's body never changes once published. */
export class ValidatorModules {
  private readonly modules = new Map<string, Buffer>();

  /** The module of a document version, generated on first use. Throws as validatorModuleCode. */
  for(document: Pick<ConfigDocument, 'kind' | 'id' | 'version' | 'body' | 'hash'>): Buffer {
    const key = `${document.kind}/${document.id}/${document.version}/${document.hash}`;
    let module = this.modules.get(key);
    if (!module) {
      module = Buffer.from(validatorModuleCode(document));
      this.modules.set(key, module);
    }
    return module;
  }
}
