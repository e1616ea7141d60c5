import type { ConfigDocument } from '../../core/documents/document.types';
import type { ValidatorExports } from '../../core/documents/schema-validators';
import { validatorRequire } from './validatorRuntime';

type Version = Pick<ConfigDocument, 'kind' | 'id' | 'version' | 'hash'>;

interface ValidatorsModule {
  default: (require: (specifier: string) => unknown) => ValidatorExports;
  /** The runtime helpers its code requires (server/config/validator-modules.ts). */
  requires?: readonly string[];
}

/** Where the config service serves a document version's validators module (docs/gateway/config.md). */
export function validatorsUrl({ kind, id, version, hash }: Version): string {
  return `/config/v1/validators/${encodeURIComponent(kind)}/${encodeURIComponent(id)}/${version}/${hash}.js`;
}

const importModule = (url: string) => import(/* @vite-ignore */ url) as Promise<ValidatorsModule>;

/**
 * The ajv validators of a document version's embedded JSON Schemas, by JSON pointer: the config
 * service generates them as a same-origin ES module (the CSP's script-src 'self' allows it; no
 * code is compiled in the browser) and this runs it with the runtime helpers it names. `load`
 * imports a module URL (tests pass their own).
 */
export async function loadValidators(
  document: Version,
  load: (url: string) => Promise<ValidatorsModule> = importModule,
): Promise<ValidatorExports> {
  const module = await load(validatorsUrl(document));
  return module.default(await validatorRequire(module.requires));
}
