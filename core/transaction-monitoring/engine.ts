import type { DocumentProblem } from '../documents/document.types';
import { checkRule, pointerSegment, truthy } from '../rules/jsonlogic';
import { type Compiled, logicProgram, type ReadObserver } from './compile-logic';
import { FACT_READERS } from './facts';
import { type FeatureNeeds, type Features, OPERATOR_NAMES, operatorProblem, operators } from './operators';
import type { Decision, TmRuleSetBody, TraceEntry, TransactionFacts, Verdict } from './tm.types';

/**
 * The scoring engine: a published `tm-rules` version compiled once into closures; `score` runs
 * every enabled rule over one transaction's facts and the figures its operators need, adds the
 * scores of the rules that hit and picks the decision from the thresholds. A rule that throws is
 * an `error` in the trace and adds nothing (one broken rule does not stop scoring).
 */
export interface CompiledRuleSet {
  needs: FeatureNeeds;
  /**
   * `snoozed`: ids of rules snoozed for this transaction's entities, traced `snoozed` and not scored.
   * `trace: false` (a backtest): the hits and the decision only, the trace left empty and nothing recorded.
   */
  score(
    facts: TransactionFacts,
    features: Features,
    snoozed?: ReadonlySet<string>,
    options?: { trace?: boolean },
  ): Verdict;
}

export const NO_FEATURES: Features = { lists: {}, velocities: {}, merchantAverage: null };

export function decisionFor(score: number, thresholds: TmRuleSetBody['thresholds']): Decision {
  if (score >= thresholds.decline) return 'declined';
  if (score >= thresholds.investigate) return 'investigating';
  if (score >= thresholds.flag) return 'flagged';
  return 'approved';
}

/** One compiled rule and what its trace entry names. */
interface ScoredRule {
  id: string;
  group: string;
  score: number;
  when: Compiled;
}

/** How a rule's evaluation ended, as recorded: the rule's index times 4 plus one of these. */
const OUTCOMES = ['hit', 'noHit', 'snoozed', 'error'] as const;
const [HIT, NO_HIT, SNOOZED, ERROR] = [0, 1, 2, 3];

/**
 * The trace from what scoring recorded: `name, value` for each read, then a number closing rule
 * `n >> 2` with outcome `OUTCOMES[n & 3]` (an error followed by its message). Built when a
 * verdict's trace is first read.
 */
function traceOf(recorded: readonly unknown[], count: number, rules: readonly ScoredRule[]): TraceEntry[] {
  const trace: TraceEntry[] = [];
  let reads: Record<string, unknown> = {};
  for (let k = 0; k < count; k += 2) {
    const name = recorded[k];
    if (typeof name === 'string') {
      reads[name] = recorded[k + 1];
      continue;
    }
    const code = name as number;
    const rule = rules[code >> 2];
    const outcome = OUTCOMES[code & 3];
    const entry: TraceEntry = { ruleId: rule.id, group: rule.group, score: rule.score, outcome, reads };
    if (outcome === 'error') entry.error = recorded[k + 1] as string;
    else k -= 1; // a close without a message is one item
    trace.push(entry);
    reads = {};
  }
  return trace;
}

/**
 * A verdict whose trace is built from the recording when first read (ingest stores it; a preview
 * never reads it). `trace` is a getter: JSON.stringify sees it through toJSON, a spread would not.
 */
class RecordedVerdict implements Verdict {
  #recorded: readonly unknown[];
  #count: number;
  #rules: readonly ScoredRule[];
  #trace: TraceEntry[] | undefined;
  constructor(
    readonly decision: Decision,
    readonly score: number,
    readonly hits: string[],
    recorded: readonly unknown[],
    count: number,
    rules: readonly ScoredRule[],
  ) {
    this.#recorded = recorded;
    this.#count = count;
    this.#rules = rules;
  }
  get trace(): TraceEntry[] {
    this.#trace ??= traceOf(this.#recorded, this.#count, this.#rules);
    return this.#trace;
  }
  toJSON(): Verdict {
    return { decision: this.decision, score: this.score, hits: this.hits, trace: this.trace };
  }
}

