/**
 * Which band a score falls in, by the published `sanctions-bands` document: the thresholds are
 * data an analyst tunes, never constants here. Pure.
 */
import type { BandId, SanctionsBandsBody } from './sanctions.types';

/** The document's id (schemas/sanctions/sanctions-bands.json). */
export const BANDS_DOCUMENT = { kind: 'sanctions-bands', id: 'app' } as const;

/** The highest band whose minimum the score reaches, or null below every band. */
export function bandOf(score: number, body: SanctionsBandsBody): BandId | null {
  const sorted = [...body.bands].sort((a, b) => b.min - a.min);
  return sorted.find((band) => score >= band.min)?.id ?? null;
}

/** The lowest score any band takes: matches under it are not worth showing. */
export function lowestBand(body: SanctionsBandsBody): number {
  return body.bands.reduce((low, band) => Math.min(low, band.min), 1);
}
