let known: Set<string> | null = null;

/**
 * Whether a text names an IANA time zone this runtime knows (`Intl.supportedValuesOf`), spelt
 * exactly so; UTC counts too, though Intl lists it under no region.
 */
export function isTimeZone(name: unknown): name is string {
  known ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return typeof name === 'string' && known.has(name);
}