export function compileRuleSet(body: TmRuleSetBody): CompiledRuleSet {
  const needs: FeatureNeeds = { lists: new Set(), velocities: new Map(), merchantAverage: false };
  let current: Features = NO_FEATURES;
  let observer: ReadObserver | undefined;
  // what the transaction being scored records for its trace (traceOf reads it): one flat array per
  // transaction, sized as the largest so far, instead of an entry and a reads object per rule. (A new
  // array, not one reused and copied: storing new values into an old array costs a write barrier each.)
  let recording: unknown[] = [];
  let recorded = 0;
  let capacity = 16;
  const observe: ReadObserver = (path, value) => {
    recording[recorded] = path;
    recording[recorded + 1] = value;
    recorded += 2;
  };
  const close = (index: number, outcome: number) => {
    recording[recorded] = index * 4 + outcome;
    recorded += 1;
  };
  const custom = operators({
    needs,
    features: () => current,
    reads: () => observer,
    countryRisk: {
      high: new Set((body.countryRisk?.high ?? []).map((code) => code.toUpperCase())),
      medium: new Set((body.countryRisk?.medium ?? []).map((code) => code.toUpperCase())),
    },
  });
  const program = logicProgram(custom, { readers: FACT_READERS });
  const rules: ScoredRule[] = body.rules
    .filter((rule) => !rule.disabled)
    .map((rule) => ({ id: rule.id, group: rule.group, score: rule.score, when: program.compile(rule.when) }));
  return {
    needs,
    score(facts, features, snoozed, options) {
      const traced = options?.trace !== false;
      current = features;
      observer = traced ? observe : undefined;
      program.observe(observer);
      recorded = 0;
      if (traced) recording = new Array(capacity);
      const hits: string[] = [];
      let score = 0;
      try {
        program.load(facts);
        for (let i = 0; i < rules.length; i += 1) {
          const rule = rules[i];
          if (snoozed?.has(rule.id)) {
            if (traced) close(i, SNOOZED);
            continue;
          }
          try {
            if (truthy(rule.when(facts))) {
              score += rule.score;
              hits.push(rule.id);
              if (traced) close(i, HIT);
            } else if (traced) close(i, NO_HIT);
          } catch (error) {
            // a rule that throws adds nothing
            if (traced) {
              close(i, ERROR);
              recording[recorded] = error instanceof Error ? error.message : String(error);
              recorded += 1;
            }
          }
        }
      } finally {
        observer = undefined;
        program.observe(undefined);
        current = NO_FEATURES;
      }
      const decision = decisionFor(score, body.thresholds);
      if (!traced) return { decision, score, hits, trace: [] };
      if (recorded > capacity) capacity = recorded;
      return new RecordedVerdict(decision, score, hits, recording, recorded, rules);
    },
  };
}

const custom = new Set<string>(OPERATOR_NAMES);

/**
 * Walks a condition: vetted operations, or our operators (all, or the `operators` a document kind
 * allows: onboarding-warning rules take sanctionsMatch only) with well-formed literal arguments.
 */
export function conditionProblems(
  rule: unknown,
  at: string,
  operators: ReadonlySet<string> = custom,
): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  const walk = (node: unknown, path: string): void => {
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index += 1) walk(node[index], `${path}/${index}`);
      return;
    }
    if (typeof node !== 'object' || node === null || Object.keys(node).length !== 1) return;
    const op = Object.keys(node)[0];
    const raw = (node as Record<string, unknown>)[op];
    const args = Array.isArray(raw) ? raw : [raw];
    const opPath = `${path}/${pointerSegment(op)}`;
    if (operators.has(op)) {
      const problem = operatorProblem(op, args);
      if (problem) problems.push({ path: opPath, message: problem });
      // the value expressions may hold operations of their own
      if (op === 'inList') walk(args[1], `${opPath}/1`);
      if (op === 'countryRisk' || op === 'sanctionsMatch') walk(args[0], Array.isArray(raw) ? `${opPath}/0` : opPath);
      return;
    }
    problems.push(...checkRule({ [op]: [] }, path));
    walk(raw, opPath);
  };
  walk(rule, at);
  return problems;
}

/** The publish gate's checks beyond the meta-schema: unique rule ids, ordered thresholds, valid conditions. */
export function ruleSetProblems(body: TmRuleSetBody): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  const seen = new Set<string>();
  body.rules.forEach((rule, index) => {
    if (seen.has(rule.id))
      problems.push({ path: `/body/rules/${index}/id`, message: `rule id "${rule.id}" is used twice` });
    seen.add(rule.id);
    problems.push(...conditionProblems(rule.when, `/body/rules/${index}/when`));
  });
  const { flag, investigate, decline } = body.thresholds;
  if (!(flag <= investigate && investigate <= decline))
    problems.push({ path: '/body/thresholds', message: 'thresholds must rise: flag ≤ investigate ≤ decline' });
  return problems;
}
