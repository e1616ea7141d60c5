import { truthy } from '../rules/jsonlogic';
import { type Compiled, isOperation, type LogicProgram, ownAt } from './compile-logic';
import { ERROR, FLUSH, HIT, MASK_BITS, NO_HIT, SNOOZED } from './trace-recording';

/**
 * A rule set's conditions as generated JavaScript, so that each rule's comparisons, slot reads and
 * calls are code of its own: V8 then keeps one type and one call target per site and inlines what
 * they call. (The closures of compile-logic.ts are shared by every rule, so their sites see every
 * rule's targets and types: megamorphic calls, nothing inlined.) Rules are evaluated one after the
 * other in the same function, recording their trace in place (trace-recording.ts). Used by the
 * engine, server side only: `new Function` needs `unsafe-eval`, which the browser's CSP refuses.
 *
 * Only the skeleton is generated: and, or, if, !, !!, two-argument comparisons and `%`, `in` over a
 * literal list, literals and the program's slot reads. Every other node (operators, arithmetic,
 * iterations…) is the program's closure, called from a site of its own, so the semantics stay the
 * closures' (the conformance cases run through both). The source holds no text from the rules but
 * JSON literals (strings, numbers, booleans, null): ids, scores, lists and paths stay in arrays it indexes.
 */
/**
 * Scores rules on the data as the program's closures would (after `program.load(data)`): adds the
 * ids of those that hold to `hits`, answers the sum of their scores, and records each rule's close
 * when the program records.
 */
export type GeneratedRules = (data: unknown, snoozed: ReadonlySet<string> | undefined, hits: string[]) => number;

/** A rule as the generator takes it. */
export interface RuleToGenerate {
  id: string;
  score: number;
  when: unknown;
}

/** Rules per generated function: V8 stops optimising a function past some size. */
const RULES_PER_FUNCTION = 25;

const COMPARISONS = new Set(['==', '===', '!=', '!==', '>', '>=', '<', '<=']);

/** Literal all through: no operation anywhere inside (the closures build such an array once, too). */
const isLiteral = (node: unknown): boolean => (Array.isArray(node) ? node.every(isLiteral) : !isOperation(node));

class Generator {
  /** What the source indexes: literals that are not JSON scalars (`k[i]`), and closures (`f[i](data)`). */
  readonly constants: unknown[] = [];
  readonly closures: Compiled[] = [];
  /**
   * The slot sites of the rule being generated that set a bit of its mask `m` (bit i: `masked[i]`)
   * instead of recording their number: undefined outside a rule.
   */
  masked: number[] | undefined;

  constructor(private readonly program: LogicProgram) {}

  private constant(value: unknown): string {
    this.constants.push(value);
    return `k[${this.constants.length - 1}]`;
  }

  private closure(node: unknown): string {
    return this.call(this.program.compile(node));
  }

  /**
   * A call of a closure. Inside a rule, the reads its mask noted so far are recorded first (when
   * any): the closure may record reads of its own, and the trace keeps the order they were made in.
   */
  private call(closure: Compiled): string {
    this.closures.push(closure);
    const call = `f[${this.closures.length - 1}](data)`;
    if (this.masked === undefined) return call;
    return `((m === 0 || rec === undefined || ((rec.items[rec.count++] = ${FLUSH} - m), (m = 0))), ${call})`;
  }

  private literal(value: unknown): string {
    if (typeof value === 'string' || typeof value === 'boolean' || value === null) return JSON.stringify(value);
    if (typeof value === 'number' && Number.isFinite(value) && !Object.is(value, -0)) return String(value);
    return this.constant(value);
  }

