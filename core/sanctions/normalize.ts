/**
 * Names folded for comparison: case, diacritics and punctuation dropped, so "Öztürk", "OZTURK" and
 * "oztürk" are one token. Turkish needs its own step: "İ" lower-cases to "i" plus a combining dot
 * and "ı" has no decomposition, and transliterated lists spell both as "i". Pure.
 */

/** Letters NFD does not decompose into a base letter and marks. */
const LETTERS: Record<string, string> = {
  ı: 'i',
  İ: 'i',
  ß: 'ss',
  æ: 'ae',
  Æ: 'ae',
  ø: 'o',
  Ø: 'o',
  œ: 'oe',
  Œ: 'oe',
  đ: 'd',
  Đ: 'd',
  ł: 'l',
  Ł: 'l',
  þ: 'th',
  Þ: 'th',
};

/**
 * Words that name a legal form or join names, not the party: "Acme Trading LLC" is "Acme Trading".
 * Kept short on purpose: a word dropped here can never tell two parties apart.
 */
const NOISE = new Set(['ltd', 'limited', 'llc', 'inc', 'corp', 'co', 'plc', 'gmbh', 'sa', 'as', 'sti', 'the', 'of']);

/** The text folded to lower-case ASCII letters and digits, words separated by one space. */
export function foldName(text: string): string {
  let out = '';
  for (const char of text) out += LETTERS[char] ?? char;
  return out
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The name's comparable tokens: folded words without legal forms and joiners. */
export function nameTokens(text: string): string[] {
  const words = foldName(text)
    .split(' ')
    .filter((word) => word !== '');
  const kept = words.filter((word) => !NOISE.has(word));
  // a name made only of such words (a company called "The Co") keeps them
  return kept.length > 0 ? kept : words;
}

/** One key per name whatever the order, case or accents of its words: a whitelist entry's name. */
export function nameKey(text: string): string {
  return [...nameTokens(text)].sort().join(' ');
}
