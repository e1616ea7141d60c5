/**
 * Suggested SAQ answers from a domain scan (issue 11): a requirement the scan shows unmet is
 * suggested Not in Place, with the evidence and the scan date, kept apart from the answers until the
 * merchant accepts (the answer is saved) or overrides it (the merchant answers on their own). A
 * decision can be undone: the suggestion is open again and the earlier answer back.
 */
import type { SuggestionEvidence } from '../scans/scan-requirements';

export type SuggestionStatus = 'suggested' | 'accepted' | 'overridden';

export interface SaqSuggestion {
  itemId: string;
  requirement: string;
  /** The suggested answer: always the response set's Not in Place. */
  value: 'notInPlace';
  evidence: SuggestionEvidence[];
  scanId: string;
  /** The scan's scan_date (dd-MM-yyyy HH:mm:ss) and address. */
  scanDate: string;
  url: string;
  status: SuggestionStatus;
  decidedAt: string | null;
  decidedBy: string | null;
  /** What deciding saved as the answer and what it replaced (null: none), so undoing can put it back. */
  answered?: { before: unknown; saved: unknown } | null;
}

/** One SAQ's suggestions by item id (collection `saqSuggestions`, id = the SAQ's id). */
export interface SaqSuggestionsRecord {
  id: string;
  organizationId: string;
  userId: string;
  items: Record<string, SaqSuggestion>;
  updatedAt: string;
}

export const SUGGESTED_VALUE = 'notInPlace';

/**
 * A new scan's suggestions over the kept ones: decided ones (accepted, overridden) stay as the
 * merchant left them; undecided ones are replaced by what the newest scan shows — only those of the
 * `scope`'s requirements when one is given (the payment-page script monitoring speaks for 6.4.3 and
 * 11.6.1 alone).
 */
export function mergeSuggestions(
  kept: Record<string, SaqSuggestion>,
  fresh: Record<string, SaqSuggestion>,
  scope?: ReadonlySet<string>,
): Record<string, SaqSuggestion> {
  // with a scope (the requirements one source speaks for), undecided ones of other requirements stay too
  const decided = Object.fromEntries(
    Object.entries(kept).filter(
      ([, suggestion]) => suggestion.status !== 'suggested' || (scope && !scope.has(suggestion.requirement)),
    ),
  );
  const merged: Record<string, SaqSuggestion> = { ...decided };
  for (const [itemId, suggestion] of Object.entries(fresh)) merged[itemId] ??= suggestion;
  return merged;
}
