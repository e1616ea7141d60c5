/**
 * The sanctions lists as one snapshot (core/sanctions/screening.ts): the entries and reviewed false
 * positives from their resources' collections, the bands from the published `sanctions-bands`
 * document. Read by the screening endpoints, the onboarding's warning rules and transaction
 * scoring alike — a plain read of the store, so no service calls another.
 */
import { BANDS_DOCUMENT } from '../../core/sanctions/bands';
import type { SanctionsBandsBody, SanctionsEntry } from '../../core/sanctions/sanctions.types';
import { type SanctionsSnapshot, whitelistKey } from '../../core/sanctions/screening';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';

export const ENTRIES = 'sanctions-entry';
export const WHITELIST = 'sanctions-whitelist';

export async function readSanctionsSnapshot(ctx: AppContext): Promise<SanctionsSnapshot> {
  const bands = ctx.documents.latestBody<SanctionsBandsBody>(BANDS_DOCUMENT.kind, BANDS_DOCUMENT.id);
  if (!bands) throw new AppError(404, 'documentNotFound');
  const [entries, reviewed] = await Promise.all([
    ctx.store.collection<SanctionsEntry>(`res.${ENTRIES}`).all(),
    ctx.store
      .collection<{ id: string; name: string; entryId: string; reviewedBy: string; reason: string }>(`res.${WHITELIST}`)
      .all(),
  ]);
  return {
    entries,
    whitelisted: new Map(
      reviewed.map((record) => [
        whitelistKey(record.name, record.entryId),
        { by: record.reviewedBy, reason: record.reason },
      ]),
    ),
    bands,
  };
}
