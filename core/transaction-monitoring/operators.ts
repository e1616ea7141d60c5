import type { Compiled, CustomOperation, ReadObserver } from './compile-logic';
import type { CodeWriter, GeneratedOperation } from './generate-logic';
import { type AllowList, allowedBy, type EntityType, listMatches, type PreparedList } from './list-match';
import { SANCTIONS_MATCH, sanctionsMatchOperation, sanctionsMatchProblem } from '../sanctions/sanctions-operator';
import type { SanctionsSnapshot } from '../sanctions/screening';

/**
 * The rule operators transaction monitoring adds to json-logic (docs/domain/transaction-monitoring.md
 * 'Operators'). Their list ids, keys and windows are literals, so the scoring path knows before
 * evaluating which lists and which history aggregates to read (one store read each), and then
 * evaluates every rule synchronously over those figures.
 *
 * - `{ "inList": ["blocked-ips", { "var": "ip" }] }`: the value matches a live entry of that list (card
 *   hash, BIN range, IP range, e-mail, device, merchant). Allow beats block: on a black list the
 *   membership is cancelled when a white list holds the transaction (its card, BIN, IP, e-mail,
 *   device or merchant) — unless an entry the value matched is `notOverridable`.
 * - `{ "velocity": ["cardHash", "count", 60] }`: transactions with this transaction's card hash (ip,
 *   deviceId, merchantId, email) in the last 60 minutes, this one included; `"sum"` adds their amounts.
 * - `{ "countryRisk": [{ "var": "country" }] }`: `high`, `medium` or `low` from the rule set's countryRisk.
 * - `{ "merchantAmountRatio": [] }`: the amount over the merchant's average of the last 30 days (null
 *   when the merchant has no earlier transaction).
 * - `{ "sanctionsMatch": [{ "var": "merchantName" }] }`: the band of the closest sanctions-list match
 *   (core/sanctions/sanctions-operator.ts), or null.
 */
export const VELOCITY_KEYS = ['cardHash', 'ip', 'deviceId', 'merchantId', 'email'] as const;
export type VelocityKey = (typeof VELOCITY_KEYS)[number];
export const VELOCITY_MEASURES = ['count', 'sum'] as const;
export type VelocityMeasure = (typeof VELOCITY_MEASURES)[number];
/** The longest velocity window (a week): the history read stays bounded. */
export const MAX_WINDOW_MINUTES = 7 * 24 * 60;
/** The merchant's usual amount is its average over this many days. */
export const MERCHANT_AVERAGE_DAYS = 30;

export interface VelocitySpec {
  key: VelocityKey;
  measure: VelocityMeasure;
  minutes: number;
}

export const velocityName = (spec: VelocitySpec) => `${spec.key}:${spec.measure}:${spec.minutes}`;

/** What the operators need read before evaluation (collected at compile time). */
export interface FeatureNeeds {
  lists: Set<string>;
  velocities: Map<string, VelocitySpec>;
  merchantAverage: boolean;
  /** A rule screens a name against the sanctions lists. */
  sanctions?: boolean;
}

/** The figures read for one transaction, by the names of FeatureNeeds. */
export interface Features {
  lists: Record<string, PreparedList>;
  /** The organisation's white lists, judged whenever a black list matches. */
  allow?: AllowList;
  /** The instant scored (ms): entries expired by then no longer match (absent: none has expired). */
  at?: number;
  /** velocityName → count or sum, this transaction included. */
  velocities: Record<string, number>;
  /** The merchant's average amount over MERCHANT_AVERAGE_DAYS before this transaction, or null. */
  merchantAverage: number | null;
  /** The sanctions lists, read when `needs.sanctions`. */
  sanctions?: SanctionsSnapshot;
}

/**
 * The figures in one shape, whoever gathered them (ingest, replay, preview): every transaction's
 * object then has the same hidden class and the operators' reads of it stay monomorphic. (Spreading
 * the lists and adding keys gave each transaction's object a class of its own: every read a
 * megamorphic miss, about 100 ns each.)
 */
