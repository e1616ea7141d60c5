/**
 * The json-logic operator `sanctionsMatch` (docs/domain/sanctions.md 'The rule operator'):
 * `{ "sanctionsMatch": [names] }` is the band (`block`, `review`, `edd`) of the strongest listed
 * party any of the names (a name or a list of names) comes close to, or null — whitelisted pairs
 * and scores below every band give null. Transaction-monitoring rules and onboarding-warning rules
 * both compile it; each hands it the snapshot it read before evaluating. Pure.
 */
import type { Compiled, CustomOperation } from '../transaction-monitoring/compile-logic';
import { type SanctionsHit, type SanctionsSnapshot, strongestHit } from './screening';

export const SANCTIONS_MATCH = 'sanctionsMatch';

/** A problem with the operator's arguments, or null (publish time and compile time). */
export function sanctionsMatchProblem(args: unknown[]): string | null {
  return args.length === 1 ? null : 'sanctionsMatch takes one value (a name or a list of names)';
}

/**
 * The operation over the snapshot `snapshot()` gives at evaluation; `onHit` hears each strongest hit
 * (an onboarding keeps it as the warning's detail, a decision's trace the band). No snapshot (nothing
 * was read) is an error, not a silent "no match".
 */
export function sanctionsMatchOperation(
  snapshot: () => SanctionsSnapshot | undefined,
  onHit?: (hit: SanctionsHit | null) => void,
): CustomOperation {
  return (args, compile) => {
    const problem = sanctionsMatchProblem(args);
    if (problem) throw new Error(problem);
    const names: Compiled = compile(args[0]);
    return (data) => {
      const lists = snapshot();
      if (!lists) throw new Error('sanctionsMatch: the sanctions lists were not read');
      const hit = strongestHit(names(data), lists);
      onHit?.(hit);
      return hit?.band ?? null;
    };
  };
}