  /** The node's json-logic value. */
  value(node: unknown): string {
    if (Array.isArray(node)) return isLiteral(node) ? this.constant(node) : this.closure(node);
    if (!isOperation(node)) return this.literal(node);
    const op = Object.keys(node)[0];
    const raw = node[op];
    const args = Array.isArray(raw) ? raw : [raw];
    switch (op) {
      case 'var': {
        const read = this.program.compile(node);
        const slot = this.program.slotOf(read);
        if (!slot) return this.call(read);
        const found = `(x = v[${slot.at}]) === undefined ? ${this.literal(slot.notFound)} : x`;
        // the site noted in the rule's mask (or recorded), then the slot's value
        if (this.masked !== undefined && this.masked.length < MASK_BITS) {
          this.masked.push(slot.site);
          return `((m |= ${2 ** (this.masked.length - 1)}), ${found})`;
        }
        return `(rec === undefined || (rec.items[rec.count++] = ${slot.site}), ${found})`;
      }
      case 'and':
      case 'or':
        if (args.length === 0) return this.closure(node);
        return this.chain(op, args);
      case 'if':
      case '?:':
        return this.choice(args, (arg) => this.value(arg), 'null');
      case '!':
        return args.length === 0 ? 'true' : `!truthy(${this.value(args[0])})`;
      case '!!':
        return args.length === 0 ? 'false' : `truthy(${this.value(args[0])})`;
    }
    return this.binary(op, args) ?? this.closure(node);
  }

  /** The node's truth, where only that counts (a rule's condition): and, or, if and ! need no value. */
  test(node: unknown): string {
    if (!isOperation(node)) return `truthy(${this.value(node)})`;
    const op = Object.keys(node)[0];
    const raw = node[op];
    const args = Array.isArray(raw) ? raw : [raw];
    switch (op) {
      case 'and':
      case 'or':
        return args.length === 0
          ? 'false'
          : `(${args.map((arg) => this.test(arg)).join(op === 'and' ? ' && ' : ' || ')})`;
      case 'if':
      case '?:':
        return this.choice(args, (arg) => this.test(arg), 'false');
      case '!':
        return args.length === 0 ? 'true' : `!${this.test(args[0])}`;
      case '!!':
        return args.length === 0 ? 'false' : this.test(args[0]);
    }
    // comparisons and `in` answer booleans; `%` a number
    const boolean = op === '%' ? undefined : this.binary(op, args);
    return boolean ?? `truthy(${this.value(node)})`;
  }

  /** and/or over values: the first falsy (and) or truthy (or) operand's value, else the last's. */
  private chain(op: 'and' | 'or', args: unknown[]): string {
    const first = this.value(args[0]);
    if (args.length === 1) return first;
    const rest = this.chain(op, args.slice(1));
    return op === 'and' ? `((t = ${first}), truthy(t) ? ${rest} : t)` : `((t = ${first}), truthy(t) ? t : ${rest})`;
  }

  /** if/?: — the first branch whose test holds, else the odd last argument, else `otherwise`. */
  private choice(args: unknown[], branch: (arg: unknown) => string, otherwise: string): string {
    if (args.length === 0) return otherwise;
    if (args.length === 1) return branch(args[0]);
    return `(${this.test(args[0])} ? ${branch(args[1])} : ${this.choice(args.slice(2), branch, otherwise)})`;
  }

  /** Two-argument comparisons, `%` and `in` over a literal list of scalars (boolean or number). */
  private binary(op: string, args: unknown[]): string | undefined {
    if (args.length !== 2) return undefined;
    if (op === 'in') {
      const [item, list] = args;
      // a Set answers as indexOf does on scalars (JSON has no NaN)
      if (!Array.isArray(list) || !list.every((member) => member === null || typeof member !== 'object'))
        return undefined;
      return `${this.constant(new Set(list))}.has(${this.value(item)})`;
    }
    if (!COMPARISONS.has(op) && op !== '%') return undefined;
    return `(${this.value(args[0])} ${op} ${this.value(args[1])})`;
  }

