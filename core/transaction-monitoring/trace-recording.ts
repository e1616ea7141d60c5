import type { ReadRecording, ReadSite } from './compile-logic';
import type { TraceEntry } from './tm.types';

/** How a rule's evaluation ended. */
export const OUTCOMES = ['hit', 'noHit', 'snoozed', 'error'] as const;
export const [HIT, NO_HIT, SNOOZED, ERROR] = [0, 1, 2, 3];

/** The recorded item closing rule `index` with `outcome` (negative: site numbers are not). */
export const closeCode = (index: number, outcome: number) => -1 - (index * 4 + outcome);

/** What a trace entry names of its rule. */
export interface TracedRule {
  id: string;
  group: string;
  score: number;
}

/**
 * What scoring one transaction recorded for its trace, in one new array: the slots the program
 * loaded (`items[0..start)`), then a site number for each slot read (its name is the site's, its
 * value the slot's), a name and a value for each other read (the operators'), and a close per rule
 * (closeCode; an error's followed by its message). Mostly small integers: no entry and no reads
 * object per rule, and stores of integers need no write barrier.
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
export function traceOf(recording: Recording, rules: readonly TracedRule[], sites: readonly ReadSite[]): TraceEntry[] {
  const { items, count } = recording;
  const trace: TraceEntry[] = [];
  let reads: Record<string, unknown> = {};
  for (let k = recording.start; k < count; k += 1) {
    const item = items[k];
    if (typeof item === 'string') {
      reads[item] = items[k + 1];
      k += 1;
      continue;
    }
    const code = item as number;
    if (code >= 0) {
      const site = sites[code];
      const found = items[site.at];
      reads[site.name] = found === undefined ? site.notFound : found;
      continue;
    }
    const rule = rules[(-1 - code) >> 2];
    const outcome = OUTCOMES[(-1 - code) & 3];
    const entry: TraceEntry = { ruleId: rule.id, group: rule.group, score: rule.score, outcome, reads };
    if (outcome === 'error') {
      entry.error = items[k + 1] as string;
      k += 1;
    }
    trace.push(entry);
    reads = {};
  }
  return trace;
}