export function featuresOf(
  lists: Pick<Features, 'lists' | 'allow'>,
  at: number | undefined,
  figures: Pick<Features, 'velocities' | 'merchantAverage'>,
  sanctions?: SanctionsSnapshot,
): Features {
  return {
    lists: lists.lists,
    allow: lists.allow,
    at,
    velocities: figures.velocities,
    merchantAverage: figures.merchantAverage,
    sanctions,
  };
}

export interface OperatorScope {
  needs: FeatureNeeds;
  features(): Features;
  /** Hears what an operator read, for the trace (does nothing when the scoring is not traced). */
  report: ReadObserver;
  countryRisk: { high: Set<string>; medium: Set<string> };
}

const LIST_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** A problem with one operator's literal arguments, or null. Used at publish time and when compiling. */
export function operatorProblem(op: string, args: unknown[]): string | null {
  if (op === 'inList') {
    if (args.length !== 2 || typeof args[0] !== 'string' || !LIST_ID.test(args[0]))
      return 'inList takes a list id (lower-case letters, digits, dashes) and a value';
  }
  if (op === 'velocity') {
    const [key, measure, minutes] = args;
    if (
      args.length !== 3 ||
      !VELOCITY_KEYS.includes(key as VelocityKey) ||
      !VELOCITY_MEASURES.includes(measure as VelocityMeasure) ||
      typeof minutes !== 'number' ||
      !Number.isInteger(minutes) ||
      minutes < 1 ||
      minutes > MAX_WINDOW_MINUTES
    )
      return `velocity takes a key (${VELOCITY_KEYS.join(', ')}), count or sum, and whole minutes (1–${MAX_WINDOW_MINUTES})`;
  }
  if (op === 'countryRisk' && args.length !== 1) return 'countryRisk takes one value (a country code)';
  if (op === 'merchantAmountRatio' && args.length !== 0) return 'merchantAmountRatio takes no argument';
  if (op === SANCTIONS_MATCH) return sanctionsMatchProblem(args);
  return null;
}

export const OPERATOR_NAMES = ['inList', 'velocity', 'countryRisk', 'merchantAmountRatio', SANCTIONS_MATCH] as const;

/**
 * inList's answer for one value: whether a live entry of the list holds it, or — a block cancelled
 * by the white lists — the entity type they allowed (inList is then false).
 */
function listAnswer(features: Features, listId: string, value: unknown, data: object): boolean | EntityType {
  const { lists, allow, at } = features;
  const list = lists[listId];
  const matched = listMatches(list, value, at);
  if (matched.length > 0 && list.kind === 'black' && !matched.some((entry) => entry.notOverridable)) {
    const allowed = allowedBy(allow, data, at);
    if (allowed) return allowed;
  }
  return matched.length > 0;
}

/** merchantAmountRatio: the amount over the merchant's average, to the cent; null without an average. */
function amountRatio(average: number | null, data: unknown): number | null {
  const amount = Number((data as { amount?: unknown }).amount);
  return average && average > 0 && Number.isFinite(amount) ? Math.round((amount / average) * 100) / 100 : null;
}

const velocitySpec = (args: unknown[]): VelocitySpec => ({
  key: args[0] as VelocityKey,
  measure: args[1] as VelocityMeasure,
  minutes: args[2] as number,
});

/**
 * The operators bound to one compiled rule set's scope: as closures for compileLogic (they report
 * what they read, for a trace), and as generated code, scoring or tracing (generate-logic.ts;
 * sanctionsMatch has none: its closure is called, and reports when tracing).
 */
