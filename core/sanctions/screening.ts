/**
 * A screening over one snapshot of the lists (entries, reviewed false positives, bands): what the
 * screen shows, what an onboarding warns of and what the rule operator `sanctionsMatch` answers
 * all come from here, so the three can never disagree. Pure and synchronous.
 */
import { bandOf, lowestBand } from './bands';
import { screen } from './match';
import { nameKey } from './normalize';
import type { BandId, SanctionsBandsBody, SanctionsEntry, ScreeningQuery } from './sanctions.types';

/** The lists as they are when a screening starts. */
export interface SanctionsSnapshot {
  entries: readonly SanctionsEntry[];
  /** Every reviewed false positive by whitelistKey(name, entryId): who reviewed it and why. */
  whitelisted: ReadonlyMap<string, Review>;
  bands: SanctionsBandsBody;
}

/** A reviewed false positive is a screened name (any word order, case, accents) and one listed entry. */
export const whitelistKey = (name: string, entryId: string) => `${nameKey(name)}\u0000${entryId}`;

export interface Review {
  by: string;
  reason: string;
}

/** One listed party a name came close to. */
export interface SanctionsHit {
  /** The name screened. */
  screenedName: string;
  entryId: string;
  listId: string;
  ref: string;
  entryName: string;
  entryType: SanctionsEntry['type'];
  /** The entry's name or alias that scored best. */
  matchedName: string;
  countries: string[];
  birthYear: number | null;
  programmes: string;
  score: number;
  penalties: string[];
  /** Null when the pair is whitelisted (it is shown, it does not alert). */
  band: BandId | null;
  whitelisted: Review | null;
}

/** Every entry in a band for the query, best first; whitelisted pairs are kept with no band. */
export function screenSnapshot(query: ScreeningQuery, snapshot: SanctionsSnapshot): SanctionsHit[] {
  return screen(query, snapshot.entries, lowestBand(snapshot.bands)).map(({ entry, score, matchedName, penalties }) => {
    const whitelisted = snapshot.whitelisted.get(whitelistKey(query.name, entry.id)) ?? null;
    return {
      screenedName: query.name,
      entryId: entry.id,
      listId: entry.listId,
      ref: entry.ref,
      entryName: entry.name,
      entryType: entry.type,
      matchedName,
      countries: entry.countries ?? [],
      birthYear: entry.birthYear ?? null,
      programmes: entry.programmes ?? '',
      score,
      penalties,
      band: whitelisted ? null : bandOf(score, snapshot.bands),
      whitelisted,
    };
  });
}

/** The names a value holds: a name, or a list of names (a merchant's owners); blanks and non-text ignored. */
export function namesIn(value: unknown): string[] {
  const values = Array.isArray(value) ? value : [value];
  return values.filter((each): each is string => typeof each === 'string' && each.trim() !== '').slice(0, 50);
}

/** The alerting hit (not whitelisted) with the highest score among all the names, or null. */
export function strongestHit(value: unknown, snapshot: SanctionsSnapshot): SanctionsHit | null {
  let best: SanctionsHit | null = null;
  for (const name of namesIn(value)) {
    const hit = screenSnapshot({ name }, snapshot).find((each) => each.band !== null);
    if (hit && (!best || hit.score > best.score)) best = hit;
  }
  return best;
}
