/**
 * A deep copy of a stored record: what structuredClone makes of the values records hold (plain
 * objects and arrays, strings, numbers, booleans, null, undefined, Dates), several times faster —
 * structuredClone serialises and deserialises every value, and the embedded store copies each record
 * in and out (a scored transaction with its trace twice per ingest). Anything else (a Map, a typed
 * array, a class instance) goes to structuredClone as before.
 */
export function copyRecord<T>(value: T): T {
  return copyValue(value) as T;
}

function copyValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copyValue(value[i]);
    return out;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype === Object.prototype || prototype === null) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) out[key] = copyValue((value as Record<string, unknown>)[key]);
    return out;
  }
  if (value instanceof Date) return new Date(value.getTime());
  return structuredClone(value);
}
