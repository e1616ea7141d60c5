import type { DocumentProblem } from './document.types';
import type { FormBody } from '../forms/form.types';

/**
 * A select whose choices come from a gateway path (`ui:options.optionsFrom` of a top-level field; of
 * an array of strings, checkboxes picking several):
 * the answer's `content` (an array, or a page's `items`) gives each choice's `value` and `label`
 * by those paths. The schema keeps its plain `type`: the endpoint judges the value anyway.
 */
export interface OptionsFrom {
  path: string;
  value: string;
  label: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields of a form whose choices a gateway path gives, with where. */
export function optionSources(uiSchema: unknown): { field: string; from: OptionsFrom }[] {
  if (!isRecord(uiSchema)) return [];
  return Object.entries(uiSchema).flatMap(([field, ui]) => {
    const options = isRecord(ui) ? ui['ui:options'] : undefined;
    const from = isRecord(options) ? options.optionsFrom : undefined;
    return isRecord(from) ? [{ field, from: from as unknown as OptionsFrom }] : [];
  });
}

/** Publish-time checks the meta-schema cannot make: the field is a top-level string (or array of strings) property; the path needs no `:param`. */
export function formOptionProblems(body: FormBody): DocumentProblem[] {
  const properties = isRecord(body?.schema?.properties) ? body.schema.properties : {};
  return optionSources(body?.uiSchema).flatMap(({ field, from }) => {
    const at = `/body/uiSchema/${field}/ui:options/optionsFrom`;
    const property = properties[field];
    const problems: DocumentProblem[] = [];
    // one choice (a string) or several (an array of strings: checkboxes)
    const several = isRecord(property) && property.type === 'array' && isRecord(property.items);
    const type = several ? (property.items as Record<string, unknown>).type : isRecord(property) && property.type;
    if (type !== 'string') problems.push({ path: at, message: `"${field}" is not a string property of the schema` });
    if (typeof from.path === 'string' && /:[A-Za-z_]/.test(from.path))
      problems.push({ path: `${at}/path`, message: 'nothing fills a :param here' });
    return problems;
  });
}

/** The choices in an answer's content: an array or a list page's `items`, each read at `value` and `label`. */
export function optionsOf(content: unknown, from: OptionsFrom): { value: string; label: string }[] {
  const rows = Array.isArray(content)
    ? content
    : isRecord(content) && Array.isArray(content.items)
      ? content.items
      : [];
  return rows.flatMap((row) => {
    if (!isRecord(row)) return [];
    const value = row[from.value];
    const label = row[from.label];
    return typeof value === 'string' || typeof value === 'number'
      ? [{ value: String(value), label: typeof label === 'string' ? label : String(value) }]
      : [];
  });
}
