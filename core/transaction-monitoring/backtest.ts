import { DECISIONS, type Decision, type TmRuleSetBody, type TransactionFacts, type Verdict } from './tm.types';
import { FACT_KEYS } from './facts';

/** A case's closing label on a transaction (absent: unlabelled, counted in hits but not in precision or recall). */
export type Label = 'false_positive' | 'confirmed_risk';

/**
 * Against the labels: a positive is a transaction the rule hit (for a rule) or did not approve
 * (overall). Precision = TP / (TP + FP) over labelled positives, recall = TP / (TP + missed)
 * over confirmed risks, F1 their harmonic mean; null where the denominator is 0.
 */
export interface LabelFigures {
  truePositives: number;
  falsePositives: number;
  /** Confirmed risks it did not catch. */
  missed: number;
  precision: number | null;
  recall: number | null;
  f1: number | null;
}

/** How many example transactions a rule keeps of each kind. */
export const EXAMPLES_PER_KIND = 5;
export const EXAMPLE_KINDS = ['truePositives', 'falsePositives', 'missed'] as const;
export type ExampleKind = (typeof EXAMPLE_KINDS)[number];
/** A transaction named as an example: its record id (the transaction page) and the acquirer's id. */
export interface ExampleTransaction {
  id: string;
  transactionId: string;
}

export interface RuleFigures extends LabelFigures {
  ruleId: string;
  group: string;
  hits: number;
  /** The decisions of the transactions it hit. */
  decisions: Record<Decision, number>;
  /** The first few hits and misses of the period, per kind, for a reviewer to open. */
  examples: Record<ExampleKind, ExampleTransaction[]>;
}

export interface BacktestResult {
  transactions: number;
  labelled: number;
  confirmedRisks: number;
  decisions: Record<Decision, number>;
  /** Transactions not approved (what would have raised alerts). */
  alerts: number;
  overall: LabelFigures;
  rules: RuleFigures[];
}

const noDecisions = (): Record<Decision, number> =>
  Object.fromEntries(DECISIONS.map((decision) => [decision, 0])) as Record<Decision, number>;

const ratio = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);

function figures(truePositives: number, falsePositives: number, missed: number): LabelFigures {
  const precision = ratio(truePositives, truePositives + falsePositives);
  const recall = ratio(truePositives, truePositives + missed);
  const f1 =
    precision === null || recall === null || precision + recall === 0
      ? null
      : Math.round(((2 * precision * recall) / (precision + recall)) * 10_000) / 10_000;
  return { truePositives, falsePositives, missed, precision, recall, f1 };
}

/** The facts a rule reads (FACT_KEYS), copied out of a stored transaction (its label and decision stay out of reach). */
export function factsOf(record: TransactionFacts): TransactionFacts {
  const facts: Record<string, unknown> = {};
  const stored = record as unknown as Record<string, unknown>;
  for (const key of FACT_KEYS) if (stored[key] !== undefined) facts[key] = stored[key];
  return facts as unknown as TransactionFacts;
}

function kindOf(positive: boolean, label: Label | undefined): ExampleKind | null {
  if (positive && label === 'confirmed_risk') return 'truePositives';
  if (positive && label === 'false_positive') return 'falsePositives';
  if (!positive && label === 'confirmed_risk') return 'missed';
  return null;
}

/** Counts a replay's verdicts against the labels, per rule of the rule set and overall. */
export class BacktestTally {
  private transactions = 0;
  private labelled = 0;
  private confirmed = 0;
  private readonly decisions = noDecisions();
  private readonly overall = { tp: 0, fp: 0, missed: 0 };
  private readonly rules = new Map<
    string,
    {
      group: string;
      hits: number;
      decisions: Record<Decision, number>;
      tp: number;
      fp: number;
      missed: number;
      examples: Record<ExampleKind, ExampleTransaction[]>;
    }
  >();

  constructor(body: TmRuleSetBody) {
    for (const rule of body.rules)
      if (!rule.disabled)
        this.rules.set(rule.id, {
          group: rule.group,
          hits: 0,
          decisions: noDecisions(),
          tp: 0,
          fp: 0,
          missed: 0,
          examples: { truePositives: [], falsePositives: [], missed: [] },
        });
  }

