import type { ErrorSchema } from '@rjsf/utils';

type Translate = (code: string) => string;

/** Field → key errors (core's or the gateway's 422 `errors`) as an RJSF ErrorSchema on the named fields. */
export function toExtraErrors(formErrors: Record<string, string>, translate: Translate): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const [field, code] of Object.entries(formErrors)) {
    let node = root;
    for (const part of field.split('.').filter(Boolean)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node.__errors = [translate(code)];
  }
  return root as ErrorSchema;
}
