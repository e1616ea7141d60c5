import type { ReadRecording, ReadSite } from './compile-logic';
import type { TraceEntry } from './tm.types';

/** How a rule's evaluation ended. */
export const OUTCOMES = ['hit', 'noHit', 'snoozed', 'error'] as const;
export const [HIT, NO_HIT, SNOOZED, ERROR] = [0, 1, 2, 3];

/** A close's mask notes at most this many slot reads of its rule (an integer V8 keeps unboxed). */
export const MASK_BITS = 24;
/** A mask recorded before a closure's reads is `FLUSH - mask`: below every close (closes are ≥ -4 × 2^24 - 4). */
export const FLUSH = -(2 ** 29);

/** What a trace entry names of its rule. */
export interface TracedRule {
  id: string;
  group: string;
  score: number;
}

/** What a rule set's recordings refer to: its rules, its program's slot sites, each rule's mask sites. */
export interface TraceBook {
  rules: readonly TracedRule[];
  sites: readonly ReadSite[];
  masks: readonly (readonly number[])[];
}

/**
 * What scoring one transaction recorded for its trace, in one new array: the slots the program
 * loaded (`items[0..start)`), then for each rule in order the reads it made and its close. A close
 * is `-1 - (outcome + 4 × mask)`, an error's followed by its message: bit i of the mask says the
 * rule read the slot of site `masks[rule][i]` (the generated code notes those reads in a variable,
 * so most reads cost no store at all). Before a closure the rule calls, the mask so far is
 * recorded as `FLUSH - mask` (and starts again), so the trace keeps the reads' order. Other reads:
 * a site number (a read by a closure: the site's name, the slot's value), or a name and a value
 * (the operators'). Mostly small integers: no entry and no reads object per rule, and stores of
 * integers need no write barrier.
 */
export class Recording implements ReadRecording {
  count: number;
  constructor(
    readonly items: unknown[],
    readonly start: number,
  ) {
    this.count = start;
  }
}

/** The trace from a recording (built when a verdict's trace is first read). */
export function traceOf(recording: Recording, { rules, sites, masks }: TraceBook): TraceEntry[] {
  const { items, count } = recording;
  const trace: TraceEntry[] = [];
  let reads: Record<string, unknown> = {};
  const slot = (site: ReadSite) => {
    const found = items[site.at];
    reads[site.name] = found === undefined ? site.notFound : found;
  };
  const noted = (mask: number) => {
    const sitesOf = masks[trace.length];
    for (let bit = 0; mask >> bit !== 0; bit += 1) if ((mask >> bit) & 1) slot(sites[sitesOf[bit]]);
  };
  for (let k = recording.start; k < count; k += 1) {
    const item = items[k];
    if (typeof item === 'string') {
      reads[item] = items[k + 1];
      k += 1;
      continue;
    }
    const code = item as number;
    if (code >= 0) slot(sites[code]);
    else if (code < FLUSH) noted(FLUSH - code);
    else {
      const closed = -1 - code;
      noted(closed >> 2);
      const rule = rules[trace.length];
      const outcome = OUTCOMES[closed & 3];
      const entry: TraceEntry = { ruleId: rule.id, group: rule.group, score: rule.score, outcome, reads };
      if (outcome === 'error') {
        entry.error = items[k + 1] as string;
        k += 1;
      }
      trace.push(entry);
      reads = {};
    }
  }
  return trace;
}