  add(verdict: Verdict, label: Label | undefined, transaction: ExampleTransaction): void {
    this.transactions += 1;
    this.decisions[verdict.decision] += 1;
    if (label) this.labelled += 1;
    if (label === 'confirmed_risk') this.confirmed += 1;
    const tallyInto = (counts: { tp: number; fp: number; missed: number }, positive: boolean) => {
      const kind = kindOf(positive, label);
      if (kind === 'truePositives') counts.tp += 1;
      if (kind === 'falsePositives') counts.fp += 1;
      if (kind === 'missed') counts.missed += 1;
      return kind;
    };
    tallyInto(this.overall, verdict.decision !== 'approved');
    const hits = new Set(verdict.hits);
    for (const [ruleId, counts] of this.rules) {
      const hit = hits.has(ruleId);
      if (hit) {
        counts.hits += 1;
        counts.decisions[verdict.decision] += 1;
      }
      const kind = tallyInto(counts, hit);
      if (kind && counts.examples[kind].length < EXAMPLES_PER_KIND)
        counts.examples[kind].push({ id: transaction.id, transactionId: transaction.transactionId });
    }
  }

  result(): BacktestResult {
    return {
      transactions: this.transactions,
      labelled: this.labelled,
      confirmedRisks: this.confirmed,
      decisions: { ...this.decisions },
      alerts: this.transactions - this.decisions.approved,
      overall: figures(this.overall.tp, this.overall.fp, this.overall.missed),
      rules: [...this.rules].map(([ruleId, counts]) => ({
        ruleId,
        group: counts.group,
        hits: counts.hits,
        decisions: { ...counts.decisions },
        ...figures(counts.tp, counts.fp, counts.missed),
        examples: counts.examples,
      })),
    };
  }
}

/** Alert volume and the figures against the labels, of one rule set or one rule. */
interface Compared {
  alerts: number | null;
  precision: number | null;
  recall: number | null;
  f1: number | null;
}
const COMPARED = ['alerts', 'precision', 'recall', 'f1'] as const;
const delta = (candidate: number | null, live: number | null) =>
  candidate === null || live === null ? null : Math.round((candidate - live) * 10_000) / 10_000;

/** Candidate, live and candidate − live of each figure (null where either side lacks it). */
export type Comparison = {
  [K in (typeof COMPARED)[number] as K | `live${Capitalize<K>}` | `${K}Delta`]: number | null;
};

function compared(candidate: Compared, live: Compared): Comparison {
  const out: Record<string, number | null> = {};
  for (const key of COMPARED) {
    out[key] = candidate[key];
    out[`live${key[0].toUpperCase()}${key.slice(1)}`] = live[key];
    out[`${key}Delta`] = delta(candidate[key], live[key]);
  }
  return out as Comparison;
}

const NONE: Compared = { alerts: null, precision: null, recall: null, f1: null };
const ofRule = (rule: RuleFigures | undefined): Compared =>
  rule ? { alerts: rule.hits, precision: rule.precision, recall: rule.recall, f1: rule.f1 } : NONE;

/**
 * The replayed rule set beside the live (published) version over the same transactions: overall
 * (alerts = transactions not approved) and per rule of either set (a rule's alert volume is its hits).
 */
export interface BacktestComparison {
  liveVersion: number;
  overall: Comparison;
  rules: Array<Comparison & { ruleId: string; group: string }>;
}

export function compareResults(
  candidate: BacktestResult,
  live: BacktestResult,
  liveVersion: number,
): BacktestComparison {
  const liveRules = new Map(live.rules.map((rule) => [rule.ruleId, rule]));
  const candidateIds = new Set(candidate.rules.map((rule) => rule.ruleId));
  const rules = [...candidate.rules, ...live.rules.filter((rule) => !candidateIds.has(rule.ruleId))].map((rule) => ({
    ruleId: rule.ruleId,
    group: rule.group,
    ...compared(ofRule(candidateIds.has(rule.ruleId) ? rule : undefined), ofRule(liveRules.get(rule.ruleId))),
  }));
  return {
    liveVersion,
    overall: compared({ alerts: candidate.alerts, ...candidate.overall }, { alerts: live.alerts, ...live.overall }),
    rules,
  };
}
