/** Sanction screening's shapes (docs/domain/sanctions.md). Pure. */

/** Who a list names: the consolidated lists' subject types, collapsed. */
export type PartyType = 'individual' | 'entity';

/** One listed party as imported (the resource `sanctions-entry`). */
export interface SanctionsEntry {
  id: string;
  /** The list it came from ("ofac-sdn", "un-consolidated", …). */
  listId: string;
  /** The list's own reference (OFAC ent_num, UN DATAID). */
  ref: string;
  name: string;
  aliases?: string[];
  type: PartyType;
  /** ISO 3166-1 alpha-2 codes: nationality, citizenship or address. */
  countries?: string[];
  birthYear?: number;
  programmes?: string;
  remarks?: string;
}

/** What a user screens. */
export interface ScreeningQuery {
  name: string;
  type?: PartyType;
  /** ISO 3166-1 alpha-2. */
  country?: string;
  birthYear?: number;
}

/** The published `sanctions-bands` document's body: the lowest score of each band. */
export interface SanctionsBandsBody {
  title: unknown;
  /** Highest first; a score takes the first band whose `min` it reaches. */
  bands: { id: BandId; min: number; title: unknown }[];
}

export const BAND_IDS = ['block', 'review', 'edd'] as const;
export type BandId = (typeof BAND_IDS)[number];

/** One listed party scored against a query. */
export interface ScoredMatch {
  entry: SanctionsEntry;
  /** 0–1 after penalties. */
  score: number;
  /** The entry's name or alias that scored best. */
  matchedName: string;
  /** Why the score is below the names' similarity. */
  penalties: string[];
}
