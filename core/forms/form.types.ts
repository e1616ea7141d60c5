import type { JsonLogicRule } from '../rules/rule.types';
import type { Text } from '../documents/document.types';

/**
 * A form document (kind 'form'): a JSON Schema, an RJSF uiSchema, and cross-field rules.
 * The browser renders it with RJSF and our Blueprint theme; the server validates the same
 * submission against the same document (core/forms/form.utils.ts validateFormData; the browser runs the
 * same ajv's standalone code, see core/forms/form-errors.ts).
 * Titles, descriptions and enum labels in schema/uiSchema are i18n keys.
 */
export interface FormBody {
  title: Text;
  schema: Record<string, unknown>;
  uiSchema?: Record<string, unknown>;
  /** Cross-field rules: when `when` is truthy on the form data, `field` gets error `message` (an i18n key). */
  rules?: { id: string; when: JsonLogicRule; field: string; message: string }[];
  /**
   * Where the starting values come from (an edit form): a gateway path whose `:params` are filled
   * from the route; the answer's `content` members that the schema declares become the form data.
   */
  load?: { path: string };
  /** Where the screen sends the data. */
  submit?: FormSubmit;
}

export interface FormSubmit {
  method: 'POST' | 'PUT';
  /** A gateway path such as '/iam/api/auth/register'; `:params` are filled from the route. */
  path: string;
  /** Shown after success (a toast when the form redirects); an i18n key is given the answer's `content` as values. */
  successMessage?: Text;
  /** Where to go after success; `:params` are filled from the answer's `content` (the saved record), then the route. */
  successRedirect?: string;
  /** Read the session again after success (GET /iam/api/me): the saved value changes what guards and menus see. */
  refreshSession?: boolean;
}

/** Field -> i18n error key (first problem per field), as the gateway's 422 `errors` object. */
export type FormErrors = Record<string, string>;