  /**
   * Rule `index` (its id and score are `ids[index]`, `scores[index]`): scored, hits and close
   * recorded (trace-recording.ts); `masked` receives the sites its mask stands for.
   */
  rule(index: number, when: unknown, masked: number[]): string {
    this.masked = masked;
    const test = this.test(when);
    this.masked = undefined;
    const close = (outcome: number) => `rec.items[rec.count++] = ${-1 - outcome} - 4 * m`;
    return `  // rule ${index}
  m = 0;
  if (snoozed !== undefined && snoozed.has(ids[${index}])) {
    if (rec !== undefined) ${close(SNOOZED)};
  } else {
    try {
      if (${test}) {
        score += scores[${index}];
        hits.push(ids[${index}]);
        if (rec !== undefined) ${close(HIT)};
      } else if (rec !== undefined) ${close(NO_HIT)};
    } catch (error) {
      // a rule that throws adds nothing
      if (rec !== undefined) {
        ${close(ERROR)};
        rec.items[rec.count++] = message(error);
      }
    }
  }
`;
  }

  /** A function of `parameters` whose body is `body`, reading the program's slots and recording (`v`, `rec`). */
  build<T>(parameters: string, body: string, extra: Record<string, unknown> = {}): T {
    const source = `'use strict';
return (${parameters}) => {
  const { values: v, recording: rec } = state;
  let t;
  let x;
  let m;
${body}};`;
    const names = ['state', 'truthy', 'k', 'f', ...Object.keys(extra)];
    const factory = new Function(...names, source);
    return factory(this.program.state, truthy, this.constants, this.closures, ...Object.values(extra));
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The rules as generated functions (a few rules each), to be called in order with the same
 * arguments: each scores its rules (GeneratedRules) and the scores add up. `masks[i]`: the slot
 * sites rule i's recorded mask stands for, bit by bit.
 */
export function generatedRules(
  program: LogicProgram,
  rules: readonly RuleToGenerate[],
): { parts: GeneratedRules[]; masks: number[][] } {
  const ids = rules.map((rule) => rule.id);
  const scores = rules.map((rule) => rule.score);
  const parts: GeneratedRules[] = [];
  const masks: number[][] = rules.map(() => []);
  for (let first = 0; first < rules.length; first += RULES_PER_FUNCTION) {
    const generator = new Generator(program);
    let body = '  let score = 0;\n';
    for (let index = first; index < Math.min(first + RULES_PER_FUNCTION, rules.length); index += 1)
      body += generator.rule(index, rules[index].when, masks[index]);
    body += '  return score;\n';
    parts.push(generator.build<GeneratedRules>('data, snoozed, hits', body, { ids, scores, message }));
  }
  return { parts, masks };
}

/** A condition as a generated function answering whether it holds (conformance tests). */
export function generatedTest(program: LogicProgram, condition: unknown): (data: unknown) => boolean {
  const generator = new Generator(program);
  return generator.build('data', `  return ${generator.test(condition)};\n`);
}

/** An expression as a generated function answering its json-logic value, as the program's closure would. */
export function generatedLogic(program: LogicProgram, expression: unknown): Compiled {
  const generator = new Generator(program);
  return generator.build('data', `  return ${generator.value(expression)};\n`);
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const own = (data: object, key: string) =>
  Object.hasOwn(data, key) ? (data as Record<string, unknown>)[key] : undefined;

/**
 * The program's `load` for plain objects (prototype Object.prototype) as a generated function: each
 * slot of one of `keys` (identifiers the caller knows its data has) is read from a site of its own;
 * others through the own properties of their path. `into` as in LogicProgram.load. A key read as
 * `data.key` is the object's own unless Object.prototype holds it (pollution): then hasOwn decides.
 */
export function generatedLoader(
  program: LogicProgram,
  keys: readonly string[],
): (data: object, into: unknown[] | undefined) => void {
  const known = new Set(keys.filter((key) => IDENTIFIER.test(key)));
  const lines = program.paths.map((path, at) => {
    const [key] = path;
    return path.length === 1 && known.has(key)
      ? `  v[${at}] = P.${key} === undefined ? data.${key} : own(data, ${JSON.stringify(key)});`
      : `  v[${at}] = ownAt(data, paths[${at}]);`;
  });
  const source = `'use strict';
return (data, into) => {
  const v = into ?? spare;
  state.values = v;
${lines.join('\n')}
};`;
  const factory = new Function('state', 'spare', 'P', 'own', 'ownAt', 'paths', source);
  return factory(program.state, [], Object.prototype, own, ownAt, program.paths);
}
