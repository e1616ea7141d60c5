/**
 * Scores a screened name against listed parties (docs/domain/sanctions.md 'Scoring'): token-wise
 * Jaro-Winkler, word order ignored, then penalties for words only one side has and for a country,
 * birth year or party type that disagrees. Pure and synchronous, so the json-logic operator
 * `sanctionsMatch` can call it.
 */
import { jaroWinkler } from './jaro-winkler';
import { nameTokens } from './normalize';
import type { ScoredMatch, SanctionsEntry, ScreeningQuery } from './sanctions.types';

/** Two words below this similarity are different words, not a misspelling of one another. */
export const TOKEN_FLOOR = 0.8;
/** Taken off for all of the screened name's words missing from the listed name (a share of it for some). */
export const MISSING_QUERY_PENALTY = 0.25;
/** The same for the listed name's words the screened name lacks (lists carry middle names). */
export const MISSING_LISTED_PENALTY = 0.15;
export const COUNTRY_PENALTY = 0.1;
export const BIRTH_YEAR_PENALTY = 0.1;
/** One year apart is a common transcription slip of a birth date: a smaller penalty. */
export const BIRTH_YEAR_NEAR_PENALTY = 0.03;
export const TYPE_PENALTY = 0.1;

/**
 * The similarity of two token lists, 0–1: each word paired with its best unused counterpart
 * (greedily, highest similarity first, so order does not matter), averaged with the longer word's
 * length as weight (a misspelt long word weighs more than a differing initial), minus the
 * missing-word penalties for the words left unpaired on each side.
 */
export function tokenSimilarity(
  query: readonly string[],
  listed: readonly string[],
  similar: (i: number, word: string) => number = (i, word) => jaroWinkler(query[i], word),
): number {
  if (query.length === 0 || listed.length === 0) return 0;
  // most listed names share no word with the query: nothing is allocated for them
  let pairs: { i: number; j: number; score: number }[] | undefined;
  for (let i = 0; i < query.length; i += 1) {
    for (let j = 0; j < listed.length; j += 1) {
      const score = similar(i, listed[j]);
      if (score < TOKEN_FLOOR) continue;
      pairs ??= [];
      pairs.push({ i, j, score });
    }
  }
  if (!pairs) return 0;
  pairs.sort((a, b) => b.score - a.score);
  const usedQuery = new Set<number>();
  const usedListed = new Set<number>();
  let weighted = 0;
  let weights = 0;
  for (const pair of pairs) {
    if (usedQuery.has(pair.i) || usedListed.has(pair.j)) continue;
    usedQuery.add(pair.i);
    usedListed.add(pair.j);
    const weight = Math.max(query[pair.i].length, listed[pair.j].length);
    weighted += pair.score * weight;
    weights += weight;
  }
  if (weights === 0) return 0;
  const missingQuery = (query.length - usedQuery.size) / query.length;
  const missingListed = (listed.length - usedListed.size) / listed.length;
  return Math.max(
    0,
    weighted / weights - MISSING_QUERY_PENALTY * missingQuery - MISSING_LISTED_PENALTY * missingListed,
  );
}

/** Penalties for facts both sides state and disagree on; a fact one side lacks costs nothing. */
function contextPenalties(query: ScreeningQuery, entry: SanctionsEntry): { total: number; reasons: string[] } {
  let total = 0;
  const reasons: string[] = [];
  const countries = entry.countries ?? [];
  if (query.country && countries.length > 0 && !countries.includes(query.country.toUpperCase())) {
    total += COUNTRY_PENALTY;
    reasons.push('country');
  }
  if (query.birthYear !== undefined && entry.birthYear !== undefined && query.birthYear !== entry.birthYear) {
    const near = Math.abs(query.birthYear - entry.birthYear) === 1;
    total += near ? BIRTH_YEAR_NEAR_PENALTY : BIRTH_YEAR_PENALTY;
    reasons.push(near ? 'birthYearNear' : 'birthYear');
  }
  if (query.type && query.type !== entry.type) {
    total += TYPE_PENALTY;
    reasons.push('type');
  }
  return { total, reasons };
}

/**
 * A listed name's tokens, kept: folding (NFD, regular expressions) cost more than the comparisons
 * when every screening folded the whole list again. Names are few and repeat across screenings;
 * the cache is dropped whole when it outgrows any list.
 */
const listedTokens = new Map<string, string[]>();
const MAX_CACHED_NAMES = 200_000;
function tokensOf(name: string): string[] {
  let tokens = listedTokens.get(name);
  if (!tokens) {
    if (listedTokens.size >= MAX_CACHED_NAMES) listedTokens.clear();
    tokens = nameTokens(name);
    listedTokens.set(name, tokens);
  }
  return tokens;
}

/** The entry scored against the query: its best name or alias, less the context penalties. */
export function scoreEntry(
  query: ScreeningQuery,
  entry: SanctionsEntry,
  queryTokens = nameTokens(query.name),
  similar?: (i: number, word: string) => number,
): ScoredMatch {
  let best = 0;
  let matchedName = entry.name;
  const aliases = entry.aliases ?? [];
  for (let k = -1; k < aliases.length; k += 1) {
    const name = k < 0 ? entry.name : aliases[k];
    const score = tokenSimilarity(queryTokens, tokensOf(name), similar);
    if (score > best) {
      best = score;
      matchedName = name;
    }
  }
  const context = best > 0 ? contextPenalties(query, entry) : { total: 0, reasons: [] };
  const score = Math.max(0, best - context.total);
  return { entry, score: Math.round(score * 1000) / 1000, matchedName, penalties: context.reasons };
}

/** Every entry scoring at least `min`, best first. */
export function screen(query: ScreeningQuery, entries: Iterable<SanctionsEntry>, min: number): ScoredMatch[] {
  const tokens = nameTokens(query.name);
  // a list repeats its words (given names, legal forms): each query word meets each once
  const seen = tokens.map(() => new Map<string, number>());
  const similar = (i: number, word: string) => {
    let score = seen[i].get(word);
    if (score === undefined) {
      score = jaroWinkler(tokens[i], word);
      seen[i].set(word, score);
    }
    return score;
  };
  const matches: ScoredMatch[] = [];
  for (const entry of entries) {
    const match = scoreEntry(query, entry, tokens, similar);
    if (match.score >= min) matches.push(match);
  }
  return matches.sort((a, b) => b.score - a.score || a.entry.name.localeCompare(b.entry.name));
}
