/**
 * Jaro-Winkler similarity (Winkler 1990): 1 for equal strings, 0 for nothing in common. Written
 * here rather than taken from npm: the maintained package (@skyra/jaro-winkler 1.1.1) counts a
 * common prefix of four as five and widens Jaro's match window by one, so its scores drift from
 * the published reference values the tests pin. Compares UTF-16 code units: callers fold names to
 * plain a–z/0–9 first (normalize.ts). Pure.
 */

/** Winkler's prefix scale and the longest prefix it rewards. */
const PREFIX_SCALE = 0.1;
const MAX_PREFIX = 4;

export function jaro(a: string, b: string): number {
  if (a === b) return a.length === 0 ? 0 : 1;
  if (a.length === 0 || b.length === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const matchedA = new Uint8Array(a.length);
  const matchedB = new Uint8Array(b.length);
  let matches = 0;
  for (let i = 0; i < a.length; i += 1) {
    const end = Math.min(i + window + 1, b.length);
    for (let j = Math.max(0, i - window); j < end; j += 1) {
      if (matchedB[j] || a[i] !== b[j]) continue;
      matchedA[i] = 1;
      matchedB[j] = 1;
      matches += 1;
      break;
    }
  }
  if (matches === 0) return 0;
  let halfTranspositions = 0;
  for (let i = 0, j = 0; i < a.length; i += 1) {
    if (!matchedA[i]) continue;
    while (!matchedB[j]) j += 1;
    if (a[i] !== b[j]) halfTranspositions += 1;
    j += 1;
  }
  const t = Math.floor(halfTranspositions / 2);
  return (matches / a.length + matches / b.length + (matches - t) / matches) / 3;
}

export function jaroWinkler(a: string, b: string): number {
  const similarity = jaro(a, b);
  let prefix = 0;
  const limit = Math.min(MAX_PREFIX, a.length, b.length);
  while (prefix < limit && a[prefix] === b[prefix]) prefix += 1;
  return similarity + prefix * PREFIX_SCALE * (1 - similarity);
}
