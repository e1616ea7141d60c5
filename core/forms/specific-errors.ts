import type { ErrorObject } from 'ajv';

// A branch counts as farther from the data when the value it is told apart by (const, enum) fails
const DISCRIMINATORS = new Set(['const', 'enum']);

const under = (error: ErrorObject, prefix: string) => error.schemaPath.startsWith(`${prefix}/`);

/** The index of the branch of a oneOf/anyOf the data came closest to: no failing discriminator, fewest errors, first. */
function closestBranch(wrapper: ErrorObject, errors: readonly ErrorObject[]): number | undefined {
  const byBranch = new Map<number, ErrorObject[]>();
  for (const error of errors) {
    if (!under(error, wrapper.schemaPath)) continue;
    const branch = Number(error.schemaPath.slice(wrapper.schemaPath.length + 1).split('/')[0]);
    byBranch.set(branch, [...(byBranch.get(branch) ?? []), error]);
  }
  const distance = (own: ErrorObject[]) => [own.some((error) => DISCRIMINATORS.has(error.keyword)) ? 1 : 0, own.length];
  const ranked = [...byBranch].map(([branch, own]) => [...distance(own), branch]);
  ranked.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  return ranked[0]?.[2];
}

/**
 * ajv's errors (allErrors) as a user should read them: a wrapper that only says "a subschema
 * failed" (`if` → 'must match "then" schema', oneOf/anyOf → 'must match exactly one schema') is left
 * out when errors of its own subschema say which field and why; of a oneOf/anyOf no branch of which
 * holds, only the branch the data came closest to speaks (the others' fields are not the user's
 * choice). A wrapper nothing explains (two oneOf branches both hold) stays.
 */
export function specificErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  const dropped = new Set<ErrorObject>();
  for (const wrapper of errors) {
    if (wrapper.keyword === 'if') {
      const base = wrapper.schemaPath.slice(0, -'/if'.length);
      if (errors.some((error) => under(error, `${base}/then`) || under(error, `${base}/else`))) dropped.add(wrapper);
    } else if (wrapper.keyword === 'oneOf' || wrapper.keyword === 'anyOf') {
      const chosen = closestBranch(wrapper, errors);
      if (chosen === undefined) continue;
      dropped.add(wrapper);
      for (const error of errors) {
        if (under(error, wrapper.schemaPath) && !under(error, `${wrapper.schemaPath}/${chosen}`)) dropped.add(error);
      }
    }
  }
  return errors.filter((error) => !dropped.has(error));
}
