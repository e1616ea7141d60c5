import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { optionSources, optionsOf } from '../../core/documents/form-options';
import { clientForPath } from '../api/clients';
import { contentOrSelf } from '../api/http';

type Choices = { value: string; label: string }[];

/**
 * The choices of every field whose `ui:options.optionsFrom` names a gateway path (the banks a SAQ
 * goes to), read once per path; `ready` is false until each has answered or failed (a failed read
 * leaves the field as the document wrote it).
 */
export function useRemoteOptions(uiSchema: unknown): { ready: boolean; choices: Map<string, Choices> } {
  const sources = useMemo(() => optionSources(uiSchema), [uiSchema]);
  const results = useQueries({
    queries: sources.map(({ from }) => ({
      queryKey: ['form-options', from.path],
      queryFn: async () => {
        const { client, url } = clientForPath(from.path);
        return contentOrSelf<unknown>((await client.get(url)).data);
      },
    })),
  });
  const datas = results.map((result) => result.data);
  const ready = results.every((result) => !result.isPending);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answers themselves are the dependency
  const choices = useMemo(() => {
    const map = new Map<string, Choices>();
    sources.forEach(({ field, from }, index) => {
      if (datas[index] !== undefined) map.set(field, optionsOf(datas[index], from));
    });
    return map;
  }, [sources, ...datas]);
  return { ready, choices };
}

/** The schema and uiSchema with each remote field turned into a select of its choices. */
export function withChoices(
  schema: RJSFSchema,
  uiSchema: UiSchema,
  choices: Map<string, Choices>,
): { schema: RJSFSchema; uiSchema: UiSchema } {
  if (choices.size === 0) return { schema, uiSchema };
  const properties = { ...((schema.properties ?? {}) as Record<string, RJSFSchema>) };
  const ui: UiSchema = { ...uiSchema };
  for (const [field, list] of choices) {
    const property = properties[field];
    if (!property || list.length === 0) continue;
    const oneOf = list.map((choice) => ({ const: choice.value, title: choice.label }));
    if (property.type === 'array') {
      // several choices: checkboxes over the items
      properties[field] = { ...property, uniqueItems: true, items: { ...(property.items as RJSFSchema), oneOf } };
      ui[field] = { 'ui:widget': 'checkboxes', ...(ui[field] as object) };
    } else {
      properties[field] = { ...property, oneOf };
      ui[field] = { 'ui:widget': 'select', ...(ui[field] as object) };
    }
  }
  return { schema: { ...schema, properties }, uiSchema: ui };
}
