import type { DocumentProblem } from '../documents/document.types';
import { checkRule, pointerSegment } from '../rules/jsonlogic';
import { logicProgram, type ReadObserver } from './compile-logic';
import { FACT_KEYS } from './facts';
import { generatedLoader, generatedRules } from './generate-logic';
import { type FeatureNeeds, type Features, OPERATOR_NAMES, operatorProblem, operators } from './operators';
import type { Decision, TmRuleSetBody, TraceEntry, TransactionFacts, Verdict } from './tm.types';
import { Recording, type TraceBook, traceOf } from './trace-recording';

/**
 * The scoring engine: a published `tm-rules` version compiled once (generate-logic.ts: generated
 * code over compile-logic.ts's closures); `score` runs every enabled rule over one transaction's
 * facts and the figures its operators need, adds the scores of the rules that hit and picks the
 * decision from the thresholds. A rule that throws is an `error` in the trace and adds nothing (one
 * broken rule does not stop scoring).
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

/**
 * A verdict whose trace is built from the recording when first read (ingest stores it; a preview
 * never reads it). `trace` is a getter: JSON.stringify sees it through toJSON, a spread would not.
 */
class RecordedVerdict implements Verdict {
  #recording: Recording;
  #book: TraceBook;
  #trace: TraceEntry[] | undefined;
  constructor(
    readonly decision: Decision,
    readonly score: number,
    readonly hits: string[],
    recording: Recording,
    book: TraceBook,
  ) {
    this.#recording = recording;
    this.#book = book;
  }
  get trace(): TraceEntry[] {
    this.#trace ??= traceOf(this.#recording, this.#book);
    return this.#trace;
  }
  toJSON(): Verdict {
    return { decision: this.decision, score: this.score, hits: this.hits, trace: this.trace };
  }
}

export function compileRuleSet(body: TmRuleSetBody): CompiledRuleSet {
  const needs: FeatureNeeds = { lists: new Set(), velocities: new Map(), merchantAverage: false };
  let current: Features = NO_FEATURES;
  let traced = false;
  // what the transaction being scored records for its trace: a new array per transaction, sized as
  // the largest so far (not one reused and copied: storing new values into an old array costs a
  // write barrier each)
  let recording = new Recording([], 0);
  let capacity = 16;
  /** A read that is not a slot's (an operator's, a `var` of a computed path): its name and value. */
  const report: ReadObserver = (path, value) => {
    if (!traced) return;
    const { items, count } = recording;
    items[count] = path;
    items[count + 1] = value;
    recording.count = count + 2;
  };
  const custom = operators({
    needs,
    features: () => current,
    report,
    countryRisk: {
      high: new Set((body.countryRisk?.high ?? []).map((code) => code.toUpperCase())),
      medium: new Set((body.countryRisk?.medium ?? []).map((code) => code.toUpperCase())),
    },
  });
  const program = logicProgram(custom);
  const rules = body.rules.filter((rule) => !rule.disabled);
  const { parts, masks } = generatedRules(program, rules);
  const book: TraceBook = { rules, sites: program.sites, masks };
  const loadFacts = generatedLoader(program, FACT_KEYS);
  // the recording starts after the slots loaded
  const slotCount = program.sites.reduce((count, site) => Math.max(count, site.at + 1), 0);
  return {
    needs,
    score(facts, features, snoozed, options) {
      const tracing = options?.trace !== false;
      traced = tracing;
      current = features;
      program.observe(tracing ? report : undefined);
      if (tracing) {
        recording = new Recording(new Array(capacity), slotCount);
        program.record(recording);
      }
      const hits: string[] = [];
      let score = 0;
      try {
        const into = tracing ? recording.items : undefined;
        if (Object.getPrototypeOf(facts) === Object.prototype) loadFacts(facts, into);
        else program.load(facts, into);
        for (let i = 0; i < parts.length; i += 1) score += parts[i](facts, snoozed, hits);
      } finally {
        traced = false;
        program.observe(undefined);
        program.record(undefined);
        current = NO_FEATURES;
      }
      const decision = decisionFor(score, body.thresholds);
      if (!tracing) return { decision, score, hits, trace: [] };
      if (recording.count > capacity) capacity = recording.count;
      return new RecordedVerdict(decision, score, hits, recording, book);
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
