/** U+0000, or half of a surrogate pair on its own: text PostgreSQL cannot hold (text, json, jsonb). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is exactly what is looked for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether a JSON value has such text in a string or a key. Never text a user meant; the gateway
 * refuses it (400) so that both stores take the same input.
 */
export function holdsUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  return Object.entries(value).some(([key, item]) => UNSTORABLE.test(key) || holdsUnstorableText(item, depth + 1));
}