export function operators(scope: OperatorScope): {
  custom: Record<string, CustomOperation>;
  generated: Record<string, GeneratedOperation>;
} {
  const checked = (op: string, args: unknown[]) => {
    const problem = operatorProblem(op, args);
    if (problem) throw new Error(problem);
  };
  const report = (name: string, value: unknown) => {
    scope.report(name, value);
    return value;
  };
  // a country's level and trace label, kept per code given (codes are few: no case folding and label per call)
  const known = new Map<string, { level: string; label: string }>();
  const riskOf = (value: unknown) => {
    let risk = typeof value === 'string' ? known.get(value) : undefined;
    if (risk === undefined) {
      const code = String(value ?? '').toUpperCase();
      const level = scope.countryRisk.high.has(code) ? 'high' : scope.countryRisk.medium.has(code) ? 'medium' : 'low';
      risk = { level, label: `countryRisk(${code})` };
      if (typeof value === 'string' && known.size < 1_000) known.set(value, risk);
    }
    return risk;
  };
  const levelOf = (value: unknown) => riskOf(value).level;
  const custom: Record<string, CustomOperation> = {
    inList(args, compile) {
      checked('inList', args);
      const listId = args[0] as string;
      const value: Compiled = compile(args[1]);
      scope.needs.lists.add(listId);
      const label = `inList(${listId})`;
      return (data) => {
        const answer = listAnswer(scope.features(), listId, value(data), data as object);
        if (typeof answer === 'string') {
          report('allowedBy', answer);
          return report(label, false);
        }
        return report(label, answer);
      };
    },
    velocity(args) {
      checked('velocity', args);
      const spec = velocitySpec(args);
      const name = velocityName(spec);
      scope.needs.velocities.set(name, spec);
      const label = `velocity(${name})`;
      return () => report(label, scope.features().velocities[name] ?? 0);
    },
    countryRisk(args, compile) {
      checked('countryRisk', args);
      const country = compile(args[0]);
      return (data) => {
        const risk = riskOf(country(data));
        scope.report(risk.label, risk.level);
        return risk.level;
      };
    },
    merchantAmountRatio(args) {
      checked('merchantAmountRatio', args);
      scope.needs.merchantAverage = true;
      return (data) => report('merchantAmountRatio', amountRatio(scope.features().merchantAverage, data));
    },
    sanctionsMatch(args, compile) {
      scope.needs.sanctions = true;
      return sanctionsMatchOperation(
        () => scope.features().sanctions,
        (hit) =>
          report(
            'sanctionsMatch',
            hit && { name: hit.screenedName, entry: hit.entryName, score: hit.score, band: hit.band },
          ),
      )(args, compile);
    },
  };
  // `features` and `data` are the generated function's; the list id and window name are checked
  // literals. Traced, each stores what the closure would report in the rule's reads (`code.reads`).
  const tracedList = (
    features: Features,
    listId: string,
    value: unknown,
    data: object,
    reads: Record<string, unknown>,
    label: string,
  ) => {
    const answer = listAnswer(features, listId, value, data);
    if (typeof answer === 'string') reads.allowedBy = answer;
    reads[label] = answer === true;
    return answer === true;
  };
  const tracedLevel = (value: unknown, reads: Record<string, unknown>) => {
    const risk = riskOf(value);
    reads[risk.label] = risk.level;
    return risk.level;
  };
  const stored = (code: CodeWriter, label: string, value: string) =>
    code.reads === undefined ? value : `(${code.reads}[${JSON.stringify(label)}] = ${value})`;
  const generated: Record<string, GeneratedOperation> = {
    inList(args, code) {
      checked('inList', args);
      scope.needs.lists.add(args[0] as string);
      const call = `(features, ${JSON.stringify(args[0])}, ${code.value(args[1])}, data`;
      return code.reads === undefined
        ? `(${code.constant(listAnswer)}${call}) === true)`
        : `${code.constant(tracedList)}${call}, ${code.reads}, ${JSON.stringify(`inList(${args[0]})`)})`;
    },
    velocity(args, code) {
      checked('velocity', args);
      const spec = velocitySpec(args);
      const name = velocityName(spec);
      scope.needs.velocities.set(name, spec);
      return stored(code, `velocity(${name})`, `(features.velocities[${JSON.stringify(name)}] ?? 0)`);
    },
    countryRisk(args, code) {
      checked('countryRisk', args);
      return code.reads === undefined
        ? `${code.constant(levelOf)}(${code.value(args[0])})`
        : `${code.constant(tracedLevel)}(${code.value(args[0])}, ${code.reads})`;
    },
    merchantAmountRatio(args, code) {
      checked('merchantAmountRatio', args);
      scope.needs.merchantAverage = true;
      return stored(code, 'merchantAmountRatio', `${code.constant(amountRatio)}(features.merchantAverage, data)`);
    },
  };
  return { custom, generated };
}
