import type { TFunction } from 'i18next';
import type { Text } from '../../core/documents/document.types';
import { mapSchemaNodes } from '../../core/documents/schema-nodes';
import { resolveText } from '../i18n/text';

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is Text =>
  typeof value === 'string' || (isNode(value) && typeof value.en === 'string' && typeof value.tr === 'string');

/**
 * A copy of a form schema with every `title` and `description` (i18n keys or {en, tr}) turned into
 * visible text; enum labels written as oneOf/anyOf `{ const, title }` are covered the same way.
 * Only these words change, so the translated subschemas still find their precompiled validators
 * (core/documents/schema-validators.ts schemaKey).
 */
export function translateSchema(schema: unknown, t: TFunction, language: string): Node {
  if (!isNode(schema)) return {};
  return mapSchemaNodes(schema, (node) => {
    const out = { ...node };
    for (const key of ['title', 'description'] as const) {
      if (isText(node[key])) out[key] = resolveText(node[key] as Text, t, language);
    }
    return out;
  }) as Node;
}

const UI_TEXT = ['ui:title', 'ui:description', 'ui:help', 'ui:placeholder'];

/** A copy of a uiSchema with its visible texts and `ui:enumNames` translated, at any depth. */
export function translateUiSchema(ui: unknown, t: TFunction, language: string): Node {
  if (!isNode(ui)) return {};
  const out: Node = {};
  for (const [key, value] of Object.entries(ui)) {
    if (UI_TEXT.includes(key) && isText(value)) out[key] = resolveText(value, t, language);
    else if (key === 'ui:enumNames' && Array.isArray(value))
      out[key] = value.map((name) => (isText(name) ? resolveText(name, t, language) : name));
    else if (key === 'ui:options' && isNode(value)) out[key] = translateUiSchema(value, t, language);
    else if (key === 'ui:submitButtonOptions')
      out[key] = value; // the SubmitButton translates submitText
    else if (isNode(value) && !key.startsWith('ui:')) out[key] = translateUiSchema(value, t, language);
    else out[key] = value;
  }
  // plain keys inside ui:options (title, description, help, placeholder) too
  for (const key of ['title', 'description', 'help', 'placeholder']) {
    if (isText(ui[key])) out[key] = resolveText(ui[key] as Text, t, language);
  }
  return out;
}
